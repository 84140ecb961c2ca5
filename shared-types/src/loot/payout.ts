/**
 * Values and payouts of a split (pure). Money is summed in whole cents (0.01 ISK, the game's
 * smallest amount) so that totals are exact.
 *
 * - A group's value at a hub = Σ quantity × unit price (SELL and BUY apart). A type without a
 *   price on a side there (and no price chosen for it instead) makes that side unknown (null,
 *   never a partial sum; money.ts) and is listed; blueprint copies are not valued and are listed.
 * - Even share: of a known value only.
 * - Even share: the group's value in cents divided by its pilots, rounded down to a cent; the
 *   cents left over (fewer than the pilot count) stay with whoever pays out.
 */
import { toSpreadsheetNumber } from '../format';
import type { PriceSource } from '../money';
import type { LootItemPair, LootGroups } from './groups';

/** A price counted instead of a missing one (CCP's adjusted, typed in), by type id. */
export interface LootPriceChoice {
  price: number;
  source: PriceSource;
}

export interface LootPriceInfo {
  sell: number | null;
  buy: number | null;
  blueprint_copy: boolean;
}

export type PayoutBasis = 'sell' | 'buy';

export interface GroupValue {
  /** ISK, exact to the cent; null when a type has no price on that side. */
  sell: number | null;
  buy: number | null;
  /** Type ids with no SELL (resp. BUY) price at the hub (and none chosen), or no price info at all. */
  unpricedSell: number[];
  unpricedBuy: number[];
  /** Blueprint copies in the group: listed, not valued. */
  blueprints: number[];
}

function cents(quantity: number, price: number): number {
  return Math.round(Number((quantity * price * 100).toFixed(4)));
}

export function groupValue(
  items: readonly LootItemPair[],
  prices: ReadonlyMap<number, LootPriceInfo>,
  choices?: ReadonlyMap<number, LootPriceChoice>,
): GroupValue {
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
    const chosen = choices?.get(typeId)?.price;
    const s = p?.sell ?? chosen;
    const b = p?.buy ?? chosen;
    if (s != null) sell += cents(quantity, s);
    else unpricedSell.push(typeId);
    if (b != null) buy += cents(quantity, b);
    else unpricedBuy.push(typeId);
  }
  return {
    sell: unpricedSell.length ? null : sell / 100,
    buy: unpricedBuy.length ? null : buy / 100,
    unpricedSell,
    unpricedBuy,
    blueprints,
  };
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
  /** null when the group's value is unknown (a type without a price). */
  share: number | null;
}

/** One row per pilot, group by group, pilots in upload order. */
export function payoutTable(
  pilotNames: readonly string[],
  groups: LootGroups,
  values: readonly GroupValue[],
  basis: PayoutBasis,
): PayoutRow[] {
  return groups.flatMap((group, g) => {
    const value = values[g]?.[basis];
    const share = value === null ? null : evenShare(value ?? 0, group.length).share;
    return group.map((p) => ({ pilot: pilotNames[p] ?? '', group: g + 1, share }));
  });
}

/**
 * The payout table for a Russian spreadsheet: a header, then `pilot<TAB>group<TAB>share` lines,
 * the share with two places, a decimal comma and no grouping (`1515000,75`).
 */
export function payoutText(rows: readonly PayoutRow[]): string {
  return [
    'Пилот\tГруппа\tДоля, ISK',
    ...rows.map((r) => `${r.pilot}\t${r.group}\t${r.share === null ? '' : toSpreadsheetNumber(r.share, 2)}`),
  ].join('\n');
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
