/** TCP server: framing, OP_QUERY handshake, OP_MSG dispatch, connection lifecycle. */
import * as net from 'node:net';
import { Document } from 'bson';
import { ConnectionInfo, Engine } from './engine';
import { InboundMessage, MSG_MORE_TO_COME, MessageFramer, encodeOpMsg, encodeOpReply, parseMessage } from './wire';
import { CommandError, ErrorCodes } from './errors';

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface ServerHooks {
  onCommandTiming?: (command: string, durationMs: number) => void;
}

export class WireServer {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private nextConnectionId = 1;
  private nextRequestId = 1;

  constructor(
    private readonly engine: Engine,
    private readonly logger: Logger,
    private readonly hooks: ServerHooks = {},
  ) {
    this.server = net.createServer((s) => this.onConnection(s));
    this.server.on('error', (e) => this.logger.error(`server error: ${e.message}`));
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (e: Error): void => reject(e);
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        const addr = this.server.address();
        resolve(typeof addr === 'object' && addr ? addr.port : port);
      });
    });
  }

  /** Listens on a Unix domain socket instead of TCP. */
  listenOnPath(socketPath: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const onError = (e: Error): void => reject(e);
      this.server.once('error', onError);
      this.server.listen(socketPath, () => {
        this.server.off('error', onError);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  private onConnection(socket: net.Socket): void {
    socket.setNoDelay(true);
    this.sockets.add(socket);
    const conn: ConnectionInfo = {
      connectionId: this.nextConnectionId++,
      remote: `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? 0}`,
    };
    const framer = new MessageFramer();
    // process messages of one connection strictly in order
    let chain: Promise<void> = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      let messages: Buffer[];
      try {
        messages = framer.push(chunk);
      } catch (e) {
        this.logger.warn(`connection ${conn.connectionId}: ${(e as Error).message}; closing`);
        socket.destroy();
        return;
      }
      for (const raw of messages) {
        chain = chain
          .then(() => this.handle(raw, socket, conn))
          .catch((e: unknown) => {
            this.logger.warn(`connection ${conn.connectionId}: ${(e as Error).message}; closing`);
            socket.destroy();
          });
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
  }

  private async handle(raw: Buffer, socket: net.Socket, conn: ConnectionInfo): Promise<void> {
    const msg: InboundMessage = parseMessage(raw);
    const started = process.hrtime.bigint();
    if (msg.kind === 'query') {
      const q = msg.query;
      const first = Object.keys(q)[0] ?? '';
      const cmd: Document = '$query' in q && typeof q.$query === 'object' ? (q.$query as Document) : q;
      const name = Object.keys(cmd)[0] ?? first;
      let reply: Document;
      if (!msg.fullCollectionName.endsWith('.$cmd')) {
        reply = new CommandError(
          5739101,
          'Location5739101',
          'OP_QUERY is no longer supported. The client driver may require an upgrade.',
        ).toReply();
      } else if (name === 'isMaster' || name === 'ismaster' || name === 'hello') {
        reply = this.engine.helloReply(conn);
      } else {
        const db = msg.fullCollectionName.slice(0, -'.$cmd'.length);
        reply = await this.engine.run({ ...cmd, $db: db }, conn);
      }
      if (!socket.destroyed) socket.write(encodeOpReply(this.nextRequestId++, msg.header.requestId, [reply]));
      this.hooks.onCommandTiming?.(name, Number(process.hrtime.bigint() - started) / 1e6);
      return;
    }
    const name = Object.keys(msg.command)[0] ?? '';
    const reply = await this.engine.run(msg.command, conn);
    this.hooks.onCommandTiming?.(name, Number(process.hrtime.bigint() - started) / 1e6);
    if (msg.flags & MSG_MORE_TO_COME) return; // fire-and-forget (w:0): no reply
    if (socket.destroyed) return;
    socket.write(encodeOpMsg(this.nextRequestId++, msg.header.requestId, reply));
  }
}

export { ErrorCodes };
