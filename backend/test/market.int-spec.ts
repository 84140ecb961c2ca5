/**
 * Market refresh against the fake ESI and the market HTTP API, on the real app and database.
 * Expected prices are computed here from the fake's generated order book, independently of the
 * code under test.
 */
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { startFakeEsi, type EsiMarketOrder, type FakeEsi } from '@eve-toolkit/fake-esi';
import type {
  ClientToServerEvents,
  MarketItem,
  MarketItemDetail,
  MarketItemsResponse,
  MarketSearchResponse,
  ServerToClientEvents,
} from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { MarketRefreshService } from '../src/market/market-refresh.service';
import { IndustryInputsRefreshService } from '../src/market/industry-inputs-refresh.service';
import { median } from '../src/market/domain/price-stats';
import { EsiClient } from '../src/esi/esi.client';
import {
  MODELS,
  type AdjustedPriceDoc,
  type CostIndexDoc,
  type MarketPriceDoc,
  type SyncStatusDoc,
} from '../src/market/market.schema';
import { createTestApp } from './app';
import { buildMiniSde, importSdeInto } from './fixtures/mini-sde';

const JITA_REGION = 10000002;
const JITA_STATION = 60003760;
const AMARR_REGION = 10000043;
const ORDERS = 12_345; // 13 pages
const NAMED = [34, 35, 36, 37, 38, 39, 40, 11399, 44992, 4051, 4246, 4247, 4312, 16272, 2183, 2185, 81143];

interface Expected {
  sell: number | null;
  buy: number | null;
  robustSell: number | null;
  robustBuy: number | null;
  sellTop5: number | null;
  buyTop5: number | null;
  sellVolume: number;
  buyVolume: number;
  sellOrders: number;
  buyOrders: number;
}

