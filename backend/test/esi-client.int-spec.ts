/** The ESI client against the fake ESI over real HTTP. */
import { startFakeEsi, type EsiMarketOrder, type FakeEsi } from '@eve-toolkit/fake-esi';
import { EsiClient, type EsiClientOptions } from '../src/esi/esi.client';
import { EsiHttpError, EsiUnavailableError } from '../src/esi/esi.errors';

const REGION = 10000002;
const ORDERS = `/markets/${REGION}/orders`;

describe('EsiClient against the fake ESI', () => {
  let fake: FakeEsi;
  const client = (extra: Partial<EsiClientOptions> = {}) =>
    new EsiClient({
      baseUrl: fake.url,
      userAgent: 'eve-toolkit-test/1.0 (test@example.org)',
      compatibilityDate: '2025-09-30',
      backoffBaseMs: 20,
      ...extra,
    });
  const book = () => {
    const s = fake.marketState();
    return fake.market.book(REGION, s.epoch, s.lastModified.getTime());
  };
  const byId = (a: EsiMarketOrder, b: EsiMarketOrder) => a.order_id - b.order_id;

  beforeAll(async () => {
    fake = await startFakeEsi({
      dataDir: null,
      seed: 3,
      ordersPerRegion: { [REGION]: 5200 },
      ordersCacheSeconds: 300,
      errorLimit: 100,
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.clearFaults();
    fake.setErrorLimit(100, 60);
    fake.resetStats();
  });

  it('sends its User-Agent and X-Compatibility-Date, and serves repeats from the cache until Expires', async () => {
    const esi = client();
    const a = await esi.get<unknown[]>('/markets/prices');
    const b = await esi.get<unknown[]>('/markets/prices');
    expect([a.source, b.source]).toEqual(['network', 'cache']);
    expect(b.data).toEqual(a.data);
    expect(fake.stats.requests).toBe(1);
    expect(fake.stats.log[0]).toMatchObject({
      userAgent: 'eve-toolkit-test/1.0 (test@example.org)',
      compatibilityDate: '2025-09-30',
    });
  });

  it('revalidates with If-None-Match after Expires and reuses the body on 304', async () => {
    const stale = await startFakeEsi({ dataDir: null, seed: 3, ordersPerRegion: { [REGION]: 1500 }, ordersCacheSeconds: 0 });
    try {
      const esi = new EsiClient({ baseUrl: stale.url, userAgent: 't', compatibilityDate: '2025-09-30' });
      const first = await esi.get<EsiMarketOrder[]>(ORDERS, { query: { order_type: 'all', page: 2 } });
      const second = await esi.get<EsiMarketOrder[]>(ORDERS, { query: { order_type: 'all', page: 2 } });
      expect([first.source, second.source]).toEqual(['network', 'revalidated']);
      expect(second.data).toEqual(first.data);
      expect(second.data).toHaveLength(500);
      expect(stale.stats.log.map((e) => [e.status, e.ifNoneMatch])).toEqual([
        [200, undefined],
        [304, first.etag],
      ]);
    } finally {
      await stale.close();
    }
  });

  it('reads every page with bounded concurrency', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const esi = client({
      concurrency: 3,
      fetch: async (input, init) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          return await fetch(input, init);
        } finally {
          inFlight -= 1;
        }
      },
    });
    fake.setFault(ORDERS, { delayMs: 30 });
    const pages: number[] = [];
    const orders: EsiMarketOrder[] = [];
    const res = await esi.forEachPage<EsiMarketOrder>(ORDERS, {
      query: { order_type: 'all' },
      onPage: (items, page) => {
        pages.push(page);
        orders.push(...items);
      },
    });
    expect(res).toMatchObject({ pages: 6, restarts: 0, unchanged: false });
    expect(pages.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(orders.sort(byId)).toEqual(book().sort(byId));
    expect(maxInFlight).toBe(3);
  });

  it('restarts a paged read when Last-Modified changes midway', async () => {
    const esi = client({ concurrency: 3 });
    // ESI publishes a new book while we are between pages: right after page 2 arrives, so the
    // pages the client asks for next carry a newer Last-Modified than page 1.
    let advanced = false;
    let restartsSeen = 0;
    let orders: EsiMarketOrder[] = [];
    const res = await esi.forEachPage<EsiMarketOrder>(ORDERS, {
      query: { order_type: 'all' },
      onPage: (items, page) => {
        orders.push(...items);
        if (page === 2 && !advanced) {
          advanced = true;
          fake.advanceMarket();
        }
      },
      onRestart: () => {
        restartsSeen += 1;
        orders = [];
      },
    });
    expect(res.restarts).toBe(1);
    expect(restartsSeen).toBe(1);
    expect(res.lastModified?.getTime()).toBe(fake.marketState().lastModified.getTime());
    expect(orders.sort(byId)).toEqual(book().sort(byId));
  });

  it('retries a failing page with backoff', async () => {
    const esi = client();
    fake.setFault(ORDERS, { status: 502, page: 3, times: 2 });
    const res = await esi.getAllPages<EsiMarketOrder>(ORDERS, { query: { order_type: 'all' } });
    expect(res.data).toHaveLength(5200);
    expect(esi.stats.retries).toBe(2);
    expect(fake.stats.log.filter((e) => e.query.includes('page=3')).map((e) => e.status)).toEqual([502, 502, 200]);
  });

  it('waits Retry-After on 429 and then succeeds', async () => {
    const events: string[] = [];
    const esi = client({
      sleep: async (ms) => void events.push(`sleep ${ms}`),
      fetch: (input, init) => {
        events.push('request');
        return fetch(input, init);
      },
    });
    fake.setFault('/industry/systems', { status: 429, retryAfter: 1, times: 1 });
    const res = await esi.get<unknown[]>('/industry/systems');
    expect(events).toEqual(['request', 'sleep 1000', 'request']);
    expect(fake.stats.log.map((e) => e.status)).toEqual([429, 200]);
    expect(res.data).toEqual(fake.market.industrySystems());
    expect(esi.stats.rateLimitWaits).toBe(1);
  });

  it('pauses while the error budget is low instead of burning it', async () => {
    const events: string[] = [];
    const esi = client({
      now: () => 1_700_000_000_000,
      sleep: async (ms) => void events.push(`sleep ${ms}`),
      fetch: (input, init) => {
        events.push('request');
        return fetch(input, init);
      },
    });
    fake.setErrorLimit(4, 1);
    await esi.get('/markets/prices');
    await esi.get('/industry/systems');
    // 4 errors left (below the threshold of 10), reset in 1 s: the client waits the reset plus its 250 ms margin.
    expect(events).toEqual(['request', 'sleep 1250', 'request']);
    expect(esi.stats.errorLimitPauses).toBe(1);
    expect(fake.stats.log.map((e) => e.status)).toEqual([200, 200]);
  });

  it('pauses once: an answer to a request sent before the pause ended does not start another', async () => {
    // ESI stand-in answering in its real header format; the budget is restored while the client waits.
    let t = 1_700_000_000_000;
    let remain = 4;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const esi = client({
      now: () => t,
      sleep: async (ms) => {
        t += ms;
        remain = 100;
      },
      fetch: async (input) => {
        const answer = new Response('[]', {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            'X-ESI-Error-Limit-Remain': String(remain),
            'X-ESI-Error-Limit-Reset': '1',
          },
        });
        if (String(input).includes('/industry/systems')) await held; // a page whose answer is slow to arrive
        return answer;
      },
    });
    const slow = esi.get('/industry/systems'); // sent while 4 errors were left
    await esi.get('/markets/prices'); // 4 left: below the threshold
    await esi.get('/markets/groups'); // waits the reset out: pause 1, the budget is back
    release();
    await slow; // arrives now, still saying 4 left
    await esi.get('/universe/categories');
    expect(esi.stats.errorLimitPauses).toBe(1);
  });

  it('waits out a 420 (error limit reached) and retries', async () => {
    const esi = client();
    fake.setErrorLimit(0, 1);
    const res = await esi.get<unknown[]>('/markets/prices');
    expect(res.source).toBe('network');
    expect(fake.stats.log.map((e) => e.status)).toEqual([420, 200]);
  });

  it('throws EsiUnavailableError when ESI is down, after its retries', async () => {
    const esi = client({ maxAttempts: 3 });
    fake.setFault('*', { down: true });
    const err = await esi.get('/markets/prices').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EsiUnavailableError);
    expect((err as EsiUnavailableError).attempts).toBe(3);
    expect(fake.stats.requests).toBe(3);
  });

  it('times out slow answers', async () => {
    const esi = client({ maxAttempts: 2, timeoutMs: 100 });
    fake.setFault('/markets/prices', { delayMs: 400 });
    const err = await esi.get('/markets/prices').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EsiUnavailableError);
    expect((err as Error).message).toMatch(/после 2 попыток/);
  });

  it("throws EsiHttpError with ESI's message on a 4xx, without retrying", async () => {
    const esi = client();
    const err = await esi.get(`/markets/${REGION}/history`, { query: { type_id: 999999999 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EsiHttpError);
    expect((err as EsiHttpError).status).toBe(404);
    expect((err as EsiHttpError).esiMessage).toBe('Type not found!');
    expect(fake.stats.requests).toBe(1);
  });
});
