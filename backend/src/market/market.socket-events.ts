import { Injectable } from '@nestjs/common';
import { SocketEvents, toEveryone } from '../common/realtime/socket-events';
import { MARKET_EVENTS, type MarketListChangedEvent, type MarketPricesUpdatedEvent } from './market.events';

/** Market data is public: every connected client may refetch. */
@Injectable()
export class MarketSocketEvents extends SocketEvents {
  readonly events = {
    [MARKET_EVENTS.pricesUpdated]: (e: MarketPricesUpdatedEvent) =>
      toEveryone('market:prices-updated', { hubId: e.hubId, updatedAt: e.updatedAt.toISOString() }),
    /** The market list changed (admin area): every connected client may refetch its list. */
    [MARKET_EVENTS.listChanged]: (e: MarketListChangedEvent) =>
      toEveryone('market:list-changed', { changedAt: e.at.toISOString() }),
  };
}
