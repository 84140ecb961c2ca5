import { Logger } from '@nestjs/common';
import { EsiError, EsiHttpError, EsiInconsistentPagesError, EsiUnavailableError } from './esi.errors';
import {
  backoffDelay,
  buildEsiUrl,
  isTransientStatus,
  readMeta,
  ResponseCache,
  type QueryValue,
  type ResponseMeta,
} from './esi-http';

export interface EsiClientOptions {
  baseUrl: string;
  userAgent: string;
  compatibilityDate: string;
  /** Per-request timeout (default 20 s). */
  timeoutMs?: number;
  /** Attempts for transient failures: network errors, timeouts, 5xx (default 4). */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Waits for 420/429 (Retry-After or error-window reset) allowed per request (default 3). */
  maxRateLimitWaits?: number;
  /** Longest single wait honoured for Retry-After / error-limit resets (default 65 s). */
  maxWaitMs?: number;
  /** Pause new requests when `X-ESI-Error-Limit-Remain` is at or below this (default 10). */
  errorLimitThreshold?: number;
  /** Page fan-out (default 8). */
  concurrency?: number;
  /** Byte budget of cached bodies (default 32 MB; a 400-page order book does not fit, its validators do). */
  cacheMaxBytes?: number;
  /** Restarts of a paged read when its Last-Modified changes midway (default 3). */
  maxPageRestarts?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

export type EsiSource = 'network' | 'revalidated' | 'cache';

export interface EsiResponse<T> {
  data: T;
  url: string;
  /** network: a 200 body; revalidated: a 304 reused the cached body; cache: still fresh by Expires, no request. */
  source: EsiSource;
  etag?: string;
  expires?: Date;
  lastModified?: Date;
  pages: number;
}

export interface GetOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Ignore Expires freshness (still revalidates with If-None-Match). */
  revalidate?: boolean;
  /**
   * A character's SSO access token (authenticated routes such as /characters/{id}/wallet/): sent
   * as `Authorization: Bearer`. Such answers are cached apart from anonymous ones.
   */
  accessToken?: string;
}

export interface PagedOptions<T> extends GetOptions {
  concurrency?: number;
  /** Called once per page as pages arrive (any order). */
  onPage(items: T[], page: number): void | Promise<void>;
  /** Called before re-reading from page 1 when the resource changed midway: drop what onPage collected. */
  onRestart?(): void;
}

export interface PagedResult {
  pages: number;
  lastModified?: Date;
  expires?: Date;
  /** Every page came from the cache or a 304: the resource is what we read last time. */
  unchanged: boolean;
  restarts: number;
}

export interface EsiClientStats {
  requests: number;
  notModified: number;
  cacheHits: number;
  retries: number;
  rateLimitWaits: number;
  errorLimitPauses: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one client for EVE's ESI (game-mechanics.md §7): descriptive User-Agent and
 * X-Compatibility-Date on every call, ETag/Expires caching with 304 reuse, the error-limit
 * headers (pause while the budget is low), 420/429 Retry-After, exponential backoff with jitter
 * on network errors/timeouts/5xx, X-Pages fan-out with bounded concurrency and detection of a
 * refresh in the middle of a paged read. Failures surface as typed errors (esi.errors.ts).
 */
export class EsiClient {
  private readonly logger = new Logger('EsiClient');
  private readonly o: Required<Omit<EsiClientOptions, 'fetch' | 'sleep' | 'now' | 'random'>>;
  private readonly fetchFn: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly random: () => number;
  readonly cache: ResponseCache;
  private errorRemain: number | undefined;
  private errorResetAt = 0;
  private pause: Promise<void> | null = null;
  /** When the budget was last taken as restored: answers to requests sent before then are stale. */
  private budgetRestoredAt = -Infinity;
  readonly stats: EsiClientStats = {
    requests: 0,
    notModified: 0,
    cacheHits: 0,
    retries: 0,
    rateLimitWaits: 0,
    errorLimitPauses: 0,
  };

  constructor(options: EsiClientOptions) {
    this.o = {
      baseUrl: options.baseUrl.replace(/\/$/, ''),
      userAgent: options.userAgent,
      compatibilityDate: options.compatibilityDate,
      timeoutMs: options.timeoutMs ?? 20_000,
      maxAttempts: options.maxAttempts ?? 4,
      backoffBaseMs: options.backoffBaseMs ?? 500,
      backoffCapMs: options.backoffCapMs ?? 15_000,
      maxRateLimitWaits: options.maxRateLimitWaits ?? 3,
      maxWaitMs: options.maxWaitMs ?? 65_000,
      errorLimitThreshold: options.errorLimitThreshold ?? 10,
      concurrency: options.concurrency ?? 8,
      cacheMaxBytes: options.cacheMaxBytes ?? 32 * 1024 * 1024,
      maxPageRestarts: options.maxPageRestarts ?? 3,
    };
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.cache = new ResponseCache(this.o.cacheMaxBytes);
  }

