import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ACCOUNT_EVENTS, type AccountDeletedEvent, type AccountLoggedOutEvent } from '../accounts/accounts.events';
import { MARKET_EVENTS, type MarketPricesUpdatedEvent } from '../market/market.events';
import { RealtimeGateway } from './realtime.gateway';

/** Domain events -> socket events. The only place that maps one to the other. */
@Injectable()
export class RealtimeListener {
  constructor(private readonly gateway: RealtimeGateway) {}

  /** Market prices are public: every connected client may refetch. */
  @OnEvent(MARKET_EVENTS.pricesUpdated)
  onMarketPricesUpdated(event: MarketPricesUpdatedEvent): void {
    this.gateway.emitToAll('market:prices-updated', { hubId: event.hubId, updatedAt: event.updatedAt.toISOString() });
  }

  /** A user who logs out or is deleted keeps no socket in any room (clients reconnect as guests). */
  @OnEvent(ACCOUNT_EVENTS.loggedOut)
  @OnEvent(ACCOUNT_EVENTS.deleted)
  onAccountGone(event: AccountDeletedEvent | AccountLoggedOutEvent): void {
    this.gateway.disconnectUser(event.userId);
  }
}
