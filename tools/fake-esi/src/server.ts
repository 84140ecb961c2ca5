/**
 * The fake ESI HTTP server: a route table answered in ESI's real formats and headers, with
 * conditional requests (ETag / If-None-Match -> 304), the error-limit headers and 420 when the
 * budget is spent, and injectable faults per path for tests.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { loadCatalog, type Catalog } from './catalog';
import { FakeMarket } from './market';
import { marketRoutes } from './routes';
import { characterRoutes } from './character-routes';
import { corpRoutes, FakeCorpData } from './corp-routes';
import { FakeKillmails, killmailRoutes } from './killmail-routes';
import { DEFAULT_SSO_CHARACTERS } from './sso-characters';
import type { FakeSso } from './sso';

export interface RouteContext {
  url: URL;
  /** Regex capture groups of the route pattern. */
  params: string[];
  query: URLSearchParams;
  req: IncomingMessage;
  nowMs: number;
  server: FakeEsiInternals;
}

export interface RouteResult {
  status?: number;
  /** The JSON body, or a function producing it (skipped when the answer is a 304). */
  body: unknown;
  /** Identity of the content; the ETag is a hash of it (default: a hash of the body). */
  etagKey?: string;
  expires?: Date;
  lastModified?: Date;
  pages?: number;
  headers?: Record<string, string>;
}

export interface FakeRoute {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Matched against the pathname without a trailing slash (e.g. /markets/10000002/orders). */
  pattern: RegExp;
  handle(ctx: RouteContext): RouteResult | Promise<RouteResult>;
}

/** A fault injected on matching requests. */
export interface FaultSpec {
  /** Answer with this status (and ESI's `{ error }` body unless `body` is given). */
  status?: number;
  body?: unknown;
  /** `Retry-After` seconds (420 / 429). */
  retryAfter?: number;
  /** Destroy the connection without answering (ESI unreachable). */
  down?: boolean;
  /** Delay the answer (slow ESI); combined with nothing else the normal answer follows. */
  delayMs?: number;
  /**
   * Hold the answer until this settles (a test's gate: the request is in flight for as long as the
   * test needs, whatever the machine's speed); `onArrival` is told when such a request arrives.
   */
  until?: Promise<unknown>;
  onArrival?: (entry: RequestLogEntry) => void;
  /** Only requests for this `page` query value. */
  page?: number;
  /** Apply this many times, then remove itself (default: until cleared). */
  times?: number;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: string;
  status: number;
  route: string;
  userAgent?: string;
  compatibilityDate?: string;
  ifNoneMatch?: string;
  at: number;
  /** The `X-ESI-Error-Limit-Remain` this request was answered with (unset until answered). */
  errorLimitRemain?: number;
}

export interface FakeEsiStats {
  requests: number;
  notModified: number;
  errors: number;
  byRoute: Record<string, number>;
  /** Last 10 000 requests. */
  log: RequestLogEntry[];
}

export interface FakeEsiOptions {
  port?: number;
  host?: string;
  seed?: number;
  /** Unset: the market seed shipped in tools/fake-esi/data; an EVE data folder to build from; `null`: the built-in mini catalogue. */
  dataDir?: string | null;
  /** Orders in each region's book (default 20 000 = 20 pages); a map gives per-region counts (others 0). */
  ordersPerRegion?: number | Record<number, number>;
  featuredTypeIds?: readonly number[];
  /**
   * `true`: the order book changes every `ordersCacheSeconds` by the wall clock (demo).
   * `false` (default): it changes only when `advanceMarket()` is called (tests).
   */
  live?: boolean;
  /** Cache lifetimes (ESI: orders 300 s, prices 3600 s, industry 3600 s, history until 11:05 UTC). */
  ordersCacheSeconds?: number;
  pricesCacheSeconds?: number;
  industryCacheSeconds?: number;
  historyCacheSeconds?: number;
  historyDays?: number;
  /** Error-limit budget per window (ESI: 100 per 60 s). */
  errorLimit?: number;
  /** The window is a duration: measured on `now` when a test gives one, else on the monotonic clock. */
  errorWindowSeconds?: number;
  /** Extra routes (later features: characters, SSO ...), matched before the built-in ones. */
  routes?: FakeRoute[];
  /** Clock (tests may freeze it). */
  now?: () => number;
  /** The fake SSO whose access tokens the character routes accept (also settable later with `useSso`). */
  sso?: FakeSso;
  /** Overrides the character routes' cache lifetimes (tests: 0, so every change is seen at once). */
  characterCacheSeconds?: number;
}

