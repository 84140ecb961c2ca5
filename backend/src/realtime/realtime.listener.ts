import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ACCOUNT_EVENTS, type AccountDeletedEvent, type AccountLoggedOutEvent } from '../accounts/accounts.events';
import { MARKET_EVENTS, type MarketPricesUpdatedEvent } from '../market/market.events';
import {
  ROLE_REQUEST_EVENTS,
  type RoleRequestCreatedEvent,
  type RoleRequestDecidedEvent,
} from '../role-requests/role-requests.events';
import { toAdminRoleRequest } from '../role-requests/role-requests.mapper';
import { RealtimeGateway } from './realtime.gateway';
import { Rooms } from './rooms';

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

  // --- Role requests: new ones to admins, the decision to the requester. ---

  @OnEvent(ROLE_REQUEST_EVENTS.created)
  onRoleRequestCreated(e: RoleRequestCreatedEvent): void {
    this.gateway.emitTo(Rooms.admins, 'roles:request-created', { request: toAdminRoleRequest(e.request) });
  }

  @OnEvent(ROLE_REQUEST_EVENTS.decided)
  onRoleRequestDecided(e: RoleRequestDecidedEvent): void {
    this.gateway.emitTo(Rooms.user(e.userId), 'roles:request-decided', {
      requestId: e.requestId,
      role: e.role,
      granted: e.granted,
    });
  }
}
