/** Pure helpers of the ESI client: URLs, response metadata, retry delays, the response cache. */

export type QueryValue = string | number | boolean | undefined | null;

export function buildEsiUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(baseUrl.replace(/\/$/, '') + (path.startsWith('/') ? path : `/${path}`));
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  return url.toString();
}

export interface ResponseMeta {
  etag?: string;
  /** Epoch ms; absent or unparsable -> undefined (treated as already expired). */
  expires?: number;
  lastModified?: number;
  pages: number;
  errorLimitRemain?: number;
  /** Seconds until the error window resets. */
  errorLimitReset?: number;
  /** Retry-After in ms (seconds or an HTTP date). */
  retryAfterMs?: number;
}

type HeaderSource = { get(name: string): string | null };

function num(v: string | null): number | undefined {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

function date(v: string | null): number | undefined {
  if (!v) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}

export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const seconds = num(value);
  if (seconds !== undefined) return Math.max(0, seconds * 1000);
  const at = date(value);
  return at === undefined ? undefined : Math.max(0, at - nowMs);
}

export function readMeta(headers: HeaderSource, nowMs: number): ResponseMeta {
  const pages = num(headers.get('x-pages'));
  return {
    etag: headers.get('etag') ?? undefined,
    expires: date(headers.get('expires')),
    lastModified: date(headers.get('last-modified')),
    pages: pages !== undefined && pages >= 1 ? Math.floor(pages) : 1,
    errorLimitRemain: num(headers.get('x-esi-error-limit-remain')),
    errorLimitReset: num(headers.get('x-esi-error-limit-reset')),
    retryAfterMs: parseRetryAfter(headers.get('retry-after'), nowMs),
  };
}

/**
 * Exponential backoff with "equal jitter": half of the capped exponential delay is fixed, the other
 * half random, so retries of many clients spread out but never fire immediately.
 * attempt 1 -> [base/2, base], attempt 2 -> [base, 2*base], ... capped at `cap`.
 */
export function backoffDelay(attempt: number, baseMs: number, capMs: number, random: number): number {
  const exp = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * random);
}

/** Statuses worth retrying: ESI's transient failures. 420/429 are handled separately (wait, then retry). */
export function isTransientStatus(status: number): boolean {
  return status === 500 || status === 502 || status === 503 || status === 504;
}

export interface CacheEntry {
  etag?: string;
  expires?: number;
  lastModified?: number;
  pages: number;
  /** Raw body; kept only while the cache has room (validators stay without it). */
  body?: string;
}

/**
 * URL-keyed response cache bounded by body size (LRU). Bodies are kept as raw text (compact,
 * re-parsed on reuse so callers never share mutable objects). An entry without a body cannot
 * serve a 304, so the client then asks without If-None-Match.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CacheEntry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxEntries = 50_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  get(url: string): CacheEntry | undefined {
    const e = this.entries.get(url);
    if (e) {
      this.entries.delete(url);
      this.entries.set(url, e);
    }
    return e;
  }

  set(url: string, entry: CacheEntry): void {
    this.delete(url);
    const fits = entry.body !== undefined && entry.body.length <= this.maxBytes;
    const stored: CacheEntry = fits ? entry : { ...entry, body: undefined };
    this.entries.set(url, stored);
    this.bytes += stored.body?.length ?? 0;
    for (const [key, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      if (key === url || e.body === undefined) continue;
      this.bytes -= e.body.length;
      e.body = undefined;
    }
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
    }
  }

  delete(url: string): void {
    const e = this.entries.get(url);
    if (!e) return;
    this.bytes -= e.body?.length ?? 0;
    this.entries.delete(url);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
