import { APPRAISAL_MESSAGES, typeIconUrl, type AppraisalHubTotals, type AppraisalLine } from '@eve-toolkit/shared-types';
import type { GameType } from '../game-data/game-data.contract';
import type { HubPrice } from '../market/market-prices.contract';

/** Why a line's price is missing, or null when both sides have orders. */
function priceNote(bpc: boolean, price: HubPrice | null | undefined): string | null {
  if (bpc) return APPRAISAL_MESSAGES.blueprintCopy;
  const sell = price?.sell ?? null;
  const buy = price?.buy ?? null;
  if (sell === null && buy === null) return APPRAISAL_MESSAGES.noOrders;
  if (sell === null) return APPRAISAL_MESSAGES.noSellOrders;
  if (buy === null) return APPRAISAL_MESSAGES.noBuyOrders;
  return null;
}

/**
 * One priced line. Blueprint copies are listed without prices (no order book prices them); a side
 * without orders at the hub has no price (null, never 0) and a note; volume is the packaged volume × quantity.
 *
 * One object literal with every field (no `{ ...base, ... }`): V8 turns a spread followed by more
 * properties into a slow dictionary object, which made mapping and serialising a 10 000-line
 * appraisal ten times slower (bench/appraisal.bench.ts).
 */
export function toAppraisalLine(
  type: GameType,
  quantity: number,
  bpc: boolean,
  runs: number | null,
  price: HubPrice | null | undefined,
  imageServerUrl: string,
): AppraisalLine {
  const priced = bpc ? undefined : (price ?? undefined);
  return {
    name: type.name,
    icon: typeIconUrl(imageServerUrl, type.id, 64, isBlueprintType(type) ? 'bp' : 'icon'),
    quantity,
    volume: type.packagedVolume * quantity,
    sell: priced?.sell ?? null,
    buy: priced?.buy ?? null,
    sell_p5: priced?.sellTop5 ?? null,
    buy_p5: priced?.buyTop5 ?? null,
    sell_quantity: priced?.sellVolume ?? 0,
    buy_quantity: priced?.buyVolume ?? 0,
    sell_orders: priced?.sellOrders ?? 0,
    buy_orders: priced?.buyOrders ?? 0,
    type_id: type.id,
    bpc,
    runs: bpc ? runs : null,
    note: priceNote(bpc, price),
  };
}

/** An appraised type as the totals need it. */
export interface Amount {
  type: { id: number };
  quantity: number;
  bpc: boolean;
}

export const noTotals = (hub: number): AppraisalHubTotals => ({ hub, sell: 0, buy: 0, sell_p5: 0, buy_p5: 0, priced: 0 });

/** unknown + anything = unknown (shared-types money.ts). */
const plus = (total: number | null, unit: number | null | undefined, quantity: number) =>
  total === null || unit === null || unit === undefined ? null : total + unit * quantity;

/** Adds a type's quantity at its hub price to a hub's totals; a side without orders makes that total unknown (null). */
export function addToTotals(t: AppraisalHubTotals, p: HubPrice | null | undefined, quantity: number): void {
  if (p && (p.sell !== null || p.buy !== null)) t.priced++;
  t.sell = plus(t.sell, p?.sell, quantity);
  t.buy = plus(t.buy, p?.buy, quantity);
  t.sell_p5 = plus(t.sell_p5, p?.sellTop5, quantity);
  t.buy_p5 = plus(t.buy_p5, p?.buyTop5, quantity);
}

/** The paste's totals at one hub from its types and quantities (copies are not priced). */
export function hubTotals(
  hub: number,
  items: readonly Amount[],
  prices: ReadonlyMap<number, HubPrice | null>,
): AppraisalHubTotals {
  const t = noTotals(hub);
  for (const it of items) if (!it.bpc) addToTotals(t, prices.get(it.type.id), it.quantity);
  return t;
}

/**
 * A priced line as saved on 2026-11-25, until the answer itself was saved (still read): type id,
 * name, quantity, volume, SELL, BUY, units on sale, units wanted, copy (1/0), blueprint icon (1/0),
 * note.
 */
export type SavedRow = [number, string, number, number, number, number, number, number, 0 | 1, 0 | 1, string | null];

/** Blueprints are shown with their blueprint picture. */
export const isBlueprintType = (type: GameType): boolean => type.categoryId === 9;

/** A saved row as the line it was (the icon from today's image server). */
export function fromSavedRow(r: SavedRow, imageServerUrl: string): AppraisalLine {
  const { sell, buy } = knownOf({ sell: r[4], buy: r[5], bpc: r[8] === 1, note: r[10] });
  return {
    name: r[1],
    icon: typeIconUrl(imageServerUrl, r[0], 64, r[9] ? 'bp' : 'icon'),
    quantity: r[2],
    volume: r[3],
    sell,
    buy,
    sell_p5: sell,
    buy_p5: buy,
    sell_quantity: r[6],
    buy_quantity: r[7],
    sell_orders: 0,
    buy_orders: 0,
    type_id: r[0],
    bpc: r[8] === 1,
    runs: null,
    note: noteOf(r[10]),
  };
}

/**
 * A saved line with its icon from today's image server (the image server's address may have
 * changed). Lines saved before the 5 % prices, the depth and the runs (until 2026-11-26) get
 * their best prices as the 5 % ones, no depth and no runs.
 */
export function withIconFrom(
  l: Partial<AppraisalLine> & Omit<AppraisalLine, 'sell_p5' | 'buy_p5' | 'sell_orders' | 'buy_orders' | 'runs'>,
  imageServerUrl: string,
): AppraisalLine {
  const kind = l.icon.endsWith('/bp?size=64') ? 'bp' : 'icon';
  const { sell, buy } = knownOf(l);
  const p5 = knownOf({ sell: l.sell_p5 ?? l.sell, buy: l.buy_p5 ?? l.buy, bpc: l.bpc, note: l.note });
  return {
    name: l.name,
    icon: typeIconUrl(imageServerUrl, l.type_id, 64, kind),
    quantity: l.quantity,
    volume: l.volume,
    sell,
    buy,
    sell_p5: p5.sell,
    buy_p5: p5.buy,
    sell_quantity: l.sell_quantity,
    buy_quantity: l.buy_quantity,
    sell_orders: l.sell_orders ?? 0,
    buy_orders: l.buy_orders ?? 0,
    type_id: l.type_id,
    bpc: l.bpc,
    runs: l.runs ?? null,
    note: noteOf(l.note),
  };
}

/** The note of a line without orders as saved until 2026-11-28 (its price was written as 0). */
export const LEGACY_NO_ORDERS = 'Нет ордеров в хабе: цена 0';
/** A saved note in today's words. */
export const noteOf = (note: string | null) => (note === LEGACY_NO_ORDERS ? APPRAISAL_MESSAGES.noOrders : note);

/**
 * A saved line's prices as known or unknown: appraisals saved until 2026-11-28 wrote a side
 * without orders (and a blueprint copy) as 0 with a note; such a 0 is read back as unknown (null).
 */
export function knownOf(l: { sell: number | null; buy: number | null; bpc: boolean; note: string | null }): {
  sell: number | null;
  buy: number | null;
} {
  if (l.bpc || l.note === APPRAISAL_MESSAGES.noOrders || l.note === LEGACY_NO_ORDERS) return { sell: null, buy: null };
  return {
    sell: l.note === APPRAISAL_MESSAGES.noSellOrders && l.sell === 0 ? null : l.sell,
    buy: l.note === APPRAISAL_MESSAGES.noBuyOrders && l.buy === 0 ? null : l.buy,
  };
}
