import {
  FEATURED_TYPE_IDS,
  FakeMarket,
  HUB_LOCATIONS,
  SEED_FILE,
  formatSeed,
  loadCatalog,
  parseSeed,
  parseTradeVolumeCsv,
  startFakeEsi,
  type EsiMarketOrder,
  type FakeEsi,
} from '../src';

const JITA = 10000002;
const JITA_STATION = 60003760;

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: unknown }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

describe('fake ESI (built-in catalogue)', () => {
  let fake: FakeEsi;
  /** The fake's clock: the wall clock, or frozen at an instant that tests move instead of sleeping. */
  let frozen: number | null = null;
  beforeAll(async () => {
    fake = await startFakeEsi({
      now: () => frozen ?? Date.now(),
      dataDir: null,
      ordersPerRegion: { [JITA]: 2500, 10000043: 900 },
      seed: 7,
      errorLimit: 5,
      errorWindowSeconds: 60,
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    frozen = null;
    fake.clearFaults();
    fake.setErrorLimit(5, 60);
    fake.resetStats();
  });

  it('pages region orders 1000 per page with X-Pages, ETag, Expires and one Last-Modified', async () => {
    frozen = Date.now();
    const pages = await Promise.all([1, 2, 3].map((p) => getJson(`${fake.url}/markets/${JITA}/orders?order_type=all&page=${p}`)));
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
    expect(pages.map((p) => (p.body as unknown[]).length)).toEqual([1000, 1000, 500]);
    for (const p of pages) {
      expect(p.headers.get('x-pages')).toBe('3');
      expect(p.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
      expect(p.headers.get('content-type')).toBe('application/json; charset=utf-8');
      // The order book's cache: 300 s from the answer's second (an HTTP date has whole seconds).
      expect(new Date(p.headers.get('expires')!).getTime()).toBe(Math.floor(frozen / 1000) * 1000 + 300_000);
      expect(p.headers.get('x-esi-error-limit-remain')).toBe('5');
    }
    expect(new Set(pages.map((p) => p.headers.get('last-modified'))).size).toBe(1);
    expect(new Set(pages.map((p) => p.headers.get('etag'))).size).toBe(3);

    const beyond = await getJson(`${fake.url}/markets/${JITA}/orders?order_type=all&page=4`);
    expect(beyond.status).toBe(404);
    expect(beyond.body).toEqual({ error: 'Requested page does not exist!' });
  });

  it('answers orders in ESI field layout and always lists every featured type on both sides at the hub', async () => {
    const orders = fake.market.book(JITA, fake.marketState().epoch, fake.marketState().lastModified.getTime());
    expect(orders).toHaveLength(2500);
    expect(Object.keys(orders[0]).sort()).toEqual([
      'duration',
      'is_buy_order',
      'issued',
      'location_id',
      'min_volume',
      'order_id',
      'price',
      'range',
      'system_id',
      'type_id',
      'volume_remain',
      'volume_total',
    ]);
    expect(orders[0].issued).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const atHub = (o: EsiMarketOrder) => o.location_id === JITA_STATION;
    for (const id of FEATURED_TYPE_IDS) {
      expect(orders.filter((o) => atHub(o) && o.type_id === id && !o.is_buy_order).length).toBeGreaterThanOrEqual(4);
      expect(orders.filter((o) => atHub(o) && o.type_id === id && o.is_buy_order).length).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(orders.map((o) => o.order_id)).size).toBe(2500);
    // Served pages are exactly the generated book.
    const page2 = await getJson(`${fake.url}/markets/${JITA}/orders?order_type=all&page=2`);
    expect(page2.body).toEqual(orders.slice(1000, 2000));
  });

  it('filters by order_type and type_id', async () => {
    const r = await getJson(`${fake.url}/markets/${JITA}/orders?order_type=buy&type_id=34`);
    const orders = r.body as EsiMarketOrder[];
    expect(orders.length).toBeGreaterThanOrEqual(4);
    expect(orders.every((o) => o.is_buy_order && o.type_id === 34)).toBe(true);
    expect((await getJson(`${fake.url}/markets/${JITA}/orders?order_type=both`)).status).toBe(400);
  });

  it('answers 304 to a matching If-None-Match and changes ETag and Last-Modified when the market advances', async () => {
    const first = await getJson(`${fake.url}/markets/${JITA}/orders?order_type=all&page=1`);
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${fake.url}/markets/${JITA}/orders?order_type=all&page=1`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('x-pages')).toBe('3');
    expect(fake.stats.notModified).toBe(1);

    fake.advanceMarket(); // a new book, published at least one second later (Last-Modified has 1 s resolution)
    const next = await getJson(`${fake.url}/markets/${JITA}/orders?order_type=all&page=1`, {
      headers: { 'If-None-Match': etag },
    });
    expect(next.status).toBe(200);
    expect(next.headers.get('etag')).not.toBe(etag);
    expect(new Date(next.headers.get('last-modified')!).getTime()).toBeGreaterThan(
      new Date(first.headers.get('last-modified')!).getTime(),
    );
    expect(next.body).not.toEqual(first.body);
  });

  it('fails a given page once, then serves it', async () => {
    fake.setFault(`/markets/${JITA}/orders`, { status: 503, page: 2, times: 1 });
    expect((await getJson(`${fake.url}/markets/${JITA}/orders?page=1`)).status).toBe(200);
    const failed = await getJson(`${fake.url}/markets/${JITA}/orders?page=2`);
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ error: 'Service unavailable' });
    expect(failed.headers.get('x-esi-error-limit-remain')).toBe('4');
    expect((await getJson(`${fake.url}/markets/${JITA}/orders?page=2`)).status).toBe(200);
  });

  it('can be down (connection dropped), slow, or rate limited with Retry-After', async () => {
    const remove = fake.setFault('*', { down: true });
    await expect(fetch(`${fake.url}/markets/prices`)).rejects.toThrow();
    remove();

    // Slow: a held answer is in flight until the test releases it (no timing involved), then normal.
    const held = fake.hold('/markets/prices');
    const slow = getJson(`${fake.url}/markets/prices`);
    const arrived = await held.arrived;
    expect(arrived.path).toBe('/markets/prices');
    expect(arrived.status).toBe(0); // not answered
    held.release();
    expect((await slow).status).toBe(200);
    expect(arrived.status).toBe(200);
    fake.setFault('/markets/prices', { delayMs: 300, times: 1 });
    expect((await getJson(`${fake.url}/markets/prices`)).status).toBe(200);

    fake.setFault(/^\/industry\//, { status: 429, retryAfter: 2, times: 1 });
    const limited = await getJson(`${fake.url}/industry/systems`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('x-esi-error-limit-remain')).toBe('5');
  });

  it('spends the error budget on errors and answers 420 once it is gone, until the window resets', async () => {
    frozen = Date.now();
    fake.setErrorLimit(2, 1);
    expect((await getJson(`${fake.url}/markets/${JITA}/history`)).status).toBe(400);
    const second = await getJson(`${fake.url}/markets/${JITA}/history`);
    expect(second.headers.get('x-esi-error-limit-remain')).toBe('0');
    const limited = await getJson(`${fake.url}/markets/prices`);
    expect(limited.status).toBe(420);
    expect((limited.body as { error: string }).error).toMatch(/exceeded the error limit/);
    frozen += 999; // not yet: the window lasts 1 s
    expect((await getJson(`${fake.url}/markets/prices`)).status).toBe(420);
    frozen += 1;
    const after = await getJson(`${fake.url}/markets/prices`);
    expect(after.status).toBe(200);
    expect(after.headers.get('x-esi-error-limit-remain')).toBe('5');
  });

  it('serves daily history ending yesterday, oldest first', async () => {
    const r = await getJson(`${fake.url}/markets/${JITA}/history?type_id=34`);
    const days = r.body as Array<{
      date: string;
      average: number;
      highest: number;
      lowest: number;
      volume: number;
      order_count: number;
    }>;
    expect(days).toHaveLength(400);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(days[399].date).toBe(yesterday);
    expect(days.every((d, i) => i === 0 || d.date > days[i - 1].date)).toBe(true);
    expect(days.every((d) => d.lowest <= d.average && d.average <= d.highest && d.volume > 0)).toBe(true);
    expect((await getJson(`${fake.url}/markets/${JITA}/history?type_id=999999999`)).status).toBe(404);
  });

  it('rejects a malformed or future X-Compatibility-Date and logs request headers', async () => {
    const bad = await getJson(`${fake.url}/markets/prices`, { headers: { 'X-Compatibility-Date': '2999-01-01' } });
    expect(bad.status).toBe(400);
    await fetch(`${fake.url}/markets/prices`, { headers: { 'X-Compatibility-Date': '2025-09-30', 'User-Agent': 'probe/1.0' } });
    const last = fake.stats.log[fake.stats.log.length - 1];
    expect(last).toMatchObject({
      path: '/markets/prices',
      status: 200,
      route: 'markets.prices',
      userAgent: 'probe/1.0',
      compatibilityDate: '2025-09-30',
    });
  });

  it('is deterministic for a seed', async () => {
    const twin = await startFakeEsi({ dataDir: null, ordersPerRegion: { [JITA]: 2500 }, seed: 7 });
    try {
      // Another server with the same seed serves what this one's generator yields for the same snapshot.
      const { epoch, lastModified } = twin.marketState();
      const served = await getJson(`${twin.url}/markets/${JITA}/orders?page=3`);
      expect(served.body).toEqual(fake.market.page(JITA, 3, epoch, lastModified.getTime()));
      expect(fake.market.page(JITA, 3, epoch + 1, lastModified.getTime())).not.toEqual(served.body);
    } finally {
      await twin.close();
    }
  });

  it('accepts extra routes through the route table', async () => {
    fake.addRoute({ name: 'status', method: 'GET', pattern: /^\/status$/, handle: () => ({ body: { players: 12345 } }) });
    expect((await getJson(`${fake.url}/status/`)).body).toEqual({ players: 12345 });
  });
});

describe('catalogue', () => {
  it('parses adam4eve rows whose names contain commas', () => {
    const rows = parseTradeVolumeCsv(
      'Commodity,Number of trades,Traded items,Value of trades,x\nExotic Dancers, Female,62,1.229,225.642.949,L\nTritanium,5.398,10.384.035.118,28.661.489.562,L\n',
    );
    expect(rows.get('Exotic Dancers, Female')).toEqual({ avgPrice: 225642949 / 1229, trades: 62, items: 1229 });
    expect(rows.get('Tritanium')?.trades).toBe(5398);
  });

  it('the default catalogue is the shipped seed (no EVE data folder is read): real averages, the featured items', async () => {
    const seed = await loadCatalog();
    expect(seed.source).toBe(SEED_FILE);
    // value / volume of the June 2025 month: 28 661 489 562 / 10 384 035 118 (that the seed is
    // exactly what the generator makes of the team's data: catalog.full-sde.ts)
    expect(seed.byId.get(34)?.basePrice).toBe(28661489562 / 10384035118);
    expect(seed.byId.get(44992)?.basePrice).toBeCloseTo(4581431498593 / 1341157, 6);
    expect(seed.byId.get(34)?.adjustedPrice).toBeGreaterThan(3);
    expect(seed.systemIds).toContain(30000142);
    for (const id of FEATURED_TYPE_IDS) expect(seed.byId.has(id)).toBe(true);
    expect(seed.types.length).toBeGreaterThan(11000);
  });

  it('seed text round-trips: ranges of systems, empty adjusted price, a bad number refused', () => {
    const text = formatSeed({
      types: [
        { typeId: 34, basePrice: 2.76, weight: 5398, dailyVolume: 346134504, adjustedPrice: 3.5 },
        { typeId: 35, basePrice: 0.1 + 0.2, weight: 1, dailyVolume: 1 },
      ],
      systemIds: [30000003, 30000001, 30000002, 30000142],
    });
    expect(text).toContain('systems\t30000001-30000003,30000142\n');
    const back = parseSeed(text);
    expect(back.systemIds).toEqual([30000001, 30000002, 30000003, 30000142]);
    expect(back.types).toEqual([
      { typeId: 34, basePrice: 2.76, weight: 5398, dailyVolume: 346134504, adjustedPrice: 3.5 },
      { typeId: 35, basePrice: 0.1 + 0.2, weight: 1, dailyVolume: 1 },
    ]);
    expect(() => parseSeed('34\tabc\t1\t1\t\n')).toThrow(/Неверная строка/);
  });
});

describe('the demo market covers every hub like the game (the shipped seed)', () => {
  /** The Ishtar tree's raw materials with reactions off, and its invention's datacores (from the SDE's blueprints). */
  const ISHTAR_RAW = [
    34, 35, 36, 37, 38, 39, 40, 3828, 11399, 16670, 16678, 16679, 16680, 16681, 16682, 16683, 17317, 20410, 20424, 33359,
  ];
  const HEK = 10000042;
  const hubTypes = (orders: EsiMarketOrder[], station: number, buy: boolean) =>
    new Set(orders.filter((o) => o.location_id === station && o.is_buy_order === buy).map((o) => o.type_id));

  it('every type of the seed has a sell and a buy order at Jita; the smaller hubs carry fewer, by traded volume', async () => {
    const catalog = await loadCatalog();
    // the demo's sizes (backend/src/demo/demo-stand-ins.ts)
    const market = new FakeMarket(catalog, {
      seed: 1,
      ordersPerRegion: { [JITA]: 40_000, [HEK]: 8_000 },
      featuredTypeIds: FEATURED_TYPE_IDS,
    });
    const at = Date.UTC(2026, 10, 28, 12);
    const jita = market.book(JITA, 1, at);
    const station = HUB_LOCATIONS.find((h) => h.regionId === JITA)!.stationId;
    const sells = hubTypes(jita, station, false);
    const buys = hubTypes(jita, station, true);
    for (const t of catalog.types) {
      expect([t.typeId, sells.has(t.typeId), buys.has(t.typeId)]).toEqual([t.typeId, true, true]);
    }
    for (const id of ISHTAR_RAW) expect([id, sells.has(id), buys.has(id)]).toEqual([id, true, true]);
    // Hek: the types traded 20 units a day or more (× its 5 % share), not the rare ones
    const hek = market.book(HEK, 1, at);
    const hekStation = HUB_LOCATIONS.find((h) => h.regionId === HEK)!.stationId;
    const hekSells = hubTypes(hek, hekStation, false);
    const hekBuys = hubTypes(hek, hekStation, true);
    for (const t of catalog.types.filter((x) => x.dailyVolume >= 20)) {
      expect([t.typeId, hekSells.has(t.typeId), hekBuys.has(t.typeId)]).toEqual([t.typeId, true, true]);
    }
    expect(market.coveredTypes(HEK).length).toBeLessThan(market.coveredTypes(JITA).length / 3);
    // a hub order is a real one: a sell above a buy of the same type
    const best = (buy: boolean, id: number) =>
      jita.filter((o) => o.location_id === station && o.type_id === id && o.is_buy_order === buy).map((o) => o.price);
    expect(Math.min(...best(false, 16679))).toBeGreaterThan(Math.max(...best(true, 16679)));
  });
});
