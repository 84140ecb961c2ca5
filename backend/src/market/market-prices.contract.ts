/**
 * The one read contract for prices that other modules (industry, appraisal, corporation
 * projects) use. Implemented by MarketPricesService (market module, exported globally);
 * consumers inject `MarketPrices` and never read the market collections directly.
 */
export interface HubPrice {
  typeId: number;
  /** Lowest sell order at the hub station, ISK per unit; null when there is none. */
  sell: number | null;
  /** Highest buy order at the hub station, ISK per unit; null when there is none. */
  buy: number | null;
  /**
   * Volume-weighted average price of the best 5 % of the side's volume at the hub station
   * (computed at each refresh); null when the side is empty.
   */
  sellTop5: number | null;
  buyTop5: number | null;
  /** Units on sale / wanted at the hub station. */
  sellVolume: number;
  buyVolume: number;
  /** Orders on each side at the hub station (the book's depth). */
  sellOrders: number;
  buyOrders: number;
}

/** An industry activity's cost index in one solar system (ESI `/industry/systems`). */
export interface CostIndex {
  activity: string;
  cost_index: number;
}

/** An item's sell price at a hub on a day: from that day's snapshot of the history, or today's when the history has none. */
export interface DayPrice {
  price: number;
  source: 'history' | 'now';
}

export abstract class MarketPrices {
  /** Current prices at a hub (HUBS id). Types without a stored row are missing from the map. */
  abstract hubPrices(hubId: number, typeIds: readonly number[]): Promise<Map<number, HubPrice>>;
  /**
   * Sell prices at a hub on `day` (`YYYY-MM-DD`, UTC): the day's stored snapshot (`S`), else the
   * current lowest sell. Types with neither are missing from the map (unknown, never 0).
   */
  abstract sellPricesOn(hubId: number, typeIds: readonly number[], day: string): Promise<Map<number, DayPrice>>;
  /** CCP's adjusted prices (for job fees). Types without one are missing from the map. */
  abstract adjustedPrices(typeIds: readonly number[]): Promise<Map<number, number>>;
  /** Cost indices of a solar system by activity name; empty when none is stored. */
  abstract costIndices(systemId: number): Promise<CostIndex[]>;
}
