/**
 * Which price an item is counted at (pure): the hub's best orders, or the price the player chose
 * instead (`price_overrides`: another hub's orders, CCP's adjusted price, a price typed in), with
 * its source. A side without a price stays null (never 0, see shared-types `money.ts`).
 */
import type { PriceOverride, PriceSource } from '@eve-toolkit/shared-types';

export interface HubQuote {
  sell: number | null;
  buy: number | null;
}

export interface CountedPrice extends HubQuote {
  /** null: the hub's own orders. */
  source: PriceSource | null;
}

/** Prices by hub id, then by type id. */
export type QuotesByHub = ReadonlyMap<number, ReadonlyMap<number, HubQuote>>;

/**
 * The price an item is counted at. An override replaces both sides: another hub's best orders (a
 * side it has none on stays null), the adjusted price, or the typed price. An adjusted price that
 * CCP does not publish for the item leaves the hub's own.
 */
export function countedPrice(
  own: HubQuote | undefined,
  override: PriceOverride | undefined,
  others: QuotesByHub,
  adjusted: number | undefined,
  typeId: number,
): CountedPrice {
  const hub = { sell: own?.sell ?? null, buy: own?.buy ?? null, source: null };
  if (!override) return hub;
  switch (override.source) {
    case 'hub': {
      const q = others.get(override.hub)?.get(typeId);
      return { sell: q?.sell ?? null, buy: q?.buy ?? null, source: { kind: 'hub', hub_id: override.hub } };
    }
    case 'adjusted':
      return adjusted === undefined ? hub : { sell: adjusted, buy: adjusted, source: { kind: 'adjusted' } };
    case 'manual':
      return { sell: override.price, buy: override.price, source: { kind: 'manual' } };
    default:
      return hub;
  }
}

/** The hubs whose prices the overrides ask for. */
export function overrideHubs(overrides: Readonly<Record<string, PriceOverride>>): number[] {
  return [...new Set(Object.values(overrides).flatMap((o) => (o.source === 'hub' ? [o.hub] : [])))];
}
