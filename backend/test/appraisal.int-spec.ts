/**
 * Appraisal over real HTTP on the real app and database: a mixed English/Russian paste priced
 * at a hub (exact lines, volumes, notes, errors), the saved appraisal opened by its id with its
 * original prices and, on request, today's; the TTL index; every kind of bad input refused in
 * Russian (CSRF, shape, size limits with 413, ids); and a fuzz of hostile pastes: never a 500.
 */
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import {
  APPRAISAL_HISTORY_PAGE_SIZE,
  APPRAISAL_MESSAGES,
  APPRAISAL_TTL_DAYS,
  MARKET_MESSAGES,
  appraisalTotals,
  type AppraisalHistoryPage,
  type AppraisalResponse,
  type SavedAppraisal,
} from '@eve-toolkit/shared-types';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { RunningApp } from '../src/bootstrap';
import { MARKET_EVENTS } from '../src/market/market.events';
import { APPRAISAL_MODEL, type AppraisalDoc } from '../src/appraisal/appraisal.schema';
import { AppraisalReader, HALVE_FROM_CHARS } from '../src/appraisal/appraisal-reader';
import { MODELS, type MarketPriceDoc } from '../src/market/market.schema';
import { createTestApp } from './app';
import { buildMiniSde, importSdeInto } from './fixtures/mini-sde';
import { signedIn } from './support/accounts';
import { client, type TestClient } from './support/client';

const IMG = 'https://images.example';
const TRITANIUM = 34;
const PYERITE = 35;
const RIFTER = 587;
const WARRIOR_II = 2488;
const CYBERNETICS = 3411; // 'Кибернетика' in Russian, 'Cybernetics' in English
const DRAKE_BLUEPRINT = 24699;
const GIANT_SECURE_CONTAINER = 11489;
const PLEX = 44992;

/** The 5 % prices and depth a refresh stored for Tritanium at Jita. */
const TRITANIUM_BOOK = { sell_p5: 4.05, buy_p5: 3.45, sell_orders: 120, buy_orders: 80 };

const APPRAISAL_SDE_TYPES = [TRITANIUM, PYERITE, RIFTER, WARRIOR_II, CYBERNETICS, DRAKE_BLUEPRINT, GIANT_SECURE_CONTAINER, PLEX];

