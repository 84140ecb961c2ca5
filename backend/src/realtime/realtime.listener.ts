import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ACCOUNT_EVENTS, type AccountDeletedEvent, type AccountLoggedOutEvent } from '../accounts/accounts.events';
import { MARKET_EVENTS, type MarketListChangedEvent, type MarketPricesUpdatedEvent } from '../market/market.events';
import { ACCESS_EVENTS, type AccessChangedEvent } from '../common/access/access.events';
import {
  CHARACTER_EVENTS,
  type CharacterCorporationChangedEvent,
  type CharacterLinkedEvent,
  type CharacterUnlinkedEvent,
} from '../characters/characters.events';
import {
  CORP_EVENTS,
  type BuysChangedEvent,
  type PingCancelledEvent,
  type PingCreatedEvent,
  type PingUpdatedEvent,
  type ProjectCreatedEvent,
  type ProjectDeletedEvent,
  type ProjectUpdatedEvent,
} from '../corp/corp.events';
import {
  ROLE_REQUEST_EVENTS,
  type RoleRequestCreatedEvent,
  type RoleRequestDecidedEvent,
} from '../role-requests/role-requests.events';
import { toAdminRoleRequest } from '../role-requests/role-requests.mapper';
import {
  ADMIN_EVENTS,
  type CharacterChecksFinishedEvent,
  type SessionsKilledEvent,
  type UpdateLibsEvent,
} from '../admin/admin.events';
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

  /** The market list changed (admin area): every connected client may refetch its list. */
  @OnEvent(MARKET_EVENTS.listChanged)
  onMarketListChanged(event: MarketListChangedEvent): void {
    this.gateway.emitToAll('market:list-changed', { changedAt: event.at.toISOString() });
  }

  /** A user who logs out or is deleted keeps no socket in any room (clients reconnect as guests). */
  @OnEvent(ACCOUNT_EVENTS.loggedOut)
  @OnEvent(ACCOUNT_EVENTS.deleted)
  onAccountGone(event: AccountDeletedEvent | AccountLoggedOutEvent): void {
    this.gateway.disconnectUser(event.userId);
  }

  // --- Corporation area: to `corp:<id>` only; no other corporation's socket is in that room. ---

  @OnEvent(CORP_EVENTS.projectCreated)
  onProjectCreated(e: ProjectCreatedEvent): void {
    this.gateway.emitTo(Rooms.corp(e.corporationId), 'corp:project-created', {
      corporationId: e.corporationId,
      project: e.project,
    });
  }

  @OnEvent(CORP_EVENTS.projectUpdated)
  onProjectUpdated(e: ProjectUpdatedEvent): void {
    this.gateway.emitTo(Rooms.corp(e.corporationId), 'corp:project-updated', {
      corporationId: e.corporationId,
      project: e.project,
      reason: e.reason,
    });
  }

  @OnEvent(CORP_EVENTS.projectDeleted)
  onProjectDeleted(e: ProjectDeletedEvent): void {
    this.gateway.emitTo(Rooms.corp(e.corporationId), 'corp:project-deleted', {
      corporationId: e.corporationId,
      projectId: e.projectId,
    });
  }

  @OnEvent(CORP_EVENTS.pingCreated)
  onPingCreated(e: PingCreatedEvent): void {
    this.gateway.emitTo(Rooms.corp(e.corporationId), 'corp:ping-created', { corporationId: e.corporationId, ping: e.ping });
  }

  @OnEvent(CORP_EVENTS.pingUpdated)
  onPingUpdated(e: PingUpdatedEvent): void {
    this.gateway.emitTo(Rooms.corp(e.corporationId), 'corp:ping-updated', {
      corporationId: e.corporationId,
      ping: e.ping,
      reason: e.reason,
    });
    // After the room's event: the member's own tabs then mark the answer as theirs.
    if (e.answer)
      this.gateway.emitTo(Rooms.user(e.answer.userId), 'corp:ping-answered', {
        corporationId: e.corporationId,
        pingId: e.ping.id,
        answer: e.answer.answer,
      });
  }

  @OnEvent(CORP_EVENTS.pingCancelled)
  onPingCancelled(e: PingCancelledEvent): void {
    this.gateway.emitTo(Rooms.corp(e.corporationId), 'corp:ping-cancelled', {
      corporationId: e.corporationId,
      pingId: e.ping.id,
    });
  }

  @OnEvent(CORP_EVENTS.buysChanged)
  onBuysChanged(e: BuysChangedEvent): void {
    this.gateway.emitTo(Rooms.corp(e.corporationId), 'corp:buys-changed', { corporationId: e.corporationId });
  }

  /** Access changed (roles, characters, corporations, bans): the affected sockets' rooms are recomputed at once. */
  @OnEvent(ACCESS_EVENTS.changed, { async: true, promisify: true })
  async onAccessChanged(e: AccessChangedEvent): Promise<void> {
    const users = new Set(e.userIds ?? []);
    for (const corporationId of e.corporationIds ?? [])
      for (const id of await this.gateway.usersOfCorporation(corporationId)) users.add(id);
    await this.gateway.refreshAccess([...users]);
  }

  @OnEvent(CHARACTER_EVENTS.linked, { async: true, promisify: true })
  @OnEvent(CHARACTER_EVENTS.unlinked, { async: true, promisify: true })
  @OnEvent(CHARACTER_EVENTS.corporationChanged, { async: true, promisify: true })
  async onCharacterChanged(e: CharacterLinkedEvent | CharacterUnlinkedEvent | CharacterCorporationChangedEvent): Promise<void> {
    await this.gateway.refreshAccess([e.userId]);
  }

  // --- Role requests: new ones to admins, the decision to the requester. ---

  @OnEvent(ROLE_REQUEST_EVENTS.created)
  onRoleRequestCreated(e: RoleRequestCreatedEvent): void {
    this.gateway.emitTo(Rooms.admins, 'roles:request-created', { request: toAdminRoleRequest(e.request) });
  }

  /** To the requester, and to admins (other admins' lists drop the request). */
  @OnEvent(ROLE_REQUEST_EVENTS.decided)
  onRoleRequestDecided(e: RoleRequestDecidedEvent): void {
    const payload = { requestId: e.requestId, role: e.role, granted: e.granted };
    this.gateway.emitTo(Rooms.user(e.userId), 'roles:request-decided', payload);
    this.gateway.emitTo(Rooms.admins, 'roles:request-decided', payload);
  }

  // --- Admin area ---

  @OnEvent(ADMIN_EVENTS.updateLibs)
  onUpdateLibs(e: UpdateLibsEvent): void {
    this.gateway.emitTo(Rooms.admins, 'admin:update-libs', { job: e.job });
  }

  @OnEvent(ADMIN_EVENTS.characterChecksFinished)
  onCharacterChecksFinished(e: CharacterChecksFinishedEvent): void {
    this.gateway.emitTo(Rooms.admins, 'admin:char-checks', { runId: e.runId, checked: e.checked, flagged: e.flagged });
  }

  /** Every session but the caller's was ended: their sockets go too (clients reconnect as guests). */
  @OnEvent(ADMIN_EVENTS.sessionsKilled, { async: true, promisify: true })
  async onSessionsKilled(e: SessionsKilledEvent): Promise<void> {
    await this.gateway.disconnectOtherSessions(e.keepSessionId);
  }
}
