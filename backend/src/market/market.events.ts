/** Domain events of the market module (EventEmitter2). */
export const MARKET_EVENTS = {
  pricesUpdated: 'market.prices-updated',
} as const;

export interface MarketPricesUpdatedEvent {
  hubId: number;
  updatedAt: Date;
}