  get baseUrl(): string {
    return this.o.baseUrl;
  }

  url(path: string, query?: Record<string, QueryValue>): string {
    return buildEsiUrl(this.o.baseUrl, path, query);
  }

  /** GET a JSON resource, from the cache while fresh, revalidating with If-None-Match after. */
  async get<T>(path: string, options: GetOptions = {}): Promise<EsiResponse<T>> {
    const url = this.url(path, options.query);
    // Authenticated answers never serve an anonymous read of the same URL (or the reverse).
    const key = options.accessToken ? `${url}#authenticated` : url;
    const cached = this.cache.get(key);
    if (cached?.body !== undefined && !options.revalidate && cached.expires !== undefined && cached.expires > this.now()) {
      this.stats.cacheHits += 1;
      return this.toResponse<T>(url, 'cache', cached.body, cached);
    }

    const conditional = cached?.body !== undefined ? cached.etag : undefined;
    const { status, meta, text } = await this.request(url, conditional, options.signal, options.accessToken);
    if (status === 304 && cached?.body !== undefined) {
      this.stats.notModified += 1;
      const entry = {
        ...cached,
        etag: meta.etag ?? cached.etag,
        expires: meta.expires,
        lastModified: meta.lastModified ?? cached.lastModified,
        pages: meta.pages,
      };
      this.cache.set(key, entry);
      return this.toResponse<T>(url, 'revalidated', cached.body, entry);
    }
    if (status === 304) throw new EsiError('ESI ответил 304 без закэшированного тела', url);
    const entry = { etag: meta.etag, expires: meta.expires, lastModified: meta.lastModified, pages: meta.pages, body: text };
    if (meta.etag || meta.expires) this.cache.set(key, entry);
    return this.toResponse<T>(url, 'network', text, entry);
  }

