import 'reflect-metadata';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { json, urlencoded, type NextFunction, type Request, type Response } from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { BODY_LIMITS } from '@eve-toolkit/shared-types';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AppModule } from './app.module';
import { csrfProtection } from './common/auth/csrf';
import { sessionMiddleware } from './common/auth/session.middleware';
import { RateLimits } from './common/rate-limit/rate-limit';
import { AppSocketIoAdapter } from './realtime/socket-io.adapter';
import { connectRedis } from './realtime/redis';
import { RealtimeStatus } from './realtime/realtime-status';
import { loadConfig, type AppConfig } from './common/config/config';
import { openDatabase, type DatabaseHandle } from './common/database/database';
import { toApiError, toBodyError } from './common/errors/api-exception.filter';
import { compressionMiddleware } from './common/http/compression';
import { formSizeMiddleware } from './common/http/forms';
import { PageRenderer, spaMiddleware } from './common/http/spa.middleware';

const httpLog = new NestLogger('HTTP');

/**
 * Bodies the parsers refuse (bad JSON, bad compressed data, unsupported encoding, too large)
 * answer a 4xx in the API's error shape before reaching Nest, and are logged once, briefly.
 */
function bodyParserErrors(err: unknown, req: Request, res: Response, next: NextFunction): void {
  if (!err) return next();
  const body = toBodyError(err) ?? toApiError(err).body;
  const reason = (err as { type?: string; code?: string }).type ?? (err as { code?: string }).code ?? 'unknown';
  httpLog.warn(`Тело запроса отклонено: ${req.method} ${req.path} -> ${body.statusCode} (${reason})`);
  res.status(body.statusCode).json(body);
}

/** ws(s):// twin of an http(s) origin, for CSP connect-src. */
function wsOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

/**
 * HSTS only over TLS: when the public URL is https, or this request arrived as https (directly
 * or through a proxy trusted by TRUST_PROXY). Over plain HTTP browsers ignore it anyway, and
 * sending it there only confuses local setups.
 */
function hstsBehindTls(config: AppConfig) {
  const publicHttps = config.publicUrl?.startsWith('https://') ?? false;
  return (req: Request, res: Response, next: NextFunction): void => {
    if (publicHttps || req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

export interface BootstrapOptions {
  /** Overrides applied on top of the validated environment (tests use this). */
  config?: Partial<AppConfig>;
  /** Use an already opened database (tests pass their per-worker server). */
  database?: DatabaseHandle;
  listen?: boolean;
}

export interface RunningApp {
  app: NestExpressApplication;
  config: AppConfig;
  db: DatabaseHandle;
  url: string;
  close(): Promise<void>;
}

/** Builds the whole app; shared by main.ts and the integration tests. */
export async function bootstrap(options: BootstrapOptions = {}): Promise<RunningApp> {
  const loaded: AppConfig = { ...loadConfig(), ...options.config };
  // Demo mode is one module, loaded only in demo mode (production never loads the stand-ins).
  const demo = loaded.demo ? await import('./demo/demo-mode') : null;
  const standIns = demo ? await demo.startDemoStandIns(loaded, process.env, options.config, (m) => console.log(m)) : null;
  const config: AppConfig = standIns?.config ?? loaded;
  const db = options.database ?? (await openDatabase(config, (m) => console.log(m)));

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, db, { demo: demo?.DemoModule }), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  // Client addresses and https come from X-Forwarded-* only through proxies named in TRUST_PROXY.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'img-src': ["'self'", 'data:', config.imageServerUrl],
          'style-src': ["'self'", "'unsafe-inline'"],
          // 'self' covers same-origin ws:/wss: in current browsers; plus explicitly allowed origins.
          'connect-src': ["'self'", ...config.allowedOrigins, ...config.allowedOrigins.map(wsOrigin)],
          'upgrade-insecure-requests': null,
        },
      },
      // Sent below, only when the request really came over TLS.
      strictTransportSecurity: false,
    }),
  );
  app.use(hstsBehindTls(config));
  app.use(...compressionMiddleware());
  app.use(cookieParser());
  app.use(
    json({ limit: BODY_LIMITS.jsonBytes }),
    urlencoded({ limit: BODY_LIMITS.jsonBytes, extended: false }),
    bodyParserErrors,
    formSizeMiddleware(),
  );
  // Sessions in MongoDB, then CSRF on every unsafe request (before any route runs).
  const connection = app.get<Connection>(getConnectionToken());
  const session = sessionMiddleware(config, connection.getClient(), db.dbName);
  const rateLimits = app.get(RateLimits);
  // The indexes the stores and the models create as they start, awaited: a started app has them,
  // and nothing of its start is still in flight if it is closed at once (the driver would
  // interrupt it and the close would fail).
  await Promise.all([session.ready, rateLimits.ready, ...connection.modelNames().map((name) => connection.model(name).init())]);
  app.use(rateLimits.overall());
  app.use(session);
  app.use(csrfProtection());
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  app.get(RealtimeStatus).redis = redis;
  app.useWebSocketAdapter(new AppSocketIoAdapter(app, config, session, redis));
  app.use(spaMiddleware(config.frontendDist, app.get(PageRenderer)));

  let url = '';
  if (options.listen !== false) {
    const server = app.getHttpServer() as import('node:http').Server;
    // A client that declares more body than it sends is cut off, not held for minutes.
    server.requestTimeout = config.httpRequestTimeoutMs;
    server.headersTimeout = Math.ceil(config.httpRequestTimeoutMs / 2);
    // Node checks those timeouts every 30 s by default (read when listening starts): check each second.
    (server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = 1000;
    await app.listen(config.port, config.host);
    const address = app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = `http://127.0.0.1:${port}`;
  } else {
    await app.init();
  }

  if (demo && standIns) await demo.afterDemoStart(app, standIns);

  let closed = false;
  return {
    app,
    config,
    db,
    url,
    async close() {
      if (closed) return;
      closed = true;
      // Nest closes sockets, then the HTTP server (no new connections; requests in flight finish),
      // and only then the shutdown hooks (database): tested in e2e/process.e2e.ts.
      await app.close();
      await redis?.quit().catch(() => undefined);
      if (!options.database) await db.close();
      await standIns?.close();
    },
  };
}
