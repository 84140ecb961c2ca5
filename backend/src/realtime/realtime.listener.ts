import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { ACCESS_EVENTS, type AccessChangedEvent } from '../common/access/access.events';
import { SocketEvents, type SocketAction } from '../common/realtime/socket-events';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Domain events -> the gateway. Features declare what their events mean for the sockets
 * (`<feature>.socket-events.ts`, a `SocketEvents` provider in their module); this listener finds
 * every such provider at start-up and forwards their events. It knows no feature.
 */
@Injectable()
export class RealtimeListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(RealtimeListener.name);

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly discovery: DiscoveryService,
    private readonly emitter: EventEmitter2,
  ) {}

  onApplicationBootstrap(): void {
    const seen = new Set<string>();
    for (const { instance } of this.discovery.getProviders()) {
      if (!(instance instanceof SocketEvents)) continue;
      for (const [name, map] of Object.entries(instance.events)) {
        if (seen.has(name)) throw new Error(`Событие ${name} отображено в сокеты дважды`);
        seen.add(name);
        this.emitter.on(name, (event: unknown) =>
          this.apply((map as (e: unknown) => SocketAction | readonly SocketAction[])(event)),
        );
      }
    }
  }

  /** Messages go out at once, in order; changes of access are awaited by an `emitAsync` caller. */
  private apply(mapped: SocketAction | readonly SocketAction[]): Promise<void> | undefined {
    const pending: Promise<void>[] = [];
    for (const action of Array.isArray(mapped) ? (mapped as readonly SocketAction[]) : [mapped as SocketAction]) {
      if ('event' in action) {
        if (action.to === null) this.gateway.emitToAll(action.event, action.payload as never);
        else this.gateway.emitTo(action.to, action.event, action.payload as never);
      } else if ('disconnectUser' in action) this.gateway.disconnectUser(action.disconnectUser);
      else if ('refreshAccess' in action) pending.push(this.gateway.refreshAccess([action.refreshAccess]));
      else pending.push(this.gateway.disconnectOtherSessions(action.disconnectOtherSessions));
    }
    if (!pending.length) return undefined;
    return Promise.all(pending).then(
      () => undefined,
      (err: unknown) => this.logger.error(`Сокеты не обновлены: ${String(err)}`),
    );
  }

  /** Access changed (roles, characters, corporations, bans): the affected sockets' rooms are recomputed at once. */
  @OnEvent(ACCESS_EVENTS.changed, { async: true, promisify: true })
  async onAccessChanged(e: AccessChangedEvent): Promise<void> {
    const users = new Set(e.userIds ?? []);
    for (const corporationId of e.corporationIds ?? [])
      for (const id of await this.gateway.usersOfCorporation(corporationId)) users.add(id);
    await this.gateway.refreshAccess([...users]);
  }
}
