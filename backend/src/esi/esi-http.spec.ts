import { backoffDelay, buildEsiUrl, isTransientStatus, parseRetryAfter, readMeta, ResponseCache } from './esi-http';

describe('backoffDelay (equal jitter)', () => {
  it.each([
    [1, 0, 250],
    [1, 1, 500],
    [2, 0, 500],
    [2, 0.5, 750],
    [3, 1, 2000],
    [6, 1, 10_000], // 500 * 2^5 = 16 000 capped at 10 000
    [6, 0, 5_000],
  ])('attempt %i, random %d -> %i ms', (attempt, random, expected) => {
    expect(backoffDelay(attempt, 500, 10_000, random)).toBe(expected);
  });
});

describe('response metadata', () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  const now = Date.parse('2025-10-01T12:00:00Z');

  it('reads ESI caching, paging and error-limit headers', () => {
    const meta = readMeta(
      headers({
        ETag: '"abc"',
        Expires: 'Wed, 01 Oct 2025 12:05:00 GMT',
        'Last-Modified': 'Wed, 01 Oct 2025 12:00:00 GMT',
        'X-Pages': '312',
        'X-ESI-Error-Limit-Remain': '87',
        'X-ESI-Error-Limit-Reset': '41',
      }),
      now,
    );
    expect(meta).toEqual({
      etag: '"abc"',
      expires: Date.parse('2025-10-01T12:05:00Z'),
      lastModified: now,
      pages: 312,
      errorLimitRemain: 87,
      errorLimitReset: 41,
      retryAfterMs: undefined,
    });
  });

  it('defaults to one page and no validators', () => {
    expect(readMeta(headers({ 'X-Pages': 'zero' }), now)).toMatchObject({ pages: 1, etag: undefined, expires: undefined });
  });

  it.each([
    ['5', 5000],
    ['0', 0],
    ['Wed, 01 Oct 2025 12:00:30 GMT', 30_000],
    ['Wed, 01 Oct 2025 11:00:00 GMT', 0],
    ['soon', undefined],
  ])('Retry-After %s -> %s ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it('treats only 500/502/503/504 as transient', () => {
    expect([400, 403, 404, 420, 429, 500, 502, 503, 504].filter(isTransientStatus)).toEqual([500, 502, 503, 504]);
  });

  it('builds URLs without empty query values', () => {
    expect(buildEsiUrl('http://esi.local/', '/markets/10000002/orders', { order_type: 'all', page: 3, type_id: undefined })).toBe(
      'http://esi.local/markets/10000002/orders?order_type=all&page=3',
    );
  });
});

describe('ResponseCache', () => {
  it('keeps validators but drops the least recently used bodies beyond the byte budget', () => {
    const cache = new ResponseCache(10);
    cache.set('a', { etag: 'A', pages: 1, body: '1234' });
    cache.set('b', { etag: 'B', pages: 1, body: '5678' });
    cache.get('a'); // a is now the most recent
    cache.set('c', { etag: 'C', pages: 1, body: '9012' });
    expect(cache.get('b')).toEqual({ etag: 'B', pages: 1, body: undefined });
    expect(cache.get('a')?.body).toBe('1234');
    expect(cache.get('c')?.body).toBe('9012');
    expect(cache.usedBytes).toBe(8);
  });

  it('never keeps a body larger than the whole budget', () => {
    const cache = new ResponseCache(3);
    cache.set('big', { etag: 'X', pages: 1, body: '1234' });
    expect(cache.get('big')).toEqual({ etag: 'X', pages: 1, body: undefined });
    expect(cache.usedBytes).toBe(0);
  });

  it('bounds the number of entries', () => {
    const cache = new ResponseCache(100, 2);
    cache.set('a', { pages: 1, body: 'x' });
    cache.set('b', { pages: 1, body: 'y' });
    cache.set('c', { pages: 1, body: 'z' });
    expect([cache.get('a'), cache.size, cache.usedBytes]).toEqual([undefined, 2, 2]);
  });
});