/** Independent reference: lowest sell, highest buy and the 1 %-of-volume price at the Jita station. */
function expectedFromBook(orders: EsiMarketOrder[]): Map<number, Expected> {
  const byType = new Map<number, EsiMarketOrder[]>();
  for (const o of orders) {
    if (o.location_id !== JITA_STATION) continue;
    byType.set(o.type_id, [...(byType.get(o.type_id) ?? []), o]);
  }
  const robust = (side: EsiMarketOrder[], asc: boolean) => {
    if (!side.length) return null;
    const sorted = [...side].sort((a, b) => (asc ? a.price - b.price : b.price - a.price));
    const total = sorted.reduce((s, o) => s + o.volume_remain, 0);
    let cum = 0;
    for (const o of sorted) {
      cum += o.volume_remain;
      if (cum >= total / 100) return o.price;
    }
    return null;
  };
  // The average price of the first 5 % of the side's units, best first (each unit at its order's price), to the cent.
  const top5 = (side: EsiMarketOrder[], asc: boolean) => {
    if (!side.length) return null;
    const sorted = [...side].sort((a, b) => (asc ? a.price - b.price : b.price - a.price));
    const wanted = sorted.reduce((s, o) => s + o.volume_remain, 0) * 0.05;
    let before = 0;
    let cost = 0;
    for (const o of sorted) {
      const after = Math.min(before + o.volume_remain, wanted);
      cost += (after - before) * o.price;
      before = after;
    }
    return Math.round((cost / wanted) * 100) / 100;
  };
  const out = new Map<number, Expected>();
  for (const [typeId, list] of byType) {
    const sells = list.filter((o) => !o.is_buy_order);
    const buys = list.filter((o) => o.is_buy_order);
    out.set(typeId, {
      sell: sells.length ? Math.min(...sells.map((o) => o.price)) : null,
      buy: buys.length ? Math.max(...buys.map((o) => o.price)) : null,
      robustSell: robust(sells, true),
      robustBuy: robust(buys, false),
      sellTop5: top5(sells, true),
      buyTop5: top5(buys, false),
      sellVolume: sells.reduce((s, o) => s + o.volume_remain, 0),
      buyVolume: buys.reduce((s, o) => s + o.volume_remain, 0),
      sellOrders: sells.length,
      buyOrders: buys.length,
    });
  }
  return out;
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('market', () => {
  let fake: FakeEsi;
  let running: RunningApp;
  let refresh: MarketRefreshService;
  let industryInputs: IndustryInputsRefreshService;
  let prices: Model<MarketPriceDoc>;
  let status: Model<SyncStatusDoc>;
  /** The UTC day key the product files a snapshot under. */
  const dayOf = (d: Date) => d.toISOString().slice(0, 10);
  /** A hub with nothing stored yet: no prices, no refresh bookkeeping. */
  const emptyHub = async (hubId: number) => {
    await prices.deleteMany({ hub_id: hubId });
    await status.deleteMany({ _id: `hub:${hubId}` });
  };
  /** Each test that needs prices starts from one fresh read of the Jita book (and returns its day). */
  const freshJita = async () => {
    await emptyHub(2);
    const result = await refresh.refreshHub(2, { force: true });
    expect(result.outcome).toBe('updated');
    fake.resetStats();
    return { result, today: dayOf(result.updatedAt!) };
  };
  const book = () => {
    const s = fake.marketState();
    return fake.market.book(JITA_REGION, s.epoch, s.lastModified.getTime());
  };
  const items = async (hub = 2) =>
    (await request(running.url).get(`/data/market/items?hub=${hub}`).expect(200)).body as MarketItemsResponse;
  const find = (res: MarketItemsResponse, id: number) => res.data.flatMap((c) => c.items).find((i) => i.id === id)!;

  beforeAll(async () => {
    fake = await startFakeEsi({
      dataDir: null,
      seed: 11,
      ordersPerRegion: { [JITA_REGION]: ORDERS, [AMARR_REGION]: 1500 },
      ordersCacheSeconds: 0,
    });
    running = await createTestApp({
      esi: { baseUrl: fake.url, userAgent: 'eve-toolkit-test', compatibilityDate: '2025-09-30' },
      imageServerUrl: 'https://images.example',
    });
    await importSdeInto(running, await buildMiniSde({ typeIds: NAMED }));
    refresh = running.app.get(MarketRefreshService);
    industryInputs = running.app.get(IndustryInputsRefreshService);
    prices = running.app.get<Model<MarketPriceDoc>>(getModelToken(MODELS.price));
    status = running.app.get<Model<SyncStatusDoc>>(getModelToken(MODELS.status));
  }, 60_000);
  afterAll(async () => {
    await running?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.clearFaults();
    fake.setErrorLimit(100, 60);
    fake.resetStats();
  });

  it('lists the five hubs, the default Jita 4-4 (id 2) first', async () => {
    const res = await request(running.url).get('/data/market/hubs').expect(200);
    expect(res.body).toEqual({
      hubs: [
        { id: 2, label: 'Jita 4-4' },
        { id: 1, label: 'Amarr' },
        { id: 3, label: 'Dodixie' },
        { id: 4, label: 'Rens' },
        { id: 5, label: 'Hek' },
      ],
    });
  });

  it('seeds the default categories and lists them without prices before the first refresh', async () => {
    const res = await items();
    expect(res.data.map((c) => [c.name, c.items.length])).toEqual([
      ['Минералы', 8],
      ['Лёд', 7],
      ['Лунные материалы', 20],
      ['Планетарные материалы', 32],
      ['Топливные блоки', 4],
      ['PLEX', 1],
    ]);
    expect(res.updated_at).toBeNull();
    expect(find(res, 34)).toEqual({
      id: 34,
      name: 'Tritanium',
      icon: 'https://images.example/types/34/icon?size=64',
      sell: null,
      buy: null,
      median_sell: null,
      median_buy: null,
    });
  });

  it('reads every page of the region and stores lowest sell / highest buy / robust prices of the hub station', async () => {
    await emptyHub(2);
    const result = await refresh.refreshHub(2);
    const today = dayOf(result.updatedAt!);
    const expected = expectedFromBook(book());
    expect(result).toMatchObject({ hubId: 2, outcome: 'updated', pages: 13, items: expected.size });
    expect(
      fake.stats.log
        .filter((e) => e.route === 'markets.orders')
        .map((e) => e.query)
        .sort(),
    ).toEqual(Array.from({ length: 13 }, (_, i) => `?order_type=all&page=${i + 1}`).sort());

    const docs = await prices.find({ hub_id: 2 }).lean<MarketPriceDoc[]>();
    expect(docs).toHaveLength(expected.size);
    for (const d of docs) {
      const e = expected.get(d.type_id)!;
      expect([d.sell, d.buy, d.robust_sell, d.robust_buy, d.sell_volume, d.buy_volume, d.sell_orders, d.buy_orders]).toEqual([
        e.sell,
        e.buy,
        e.robustSell,
        e.robustBuy,
        e.sellVolume,
        e.buyVolume,
        e.sellOrders,
        e.buyOrders,
      ]);
      expect([d.sell_p5, d.buy_p5]).toEqual([e.sellTop5, e.buyTop5]);
      expect(d.last_prices).toEqual({ [today]: { B: e.buy, S: e.sell } });
    }

    const res = await items();
    expect(res.updated_at).toBe(result.updatedAt!.toISOString());
    const trit = expected.get(34)!;
    expect(find(res, 34)).toEqual<MarketItem>({
      id: 34,
      name: 'Tritanium',
      icon: 'https://images.example/types/34/icon?size=64',
      sell: trit.sell,
      buy: trit.buy,
      median_sell: trit.sell, // one stored day: the median is that day
      median_buy: trit.buy,
    });
    const plex = expected.get(44992)!;
    expect(find(res, 44992)).toMatchObject({ name: 'PLEX', sell: plex.sell, buy: plex.buy });
  });

  it('answers the item detail with its daily snapshots, 404 for an unknown id, 400 for bad input', async () => {
    const { today } = await freshJita();
    const e = expectedFromBook(book()).get(34)!;
    const res = await request(running.url).get('/data/market/detail/34').expect(200);
    const body = res.body as MarketItemDetail;
    expect(body).toEqual({
      id: 34,
      name: 'Tritanium',
      icon: 'https://images.example/types/34/icon?size=64',
      sell: e.sell,
      buy: e.buy,
      median_sell: e.sell,
      median_buy: e.buy,
      last_prices: { [today]: { B: e.buy, S: e.sell } },
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      book: { sell_volume: e.sellVolume, buy_volume: e.buyVolume, sell_orders: e.sellOrders, buy_orders: e.buyOrders },
    });
    // A hub that has not been read yet: prices and the book unknown (null), never 0.
    await emptyHub(3);
    expect((await request(running.url).get('/data/market/detail/34?hub=3').expect(200)).body).toMatchObject({
      sell: null,
      buy: null,
      book: null,
    });

    expect((await request(running.url).get('/data/market/detail/999999999').expect(404)).body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Предмет не найден',
    });
    expect((await request(running.url).get('/data/market/detail/abc').expect(400)).body).toMatchObject({
      message: 'Некорректный идентификатор предмета',
    });
    expect((await request(running.url).get('/data/market/detail/34?hub=9').expect(400)).body).toMatchObject({
      message: 'Неизвестный торговый хаб',
    });
    expect((await request(running.url).get('/data/market/items?hub=abc').expect(400)).body).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('searches any market item by Russian or English name, typos forgiven, best first, with the hub’s prices', async () => {
    await freshJita();
    const expected = expectedFromBook(book());
    const search = async (query: string) =>
      (await request(running.url).get(`/data/market/search?${query}`).expect(200)).body as MarketSearchResponse;
    const price = (id: number) => ({ sell: expected.get(id)?.sell ?? null, buy: expected.get(id)?.buy ?? null });

    // The example: a typo; a word typed in part finds both drones, the shorter name first.
    expect(await search('q=hammerhed%20ii')).toEqual({ items: [{ id: 2185, name: 'Hammerhead II', ...price(2185) }] });
    expect((await search('q=hammerhead')).items).toEqual([
      { id: 2183, name: 'Hammerhead I', ...price(2183) },
      { id: 2185, name: 'Hammerhead II', ...price(2185) },
    ]);
    // Russian and English names of the same type; `limit`.
    expect((await search(`q=${encodeURIComponent('магматический')}`)).items).toEqual([
      { id: 81143, name: 'Магматический газ', ...price(81143) },
    ]);
    expect((await search('q=magmatic')).items.map((i) => i.id)).toEqual([81143]);
    expect((await search('q=tritanium&limit=1')).items).toEqual([{ id: 34, name: 'Tritanium', ...price(34) }]);
    // Another hub: its own prices (none stored for Dodixie here: unknown, null).
    await emptyHub(3);
    expect((await search('q=tritanium&hub=3')).items[0]).toEqual({ id: 34, name: 'Tritanium', sell: null, buy: null });
    expect((await search('q=zzzzzz')).items).toEqual([]);
  });

  it.each([
    ['', 'Введите название предмета'],
    ['q=', 'Введите название предмета'],
    ['q=%20%20', 'Введите название предмета'],
    ['q=a', 'Введите не меньше 2 символов названия'],
    [`q=${'a'.repeat(101)}`, 'Название не длиннее 100 символов'],
    ['q=raven&limit=0', 'limit — целое число от 1 до 20'],
    ['q=raven&limit=21', 'limit — целое число от 1 до 20'],
    ['q=raven&limit=x', 'limit — целое число от 1 до 20'],
    ['q=raven&hub=9', 'Неизвестный торговый хаб'],
  ])('answers a bad search (%s) with a Russian 400', async (query, message) => {
    const res = await request(running.url).get(`/data/market/search?${query}`).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('revalidates with ETags on the next refresh: all pages 304, nothing rewritten', async () => {
    await freshJita();
    const before = await prices.findOne({ hub_id: 2, type_id: 34 }).lean<MarketPriceDoc>();
    const result = await refresh.refreshHub(2);
    expect(result.outcome).toBe('unchanged');
    const orderRequests = fake.stats.log.filter((e) => e.route === 'markets.orders');
    expect(orderRequests).toHaveLength(13);
    expect(orderRequests.every((e) => e.status === 304 && e.ifNoneMatch)).toBe(true);
    expect(await prices.findOne({ hub_id: 2, type_id: 34 }).lean()).toEqual(before);
  });

  it('retries a failing page and stores the new snapshot (one per day, overwritten)', async () => {
    const { today } = await freshJita();
    fake.advanceMarket(); // a new book, Last-Modified at least 1 s later
    fake.setFault(`/markets/${JITA_REGION}/orders`, { status: 503, page: 5, times: 1 });
    const result = await refresh.refreshHub(2);
    expect(result.outcome).toBe('updated');
    expect(fake.stats.log.filter((e) => e.query.endsWith('page=5')).map((e) => e.status)).toEqual([503, 200]);
    const e = expectedFromBook(book()).get(34)!;
    const doc = await prices.findOne({ hub_id: 2, type_id: 34 }).lean<MarketPriceDoc>();
    expect([doc!.sell, doc!.buy]).toEqual([e.sell, e.buy]);
    expect(doc!.last_prices).toEqual({ [today]: { B: e.buy, S: e.sell } });
  });

  it('keeps one snapshot per day and takes medians over the stored days', async () => {
    const { result: first, today } = await freshJita();
    const todays = await prices.findOne({ hub_id: 2, type_id: 34 }).lean<MarketPriceDoc>();
    fake.advanceMarket();
    const tomorrow = new Date(first.updatedAt!.getTime() + 86_400_000);
    const tomorrowKey = tomorrow.toISOString().slice(0, 10);
    await refresh.refreshHub(2, { now: tomorrow });
    const e = expectedFromBook(book()).get(34)!;
    const doc = await prices.findOne({ hub_id: 2, type_id: 34 }).lean<MarketPriceDoc>();
    expect(doc!.last_prices).toEqual({ [today]: { B: todays!.buy, S: todays!.sell }, [tomorrowKey]: { B: e.buy, S: e.sell } });
    expect(doc!.median_sell).toBeCloseTo((todays!.sell! + e.sell!) / 2, 10);
    expect(doc!.median_buy).toBeCloseTo((todays!.buy! + e.buy!) / 2, 10);
  });

  it('pauses when the ESI error budget runs low instead of hitting 420', async () => {
    const esi = running.app.get(EsiClient);
    const pausesBefore = esi.stats.errorLimitPauses;
    fake.advanceMarket();
    fake.setErrorLimit(5, 1);
    const result = await refresh.refreshHub(2, { force: true });
    expect(result.outcome).toBe('updated');
    // The pause itself: the client stopped once (5 errors left is under its threshold of 10) and
    // sent nothing until ESI's window had reset, so no request was refused with 420.
    expect(esi.stats.errorLimitPauses - pausesBefore).toBe(1);
    expect(fake.stats.log.some((e) => e.status === 420)).toBe(false);
    expect(fake.stats.log.filter((e) => e.route === 'markets.orders').every((e) => e.status === 200)).toBe(true);
  });

  it('keeps the stored prices and their age when ESI is down', async () => {
    await freshJita();
    const before = await items();
    fake.setFault('*', { down: true });
    const result = await refresh.refreshHub(2, { force: true });
    expect(result.outcome).toBe('failed');
    expect(result.error).toMatch(/ESI недоступен/);
    const after = await items();
    expect(after).toEqual(before);
    expect(after.updated_at).toBe(result.updatedAt!.toISOString());
    // api/health tells operators the same: the hub's last stored data and the failure after it.
    const health = (await request(running.url).get('/api/health').expect(200)).body;
    const jita = health.esi.find((j: { job: string }) => j.job === 'hub:2');
    expect(jita).toMatchObject({
      updatedAt: result.updatedAt!.toISOString(),
      lastError: expect.stringMatching(/ESI недоступен/),
    });
  }, 30_000);

  it('pushes market:prices-updated to connected sockets after a refresh', async () => {
    const socket: ClientSocket = io(running.url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const received = new Promise((resolve) => socket.once('market:prices-updated', resolve));
      await emptyHub(1);
      const result = await refresh.refreshHub(1);
      expect(result.outcome).toBe('updated');
      expect(await received).toEqual({ hubId: 1, updatedAt: result.updatedAt!.toISOString() });
    } finally {
      socket.disconnect();
    }
  });

  it('seeds 30 days of history from ESI market history (S = highest, B = lowest), keeping stored days', async () => {
    const { result: fresh, today } = await freshJita();
    const stored = (await prices.findOne({ hub_id: 2, type_id: 35 }).lean<MarketPriceDoc>())!;
    const seeded = await refresh.seedHistory(2, [35, 36]);
    expect(seeded).toBe(2);
    const history = fake.market.history(JITA_REGION, 35, fresh.updatedAt!.getTime(), 400).slice(-30);
    const doc = (await prices.findOne({ hub_id: 2, type_id: 35 }).lean<MarketPriceDoc>())!;
    const expected: Record<string, { B: number | null; S: number | null }> = {};
    for (const d of history) expected[d.date] = { B: d.lowest, S: d.highest };
    Object.assign(expected, stored.last_prices);
    const inWindow = Object.entries(expected).filter(([day]) => day >= history[1].date && day <= today);
    expect(doc.last_prices).toEqual(expected);
    // The product's documented median (rounded to 6 decimals, no binary noise), from the same helper.
    expect(doc.median_sell).toBe(median(inWindow.map(([, v]) => v.S!)));
    expect(doc.median_sell).not.toBeNull();
  });

  it('stores CCP adjusted prices and industry cost indices, then trusts Expires', async () => {
    expect(await industryInputs.refreshAdjustedPrices()).toBe('updated');
    expect(await industryInputs.refreshCostIndices()).toBe('updated');
    const adjusted = running.app.get<Model<AdjustedPriceDoc>>(getModelToken(MODELS.adjusted));
    const indices = running.app.get<Model<CostIndexDoc>>(getModelToken(MODELS.costIndex));
    const esiPrices = fake.market.prices(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    expect(await adjusted.countDocuments()).toBe(esiPrices.length);
    const trit = esiPrices.find((p) => p.type_id === 34)!;
    expect(await adjusted.findById(34).lean()).toMatchObject({
      adjusted_price: trit.adjusted_price,
      average_price: trit.average_price,
    });
    const jita = fake.market.industrySystems().find((s) => s.solar_system_id === 30000142)!;
    expect((await indices.findById(30000142).lean())?.cost_indices).toEqual(
      Object.fromEntries(jita.cost_indices.map((c) => [c.activity, c.cost_index])),
    );
    fake.resetStats();
    expect(await industryInputs.refreshAdjustedPrices()).toBe('fresh');
    expect(fake.stats.requests).toBe(0);
  });
});
