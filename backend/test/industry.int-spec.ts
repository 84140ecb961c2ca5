/**
 * The industry calculator over real HTTP on the real app and database: static data, the job
 * tree with exact quantities, times and fees (game numbers from industry-test-cases), one-level
 * materials, and the Russian refusal of every kind of bad input. Prices are seeded through the
 * market models; the last block takes them from the fake ESI through the industry-inputs job.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import request from 'supertest';
import { startFakeEsi, type FakeEsi } from '@eve-toolkit/fake-esi';
import {
  jobFee,
  type IndustryJobResponse,
  type IndustryJobSimpleResponse,
  type IndustryStaticData,
  type JobNode,
} from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { IndustryInputsRefreshService } from '../src/market/industry-inputs-refresh.service';
import { MODELS, type AdjustedPriceDoc, type CostIndexDoc, type MarketPriceDoc } from '../src/market/market.schema';
import { createTestApp } from './app';
import { buildMiniSde, DEFAULT_MINI_SDE, importSdeInto } from './fixtures/mini-sde';
import { INDUSTRY_CASES_DIR } from '../../tools/sde-subset/paths';
import { client, type TestClient } from './support/client';

const JITA = 30000142;
const TAMA = 30002813; // low-sec 0.28
const CASES = INDUSTRY_CASES_DIR;
const casePrices = (name: string) =>
  JSON.parse(readFileSync(join(CASES, name, 'esi-market-prices.json'), 'utf8')) as {
    type_id: number;
    adjusted_price: number;
    average_price: number;
  }[];

describe('industry calculator', () => {
  let running: RunningApp;
  let c: TestClient;
  let adjusted: Model<AdjustedPriceDoc>;
  let indices: Model<CostIndexDoc>;
  let prices: Model<MarketPriceDoc>;
  const job = (body: object) => c.post('/data/industry/job', body);

  const seedCase = async (name: string) => {
    const rows = casePrices(name);
    const now = new Date('2026-01-01T00:00:00Z');
    await adjusted.deleteMany({});
    await adjusted.insertMany(
      rows.map((r) => ({ _id: r.type_id, adjusted_price: r.adjusted_price, average_price: r.average_price, updated_at: now })),
    );
    await prices.deleteMany({});
    // Hub prices: sell = the case's average price, buy = 90 % of it.
    await prices.insertMany(
      rows.map((r) => ({ hub_id: 2, type_id: r.type_id, sell: r.average_price, buy: r.average_price * 0.9, updated_at: now })),
    );
  };

  beforeAll(async () => {
    running = await createTestApp({ imageServerUrl: 'https://images.example' });
    await importSdeInto(
      running,
      await buildMiniSde({
        typeIds: [...DEFAULT_MINI_SDE.typeIds, 45548, 37180, 37183, 37155, 43715, 46487, 46485, 46497, 35833, 35834],
        blueprintIds: [999, 691, 2742, 57490, 42874],
        systemIds: [JITA, TAMA],
        schematicIds: [],
      }),
    );
    adjusted = running.app.get(getModelToken(MODELS.adjusted));
    indices = running.app.get(getModelToken(MODELS.costIndex));
    prices = running.app.get(getModelToken(MODELS.price));
    const now = new Date('2026-01-01T00:00:00Z');
    await indices.insertMany([
      { _id: JITA, cost_indices: { manufacturing: 0.07311725283123303, reaction: 0.0014, invention: 0.1109 }, updated_at: now },
      { _id: TAMA, cost_indices: { manufacturing: 0.07461088416212873, reaction: 0.05909748985254272 }, updated_at: now },
    ]);
    c = client(running.url);
  }, 120_000);
  afterAll(async () => {
    await running?.close();
  });

  it('static data: k-space systems with security, stations with { me, te, isk }, rigs with bonuses and the security multipliers by class', async () => {
    const res = await request(running.url).get('/data/industry/static_industry_data').expect(200);
    const data = res.body as IndustryStaticData;
    expect(data.systems).toEqual([
      { id: JITA, name: 'Jita', security: 0.945913 },
      { id: TAMA, name: 'Tama', security: 0.282556 },
    ]);
    const main = data.static.stationsMain;
    expect(main[0]).toEqual({ key: 'npc', name: 'NPC-станция', icon: null, structure_id: null, rig_size: null });
    expect(main.map((s) => s.key)).toEqual(expect.arrayContaining(['35825', '35826', '35827', '35832', '35835', '35836']));
    expect(data.static.stationMainBonuses).toMatchObject({
      npc: { me: 1, te: 1, isk: 1 },
      35825: { me: 0.99, te: 0.85, isk: 0.97 },
      35826: { me: 0.99, te: 0.8, isk: 0.96 },
      35827: { me: 0.99, te: 0.7, isk: 0.95 },
      35832: { me: 1, te: 1, isk: 1 },
    });
    expect(data.static.stationsReactions.map((s) => s.key)).toEqual(['35835', '35836']);
    expect(data.static.stationReactionBonuses).toEqual({ 35835: { me: 1, te: 1, isk: 1 }, 35836: { me: 1, te: 0.75, isk: 1 } });
    const rig = (id: number) => data.static.rigs.find((r) => r.id === id);
    expect(rig(37180)).toMatchObject({ activity: 'manufacturing', rig_size: 4, stations: ['35834', '35827'], groups: 48 });
    expect(rig(46497)).toMatchObject({ activity: 'reaction', rig_size: 3, stations: ['35836'] });
    expect(rig(37183)).toBeUndefined(); // a laboratory rig: no manufacturing or reaction bonus
    expect(data.static.rigsBonuses['37180']).toEqual({ me: 2, te: 20, isk: null, me_capital: null });
    expect(data.static.rigsBonuses['45548']).toEqual({ me: 2, te: 20, isk: null, me_capital: 3.7 });
    expect(data.static.rigsBonusMod['37180']).toEqual([2.1, 1.9, 1]);
    expect(data.static.rigsBonusMod['45548']).toEqual([0.1, 1.9, 0.1]);
    expect(data.static.rigsBonusMod['46497']).toEqual([1.1, 1, null]);
  });

  it('Dominix, ME 10 TE 20, Jita NPC station: the game’s quantities, 2h43m12s and job fee 18 381 467', async () => {
    await seedCase('dominix');
    const res = await job({ blueprint_id: 999, quantity: 1, system_id: JITA, me: 10, te: 20, tax: 0.25, station_key: 'npc' });
    expect(res.status).toBe(200);
    const body = res.body as IndustryJobResponse;
    const root = body.job;
    expect(root).toMatchObject({
      id: 645,
      name: 'Dominix',
      name_en: 'Dominix',
      icon: 'https://images.example/types/645/icon?size=64',
      quantity: 1,
      quantity_per_run: 1,
      runs: 1,
      activity_id: 1,
      blueprint_id: 999,
      time: 9792,
      time_for_run: 9792,
      volume: 50000,
      build: true,
      pay: 0,
      work_price_total: 18_381_467,
      work_price_per_run: 18_381_467,
      work_price_parts: { eiv: 158_985_500, index: 11_624_583, tax: 397_464, scc: 6_359_420 },
      // the case's price list has no Dominix itself
      adjusted_price: null,
      market_sell: null,
      trash: 0,
    });
    expect(Object.fromEntries(root.materials.map((m) => [m.id, m.quantity]))).toEqual({
      34: 4_680_000,
      35: 2_340_000,
      36: 351_000,
      37: 117_000,
      38: 14_040,
      39: 3_510,
      40: 1_755,
      57478: 135,
      57479: 1,
      57486: 68,
    });
    // Materials at the hub: Σ quantity × sell + the job fee (nothing below is built in this mini SDE).
    const sell = root.materials.reduce((s, m) => s + m.quantity * (m.market_sell ?? 0), 0);
    expect(root.materials_total_sell).toBeCloseTo(sell + 18_381_467, 4);
    expect(body.system_indexes.cost_indices).toEqual(
      expect.arrayContaining([
        { activity: 'manufacturing', cost_index: 0.07311725283123303 },
        { activity: 'reaction', cost_index: 0.0014 },
      ]),
    );
    expect(body.context).toMatchObject({
      hub_id: 2,
      system: { id: JITA, name: 'Jita', security_class: 2 },
      station: 'NPC-станция',
      reaction_station: 'Athanor',
      me: 10,
      te: 20,
      tax: 0.25,
      skills: { industry: 5, advanced_industry: 5, reactions: 5 },
      nodes: 11,
    });
    expect(body.warnings).toEqual([]);
  });

  it('Dominix in low-sec at a Sotiyo with the Thukker XL and XL ship rigs: the in-game window’s quantities, 1h10m50s', async () => {
    await seedCase('dominix-lowsec-sotiyo-rigs');
    const res = await job({
      blueprint_id: 999,
      system_id: TAMA,
      me: 10,
      te: 20,
      tax: 2,
      station_key: '35827',
      station_rig: [45548, 37180],
    });
    expect(res.status).toBe(200);
    const root = (res.body as IndustryJobResponse).job;
    expect(Object.fromEntries(root.materials.map((m) => [m.id, m.quantity]))).toEqual({
      34: 4_457_139,
      35: 2_228_570,
      36: 334_286,
      37: 111_429,
      38: 13_372,
      39: 3_343,
      40: 1_672,
      57478: 129,
      57479: 1,
      57486: 65,
    });
    expect(root.time).toBe(4250);
    // EIV from the blueprint's base quantities (no ME) and the case's adjusted prices.
    const adj = new Map(casePrices('dominix-lowsec-sotiyo-rigs').map((r) => [r.type_id, r.adjusted_price]));
    const base = {
      57479: 1,
      57486: 75,
      57478: 150,
      40: 1950,
      39: 3900,
      38: 15600,
      37: 130000,
      36: 390000,
      35: 2600000,
      34: 5200000,
    };
    const eiv = Object.entries(base).reduce((s, [id, q]) => s + q * adj.get(Number(id))!, 0);
    const fee = jobFee(eiv, 0.07461088416212873, [0.95], 0.02);
    expect(root.work_price_parts).toEqual({ eiv: 154_286_511, index: fee.systemCost, tax: 3_085_730, scc: 6_171_460 });
    expect((res.body as IndustryJobResponse).context.rigs).toEqual([
      'Standup XL-Set Thukker Structure and Component Manufacturing Efficiency',
      'Standup XL-Set Ship Manufacturing Efficiency I',
    ]);
    // EVE Ref's Sotiyo as it is fitted, with its laboratory rig too: the lab rig does not touch
    // manufacturing, so it is ignored (and said so), and the job is exactly the same
    const fitted = await job({
      blueprint_id: 999,
      system_id: TAMA,
      me: 10,
      te: 20,
      tax: 2,
      station_key: '35827',
      station_rig: [45548, 37180, 37183],
    });
    expect(fitted.status).toBe(200);
    const body = fitted.body as IndustryJobResponse;
    expect(body.job).toEqual(root);
    expect(body.context.rigs_use.station).toEqual({
      applied: [
        'Standup XL-Set Thukker Structure and Component Manufacturing Efficiency',
        'Standup XL-Set Ship Manufacturing Efficiency I',
      ],
      ignored: ['Standup XL-Set Laboratory Optimization I'],
    });
    expect(body.warnings).toContain('Риги не влияют на эту работу и не учтены: Standup XL-Set Laboratory Optimization I');
  });

  it('Carbon Fiber reaction at an Athanor with composite rigs in low-sec, Reactions IV: 49/976/976, 19h09m07s, fee 161 323', async () => {
    await seedCase('carbon-fiber-reaction-formula-athanor-rigs');
    const res = await job({
      blueprint_id: 57490,
      quantity: 2000,
      system_id: TAMA,
      tax: 1.5,
      reactions: true,
      reaction_station: '35835',
      reaction_rig: [46487, 46485],
      skills: { reactions: 4 },
    });
    expect(res.status).toBe(200);
    const root = (res.body as IndustryJobResponse).job;
    expect(root).toMatchObject({ activity_id: 11, runs: 10, quantity_per_run: 200, time: 68_947, work_price_total: 161_323 });
    expect(root.materials.map((m) => [m.id, m.quantity])).toEqual([
      [4246, 49],
      [16633, 976],
      [16635, 976],
    ]);
  });

  it('reactions in high-sec are computed with a warning', async () => {
    const res = await job({ blueprint_id: 57490, quantity: 200, system_id: JITA, reactions: true });
    expect(res.status).toBe(200);
    expect(res.body.warnings).toContain(
      'Реакции запускаются только в системах с уровнем безопасности 0.4 и ниже: в Jita их не запустить',
    );
  });

  it('job_simple: one level of a blueprint with base quantities', async () => {
    const res = await request(running.url).get('/data/industry/job_simple/691').expect(200);
    const body = res.body as IndustryJobSimpleResponse;
    expect(body.job).toMatchObject({
      blueprint_id: 691,
      id: 587,
      name: 'Rifter',
      activity_id: 1,
      quantity_per_run: 1,
      time: 6000,
      max_production_limit: 30,
    });
    expect(body.job.materials.map((m) => [m.id, m.name, m.quantity, m.blueprint_id])).toEqual([
      [34, 'Tritanium', 32000, null],
      [35, 'Pyerite', 6000, null],
      [36, 'Mexallon', 2500, null],
      [37, 'Isogen', 500, null],
    ]);
    expect((await request(running.url).get('/data/industry/job_simple/34').expect(404)).body.message).toBe('Чертёж не найден');
    expect((await request(running.url).get('/data/industry/job_simple/abc').expect(400)).body.message).toBe(
      'Некорректный идентификатор чертежа',
    );
    expect((await request(running.url).get('/data/industry/job_simple/0691').expect(400)).body.message).toBe(
      'Некорректный идентификатор чертежа',
    );
  });

  const rifter = { blueprint_id: 691, system_id: JITA };
  it.each<[string, object, string[]]>([
    ['nothing chosen', {}, ['Вы должны выбрать предмет для расчета!', 'Вы должны выбрать систему...']],
    ['no system', { blueprint_id: 691 }, ['Вы должны выбрать систему...']],
    ['blueprint as a string', { ...rifter, blueprint_id: '691' }, ['Вы должны выбрать предмет для расчета!']],
    ['unknown blueprint', { ...rifter, blueprint_id: 1 }, ['Чертёж не найден']],
    ['a type that is not a blueprint', { ...rifter, blueprint_id: 34 }, ['Чертёж не найден']],
    ['unknown system', { ...rifter, system_id: 31999999 }, ['Система не найдена']],
    ['unknown blueprint and system', { blueprint_id: 1, system_id: 1 }, ['Чертёж не найден', 'Система не найдена']],
    ['ME above 10', { ...rifter, me: 11 }, ['ME — целое число от 0 до 10']],
    ['ME below 0', { ...rifter, me: -1 }, ['ME — целое число от 0 до 10']],
    ['ME not whole', { ...rifter, me: 1.5 }, ['ME — целое число от 0 до 10']],
    ['TE above 20', { ...rifter, te: 22 }, ['TE — целое число от 0 до 20']],
    ['TE as text', { ...rifter, te: 'x' }, ['TE — целое число от 0 до 20']],
    ['quantity 0', { ...rifter, quantity: 0 }, ['Количество — целое число от 1 до 1 000 000 000']],
    ['quantity not whole', { ...rifter, quantity: 2.5 }, ['Количество — целое число от 1 до 1 000 000 000']],
    ['quantity too large', { ...rifter, quantity: 10_000_000_000 }, ['Количество — целое число от 1 до 1 000 000 000']],
    [
      'quantity beyond the run limit (30 days)',
      { blueprint_id: 999, system_id: JITA, quantity: 213 },
      [
        'Слишком много прогонов для одной работы: 213. Не больше 212 (212 шт.): все прогоны, кроме последнего, должны начаться в течение 30 дней',
      ],
    ],
    [
      'cyclic tree',
      { blueprint_id: 2742, system_id: JITA },
      ['Дерево материалов зациклено: Biochemical Silo → Biochemical Silo'],
    ],
    ['negative tax', { ...rifter, tax: -1 }, ['Налог — число от 0 до 100 %']],
    ['reactions as text', { ...rifter, reactions: 'yes' }, ['Флаг реакций должен быть true или false']],
    ['unknown station', { ...rifter, station_key: 'abc' }, ['Неизвестная станция']],
    [
      'a refinery key for the reaction station only',
      { ...rifter, reaction_station: '35825' },
      ['Неизвестная станция для реакций'],
    ],
    [
      'rig on an NPC station',
      { ...rifter, station_rig: 37155 },
      [
        'Риги ставятся только на структуры, не на NPC-станцию: «Standup M-Set Basic Small Ship Manufacturing Material Efficiency II»',
      ],
    ],
    [
      'rig of another size',
      { ...rifter, station_key: '35825', station_rig: [37180] },
      ['Риг «Standup XL-Set Ship Manufacturing Efficiency I» не подходит к структуре «Raitaru»'],
    ],
    ['unknown rig', { ...rifter, station_key: '35825', station_rig: [34] }, ['Риг не найден: 34']],
    ['four rigs', { ...rifter, station_key: '35827', station_rig: [1, 2, 3, 4] }, ['Не больше трёх ригов на структуре']],
    ['skill level 6', { ...rifter, skills: { industry: 6 } }, ['Уровень навыка — целое число от 0 до 5']],
    ['unknown hub', { ...rifter, hub: 99 }, ['Неизвестный торговый хаб']],
  ])('bad input: %s -> 400 with the Russian error list', async (_name, body, errors) => {
    const res = await job(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: errors[0], errors, error: errors });
  });

  it('a body that is not JSON, or no CSRF token, is refused without a 500', async () => {
    const text = await c.post('/data/industry/job', (r) => r.set('Content-Type', 'application/json').send('{"blueprint_id":'));
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('Некорректный JSON в запросе');
    const noToken = await request(running.url).post('/data/industry/job').send(rifter);
    expect(noToken.status).toBe(403);
  });
});

describe('industry calculator before the game data is imported', () => {
  let running: RunningApp;
  beforeAll(async () => {
    running = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await running?.close();
  });

  it('answers 503 in Russian on every endpoint, never a 500', async () => {
    const message = 'Игровые данные ещё загружаются, попробуйте через минуту';
    expect((await request(running.url).get('/data/industry/static_industry_data').expect(503)).body.message).toBe(message);
    expect((await request(running.url).get('/data/industry/job_simple/691').expect(503)).body.message).toBe(message);
    const res = await client(running.url).post('/data/industry/job', { blueprint_id: 691, system_id: JITA });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(message);
  });
});

describe('industry calculator with prices from ESI (fake) through the industry-inputs job', () => {
  // The stand-in's adjusted prices change every hour: its clock is fixed, so the prices the job
  // stored and the ones this test expects are the same hour's on any date and at any minute.
  const ESI_NOW = Date.UTC(2026, 2, 10, 12, 30);
  let fake: FakeEsi;
  let running: RunningApp;

  beforeAll(async () => {
    fake = await startFakeEsi({ dataDir: undefined, seed: 5, ordersPerRegion: { 10000002: 200 }, now: () => ESI_NOW });
    running = await createTestApp({ esi: { baseUrl: fake.url, userAgent: 'eve-toolkit-test', compatibilityDate: '2025-09-30' } });
    await importSdeInto(running, await buildMiniSde({ ...DEFAULT_MINI_SDE, schematicIds: [] }));
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    await fake?.close();
  });

  it('refreshes adjusted prices and cost indices as its own job, and the job fee uses them', async () => {
    const inputs = running.app.get(IndustryInputsRefreshService);
    expect(await inputs.refreshAll()).toEqual({ adjustedPrices: 'updated', costIndices: 'updated' });
    const esiPrices = new Map(
      fake.market.prices(Math.floor(ESI_NOW / 3_600_000) * 3_600_000).map((p) => [p.type_id, p.adjusted_price]),
    );
    const jita = fake.market.industrySystems().find((s) => s.solar_system_id === JITA)!;
    const sci = jita.cost_indices.find((x) => x.activity === 'manufacturing')!.cost_index;

    const res = await client(running.url).post('/data/industry/job', {
      blueprint_id: 691,
      quantity: 3,
      system_id: JITA,
      me: 10,
      te: 20,
      tax: 1,
      station_key: '35825',
    });
    expect(res.status).toBe(200);
    const root = (res.body as IndustryJobResponse).job as JobNode;
    // Rifter: 32 000 / 6 000 / 2 500 / 500 per run, 3 runs, ME 10 + Raitaru 0.99.
    expect(root.materials.map((m) => m.quantity)).toEqual([85_536, 16_038, 6_683, 1_337]);
    const eiv =
      (32_000 * esiPrices.get(34)! + 6_000 * esiPrices.get(35)! + 2_500 * esiPrices.get(36)! + 500 * esiPrices.get(37)!) * 3;
    const baseCost = Math.round(eiv);
    const expected = Math.round(eiv * sci * 0.97) + Math.round(baseCost * 0.01) + Math.round(baseCost * 0.04);
    expect(root.work_price_total).toBe(expected);
    expect((res.body as IndustryJobResponse).system_indexes.cost_indices).toEqual(jita.cost_indices);
  });
});
