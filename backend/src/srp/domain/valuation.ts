/**
 * What a lost ship was worth: the hull and every item on board, destroyed and dropped alike, at
 * one hub's sell prices of the loss's day. A type without a price makes the value unknown (the
 * missing types are named), never a smaller number.
 */
import type { LostItem } from './killmail';

export interface PricedType {
  price: number;
  source: 'history' | 'now';
}

export interface LossValue {
  /** ISK, rounded to whole ISK; null while any type is unpriced. */
  total: number | null;
  /** Types without a price, with the quantity lost. */
  missing: { typeId: number; quantity: number }[];
  /** Where the prices came from: all from the day's history, all today's, or some of each. */
  source: 'history' | 'now' | 'mixed';
}

/** The hull (one, destroyed) and the items, as quantities per type. */
export function lostQuantities(shipTypeId: number, items: readonly LostItem[]): Map<number, number> {
  const out = new Map<number, number>([[shipTypeId, 1]]);
  for (const it of items) out.set(it.typeId, (out.get(it.typeId) ?? 0) + it.destroyed + it.dropped);
  return out;
}

export function valueLoss(shipTypeId: number, items: readonly LostItem[], prices: ReadonlyMap<number, PricedType>): LossValue {
  let total = 0;
  const missing: LossValue['missing'] = [];
  const sources = new Set<PricedType['source']>();
  for (const [typeId, quantity] of lostQuantities(shipTypeId, items)) {
    const p = prices.get(typeId);
    if (!p) {
      missing.push({ typeId, quantity });
      continue;
    }
    sources.add(p.source);
    total += p.price * quantity;
  }
  const source = sources.size === 2 ? 'mixed' : sources.has('history') ? 'history' : 'now';
  return { total: missing.length ? null : Math.round(total), missing, source };
}
