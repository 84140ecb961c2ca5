/**
 * Appraisal contract (spec §3 "Appraisal line", §7 `POST appraisal`), zod-free.
 *
 * POST   data/market/appraisal  { appraisal, hub, percent }  -> AppraisalResponse (saved; `id` opens it again)
 * GET    data/market/appraisal/{id}[?current=1]     -> SavedAppraisal (prices as saved; `current`: today's)
 * GET    data/market/appraisal/history?page=         -> AppraisalHistoryPage (the signed-in player's own)
 * DELETE data/market/appraisal/{id}                 -> 204 (the owner only; 404 for anyone else)
 */

/** One priced type. `sell` / `buy` are ISK per unit at the hub (0 when there is no order, see `note`). */
export interface AppraisalLine {
  name: string;
  icon: string;
  quantity: number;
  /** m³ for the whole quantity (packaged volume where the game data has one). */
  volume: number;
  /** Best order: lowest sell, highest buy. */
  sell: number;
  buy: number;
  /** Volume-weighted average of the best 5 % of the side's volume at the hub (computed at each market refresh). */
  sell_p5: number;
  buy_p5: number;
  /** Units on sale / wanted at the hub station. */
  sell_quantity: number;
  buy_quantity: number;
  /** Orders on sale / buying at the hub station (the book's depth). */
  sell_orders: number;
  buy_orders: number;
  type_id: number;
  /** A blueprint copy: listed, not priced from orders. */
  bpc: boolean;
  /** A blueprint copy's runs added up over its copies, when the paste said; null otherwise. */
  runs: number | null;
  /** Why a price is 0 (no orders, blueprint copy); null otherwise. */
  note: string | null;
}

/** Which price the page shows: the best order, or the 5 % average of the book. */
export type AppraisalPriceKind = 'best' | 'p5';
export const APPRAISAL_PRICE_KINDS: readonly { value: AppraisalPriceKind; label: string }[] = [
  { value: 'best', label: 'Лучший ордер' },
  { value: 'p5', label: 'Средняя по 5 % объёма' },
];

/** The paste's totals at one hub (ISK at 100 %; `priced`: lines with any order there). */
export interface AppraisalHubTotals {
  hub: number;
  sell: number;
  buy: number;
  sell_p5: number;
  buy_p5: number;
  priced: number;
}

/** «Возможно, вы имели в виду …»: a line that named nothing, the name in it, and the closest type names. */
export interface AppraisalSuggestion {
  line: number;
  /** The part of the line taken as the name. */
  text: string;
  /** Closest type names (either language), best first. */
  names: string[];
}

export interface AppraisalResponse {
  data: AppraisalLine[];
  errors: string[];
  /** Id of the saved appraisal (share link `/market/appraisal?id=`); null when nothing was recognised. */
  id: string | null;
  hub: number;
  /** Buyback: totals are shown at this percent of the prices (1–100). */
  percent: number;
  /** When it was priced (ISO). */
  created_at: string;
  /** The same lines' totals at every hub (HUBS order). */
  hubs: AppraisalHubTotals[];
  /** For the first unrecognised lines. */
  suggestions: AppraisalSuggestion[];
}

export interface SavedAppraisal extends AppraisalResponse {
  id: string;
  /** When the saved appraisal is deleted (ISO). */
  expires_at: string;
  /** With `?current=1`: the same types and quantities at today's prices at the same hub. */
  current?: AppraisalLine[];
  /** The signed-in caller saved it (may delete it). */
  mine: boolean;
}

/** One of a player's own saved appraisals (GET data/market/appraisal/history). */
export interface AppraisalHistoryItem {
  id: string;
  hub: number;
  percent: number;
  created_at: string;
  expires_at: string;
  /** Priced lines, and the first few names. */
  lines: number;
  names: string[];
  /** Totals at 100 % (best order and 5 % average), m³. */
  sell: number;
  buy: number;
  sell_p5: number;
  buy_p5: number;
  volume: number;
}

export interface AppraisalHistoryPage {
  items: AppraisalHistoryItem[];
  page: number;
  pages: number;
  total: number;
}

export interface AppraisalTotals {
  sell: number;
  buy: number;
  volume: number;
}

/** A line's unit prices of one kind. */
export function linePrices(l: AppraisalLine, kind: AppraisalPriceKind): { sell: number; buy: number } {
  return kind === 'p5' ? { sell: l.sell_p5, buy: l.buy_p5 } : { sell: l.sell, buy: l.buy };
}

/**
 * Totals of a result: SELL and BUY in ISK (price × quantity, at `percent` % — buyback), volume in
 * m³. By default the best orders at 100 %.
 */
export function appraisalTotals(
  lines: readonly AppraisalLine[],
  kind: AppraisalPriceKind = 'best',
  percent = 100,
): AppraisalTotals {
  let sell = 0;
  let buy = 0;
  let volume = 0;
  for (const l of lines) {
    const p = linePrices(l, kind);
    sell += p.sell * l.quantity;
    buy += p.buy * l.quantity;
    volume += l.volume;
  }
  return percent === 100 ? { sell, buy, volume } : { sell: (sell * percent) / 100, buy: (buy * percent) / 100, volume };
}
