/**
 * Values and payouts of a split (pure). Money is summed in whole cents (0.01 ISK, the game's
 * smallest amount) so that totals are exact.
 *
 * - A group's value at a hub = Σ quantity × unit price (SELL and BUY apart); types without a
 *   price there and blueprint copies add nothing and are listed.
 * - Even share: the group's value in cents divided by its pilots, rounded down to a cent; the
 *   cents left over (fewer than the pilot count) stay with whoever pays out.
 */
import { toSpreadsheetNumber } from '../format';
import type { LootItemPair, LootGroups } from './groups';

export interface LootPriceInfo {
  sell: number | null;
  buy: number | null;
  blueprint_copy: boolean;
}

export type PayoutBasis = 'sell' | 'buy';

export interface GroupValue {
  /** ISK, exact to the cent. */
  sell: number;
  buy: number;
  /** Type ids with no SELL (resp. BUY) price at the hub, or no price info at all. */
  unpricedSell: number[];
  unpricedBuy: number[];
  /** Blueprint copies in the group: listed, not valued. */
  blueprints: number[];
}

function cents(quantity: number, price: number): number {
  return Math.round(Number((quantity * price * 100).toFixed(4)));
}

export function groupValue(items: readonly LootItemPair[], prices: ReadonlyMap<number, LootPriceInfo>): GroupValue {
  let sell = 0;
  let buy = 0;
  const unpricedSell: number[] = [];
  const unpricedBuy: number[] = [];
  const blueprints: number[] = [];
  for (const [typeId, quantity] of items) {
    const p = prices.get(typeId);
    if (p?.blueprint_copy) {
      blueprints.push(typeId);
      continue;
    }
    if (p?.sell != null) sell += cents(quantity, p.sell);
    else unpricedSell.push(typeId);
    if (p?.buy != null) buy += cents(quantity, p.buy);
    else unpricedBuy.push(typeId);
  }
  return { sell: sell / 100, buy: buy / 100, unpricedSell, unpricedBuy, blueprints };
}

/** `value` ISK shared by `pilots`: each one's share and what is left over, both exact to the cent. */
export function evenShare(value: number, pilots: number): { share: number; remainder: number } {
  if (pilots <= 0) return { share: 0, remainder: value };
  const total = Math.round(value * 100);
  const each = Math.floor(total / pilots);
  return { share: each / 100, remainder: (total - each * pilots) / 100 };
}

export interface PayoutRow {
  pilot: string;
  /** 1-based group number, as the page shows it. */
  group: number;
  share: number;
}

/** One row per pilot, group by group, pilots in upload order. */
export function payoutTable(
  pilotNames: readonly string[],
  groups: LootGroups,
  values: readonly GroupValue[],
  basis: PayoutBasis,
): PayoutRow[] {
  return groups.flatMap((group, g) => {
    const { share } = evenShare(values[g]?.[basis] ?? 0, group.length);
    return group.map((p) => ({ pilot: pilotNames[p] ?? '', group: g + 1, share }));
  });
}

/**
 * The payout table for a Russian spreadsheet: a header, then `pilot<TAB>group<TAB>share` lines,
 * the share with two places, a decimal comma and no grouping (`1515000,75`).
 */
export function payoutText(rows: readonly PayoutRow[]): string {
  return ['Пилот\tГруппа\tДоля, ISK', ...rows.map((r) => `${r.pilot}\t${r.group}\t${toSpreadsheetNumber(r.share, 2)}`)].join(
    '\n',
  );
}

/** 'Копировать': one `name<TAB>quantity` line per item (the game's multibuy and the appraisal format). */
export function lootItemsText(items: readonly { name_en: string; quantity: number }[]): string {
  return items.map((i) => `${i.name_en}\t${i.quantity}`).join('\n');
}

/**
 * 'В маркет': the appraisal page with the list; `data` carries literal `\t` and `\n` sequences,
 * which the page turns back into tab and newline (spec §2 Appraisal).
 */
export function lootAppraisalLink(items: readonly { name_en: string; quantity: number }[]): string {
  const data = items.map((i) => `${i.name_en}\\t${i.quantity}`).join('\\n');
  return `/market/appraisal?data=${encodeURIComponent(data)}`;
}
