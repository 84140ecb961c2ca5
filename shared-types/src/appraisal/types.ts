/**
 * Appraisal contract (spec §3 "Appraisal line", §7 `POST appraisal`), zod-free.
 *
 * POST   data/market/appraisal  { appraisal, hub, percent }  -> AppraisalResponse (saved; `id` opens it again)
 * GET    data/market/appraisal/{id}[?current=1]     -> SavedAppraisal (prices as saved; `current`: today's)
 * GET    data/market/appraisal/history?page=         -> AppraisalHistoryPage (the signed-in player's own)
 * DELETE data/market/appraisal/{id}                 -> 204 (the owner only; 404 for anyone else)
 */
import { MoneyTally, type MissingPrice, type PriceSource } from '../money';

/**
 * One priced type. `sell` / `buy` are ISK per unit at the hub, null when the side has no order (or
 * the line is a blueprint copy, which orders do not price): unknown, never 0; `note` says why.
 */
export interface AppraisalLine {
  name: string;
  icon: string;
  quantity: number;
  /** m³ for the whole quantity (packaged volume where the game data has one). */
  volume: number;
  /** Best order: lowest sell, highest buy; null without an order on that side. */
  sell: number | null;
  buy: number | null;
  /** Volume-weighted average of the best 5 % of the side's volume at the hub (computed at each market refresh); null likewise. */
  sell_p5: number | null;
  buy_p5: number | null;
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
  /** Why a price is missing (no orders, blueprint copy); null otherwise. */
  note: string | null;
}

/** Which price the page shows: the best order, or the 5 % average of the book. */
export type AppraisalPriceKind = 'best' | 'p5';
export const APPRAISAL_PRICE_KINDS: readonly { value: AppraisalPriceKind; label: string }[] = [
  { value: 'best', label: 'Лучший ордер' },
  { value: 'p5', label: 'Средняя по 5 % объёма' },
];

/**
 * The paste's totals at one hub (ISK at 100 %, blueprint copies not valued; `priced`: lines with
 * any order there). A side is null when a line has no order on it there: unknown, never a partial sum.
 */
export interface AppraisalHubTotals {
  hub: number;
  sell: number | null;
  buy: number | null;
  sell_p5: number | null;
  buy_p5: number | null;
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
  /**
   * The lines without a price on a side at the hub (not blueprint copies), with what a player can
   * count instead: CCP's adjusted (average) price and the other hubs' best orders. Absent in
   * appraisals saved before 2026-11-28.
   */
  missing_prices?: MissingPrice[];
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
  /** Totals at 100 % (best order and 5 % average; null when a line had no price), m³. */
  sell: number | null;
  buy: number | null;
  sell_p5: number | null;
  buy_p5: number | null;
  volume: number;
}

export interface AppraisalHistoryPage {
  items: AppraisalHistoryItem[];
  page: number;
  pages: number;
  total: number;
}

export interface AppraisalTotals {
  /** null when a line (not a blueprint copy) has no price on that side. */
  sell: number | null;
  buy: number | null;
  volume: number;
  /** Type ids of the lines without a price on that side (blueprint copies are not valued, not missing). */
  missing_sell: number[];
  missing_buy: number[];
  /** Blueprint copies listed but not valued. */
  copies: number;
}

/** A price the page counts instead of a missing one (another hub's, CCP's adjusted, typed in), by type id. */
export interface AppraisalPriceChoice {
  sell: number | null;
  buy: number | null;
  source: PriceSource;
}

/** A line's unit prices of one kind (null: no order), or the price chosen instead of a missing one. */
export function linePrices(
  l: AppraisalLine,
  kind: AppraisalPriceKind,
  choices?: ReadonlyMap<number, AppraisalPriceChoice>,
): { sell: number | null; buy: number | null; source: PriceSource | null } {
  const own = kind === 'p5' ? { sell: l.sell_p5, buy: l.buy_p5 } : { sell: l.sell, buy: l.buy };
  const chosen = l.bpc ? undefined : choices?.get(l.type_id);
  if (!chosen) return { ...own, source: null };
  return { sell: own.sell ?? chosen.sell, buy: own.buy ?? chosen.buy, source: chosen.source };
}

/**
 * Totals of a result: SELL and BUY in ISK (price × quantity, at `percent` % — buyback), volume in
 * m³. By default the best orders at 100 %.
 */
export function appraisalTotals(
  lines: readonly AppraisalLine[],
  kind: AppraisalPriceKind = 'best',
  percent = 100,
  choices?: ReadonlyMap<number, AppraisalPriceChoice>,
): AppraisalTotals {
  const sell = new MoneyTally();
  const buy = new MoneyTally();
  let volume = 0;
  let copies = 0;
  for (const l of lines) {
    volume += l.volume;
    if (l.bpc) {
      copies++;
      continue;
    }
    const p = linePrices(l, kind, choices);
    sell.addPriced(l.type_id, l.quantity, p.sell);
    buy.addPriced(l.type_id, l.quantity, p.buy);
  }
  const at = (v: number | null) => (v === null || percent === 100 ? v : (v * percent) / 100);
  return { sell: at(sell.total), buy: at(buy.total), volume, missing_sell: sell.missing, missing_buy: buy.missing, copies };
}
