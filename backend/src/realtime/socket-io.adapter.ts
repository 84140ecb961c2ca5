import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import type { Server, ServerOptions } from 'socket.io';
import { SessionAwareAdapter } from 'socket.io-adapter';
import type { AppConfig } from '../common/config/config';
import { withCheckedRecovery } from './recovery';
import { redisStreamsAdapter, type RedisClient } from './redis';

/** The app's own origin (from the request's Host), PUBLIC_URL's and ALLOWED_ORIGINS are allowed. */
export function originAllowed(origin: string | undefined, host: string | undefined, config: AppConfig): boolean {
  if (!origin) return true; // not a browser (server-side clients, tests): nothing to forge against
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (host && o.host === host) return true;
  if (config.publicUrl && new URL(config.publicUrl).origin === o.origin) return true;
  return config.allowedOrigins.includes(o.origin);
}

/**
 * Socket.IO with the app's rules: browsers from other origins are refused at the handshake,
 * the handshake request passes through the same session middleware as HTTP, so the one
 * SessionResolver can read who is connecting, and connection-state recovery restores nothing
 * the gateway has not checked (recovery.ts).
 */
export class AppSocketIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
    private readonly session: RequestHandler,
    private readonly redis: RedisClient | null = null,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      // In memory or across instances, a recovered session is restored only once the gateway checked it.
      adapter: withCheckedRecovery(this.redis ? redisStreamsAdapter(this.redis) : SessionAwareAdapter),
      allowRequest: (req: IncomingMessage, callback: (err: string | null | undefined, ok: boolean) => void) =>
        callback(null, originAllowed(req.headers.origin, req.headers.host, this.config)),
    }) as Server;
    server.engine.use(this.session);
    return server;
  }
}