describe('appraisal', () => {
  let running: RunningApp;
  let c: TestClient;
  let prices: Model<MarketPriceDoc>;
  let saved: Model<AppraisalDoc>;
  const appraise = (body: object) => c.post('/data/market/appraisal', body);
  /** What the market's hub refresh announces after writing new prices (the appraisal drops its cached ones). */
  const pricesRefreshed = (hubId: number) =>
    running.app.get(EventEmitter2).emit(MARKET_EVENTS.pricesUpdated, { hubId, updatedAt: new Date() });

  /** A stored hub price; `more`: the 5 % prices and order counts a refresh stores (without them: a row from before they existed). */
  const setPrice = (
    hub: number,
    typeId: number,
    sell: number | null,
    buy: number | null,
    sellVolume = 0,
    buyVolume = 0,
    more: { sell_p5?: number; buy_p5?: number; sell_orders?: number; buy_orders?: number } = {},
  ) =>
    prices.updateOne(
      { hub_id: hub, type_id: typeId },
      {
        $set: {
          sell,
          buy,
          sell_volume: sellVolume,
          buy_volume: buyVolume,
          updated_at: new Date('2026-01-01T00:00:00Z'),
          ...more,
        },
      },
      { upsert: true },
    );

  beforeAll(async () => {
    running = await createTestApp({ imageServerUrl: IMG });
    await importSdeInto(
      running,
      await buildMiniSde({ typeIds: APPRAISAL_SDE_TYPES, blueprintIds: [], systemIds: [], schematicIds: [] }),
    );
    prices = running.app.get(getModelToken(MODELS.price));
    saved = running.app.get(getModelToken(APPRAISAL_MODEL));
    await setPrice(2, TRITANIUM, 4.01, 3.5, 1_000_000_000, 500_000_000, TRITANIUM_BOOK);
    await setPrice(2, PYERITE, 10.5, null, 2000, 0);
    await setPrice(2, RIFTER, 450_000.99, 400_000, 12, 30);
    await setPrice(2, CYBERNETICS, 1_500_000, 1_200_000, 5, 7);
    await setPrice(2, DRAKE_BLUEPRINT, 40_000_000, 30_000_000, 1, 1);
    await setPrice(1, TRITANIUM, 4.2, 3.9, 100, 200);
    await setPrice(3, RIFTER, 500_000, 410_000, 3, 4);
    c = client(running.url);
  }, 120_000);
  afterAll(async () => {
    await running?.close();
  });

  const PASTE = [
    'Tritanium\t1 000\tМинералы\tМатериал\t\t\t10 м^3\t4 010,00 ISK',
    '10x Pyerite',
    'rifter x 2',
    'Кибернетика 1',
    'Cybernetics',
    '1 Drake Blueprint (Copy)',
    'Warrior II x5',
    'Giant Secure Container',
    'Это не предмет',
    "03:21:19 Some dude has looted 1'000 x Tritanium",
  ].join('\n');

  it('prices a mixed English/Russian paste at Jita: summed types, packaged volumes, notes, one error per unknown line', async () => {
    const res = await appraise({ appraisal: PASTE, hub: 2 });
    expect(res.status).toBe(200);
    const body = res.body as AppraisalResponse;
    const icon = (id: number, kind = 'icon') => `${IMG}/types/${id}/${kind}?size=64`;
    expect(body.data).toEqual([
      {
        name: 'Tritanium',
        icon: icon(TRITANIUM),
        quantity: 2000,
        volume: 20,
        sell: 4.01,
        buy: 3.5,
        sell_p5: 4.05,
        buy_p5: 3.45,
        sell_quantity: 1_000_000_000,
        buy_quantity: 500_000_000,
        sell_orders: 120,
        buy_orders: 80,
        type_id: TRITANIUM,
        bpc: false,
        runs: null,
        note: null,
      },
      {
        name: 'Pyerite',
        icon: icon(PYERITE),
        quantity: 10,
        volume: 0.1,
        sell: 10.5,
        buy: null,
        sell_p5: 10.5,
        buy_p5: null,
        sell_quantity: 2000,
        buy_quantity: 0,
        sell_orders: 0,
        buy_orders: 0,
        type_id: PYERITE,
        bpc: false,
        runs: null,
        note: APPRAISAL_MESSAGES.noBuyOrders,
      },
      {
        name: 'Rifter',
        icon: icon(RIFTER),
        quantity: 2,
        volume: 5000,
        sell: 450_000.99,
        buy: 400_000,
        sell_p5: 450_000.99,
        buy_p5: 400_000,
        sell_quantity: 12,
        buy_quantity: 30,
        sell_orders: 0,
        buy_orders: 0,
        type_id: RIFTER,
        bpc: false,
        runs: null,
        note: null,
      },
      {
        name: 'Кибернетика',
        icon: icon(CYBERNETICS),
        quantity: 2,
        volume: 0.02,
        sell: 1_500_000,
        buy: 1_200_000,
        sell_p5: 1_500_000,
        buy_p5: 1_200_000,
        sell_quantity: 5,
        buy_quantity: 7,
        sell_orders: 0,
        buy_orders: 0,
        type_id: CYBERNETICS,
        bpc: false,
        runs: null,
        note: null,
      },
      {
        name: 'Drake Blueprint',
        icon: icon(DRAKE_BLUEPRINT, 'bp'),
        quantity: 1,
        volume: 0.01,
        sell: null,
        buy: null,
        sell_p5: null,
        buy_p5: null,
        sell_quantity: 0,
        buy_quantity: 0,
        sell_orders: 0,
        buy_orders: 0,
        type_id: DRAKE_BLUEPRINT,
        bpc: true,
        runs: null,
        note: APPRAISAL_MESSAGES.blueprintCopy,
      },
      {
        name: 'Warrior II',
        icon: icon(WARRIOR_II),
        quantity: 5,
        volume: 25,
        sell: null,
        buy: null,
        sell_p5: null,
        buy_p5: null,
        sell_quantity: 0,
        buy_quantity: 0,
        sell_orders: 0,
        buy_orders: 0,
        type_id: WARRIOR_II,
        bpc: false,
        runs: null,
        note: APPRAISAL_MESSAGES.noOrders,
      },
      {
        name: 'Giant Secure Container',
        icon: icon(GIANT_SECURE_CONTAINER),
        quantity: 1,
        volume: 300,
        sell: null,
        buy: null,
        sell_p5: null,
        buy_p5: null,
        sell_quantity: 0,
        buy_quantity: 0,
        sell_orders: 0,
        buy_orders: 0,
        type_id: GIANT_SECURE_CONTAINER,
        bpc: false,
        runs: null,
        note: APPRAISAL_MESSAGES.noOrders,
      },
    ]);
    expect(body.errors).toEqual(['Строка 9: не удалось распознать «Это не предмет»']);
    expect(body.suggestions).toEqual([]);
    expect(body.hub).toBe(2);
    expect(body.percent).toBe(100);
    // The same lines at every hub: Amarr has Tritanium only, Dodixie the Rifter only, Rens and Hek nothing.
    // In the hubs' list order: Jita 4-4 (the default) first.
    // A hub's total is unknown (null) when a line has no price there: never the sum of the others.
    const unknown = { sell: null, buy: null, sell_p5: null, buy_p5: null };
    expect(body.hubs).toEqual([
      { hub: 2, ...unknown, priced: 4 },
      { hub: 1, ...unknown, priced: 1 },
      { hub: 3, ...unknown, priced: 1 },
      { hub: 4, ...unknown, priced: 0 },
      { hub: 5, ...unknown, priced: 0 },
    ]);
    expect(body.id).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(appraisalTotals(body.data)).toEqual({
      sell: null,
      buy: null,
      volume: 20 + 0.1 + 5000 + 0.02 + 0.01 + 25 + 300,
      missing_sell: [WARRIOR_II, GIANT_SECURE_CONTAINER],
      missing_buy: [PYERITE, WARRIOR_II, GIANT_SECURE_CONTAINER],
      copies: 1,
    });
    // What is missing, with the alternatives: CCP's adjusted price, another hub's orders
    expect(body.missing_prices!.map((m) => [m.type_id, m.sell, m.buy])).toEqual([
      [PYERITE, false, true],
      [WARRIOR_II, true, true],
      [GIANT_SECURE_CONTAINER, true, true],
    ]);
    // without the unpriced lines the known ones add up as before
    const priced = body.data.filter((l) => l.sell !== null && l.buy !== null);
    expect(appraisalTotals(priced)).toMatchObject({
      sell: 2000 * 4.01 + 2 * 450_000.99 + 2 * 1_500_000,
      buy: 2000 * 3.5 + 2 * 400_000 + 2 * 1_200_000,
    });

    // Sent gzipped as saved: the document holds the answer's own bytes; the share link opens the same lines.
    expect(res.headers['content-encoding']).toBe('gzip');
    const doc = await saved.findById(body.id).lean<AppraisalDoc>();
    expect(doc?.rows).toBeUndefined();
    expect(doc?.lines).toBeUndefined();
    const bytes = doc!.answer instanceof Uint8Array ? doc!.answer : doc!.answer!.read(0, doc!.answer!.length());
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(body);
    const opened = await request(running.url).get(`/data/market/appraisal/${body.id}`).set('accept-encoding', 'gzip').expect(200);
    expect(opened.headers['content-encoding']).toBe('gzip');
    expect((opened.body as SavedAppraisal).data).toEqual(body.data);
    expect((opened.body as SavedAppraisal).errors).toEqual(body.errors);
  });

  it('a large paste is read in two threads at once, with exactly the answer of reading it whole; a failed worker changes nothing', async () => {
    // 300 copies of the paste's known lines (Windows line ends), an unknown line near each end.
    const known = PASTE.split('\n').filter((l) => l !== 'Это не предмет');
    const lines = ['Не предмет в начале', ...Array.from({ length: 300 }, () => known).flat(), 'Tritanum 5', 'Не предмет в конце'];
    const big = lines.join('\r\n');
    expect(big.length).toBeGreaterThan(HALVE_FROM_CHARS);
    const reader = running.app.get(AppraisalReader);
    const answer = async () => {
      const res = await appraise({ appraisal: big, hub: 2 });
      expect(res.status).toBe(200);
      const { data, errors, suggestions } = res.body as AppraisalResponse;
      return { data, errors, suggestions };
    };

    // The first large paste is read here whole (the worker gets the names meanwhile).
    const whole = await answer();
    expect(whole.data.map((l) => [l.type_id, l.bpc, l.quantity])).toEqual([
      [TRITANIUM, false, 600_000],
      [PYERITE, false, 3000],
      [RIFTER, false, 600],
      [CYBERNETICS, false, 600],
      [DRAKE_BLUEPRINT, true, 300],
      [WARRIOR_II, false, 1500],
      [GIANT_SECURE_CONTAINER, false, 300],
    ]);
    expect(whole.errors).toEqual([
      'Строка 1: не удалось распознать «Не предмет в начале»',
      `Строка ${lines.length - 1}: не удалось распознать «Tritanum 5»`,
      `Строка ${lines.length}: не удалось распознать «Не предмет в конце»`,
    ]);
    // The second half's unrecognised line gets its suggestion whichever thread read it.
    expect(whole.suggestions).toEqual([{ line: lines.length - 1, text: 'Tritanum', names: ['Tritanium'] }]);

    await reader.prepare();
    const halvesBefore = reader.readInHalves;
    expect(await answer()).toEqual(whole);
    expect(reader.readInHalves).toBe(halvesBefore + 1);
    // Two at once share the worker: each gets its own half back.
    expect(await Promise.all([answer(), answer()])).toEqual([whole, whole]);
    expect(reader.readInHalves).toBe(halvesBefore + 3);

    // The worker stops: the half is read here, the answer is the same, and the next large paste starts a new worker.
    await reader.stopWorker();
    expect(await answer()).toEqual(whole);
    expect(reader.readInHalves).toBe(halvesBefore + 3);
    await reader.prepare();
    expect(await answer()).toEqual(whole);
    expect(reader.readInHalves).toBe(halvesBefore + 4);
  });

  it('a client that takes no gzip gets the same answer uncompressed', async () => {
    const res = await c.post('/data/market/appraisal', (r) =>
      r.set('accept-encoding', 'identity').send({ appraisal: PASTE, hub: 2 }),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const zipped = (await appraise({ appraisal: PASTE, hub: 2 })).body as AppraisalResponse;
    const plain = res.body as AppraisalResponse;
    expect(plain.data).toEqual(zipped.data);
    expect(plain.errors).toEqual(zipped.errors);
    expect(plain.id).toMatch(/^[0-9A-Za-z]{10}$/);
  });

  it('saved answers follow today’s image server, and compact rows (saved 2026-11-25) still open', async () => {
    const line = (id: number, kind: string) => ({
      name: 'X',
      icon: `https://old-images.example/types/${id}/${kind}?size=64`,
      quantity: 1,
      volume: 1,
      sell: 1,
      buy: 1,
      sell_quantity: 1,
      buy_quantity: 1,
      type_id: id,
      bpc: false,
      note: null,
    });
    const answer = {
      data: [line(TRITANIUM, 'icon'), line(DRAKE_BLUEPRINT, 'bp')],
      errors: ['e'],
      id: 'Moved12345',
      hub: 2,
      created_at: '',
    };
    await saved.collection.insertOne({
      _id: 'Moved12345' as never,
      hub_id: 2,
      answer: gzipSync(JSON.stringify(answer)),
      created_at: new Date(),
    });
    const moved = (await request(running.url).get('/data/market/appraisal/Moved12345').expect(200)).body as SavedAppraisal;
    expect(moved.data.map((l) => l.icon)).toEqual([
      `${IMG}/types/${TRITANIUM}/icon?size=64`,
      `${IMG}/types/${DRAKE_BLUEPRINT}/bp?size=64`,
    ]);
    expect(moved.errors).toEqual(['e']);

    await saved.collection.insertOne({
      _id: 'OldRows123' as never,
      hub_id: 2,
      rows: JSON.stringify([[TRITANIUM, 'Tritanium', 2000, 20, 4.01, 3.5, 10, 5, 0, 0, null]]),
      problems: ['Строка 3: не удалось распознать «y»'],
      created_at: new Date(),
    });
    const rows = (await request(running.url).get('/data/market/appraisal/OldRows123').expect(200)).body as SavedAppraisal;
    expect(rows.data).toEqual([
      {
        name: 'Tritanium',
        icon: `${IMG}/types/${TRITANIUM}/icon?size=64`,
        quantity: 2000,
        volume: 20,
        sell: 4.01,
        buy: 3.5,
        sell_p5: 4.01,
        buy_p5: 3.5,
        sell_quantity: 10,
        buy_quantity: 5,
        sell_orders: 0,
        buy_orders: 0,
        type_id: TRITANIUM,
        bpc: false,
        runs: null,
        note: null,
      },
    ]);
    expect(rows.errors).toEqual(['Строка 3: не удалось распознать «y»']);
  });

  it('an appraisal saved before rows existed (whole lines) still opens', async () => {
    const line = {
      name: 'Tritanium',
      icon: `${IMG}/types/${TRITANIUM}/icon?size=64`,
      quantity: 7,
      volume: 0.07,
      sell: 4,
      buy: 3,
      sell_quantity: 1,
      buy_quantity: 2,
      type_id: TRITANIUM,
      bpc: false,
      note: null,
    };
    await saved.collection.insertOne({
      _id: 'OldLines12' as never,
      hub_id: 2,
      lines: JSON.stringify([line]),
      problems: ['Строка 2: не удалось распознать «x»'],
      created_at: new Date(),
    });
    const res = await request(running.url).get('/data/market/appraisal/OldLines12').expect(200);
    expect(res.body).toMatchObject({ id: 'OldLines12', data: [line], errors: ['Строка 2: не удалось распознать «x»'] });
  });

  it('the share link opens the saved appraisal with its original prices; ?current=1 adds today’s beside them', async () => {
    const first = (await appraise({ appraisal: 'Tritanium 100\nRifter', hub: 2 })).body as AppraisalResponse;
    await setPrice(2, TRITANIUM, 5, 4, 10, 20);
    pricesRefreshed(2);
    try {
      const res = await request(running.url).get(`/data/market/appraisal/${first.id}`).expect(200);
      const view = res.body as SavedAppraisal;
      expect(view.id).toBe(first.id);
      expect(view.hub).toBe(2);
      expect(view.created_at).toBe(first.created_at);
      expect(Date.parse(view.expires_at) - Date.parse(view.created_at)).toBe(APPRAISAL_TTL_DAYS * 86_400_000);
      expect(view.data).toEqual(first.data);
      expect(view.errors).toEqual([]);
      expect(view.current).toBeUndefined();

      const now = (await request(running.url).get(`/data/market/appraisal/${first.id}?current=1`).expect(200))
        .body as SavedAppraisal;
      expect(now.data).toEqual(first.data);
      expect(now.current?.map((l) => [l.name, l.quantity, l.sell, l.buy])).toEqual([
        ['Tritanium', 100, 5, 4],
        ['Rifter', 1, 450_000.99, 400_000],
      ]);
    } finally {
      await setPrice(2, TRITANIUM, 4.01, 3.5, 1_000_000_000, 500_000_000, TRITANIUM_BOOK);
      pricesRefreshed(2);
    }
  });

  it('buyback: the percent is answered and saved, and the share link opens at it', async () => {
    const res = await appraise({ appraisal: 'Tritanium 100', hub: 2, percent: 90 });
    expect(res.status).toBe(200);
    const body = res.body as AppraisalResponse;
    expect(body.percent).toBe(90);
    // Unit prices stay the market's; the page shows totals at the percent.
    expect(body.data.map((l) => [l.sell, l.buy])).toEqual([[4.01, 3.5]]);
    expect(appraisalTotals(body.data, 'best', 90)).toMatchObject({ sell: (401 * 90) / 100, buy: (350 * 90) / 100, volume: 1 });
    expect(appraisalTotals(body.data, 'p5', 90)).toMatchObject({ sell: (405 * 90) / 100, buy: (345 * 90) / 100, volume: 1 });
    const opened = (await request(running.url).get(`/data/market/appraisal/${body.id}`).expect(200)).body as SavedAppraisal;
    expect(opened.percent).toBe(90);
    expect(opened.mine).toBe(false);
  });

  it('the industry window’s blueprint list: one blueprint per row, copies with their runs, originals priced', async () => {
    const res = await appraise({
      appraisal: [
        'Drake Blueprint\t10\t20\t-1\t0\tJita IV - Moon 4\tItem hangar\tBattlecruiser',
        'Drake Blueprint\t0\t0\t10\tBattlecruiser',
        '2 x Drake Blueprint\t8\t16\t5\tBattlecruiser',
      ].join('\n'),
      hub: 2,
    });
    expect(res.status).toBe(200);
    const body = res.body as AppraisalResponse;
    expect(body.errors).toEqual([]);
    expect(body.data.map((l) => [l.name, l.quantity, l.bpc, l.runs, l.sell])).toEqual([
      ['Drake Blueprint', 1, false, null, 40_000_000],
      ['Drake Blueprint', 3, true, 20, null],
    ]);
  });

  it('a line that names nothing gets «Возможно, вы имели в виду …» with the closest names, never a silent guess', async () => {
    const res = await appraise({
      appraisal: 'Tritanum 100\nКибернитика\nGiant Secure Containr x 2\nсовсем не предмет\nPyerite 5',
      hub: 2,
    });
    const body = res.body as AppraisalResponse;
    expect(body.data.map((l) => [l.name, l.quantity])).toEqual([['Pyerite', 5]]);
    expect(body.errors).toEqual([
      'Строка 1: не удалось распознать «Tritanum 100»',
      'Строка 2: не удалось распознать «Кибернитика»',
      'Строка 3: не удалось распознать «Giant Secure Containr x 2»',
      'Строка 4: не удалось распознать «совсем не предмет»',
    ]);
    expect(body.suggestions).toEqual([
      { line: 1, text: 'Tritanum', names: ['Tritanium'] },
      { line: 2, text: 'Кибернитика', names: ['Кибернетика'] },
      { line: 3, text: 'Giant Secure Containr', names: ['Giant Secure Container'] },
    ]);
    // Saved with the answer: the share link shows them too.
    const opened = (await request(running.url).get(`/data/market/appraisal/${body.id}`).expect(200)).body as SavedAppraisal;
    expect(opened.suggestions).toEqual(body.suggestions);
  });

  describe('history: a signed-in player’s own appraisals', () => {
    let alice: TestClient;
    let bob: TestClient;
    beforeAll(async () => {
      alice = await signedIn(running, 'appraiser_alice');
      bob = await signedIn(running, 'appraiser_bob');
    }, 60_000);

    it('lists them newest first, paged; opens them as the owner’s; deletes them for the owner only (404 for others)', async () => {
      const made: string[] = [];
      for (let i = 1; i <= APPRAISAL_HISTORY_PAGE_SIZE + 2; i++) {
        const res = await alice.post('/data/market/appraisal', { appraisal: `Tritanium ${i}\nRifter`, hub: 2, percent: 80 });
        expect(res.status).toBe(200);
        made.push((res.body as AppraisalResponse).id!);
      }
      // Bob's and an anonymous appraisal are not Alice's.
      const bobs = ((await bob.post('/data/market/appraisal', { appraisal: 'Pyerite 1', hub: 2 })).body as AppraisalResponse).id!;
      await appraise({ appraisal: 'Pyerite 2', hub: 2 });

      const first = (await alice.get('/data/market/appraisal/history').expect(200)).body as AppraisalHistoryPage;
      expect(first).toMatchObject({ page: 1, pages: 2, total: APPRAISAL_HISTORY_PAGE_SIZE + 2 });
      expect(first.items.map((i) => i.id)).toEqual(made.slice().reverse().slice(0, APPRAISAL_HISTORY_PAGE_SIZE));
      const newest = first.items[0];
      expect(newest).toMatchObject({
        hub: 2,
        percent: 80,
        lines: 2,
        names: ['Tritanium', 'Rifter'],
        sell: 22 * 4.01 + 450_000.99,
        buy: 22 * 3.5 + 400_000,
        sell_p5: 22 * 4.05 + 450_000.99,
        buy_p5: 22 * 3.45 + 400_000,
        volume: 0.22 + 2500,
      });
      expect(Date.parse(newest.expires_at) - Date.parse(newest.created_at)).toBe(APPRAISAL_TTL_DAYS * 86_400_000);
      const second = (await alice.get('/data/market/appraisal/history?page=2').expect(200)).body as AppraisalHistoryPage;
      expect(second.items.map((i) => i.id)).toEqual(made.slice(0, 2).reverse());
      expect(
        ((await bob.get('/data/market/appraisal/history').expect(200)).body as AppraisalHistoryPage).items.map((i) => i.id),
      ).toEqual([bobs]);

      expect(((await alice.get(`/data/market/appraisal/${made[0]}`).expect(200)).body as SavedAppraisal).mine).toBe(true);
      expect(((await bob.get(`/data/market/appraisal/${made[0]}`).expect(200)).body as SavedAppraisal).mine).toBe(false);

      // Bob cannot delete Alice's (404, as for an unknown id), nor can a guest (401), nor without CSRF (403).
      expect((await bob.delete(`/data/market/appraisal/${made[0]}`)).status).toBe(404);
      expect((await c.delete(`/data/market/appraisal/${made[0]}`)).status).toBe(401);
      expect((await alice.agent.delete(`/data/market/appraisal/${made[0]}`)).status).toBe(403);
      await request(running.url).get(`/data/market/appraisal/${made[0]}`).expect(200);

      expect((await alice.delete(`/data/market/appraisal/${made[0]}`)).status).toBe(204);
      await request(running.url).get(`/data/market/appraisal/${made[0]}`).expect(404);
      expect((await alice.delete(`/data/market/appraisal/${made[0]}`)).status).toBe(404);
      expect(
        ((await alice.get('/data/market/appraisal/history?page=2').expect(200)).body as AppraisalHistoryPage).items.map(
          (i) => i.id,
        ),
      ).toEqual([made[1]]);
    });

    it('a guest has no history (401); a bad page is 400', async () => {
      expect((await request(running.url).get('/data/market/appraisal/history')).status).toBe(401);
      const res = await alice.get('/data/market/appraisal/history?page=0');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: APPRAISAL_MESSAGES.badPage });
    });
  });

  it('the hub matters: Amarr prices, and the default hub is Jita (2)', async () => {
    const amarr = (await appraise({ appraisal: 'Tritanium 10', hub: 1 })).body as AppraisalResponse;
    expect(amarr.data.map((l) => [l.sell, l.buy])).toEqual([[4.2, 3.9]]);
    const byDefault = (await appraise({ appraisal: 'Tritanium 10' })).body as AppraisalResponse;
    expect(byDefault.hub).toBe(2);
    expect(byDefault.data.map((l) => [l.sell, l.buy])).toEqual([[4.01, 3.5]]);
  });

  it('nothing recognised: 200 with the errors, nothing saved', async () => {
    const before = await saved.countDocuments();
    const res = await appraise({ appraisal: 'совсем не предмет\nи это тоже' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: [],
      id: null,
      errors: ['Строка 1: не удалось распознать «совсем не предмет»', 'Строка 2: не удалось распознать «и это тоже»'],
    });
    expect(await saved.countDocuments()).toBe(before);
  });

  it('saved appraisals expire: a TTL index on created_at, and an expired one is 404 even before the monitor runs', async () => {
    const indexes = await saved.collection.indexes();
    expect(indexes.find((i) => i.key.created_at === 1)).toMatchObject({ expireAfterSeconds: APPRAISAL_TTL_DAYS * 86_400 });
    await saved.collection.insertOne({
      _id: 'Expired123' as never,
      hub_id: 2,
      lines: '[]',
      problems: [],
      created_at: new Date(Date.now() - (APPRAISAL_TTL_DAYS * 86_400 + 1) * 1000),
    });
    const res = await request(running.url).get('/data/market/appraisal/Expired123').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, message: APPRAISAL_MESSAGES.notFound });
  });

  describe('bad input: Russian 4xx, never 500', () => {
    it('no CSRF token: 403 before anything runs', async () => {
      const res = await request(running.url).post('/data/market/appraisal').send({ appraisal: 'Tritanium 1', hub: 2 });
      expect(res.status).toBe(403);
    });

    it.each([
      [{}, APPRAISAL_MESSAGES.textType],
      [{ appraisal: 5 }, APPRAISAL_MESSAGES.textType],
      [{ appraisal: null }, APPRAISAL_MESSAGES.textType],
      [{ appraisal: 'x' }, APPRAISAL_MESSAGES.textRequired],
      [{ appraisal: '   \n\t ' }, APPRAISAL_MESSAGES.textRequired],
      [{ appraisal: 'Tritanium 1', hub: 99 }, MARKET_MESSAGES.unknownHub],
      [{ appraisal: 'Tritanium 1', hub: '2' }, MARKET_MESSAGES.unknownHub],
      [{ appraisal: 'Tritanium 1', hub: 2.5 }, MARKET_MESSAGES.unknownHub],
      [{ appraisal: 'Tritanium 1', percent: 0 }, APPRAISAL_MESSAGES.percent],
      [{ appraisal: 'Tritanium 1', percent: 101 }, APPRAISAL_MESSAGES.percent],
      [{ appraisal: 'Tritanium 1', percent: 50.5 }, APPRAISAL_MESSAGES.percent],
      [{ appraisal: 'Tritanium 1', percent: '90' }, APPRAISAL_MESSAGES.percent],
    ])('%j -> 400 %s', async (body, message) => {
      const res = await appraise(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message });
    });

    it('over 1 000 000 characters: 413 in Russian', async () => {
      const res = await appraise({ appraisal: 'a'.repeat(1_000_001), hub: 2 });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: APPRAISAL_MESSAGES.tooManyChars });
    });

    it('exactly 1 000 000 characters is read', async () => {
      const text = `Tritanium 1\n${'a'.repeat(1_000_000 - 12)}`;
      const res = await appraise({ appraisal: text, hub: 2 });
      expect(res.status).toBe(200);
      expect(res.body.data.map((l: { quantity: number }) => l.quantity)).toEqual([1]);
      expect(res.body.errors).toEqual(['Строка 2: слишком длинная (больше 1000 символов)']);
    });

    it('over 20 000 lines: 413 in Russian; 20 000 lines are read', async () => {
      const over = await appraise({ appraisal: 'T\n'.repeat(20_000), hub: 2 });
      expect(over.status).toBe(413);
      expect(over.body).toMatchObject({ statusCode: 413, message: APPRAISAL_MESSAGES.tooManyLines });
      const exactly = await appraise({ appraisal: `${'PLEX\n'.repeat(19_999)}PLEX`, hub: 2 });
      expect(exactly.status).toBe(200);
      expect(exactly.body.data.map((l: { quantity: number }) => l.quantity)).toEqual([20_000]);
    });

    it('a body over the 1 MB JSON limit: 413 in Russian', async () => {
      const res = await appraise({ appraisal: 'Ж'.repeat(600_000), hub: 2 });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ statusCode: 413, message: 'Слишком большой запрос' });
    });

    it.each(['short', 'has-dash-01', 'x'.repeat(11), '%00%00%00%00%00'])('id %p -> 400', async (id) => {
      const res = await request(running.url).get(`/data/market/appraisal/${id}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: APPRAISAL_MESSAGES.badId });
    });

    it('an unknown id: 404; a bad ?current: 400', async () => {
      expect((await request(running.url).get('/data/market/appraisal/AAAAAAAAAA').expect(404)).body.message).toBe(
        APPRAISAL_MESSAGES.notFound,
      );
      await request(running.url).get('/data/market/appraisal/AAAAAAAAAA?current=yes').expect(400);
    });
  });
});