export interface FakeEsi {
  url: string;
  port: number;
  market: FakeMarket;
  catalog: Catalog;
  close(): Promise<void>;
  /** Injects a fault on paths equal to (string) or matching (RegExp) the request path; returns a remover. */
  setFault(path: string | RegExp, fault: FaultSpec): () => void;
  clearFaults(): void;
  /**
   * Forces the error-limit state (e.g. remain 3, reset in 1 s), the window starting with the next
   * request (so a test's own pause before it does not shorten the window).
   */
  setErrorLimit(remain: number, resetSeconds: number): void;
  /**
   * Holds the answers of the next `times` (default 1) requests to `path` until `release()`:
   * `arrived` resolves with the first such request once it is in flight.
   */
  hold(path: string | RegExp, times?: number): { arrived: Promise<RequestLogEntry>; release(): void };
  /** New order-book snapshot (new prices, Last-Modified and ETags). Manual mode only. */
  advanceMarket(): void;
  /** The current snapshot of the book: epoch and the moment its prices were generated for. */
  marketState(): { epoch: number; lastModified: Date; expires: Date };
  readonly stats: FakeEsiStats;
  resetStats(): void;
  addRoute(route: FakeRoute): void;
  /** Accept this SSO's access tokens on the authenticated character routes. */
  useSso(sso: FakeSso | null): void;
  /** Characters' industry jobs and contracts (the corporation area's candidates). */
  readonly corp: FakeCorpData;
  /** Killmails, characters' recent losses and insurance prices (ship replacement). */
  readonly killmails: FakeKillmails;
}

/** What route handlers may read from the server. */
export interface FakeEsiInternals {
  market: FakeMarket;
  options: Required<
    Omit<
      FakeEsiOptions,
      'routes' | 'port' | 'host' | 'dataDir' | 'ordersPerRegion' | 'featuredTypeIds' | 'sso' | 'characterCacheSeconds'
    >
  >;
  marketState(): { epoch: number; lastModified: Date; expires: Date };
  startedAt: number;
}

interface ActiveFault {
  path: string | RegExp;
  spec: FaultSpec;
  remaining: number;
}

const ERROR_LIMITED =
  'This software has exceeded the error limit for ESI. If you are a user, please contact the maintainer of this software. If you are a developer/maintainer, please make a greater effort in the future to receive valid responses.';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  420: ERROR_LIMITED,
  429: 'Too many errors. You have been temporarily throttled.',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Timeout contacting tranquility',
};

function etagOf(content: string): string {
  return `"${createHash('sha1').update(content).digest('hex')}"`;
}

