import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, Role, ServerToClientEvents, SocketData } from '@eve-toolkit/shared-types';
import { SessionResolver } from '../common/auth/session-resolver.service';
import { CorpAccess } from '../corp/corp-access';
import { Rooms } from './rooms';

type TypedServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * The only class that touches the Socket.IO server. The server (never the client) decides rooms;
 * accounts add `user:<id>`, `corp:<id>` and `admins` rooms when they land.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false, connectionStateRecovery: { maxDisconnectionDuration: 120_000 } })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server!: TypedServer;

  constructor(
    private readonly sessions: SessionResolver,
    private readonly corpAccess: CorpAccess,
  ) {}

  /** Who connects is resolved before the handshake completes (a Socket.IO middleware). */
  afterInit(server: TypedServer): void {
    server.use((socket, next) => {
      socket.data.sessionId = (socket.request as { sessionID?: string }).sessionID;
      this.sessions.resolve(socket.request).then(
        (user) => {
          if (!user) return next();
          socket.data.userId = user.id;
          socket.data.username = user.username;
          socket.data.roles = user.roles;
          return this.corpAccess.corporationsOf(user).then((ids) => {
            socket.data.corporationIds = ids;
            next();
          });
        },
        (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
      );
    });
  }

  /**
   * Anonymous sockets get public events only; signed-in ones join their own rooms at once: their
   * user room, `admins` for admins, and `corp:<id>` for each corporation the corporation area's
   * access rules give them (CorpAccess, the same rules as HTTP).
   */
  handleConnection(socket: TypedSocket): void {
    const { userId, roles, corporationIds } = socket.data;
    if (!userId) return;
    void socket.join([...this.roomsFor(userId, roles ?? [], corporationIds ?? [])]);
  }

  private roomsFor(userId: string, roles: readonly Role[], corporationIds: readonly number[]): Set<string> {
    const rooms = new Set([Rooms.user(userId)]);
    if (roles.includes('admin')) rooms.add(Rooms.admins);
    for (const id of corporationIds) rooms.add(Rooms.corp(id));
    return rooms;
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
      const want = this.roomsFor(userId, user.roles, await this.corpAccess.corporationsOf(user));
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
   * Disconnects every socket of this instance whose handshake session is not `keepSessionId`
   * (GET api/admin/kill: those sessions no longer exist; clients reconnect as guests).
   */
  /** Every socket of another session, on every instance (through the adapter), is disconnected. */
  async disconnectOtherSessions(keepSessionId: string): Promise<void> {
    for (const socket of await this.server.fetchSockets()) {
      if (socket.data.sessionId !== keepSessionId) socket.disconnect(true);
    }
  }
}
