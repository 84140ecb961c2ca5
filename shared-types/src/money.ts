/**
 * Known or unknown money: the one rule every price, total and margin of the app follows (industry,
 * appraisal, loot, corporation projects; backend and pages alike).
 *
 * An amount is a number when it is known and `null` when it is not (no order at the hub, no
 * adjusted price, nothing typed in). An unknown amount is never taken as 0: a sum, product or
 * margin with an unknown part is itself unknown, and the parts that were missing are kept (their
 * type ids) so a page can say which items have no price and offer another source for them.
 */

/** ISK that may be unknown. */
export type Money = number | null;

export const isKnown = (v: Money | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Σ of the parts; null when any part is unknown (an empty sum is 0). */
export function sumMoney(parts: Iterable<Money | undefined>): Money {
  let sum = 0;
  for (const p of parts) {
    if (!isKnown(p)) return null;
    sum += p;
  }
  return sum;
}

/** quantity × unit price; null when the price is unknown (a quantity of 0 costs 0 even then). */
export function timesMoney(quantity: number, unit: Money | undefined): Money {
  if (quantity === 0) return 0;
  return isKnown(unit) ? quantity * unit : null;
}

/** (revenue − cost) / revenue × 100; null when either is unknown or there is no revenue. */
export function marginMoney(revenue: Money, cost: Money): Money {
  if (!isKnown(revenue) || !isKnown(cost) || !(revenue > 0)) return null;
  return ((revenue - cost) / revenue) * 100;
}

/** a − b; null when either is unknown. */
export function minusMoney(a: Money, b: Money): Money {
  return isKnown(a) && isKnown(b) ? a - b : null;
}

/** a / b; null when either is unknown or b is not positive. */
export function perMoney(a: Money, b: number): Money {
  return isKnown(a) && b > 0 ? a / b : null;
}

/**
 * A running total that remembers what it could not price: `add` known or unknown amounts,
 * `addPriced` a quantity at a unit price of an item (its id is listed when the price is unknown),
 * `addTally` another tally. `total` is null as soon as anything was unknown; `missing` lists the
 * items without a price (each once, in the order met).
 */
export class MoneyTally {
  private sum = 0;
  private unknown = false;
  private readonly missingIds = new Set<number>();

  add(amount: Money | undefined, missing: readonly number[] = []): this {
    if (isKnown(amount)) this.sum += amount;
    else this.unknown = true;
    for (const id of missing) this.missingIds.add(id);
    return this;
  }

  addPriced(typeId: number, quantity: number, unit: Money | undefined): this {
    const v = timesMoney(quantity, unit);
    return this.add(v, v === null ? [typeId] : []);
  }

  addTally(other: MoneyTally): this {
    return this.add(other.total, other.missing);
  }

  get total(): Money {
    return this.unknown ? null : this.sum;
  }

  get missing(): number[] {
    return [...this.missingIds];
  }
}

/** Where a price came from when it is not the chosen hub's own best order. */
export type PriceSource =
  /** Another trade hub's best orders (`hub_id`). */
  | { kind: 'hub'; hub_id: number }
  /** CCP's adjusted (average) price, the one job fees use. */
  | { kind: 'adjusted' }
  /** A price the player typed in. */
  | { kind: 'manual' };

/** A Russian label of a price's source, for the pages («цена Амарра», «средняя цена CCP», «введена вручную»). */
export function priceSourceLabel(source: PriceSource | null, hubName: (id: number) => string): string {
  if (!source) return 'цена хаба';
  switch (source.kind) {
    case 'hub':
      return `цена хаба ${hubName(source.hub_id)}`;
    case 'adjusted':
      return 'средняя цена CCP (adjusted)';
    case 'manual':
      return 'цена введена вручную';
  }
}

/**
 * An item without a price at the hub on a side (no order there), with what a player can use
 * instead: CCP's adjusted (average) price and the other hubs' best orders (industry, appraisal).
 * Until one is chosen (or a price typed in), every total with the item is null.
 */
export interface MissingPrice {
  type_id: number;
  name: string;
  /** The hub has no SELL (resp. BUY) price for it. */
  sell: boolean;
  buy: boolean;
  adjusted: number | null;
  /** The other hubs with any order for it. */
  hubs: { hub_id: number; sell: number | null; buy: number | null }[];
}
