import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@eve-toolkit/shared-types';
import { SessionResolver } from '../common/auth/session-resolver.service';
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

  constructor(private readonly sessions: SessionResolver) {}

  /** Who connects is resolved before the handshake completes (a Socket.IO middleware). */
  afterInit(server: TypedServer): void {
    server.use((socket, next) => {
      this.sessions.resolve(socket.request).then(
        (user) => {
          if (user) {
            socket.data.userId = user.id;
            socket.data.username = user.username;
            socket.data.roles = user.roles;
          }
          next();
        },
        (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
      );
    });
  }

  /** Anonymous sockets get public events only; signed-in ones join their own rooms at once. */
  handleConnection(socket: TypedSocket): void {
    const { userId, roles } = socket.data;
    if (!userId) return;
    void socket.join(Rooms.user(userId));
    if (roles?.includes('admin')) void socket.join(Rooms.admins);
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
}