  /**
   * Reads every page of an X-Pages resource: page 1 first (it tells the page count), then the
   * rest with bounded concurrency. All pages of one snapshot share Last-Modified; if a page shows
   * another one (ESI refreshed midway) the read restarts from page 1.
   */
  async forEachPage<T>(path: string, options: PagedOptions<T>): Promise<PagedResult> {
    const concurrency = Math.max(1, options.concurrency ?? this.o.concurrency);
    for (let restarts = 0; ; restarts++) {
      if (restarts > this.o.maxPageRestarts) throw new EsiInconsistentPagesError(this.url(path, options.query), restarts - 1);
      if (restarts > 0) options.onRestart?.();
      const revalidate = options.revalidate || restarts > 0;
      const first = await this.get<T[]>(path, { ...options, revalidate, query: { ...options.query, page: 1 } });
      const pages = first.pages;
      const stamp = first.lastModified?.getTime();
      let unchanged = first.source !== 'network';
      let expires = first.expires;
      await options.onPage(first.data, 1);

      let next = 2;
      let inconsistent = false;
      const worker = async () => {
        while (!inconsistent && next <= pages) {
          const page = next++;
          const res = await this.get<T[]>(path, { ...options, revalidate, query: { ...options.query, page } });
          if (res.pages !== pages || res.lastModified?.getTime() !== stamp) {
            inconsistent = true;
            return;
          }
          if (res.source === 'network') unchanged = false;
          if (res.expires && (!expires || res.expires < expires)) expires = res.expires;
          await options.onPage(res.data, page);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(0, pages - 1)) }, worker));
      if (inconsistent) {
        this.logger.warn(`ESI обновил ${path} во время чтения страниц, читаю заново`);
        continue;
      }
      return { pages, lastModified: first.lastModified, expires, unchanged, restarts };
    }
  }

  /** All pages concatenated (for resources that fit in memory comfortably). */
  async getAllPages<T>(path: string, options: GetOptions & { concurrency?: number } = {}): Promise<PagedResult & { data: T[] }> {
    let byPage = new Map<number, T[]>();
    const meta = await this.forEachPage<T>(path, {
      ...options,
      onPage: (items, page) => void byPage.set(page, items),
      onRestart: () => (byPage = new Map()),
    });
    const data: T[] = [];
    for (let p = 1; p <= meta.pages; p++) data.push(...(byPage.get(p) ?? []));
    return { ...meta, data };
  }

  private toResponse<T>(
    url: string,
    source: EsiSource,
    body: string,
    meta: { etag?: string; expires?: number; lastModified?: number; pages: number },
  ): EsiResponse<T> {
    return {
      data: JSON.parse(body) as T,
      url,
      source,
      etag: meta.etag,
      expires: meta.expires !== undefined ? new Date(meta.expires) : undefined,
      lastModified: meta.lastModified !== undefined ? new Date(meta.lastModified) : undefined,
      pages: meta.pages,
    };
  }

  /** Waits while the error budget is low: ESI bans clients that keep erring after it runs out. */
  private async respectErrorLimit(): Promise<void> {
    while (this.pause) await this.pause;
    if (this.errorRemain === undefined || this.errorRemain > this.o.errorLimitThreshold) return;
    const wait = this.errorResetAt - this.now();
    if (wait <= 0) {
      this.errorRemain = undefined;
      this.budgetRestoredAt = this.now();
      return;
    }
    this.stats.errorLimitPauses += 1;
    this.logger.warn(`Лимит ошибок ESI почти исчерпан (осталось ${this.errorRemain}), пауза ${Math.ceil(wait / 1000)} с`);
    this.pause = this.sleep(Math.min(wait, this.o.maxWaitMs) + 250).then(() => {
      this.errorRemain = undefined;
      this.budgetRestoredAt = this.now();
      this.pause = null;
    });
    await this.pause;
  }

  private noteErrorLimit(meta: ResponseMeta, sentAt: number): void {
    if (meta.errorLimitRemain === undefined) return;
    // A request sent before the wait ended (a page fetched in parallel) may answer after it with the
    // old window's count: that count is already spent, and must not start a second pause.
    if (sentAt < this.budgetRestoredAt) return;
    this.errorRemain = meta.errorLimitRemain;
    this.errorResetAt = this.now() + (meta.errorLimitReset ?? 60) * 1000;
  }

  private async request(
    url: string,
    etag: string | undefined,
    signal?: AbortSignal,
    accessToken?: string,
  ): Promise<{ status: number; meta: ResponseMeta; text: string }> {
    let attempt = 0;
    let waits = 0;
    let lastStatus: number | null = null;
    let lastError: unknown;
    for (;;) {
      await this.respectErrorLimit();
      attempt += 1;
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'User-Agent': this.o.userAgent,
        'X-Compatibility-Date': this.o.compatibilityDate,
      };
      if (etag) headers['If-None-Match'] = etag;
      if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
      const timeout = AbortSignal.timeout(this.o.timeoutMs);
      this.stats.requests += 1;
      const sentAt = this.now();
      try {
        const res = await this.fetchFn(url, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
        const meta = readMeta(res.headers, this.now());
        this.noteErrorLimit(meta, sentAt);
        if (res.status === 200 || res.status === 304) {
          const text = res.status === 304 ? '' : await res.text();
          return { status: res.status, meta, text };
        }
        const body = await res.text().catch(() => '');
        lastStatus = res.status;
        if (res.status === 420 || res.status === 429) {
          waits += 1;
          if (waits > this.o.maxRateLimitWaits) throw new EsiUnavailableError(url, attempt, res.status);
          const wait = meta.retryAfterMs ?? (meta.errorLimitReset !== undefined ? meta.errorLimitReset * 1000 : 60_000);
          this.stats.rateLimitWaits += 1;
          this.logger.warn(`ESI ответил ${res.status}, жду ${Math.ceil(wait / 1000)} с: ${url}`);
          await this.sleep(Math.min(wait, this.o.maxWaitMs));
          attempt -= 1; // a rate-limit wait is not a failed attempt
          continue;
        }
        if (!isTransientStatus(res.status)) {
          throw new EsiHttpError(url, res.status, esiMessage(body) ?? `HTTP ${res.status}`);
        }
      } catch (err) {
        if (err instanceof EsiError) throw err;
        if (signal?.aborted) throw err;
        lastError = err;
        lastStatus = null;
      }
      if (attempt >= this.o.maxAttempts) throw new EsiUnavailableError(url, attempt, lastStatus, lastError);
      this.stats.retries += 1;
      await this.sleep(backoffDelay(attempt, this.o.backoffBaseMs, this.o.backoffCapMs, this.random()));
    }
  }
}

function esiMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : undefined;
  } catch {
    return body ? body.slice(0, 200) : undefined;
  }
}
