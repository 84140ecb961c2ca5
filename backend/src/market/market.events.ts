/** Domain events of the market module (EventEmitter2). */
export const MARKET_EVENTS = {
  pricesUpdated: 'market.prices-updated',
  /** The market list's categories or their items changed (admin area). */
  listChanged: 'market.list-changed',
} as const;

export interface MarketPricesUpdatedEvent {
  hubId: number;
  updatedAt: Date;
}

export interface MarketListChangedEvent {
  at: Date;
}
