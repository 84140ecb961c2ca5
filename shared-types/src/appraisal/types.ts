/**
 * Appraisal contract (spec §3 "Appraisal line", §7 `POST appraisal`), zod-free.
 *
 * POST data/market/appraisal  { appraisal, hub }  -> AppraisalResponse (saved; `id` opens it again)
 * GET  data/market/appraisal/{id}[?current=1]     -> SavedAppraisal (prices as saved; `current`: today's)
 */

/** One priced type. `sell` / `buy` are ISK per unit at the hub (0 when there is no order, see `note`). */
export interface AppraisalLine {
  name: string;
  icon: string;
  quantity: number;
  /** m³ for the whole quantity (packaged volume where the game data has one). */
  volume: number;
  sell: number;
  buy: number;
  /** Units on sale / wanted at the hub station. */
  sell_quantity: number;
  buy_quantity: number;
  type_id: number;
  /** A blueprint copy: listed, not priced from orders. */
  bpc: boolean;
  /** Why a price is 0 (no orders, blueprint copy); null otherwise. */
  note: string | null;
}

export interface AppraisalResponse {
  data: AppraisalLine[];
  errors: string[];
  /** Id of the saved appraisal (share link `/market/appraisal?id=`); null when nothing was recognised. */
  id: string | null;
  hub: number;
  /** When it was priced (ISO). */
  created_at: string;
}

export interface SavedAppraisal extends AppraisalResponse {
  id: string;
  /** When the saved appraisal is deleted (ISO). */
  expires_at: string;
  /** With `?current=1`: the same types and quantities at today's prices at the same hub. */
  current?: AppraisalLine[];
}

export interface AppraisalTotals {
  sell: number;
  buy: number;
  volume: number;
}

/** Totals of a result: SELL and BUY in ISK (price × quantity), volume in m³. */
export function appraisalTotals(lines: readonly AppraisalLine[]): AppraisalTotals {
  let sell = 0;
  let buy = 0;
  let volume = 0;
  for (const l of lines) {
    sell += l.sell * l.quantity;
    buy += l.buy * l.quantity;
    volume += l.volume;
  }
  return { sell, buy, volume };
}
