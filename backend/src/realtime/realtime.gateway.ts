import { Logger } from '@nestjs/common';
import { OnGatewayConnection, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@eve-toolkit/shared-types';

type TypedServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * The only class that touches the Socket.IO server. The server (never the client) decides rooms;
 * accounts add `user:<id>`, `corp:<id>` and `admins` rooms when they land.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false, connectionStateRecovery: { maxDisconnectionDuration: 120_000 } })
export class RealtimeGateway implements OnGatewayConnection {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server!: TypedServer;

  handleConnection(socket: TypedSocket): void {
    this.logger.debug(`socket connected ${socket.id}`);
  }

  emitToAll<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.server.emit(event, ...args);
  }

  emitTo<E extends keyof ServerToClientEvents>(room: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.server.to(room).emit(event, ...args);
  }
}