export async function startFakeEsi(opts: FakeEsiOptions = {}): Promise<FakeEsi> {
  const now = opts.now ?? (() => Date.now());
  const catalog = await loadCatalog(opts.dataDir);
  const market = new FakeMarket(catalog, {
    seed: opts.seed ?? 1,
    ordersPerRegion: opts.ordersPerRegion ?? 20_000,
    featuredTypeIds: opts.featuredTypeIds ?? FakeMarket.defaultFeatured,
  });
  const options: FakeEsiInternals['options'] = {
    seed: opts.seed ?? 1,
    live: opts.live ?? false,
    ordersCacheSeconds: opts.ordersCacheSeconds ?? 300,
    pricesCacheSeconds: opts.pricesCacheSeconds ?? 3600,
    industryCacheSeconds: opts.industryCacheSeconds ?? 3600,
    historyCacheSeconds: opts.historyCacheSeconds ?? 3600,
    historyDays: opts.historyDays ?? 400,
    errorLimit: opts.errorLimit ?? 100,
    errorWindowSeconds: opts.errorWindowSeconds ?? 60,
    now,
  };

  const startedAt = Math.floor(now() / 1000) * 1000;
  let manualEpoch = 0;
  let manualModified = startedAt;
  const marketState = () => {
    if (options.live) {
      const period = Math.max(1, options.ordersCacheSeconds) * 1000;
      const epoch = Math.floor(now() / period);
      return { epoch, lastModified: new Date(epoch * period), expires: new Date((epoch + 1) * period) };
    }
    return {
      epoch: manualEpoch,
      lastModified: new Date(manualModified),
      expires: new Date(Math.floor(now() / 1000) * 1000 + options.ordersCacheSeconds * 1000),
    };
  };
  const internals: FakeEsiInternals = { market, options, marketState, startedAt };

  let sso: FakeSso | null = opts.sso ?? null;
  const corp = new FakeCorpData(DEFAULT_SSO_CHARACTERS);
  const killmails = new FakeKillmails(DEFAULT_SSO_CHARACTERS, startedAt);
  const routes: FakeRoute[] = [
    ...(opts.routes ?? []),
    ...marketRoutes(),
    ...characterRoutes({ sso: () => sso, cacheSeconds: () => opts.characterCacheSeconds }),
    ...corpRoutes({ sso: () => sso, cacheSeconds: () => opts.characterCacheSeconds, corpData: () => corp }),
    ...killmailRoutes({ sso: () => sso, cacheSeconds: () => opts.characterCacheSeconds, killmails: () => killmails }),
  ];
  let faults: ActiveFault[] = [];
  // A duration, measured on the monotonic clock unless the test drives the clock: under the date
  // sweep the faked Date may trail the real timers a client waits with.
  const windowClock = opts.now ?? (() => performance.now());
  let errorRemain = options.errorLimit;
  let errorResetAt = windowClock() + options.errorWindowSeconds * 1000;
  /** A window set by `setErrorLimit`, started by the next request. */
  let nextWindowMs: number | null = null;
  const freshStats = (): FakeEsiStats => ({ requests: 0, notModified: 0, errors: 0, byRoute: {}, log: [] });
  let stats = freshStats();

  const errorHeaders = () => {
    if (nextWindowMs !== null) {
      errorResetAt = windowClock() + nextWindowMs;
      nextWindowMs = null;
    }
    if (windowClock() >= errorResetAt) {
      errorRemain = options.errorLimit;
      errorResetAt = windowClock() + options.errorWindowSeconds * 1000;
    }
    return {
      'X-ESI-Error-Limit-Remain': String(Math.max(0, errorRemain)),
      'X-ESI-Error-Limit-Reset': String(Math.max(0, Math.ceil((errorResetAt - windowClock()) / 1000))),
    };
  };

  const takeFault = (path: string, page: string | null): FaultSpec | undefined => {
    for (const f of faults) {
      const pathOk = typeof f.path === 'string' ? f.path === '*' || f.path === path : f.path.test(path);
      if (!pathOk) continue;
      if (f.spec.page !== undefined && String(f.spec.page) !== (page ?? '1')) continue;
      f.remaining -= 1;
      if (f.remaining <= 0) faults = faults.filter((x) => x !== f);
      return f.spec;
    }
    return undefined;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://fake-esi');
    const path = url.pathname.replace(/^\/(latest|v\d+|legacy|dev)(?=\/)/, '').replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    let routeName = 'unknown';
    const entry: RequestLogEntry = {
      method,
      path,
      query: url.search,
      status: 0,
      route: routeName,
      userAgent: req.headers['user-agent'],
      compatibilityDate: req.headers['x-compatibility-date'] as string | undefined,
      ifNoneMatch: req.headers['if-none-match'],
      at: now(),
    };
    stats.requests += 1;
    stats.log.push(entry);
    if (stats.log.length > 10_000) stats.log.shift();

    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      entry.route = routeName;
      stats.byRoute[routeName] = (stats.byRoute[routeName] ?? 0) + 1;
      if (status >= 400 && status !== 420 && status !== 429) {
        errorHeaders();
        errorRemain -= 1;
        stats.errors += 1;
      }
      if (status === 304) stats.notModified += 1;
      const text = status === 304 ? '' : JSON.stringify(body);
      const limit = errorHeaders();
      entry.errorLimitRemain = Number(limit['X-ESI-Error-Limit-Remain']);
      res.writeHead(status, {
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'public',
        'Content-Type': 'application/json; charset=utf-8',
        'X-ESI-Request-ID': randomUUID(),
        ...limit,
        ...headers,
      });
      res.end(text);
    };
    const fail = (status: number, message?: string, extra: Record<string, string> = {}) =>
      send(status, { error: message ?? STATUS_TEXT[status] ?? 'Error' }, extra);

    const route = routes.find((r) => r.method === method && r.pattern.test(path));
    if (route) routeName = route.name;

    errorHeaders();
    if (errorRemain <= 0) {
      return fail(420, ERROR_LIMITED);
    }

    const fault = takeFault(path, url.searchParams.get('page'));
    fault?.onArrival?.(entry);
    if (fault?.until) await fault.until.catch(() => undefined);
    if (fault?.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault?.down) {
      entry.status = -1;
      req.socket.destroy();
      return;
    }
    if (fault?.status) {
      const extra: Record<string, string> = fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {};
      if (fault.body !== undefined) return send(fault.status, fault.body, extra);
      return fail(fault.status, undefined, extra);
    }

    const compat = req.headers['x-compatibility-date'] ?? url.searchParams.get('compatibility_date');
    if (compat !== undefined && compat !== null) {
      const c = String(compat);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(c) || c > new Date(now()).toISOString().slice(0, 10)) {
        return fail(400, `Invalid compatibility date: ${c}`);
      }
    }

    if (!route) return fail(404, 'Not found');
    const match = route.pattern.exec(path) ?? [];
    let result: RouteResult;
    try {
      result = await route.handle({ url, params: match.slice(1), query: url.searchParams, req, nowMs: now(), server: internals });
    } catch (err) {
      return fail(500, (err as Error).message);
    }
    const status = result.status ?? 200;
    if (status >= 400) {
      const body = typeof result.body === 'function' ? (result.body as () => unknown)() : result.body;
      return send(status, body, result.headers);
    }
    const headers: Record<string, string> = { ...(result.headers ?? {}) };
    if (result.expires) headers.Expires = result.expires.toUTCString();
    if (result.lastModified) headers['Last-Modified'] = result.lastModified.toUTCString();
    if (result.pages !== undefined) headers['X-Pages'] = String(result.pages);
    let body: unknown;
    let etag: string;
    if (result.etagKey !== undefined) {
      etag = etagOf(result.etagKey);
    } else {
      body = typeof result.body === 'function' ? (result.body as () => unknown)() : result.body;
      etag = etagOf(JSON.stringify(body));
    }
    headers.ETag = etag;
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim() === etag)) {
      return send(304, undefined, headers);
    }
    if (body === undefined) body = typeof result.body === 'function' ? (result.body as () => unknown)() : result.body;
    return send(status, body, headers);
  };

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: (err as Error).message }));
      }
    });
  });
  // Idle keep-alive sockets are closed by the client (undici: after 4 s), never by this server
  // while a client may still pick one for its next request: a server closing first (it was 5 s)
  // raced with that on a busy machine, and the request failed as "other side closed" and was retried.
  server.keepAliveTimeout = 60_000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    market,
    catalog,
    get stats() {
      return stats;
    },
    resetStats() {
      stats = freshStats();
    },
    setFault(path, spec) {
      const f: ActiveFault = { path, spec, remaining: spec.times ?? Infinity };
      faults.push(f);
      return () => {
        faults = faults.filter((x) => x !== f);
      };
    },
    clearFaults() {
      faults = [];
    },
    setErrorLimit(remain, resetSeconds) {
      errorRemain = remain;
      nextWindowMs = resetSeconds * 1000;
    },
    hold(path, times = 1) {
      let release!: () => void;
      const until = new Promise<void>((resolve) => (release = resolve));
      let arrive!: (entry: RequestLogEntry) => void;
      const arrived = new Promise<RequestLogEntry>((resolve) => (arrive = resolve));
      faults.push({ path, spec: { until, onArrival: arrive, times }, remaining: times });
      return { arrived, release };
    },
    advanceMarket() {
      manualEpoch += 1;
      manualModified = Math.max(Math.floor(now() / 1000) * 1000, manualModified + 1000);
    },
    marketState,
    addRoute(route) {
      routes.unshift(route);
    },
    useSso(next) {
      sso = next;
    },
    corp,
    killmails,
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
