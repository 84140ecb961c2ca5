import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@eve-toolkit/shared-types';
import { hasRole } from '../common/access/access';
import { SessionResolver } from '../common/auth/session-resolver.service';
import type { SessionUser } from '../common/auth/session-user';
import { CorpAccess } from '../corp/corp-access';
import { announceAfterReplay, recoveryAllowed, replayMissed, startAfresh, takeHeldRecovery, type HeldRecovery } from './recovery';
import { Rooms } from '../common/realtime/rooms';

type TypedServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** What a user may receive now: its socket data and the rooms it belongs in. */
interface SocketAccess {
  data: SocketData;
  rooms: Set<string>;
}

/**
 * The only class that touches the Socket.IO server. The server (never the client) decides rooms,
 * in one place (`accessOf`), for new, reconnecting and recovered sockets alike and whenever access
 * changes.
 */
@WebSocketGateway({
  path: '/socket.io',
  serveClient: false,
  // Recovered sockets pass the middleware too: they are admitted like new ones (see recovery.ts).
  connectionStateRecovery: { maxDisconnectionDuration: 120_000, skipMiddlewares: false },
})
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger(RealtimeGateway.name);
  /** What the middleware decided for a socket: its rooms and, if recovered, the session it gets back. */
  private readonly admitted = new WeakMap<TypedSocket, { rooms: Set<string>; recovery: HeldRecovery | null }>();

  @WebSocketServer()
  server!: TypedServer;

  constructor(
    private readonly sessions: SessionResolver,
    private readonly corpAccess: CorpAccess,
  ) {}

  /**
   * Every handshake, new or reconnecting, is admitted by this middleware before it completes:
   * who connects comes from this handshake's own session cookie (the one SessionResolver), the
   * rooms from `accessOf`. A reconnecting socket that Socket.IO recovered gets its session back
   * only when `recoveryAllowed` (same user, no room it has lost); otherwise it starts afresh.
   */
  afterInit(server: TypedServer): void {
    server.use((socket, next) => {
      this.admit(socket).then(
        () => next(),
        (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
      );
    });
  }

  private async admit(socket: TypedSocket): Promise<void> {
    const held = takeHeldRecovery(socket);
    const request = socket.request as IncomingMessage & { sessionID?: string };
    const access = await this.accessOf(await this.sessions.resolve(request), request.sessionID);
    socket.data = access.data;
    const recovered = held !== null && recoveryAllowed(held, access.data.userId ?? null, access.rooms);
    if (socket.recovered && !recovered) startAfresh(socket);
    // Connected only once it has everything it missed (its CONNECT is written by replayMissed).
    if (recovered) announceAfterReplay(socket);
    this.admitted.set(socket, { rooms: access.rooms, recovery: recovered ? held : null });
  }

  /**
   * Joins the rooms the middleware decided. A recovered socket joins them with its live events
   * held back, then gets every event it missed, after them the held ones, and only then its
   * CONNECT: its client is connected once it has them all (recovery.ts).
   */
  handleConnection(socket: TypedSocket): void {
    const admitted = this.admitted.get(socket);
    this.admitted.delete(socket);
    if (!admitted) return;
    if (admitted.recovery) {
      replayMissed(socket, admitted.rooms, admitted.recovery).catch((err: unknown) => {
        this.logger.error(`Восстановление сокета ${socket.id} не удалось: ${String(err)}`);
        socket.disconnect(true);
      });
    } else if (admitted.rooms.size) void socket.join([...admitted.rooms]);
  }

  /**
   * The one room decision: a signed-in user's own room, `admins` for admins, and `corp:<id>` for
   * each corporation whose area it may enter (CorpAccess: the corporation area's access rules, the
   * same as HTTP). A guest (null) gets none.
   */
  private async accessOf(user: SessionUser | null, sessionId?: string): Promise<SocketAccess> {
    if (!user) return { data: { sessionId }, rooms: new Set() };
    const corporationIds = await this.corpAccess.corporationsOf(user);
    const rooms = new Set([Rooms.user(user.id)]);
    if (hasRole(user, 'admin')) rooms.add(Rooms.admins);
    for (const id of corporationIds) rooms.add(Rooms.corp(id));
    return { data: { sessionId, userId: user.id, username: user.username, roles: user.roles, corporationIds }, rooms };
  }

  /**
   * Recomputes the rooms of these users' sockets (on every instance, through the adapter) after
   * their access changed: roles granted or revoked, a character linked, unlinked, banned or moved,
   * a corporation registered, blocked or removed. Sockets leave rooms they lost at once.
   */
  async refreshAccess(userIds: readonly string[]): Promise<void> {
    for (const userId of new Set(userIds)) {
      const sockets = await this.server.in(Rooms.user(userId)).fetchSockets();
      if (sockets.length === 0) continue;
      const user = await this.sessions.byId(userId);
      if (!user) {
        this.disconnectUser(userId);
        continue;
      }
      const { rooms: want } = await this.accessOf(user);
      const changed: number[] = [];
      for (const s of sockets) {
        for (const room of s.rooms) {
          if (room === s.id || want.has(room)) continue;
          if (room === Rooms.admins || room.startsWith('corp:')) {
            s.leave(room);
            if (room.startsWith('corp:')) changed.push(Number(room.slice(5)));
          }
        }
        for (const room of want) {
          if (!s.rooms.has(room)) {
            s.join(room);
            if (room.startsWith('corp:')) changed.push(Number(room.slice(5)));
          }
        }
      }
      if (changed.length) this.emitTo(Rooms.user(userId), 'corp:access-changed', { corporationIds: [...new Set(changed)] });
    }
  }

  /**
   * Users whose rooms a change of the corporation affects: those with a socket in its room and
   * those with a character in it (who join when it becomes active).
   */
  async usersOfCorporation(corporationId: number): Promise<string[]> {
    const sockets = await this.server.in(Rooms.corp(corporationId)).fetchSockets();
    const inRoom = sockets.map((s) => s.data.userId).filter((id): id is string => !!id);
    return [...new Set([...inRoom, ...(await this.corpAccess.affectedBy(corporationId))])];
  }

  /** Makes a user's sockets leave every room at once (logout, deletion, lost access). */
  disconnectUser(userId: string): void {
    this.server.in(Rooms.user(userId)).disconnectSockets(true);
  }

  emitToAll<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.server.emit(event, ...args);
  }

  emitTo<E extends keyof ServerToClientEvents>(room: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.server.to(room).emit(event, ...args);
  }

  /**
   * Disconnects every socket, on every instance (through the adapter), whose handshake session is
   * not `keepSessionId` (GET api/admin/kill: those sessions no longer exist; clients reconnect as
   * guests).
   */
  async disconnectOtherSessions(keepSessionId: string): Promise<void> {
    for (const socket of await this.server.fetchSockets()) {
      if (socket.data.sessionId !== keepSessionId) socket.disconnect(true);
    }
  }
}
