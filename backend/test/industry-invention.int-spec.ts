/**
 * Invention over real HTTP on the real app and database: the static data's laboratories, science
 * rigs, decryptors and skills; POST data/industry/invention against EVE Ref's in-game cases; a T2
 * tree (the Golem) with its invention step, decryptor and per-node settings; the Russian refusal
 * of bad input; and a linked character's skills read through the fake ESI with its own token.
 * Prices and cost indices are seeded through the market models.
 */
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import request from 'supertest';
import { type FakeEsi, type FakeSso } from '@eve-toolkit/fake-esi';
import {
  CHARACTER_MESSAGES,
  INDUSTRY_MESSAGES,
  type IndustryCharacterSkillsResponse,
  type IndustryCharactersResponse,
  type IndustryInventionResponse,
  type IndustryJobError,
  type IndustryJobResponse,
  type IndustryStaticData,
} from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { MODELS, type AdjustedPriceDoc, type CostIndexDoc, type MarketPriceDoc } from '../src/market/market.schema';
import { createTestApp } from './app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs } from './fixtures/mini-sde';
import { signedIn } from './support/accounts';
import { client, type TestClient } from './support/client';
import { linkCharacter } from './support/sso';
import { startStandIns, type StandIns } from './support/stand-ins';

jest.setTimeout(60_000);

const JITA = 30000142;
const TAMA = 30002813; // low-sec 0.28
const ELENA = 2112000012; // the fake SSO's industrialist
const IVAN = 2112000001;
const DECRYPTORS = [34201, 34202, 34203, 34204, 34205, 34206, 34207, 34208];

/** EVE Ref's cases: ESI adjusted prices of the T2 blueprints' materials (see invention.golden.spec.ts). */
const MJOLNIR_ADJUSTED: [number, number][] = [
  // mjolnir-fury-cruise-missile-blueprint
  [16680, 1331.7147227950043],
  [11476, 643.0513367550423],
  [11694, 23155.265536116513],
  [9830, 6158.999886465713],
  [11399, 35038.68257165092],
];
const SIN_ADJUSTED: [number, number][] = [
  // sin-blueprint-lowsec-sotiyo-rigs
  [645, 140284925.56578845],
  [21025, 13780757.743695728],
  [11478, 566.8395699702592],
  [11531, 24364.816005683337],
  [3828, 6540.504141111175],
  [11547, 31931.88571525263],
  [11399, 33199.53488719238],
  [11535, 20495.49528564558],
  [11556, 23440.357289746542],
  [11553, 56649.945135730624],
  [11541, 33674.882178086336],
  [11545, 7348.862807628426],
];
/** The window's "Est. Unit price" of the datacores (invention.txt) as hub SELL prices. */
const HUB: [number, number][] = [
  [20418, 103019.67],
  [20420, 97349.95],
  [20410, 99872.85],
  [20424, 88643.5],
  [34207, 5824285.06],
];

let standIns: StandIns;
let sso: FakeSso;
let esi: FakeEsi;
let running: RunningApp;
let c: TestClient;
let indices: Model<CostIndexDoc>;
let adjusted: Model<AdjustedPriceDoc>;
/** Both cases price Morphite (11399), each at its own date's price: seed the case's list. */
const seedAdjusted = async (rows: [number, number][]) => {
  await adjusted.deleteMany({});
  const now = new Date('2026-01-01T00:00:00Z');
  await adjusted.insertMany(rows.map(([id, p]) => ({ _id: id, adjusted_price: p, average_price: p, updated_at: now })));
};

const invention = (body: object) => c.post('/data/industry/invention', body);
const job = (body: object) => c.post('/data/industry/job', body);
const errorsOf = (body: unknown) => (body as IndustryJobError).error;

beforeAll(async () => {
  standIns = await startStandIns();
  ({ sso, esi } = standIns);
  running = await createTestApp(standIns.config());
  await importSdeInto(
    running,
    await buildMiniSde({
      typeIds: [
        ...DECRYPTORS,
        35825,
        35826,
        35827,
        35832,
        35835,
        35836,
        35878,
        35886,
        45537, // structures and service modules
        37180,
        37183,
        43722,
        43879,
        45548,
        46497, // rigs
        3380,
        3388,
        45746,
        3402,
        16622,
        3446, // the named skills
      ],
      blueprintIds: [803, 24536, 999, 22431, 688, 28711],
      systemIds: [JITA, TAMA],
      schematicIds: [],
    }),
  );
  const now = new Date('2026-01-01T00:00:00Z');
  adjusted = running.app.get<Model<AdjustedPriceDoc>>(getModelToken(MODELS.adjusted));
  await seedAdjusted(MJOLNIR_ADJUSTED);
  const prices = running.app.get<Model<MarketPriceDoc>>(getModelToken(MODELS.price));
  await prices.insertMany(HUB.map(([id, p]) => ({ hub_id: 2, type_id: id, sell: p, buy: p * 0.9, updated_at: now })));
  indices = running.app.get(getModelToken(MODELS.costIndex));
  await indices.insertMany([
    // the invention index the in-game window applied (EVE Ref back-computed it from the job cost)
    { _id: JITA, cost_indices: { manufacturing: 0.071, invention: 0.113026559329934, copying: 0.0722 }, updated_at: now },
    { _id: TAMA, cost_indices: { manufacturing: 0.0746, invention: 0.108064094785589, copying: 0.1145 }, updated_at: now },
  ]);
  c = client(running.url);
}, 180_000);
afterAll(async () => {
  await running?.close();
  await standIns?.close();
  removeMiniSdeDirs();
});

describe('static data for science', () => {
  it('laboratories (NPC + structures with an invention lab), their science bonuses, science rigs, decryptors and the skills panel', async () => {
    const data = (await request(running.url).get('/data/industry/static_industry_data').expect(200)).body as IndustryStaticData;
    const st = data.static;
    expect(st.stationsScience.map((s) => s.key)).toEqual(['npc', '35832', '35835', '35825', '35826', '35836', '35827']);
    expect(st.stationScienceBonuses).toMatchObject({
      npc: { me: 1, te: 1, isk: 1 },
      35825: { me: 1, te: 0.85, isk: 0.97 },
      35827: { me: 1, te: 0.7, isk: 0.95 },
      35832: { me: 1, te: 1, isk: 1 },
    });
    const rig = (id: number) => st.rigs.find((r) => r.id === id);
    // XL laboratory rig on the Sotiyo; L-set invention rig on the Azbel and the Tatara; M-set cost rig on the M-size ones
    expect(rig(37183)).toMatchObject({ activity: 'science', rig_size: 4, stations: ['35827'], groups: 0 });
    expect(rig(43722)).toMatchObject({ activity: 'science', stations: ['35826', '35836'] });
    expect(rig(43879)).toMatchObject({ activity: 'science', stations: ['35832', '35835', '35825'] });
    expect(st.rigsBonuses['37183']).toEqual({ me: null, te: 20, isk: 10, me_capital: null });
    expect(st.rigsBonusMod['37183']).toEqual([2.1, 1.9, 1]);
    expect(rig(37180)).toMatchObject({ activity: 'manufacturing' });
    expect(st.decryptors.map((d) => d.id)).toEqual(DECRYPTORS);
    expect(st.decryptors.find((d) => d.id === 34207)).toEqual({
      id: 34207,
      name: 'Optimized Attainment Decryptor',
      icon: 'https://images.example/types/34207/icon?size=64',
      probability: 1.9,
      me: 1,
      te: -2,
      runs: 2,
    });
    expect(st.skills.base.map((s) => [s.key, s.id, s.name])).toEqual([
      ['industry', 3380, 'Организация производства'],
      ['advanced_industry', 3388, 'Углубленный курс организации производства'],
      ['reactions', 45746, expect.any(String)],
      ['science', 3402, 'Научные дисциплины'],
      ['accounting', 16622, 'Бухгалтерский учёт'],
      ['broker_relations', 3446, 'Брокерское дело'],
    ]);
    // the mini SDE's inventions need these (Science has its own field)
    expect(st.skills.invention).toEqual(
      expect.arrayContaining([
        { id: 11453, name: 'Электронная инженерия', encryption: false },
        { id: 21790, name: 'Калдарские алгоритмы шифрования', encryption: true },
        { id: 23121, name: 'Галлентские алгоритмы шифрования', encryption: true },
      ]),
    );
    expect(st.skills.invention.some((s) => s.id === 3402)).toBe(false);
  });
});

describe('POST data/industry/invention', () => {
  it('Mjolnir Fury, 45 runs at a Jita NPC station, skills V: the in-game 49.6 %, 723h33m45s, 45 + 45 datacores, job cost 241 242', async () => {
    await seedAdjusted(MJOLNIR_ADJUSTED);
    const res = await invention({ product_id: 24536, runs: 45, system_id: JITA, tax: 0.25 });
    expect(res.status).toBe(200);
    const { invention: inv, warnings } = res.body as IndustryInventionResponse;
    expect(inv).toMatchObject({
      blueprint_id: 803,
      product_id: 24536,
      runs: 45,
      runs_per_copy: 10,
      me: 2,
      te: 4,
      time: 2_604_825,
      decryptor: null,
      materials: [
        { id: 20418, name: 'Datacore - Electronic Engineering', quantity: 45, price: 103019.67 },
        { id: 20420, name: 'Datacore - Rocket Science', quantity: 45, price: 97349.95 },
      ],
      estimated_item_value: 77_556_562,
      job_cost: 241_242,
      job_cost_parts: { job_value: 1_551_131, index: 175_319, tax: 3_878, scc: 62_045 },
      copy: { time: 20_655 },
    });
    expect(Math.round(inv.probability * 1000) / 10).toBe(49.6);
    expect(inv.expected_copies).toBeCloseTo(22.3125, 10);
    expect(inv.expected_runs).toBeCloseTo(223.125, 10);
    // EVE Ref: total material cost 9 016 632.90, total cost 9 257 874.90, 41 491.88 per run
    expect(inv.materials_cost).toBeCloseTo(9_016_632.9, 2);
    expect(inv.cost_per_run).toBeCloseTo(41_491.88, 2);
    expect(warnings).toEqual([]);
  });

  it('with an Optimized Attainment Decryptor: 94.2 %, a 12-run copy at ME 3 TE 2, 45 decryptors', async () => {
    const res = await invention({ product_id: 24536, runs: 45, system_id: JITA, tax: 0.25, decryptor_id: 34207 });
    expect(res.status).toBe(200);
    const inv = (res.body as IndustryInventionResponse).invention;
    expect(Math.round(inv.probability * 1000) / 10).toBe(94.2);
    expect([inv.runs_per_copy, inv.me, inv.te, inv.time]).toEqual([12, 3, 2, 2_604_825]);
    expect(inv.decryptor).toEqual({ id: 34207, name: 'Optimized Attainment Decryptor' });
    expect(inv.materials.map((m) => [m.id, m.quantity])).toEqual([
      [20418, 45],
      [20420, 45],
      [34207, 45],
    ]);
  });

  it('Sin in a low-sec Sotiyo with the XL laboratory rig, tax 2 %: 32.1 %, 19h40m29s, the game’s fee parts before its faction-warfare bonus', async () => {
    await seedAdjusted(SIN_ADJUSTED);
    const res = await invention({ product_id: 22431, system_id: TAMA, station_key: '35827', station_rig: [37183], tax: 2 });
    expect(res.status).toBe(200);
    const body = res.body as IndustryInventionResponse;
    expect(Math.round(body.invention.probability * 1000) / 10).toBe(32.1);
    expect(body.invention).toMatchObject({
      blueprint_id: 999,
      time: 70_829,
      materials: [
        { id: 20410, quantity: 32 },
        { id: 20424, quantity: 32 },
      ],
      estimated_item_value: 768_471_246,
      // index part: 15 369 424.9 × 0.108064 × Sotiyo 0.95 × rig (1 − 10 % × 1.9); the game's window
      // showed 639 025 = half of it (the system's faction-warfare −50 %), with the same tax and SCC
      job_cost_parts: { job_value: 15_369_425, index: 1_278_049, tax: 307_389, scc: 614_777 },
      job_cost: 1_278_049 + 307_389 + 614_777,
    });
    expect(body.context).toMatchObject({
      station: 'Sotiyo',
      rigs: ['Standup XL-Set Laboratory Optimization I'],
      rigs_ignored: [],
      tax: 2,
    });
  });

  it('the Sotiyo as EVE Ref describes it fitted (two manufacturing rigs and the lab rig): the lab rig applied, the others ignored, the same 70 829 s', async () => {
    await seedAdjusted(SIN_ADJUSTED);
    const base = { product_id: 22431, system_id: TAMA, station_key: '35827', tax: 2 };
    const labOnly = (await invention({ ...base, station_rig: [37183] })).body as IndustryInventionResponse;
    const res = await invention({ ...base, station_rig: [45548, 37180, 37183] });
    expect(res.status).toBe(200);
    const body = res.body as IndustryInventionResponse;
    expect(body.invention.time).toBe(70_829);
    expect(body.invention).toEqual(labOnly.invention);
    expect(body.context).toMatchObject({
      station: 'Sotiyo',
      rigs: ['Standup XL-Set Laboratory Optimization I'],
      rigs_ignored: [
        'Standup XL-Set Thukker Structure and Component Manufacturing Efficiency',
        'Standup XL-Set Ship Manufacturing Efficiency I',
      ],
    });
    expect(body.warnings).toContain(
      'Риги не влияют на эту работу и не учтены: Standup XL-Set Thukker Structure and Component Manufacturing Efficiency, Standup XL-Set Ship Manufacturing Efficiency I',
    );
  });

  it('science_station means the laboratory here as in the job endpoint: used, with science_rig', async () => {
    await seedAdjusted(SIN_ADJUSTED);
    const res = await invention({ product_id: 22431, system_id: TAMA, tax: 2, science_station: '35827', science_rig: [37183] });
    expect(res.status).toBe(200);
    const body = res.body as IndustryInventionResponse;
    expect(body.invention.time).toBe(70_829);
    expect(body.context).toMatchObject({ station: 'Sotiyo', rigs: ['Standup XL-Set Laboratory Optimization I'] });
    // given, it is the laboratory whatever station_key says
    const npcLab = await invention({ product_id: 22431, system_id: TAMA, station_key: '35827', science_station: 'npc' });
    expect((npcLab.body as IndustryInventionResponse).context.station).toBe('NPC-станция');
    expect((npcLab.body as IndustryInventionResponse).invention.time).toBe(163_200);
  });

  it('a datacore without a SELL price: the materials cost and the cost per run are unknown, never a partial sum', async () => {
    await seedAdjusted(SIN_ADJUSTED);
    // Mjolnir's datacores are priced at Jita, the Sin's 20410 and 20424 too; no price at Amarr (hub 1)
    const res = await invention({ product_id: 22431, system_id: JITA, hub: 1 });
    expect(res.status).toBe(200);
    const body = res.body as IndustryInventionResponse;
    expect(body.invention.materials.map((m) => m.price)).toEqual([null, null]);
    expect([body.invention.materials_cost, body.invention.cost_per_run]).toEqual([null, null]);
    expect(body.missing_prices.map((m) => [m.type_id, m.sell])).toEqual([
      [20410, true],
      [20424, true],
    ]);
    // Jita has them: offered as the alternative
    expect(body.missing_prices[0].hubs).toEqual([{ hub_id: 2, sell: 99_872.85, buy: 99_872.85 * 0.9 }]);
    // a price typed in counts, labelled as such
    const typed = (
      await invention({
        product_id: 22431,
        system_id: JITA,
        hub: 1,
        price_overrides: { '20410': { source: 'manual', price: 100_000 }, '20424': { source: 'hub', hub: 2 } },
      })
    ).body as IndustryInventionResponse;
    expect(typed.invention.materials).toEqual([
      { id: 20410, name: expect.any(String), quantity: 32, price: 100_000, price_source: { kind: 'manual' } },
      { id: 20424, name: expect.any(String), quantity: 32, price: 88_643.5, price_source: { kind: 'hub', hub_id: 2 } },
    ]);
    expect(typed.invention.materials_cost).toBeCloseTo(32 * 100_000 + 32 * 88_643.5, 6);
    expect(typed.missing_prices).toEqual([]);
  });

  it('skills below V lower the chance', async () => {
    const res = await invention({
      product_id: 24536,
      system_id: JITA,
      skills: { invention: { '11453': 4, '11449': 4, '21790': 3 } },
    });
    expect((res.body as IndustryInventionResponse).invention.probability).toBeCloseTo(0.34 * (1 + 8 / 30 + 3 / 40), 12);
  });

  it.each([
    ['a T1 blueprint', { product_id: 999 }, [INDUSTRY_MESSAGES.notInvented]],
    ['an unknown blueprint', { product_id: 123456789 }, [INDUSTRY_MESSAGES.notInvented]],
    ['no product', { product_id: 'abc' }, [INDUSTRY_MESSAGES.inventionProduct]],
    ['an unknown decryptor', { product_id: 24536, decryptor_id: 34 }, [INDUSTRY_MESSAGES.unknownDecryptor]],
    ['a skill above V', { product_id: 24536, skills: { industry: 6 } }, [INDUSTRY_MESSAGES.skill]],
    ['an invention skill below 0', { product_id: 24536, skills: { invention: { '11453': -1 } } }, [INDUSTRY_MESSAGES.skill]],
    ['a skill that is no type id', { product_id: 24536, skills: { invention: { abc: 3 } } }, [INDUSTRY_MESSAGES.skillId]],
    ['501 runs', { product_id: 24536, runs: 501 }, [INDUSTRY_MESSAGES.inventionRuns]],
    [
      'a lab rig at the NPC station',
      { product_id: 24536, station_rig: [37183] },
      ['Риги ставятся только на структуры, не на NPC-станцию: «Standup XL-Set Laboratory Optimization I»'],
    ],
    [
      'a structure without an invention lab',
      { product_id: 24536, station_key: '45537' },
      [INDUSTRY_MESSAGES.unknownScienceStation],
    ],
  ])('refuses %s with a Russian 400', async (_name, body, errors) => {
    const res = await invention({ system_id: JITA, ...body });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual(errors);
  });

  it('refuses more attempts than one job may have (30 days)', async () => {
    // 68 100 s × 0.85 per run: 45 runs fit, 46 do not
    const res = await invention({ product_id: 24536, runs: 46, system_id: JITA });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]).toMatch(/^Слишком много попыток для одной работы: 46\. Не больше 45/);
  });
});

describe('T2 in the tree', () => {
  /** The Golem invented (its settings choose it), T1 components at the form's ME/TE. */
  const golem = (extra: { nodes?: Record<string, object> } & Record<string, unknown> = {}) =>
    job({
      blueprint_id: 28711,
      quantity: 1,
      system_id: JITA,
      me: 10,
      te: 20,
      component_me: 10,
      component_te: 20,
      tax: 0.25,
      ...extra,
      nodes: { '28710': { source: 'invent' }, ...extra.nodes },
    });

  it('a T2 blueprint the player owns keeps its ME/TE: the Sin at ME 3 TE 2 has the game’s materials (EVE Ref sin-blueprint)', async () => {
    // EVE Ref's sin-blueprint case (me 3, te 2, NPC station, high-sec): its manufacturing side, the
    // game's rule max(runs, ceil(round2(base × (1 − ME/100)))) on the blueprint's quantities, e.g.
    // Construction Blocks 450 -> 437, Morphite 900 -> 873 (at the invented copy's ME 2: 441, 882)
    const SIN_ME3: Record<number, number> = {
      645: 1,
      21025: 3,
      11478: 30,
      11531: 219,
      3828: 437,
      11547: 437,
      11399: 873,
      11535: 873,
      11556: 1585,
      11553: 2183,
      11541: 6111,
      11545: 18_188,
    };
    const sin = { blueprint_id: 22431, quantity: 1, system_id: JITA, me: 3, te: 2 };
    const res = await job(sin);
    expect(res.status).toBe(200);
    const body = res.body as IndustryJobResponse;
    expect(body.job).toMatchObject({ me: 3, te: 2, blueprint_source: 'owned', inventable: true, invention: null });
    expect(Object.fromEntries(body.job.materials.map((m) => [m.id, m.quantity]))).toEqual(SIN_ME3);
    expect(body.context).toMatchObject({ me: 3, te: 2, root_source: 'owned' });
    // the same said per node
    const perNode = (await job({ ...sin, me: 0, te: 0, nodes: { '22430': { source: 'owned', me: 3, te: 2 } } }))
      .body as IndustryJobResponse;
    expect(perNode.job).toEqual(body.job);
    expect(perNode.context.node_settings).toEqual({ '22430': { source: 'owned', me: 3, te: 2 } });
    // the item search says the Sin can be invented (the form offers invention or one's own), the Dominix cannot
    const found = (await c.get('/data/industry/blueprints?q=sin').expect(200)).body as {
      blueprints: { id: number; inventable: boolean; product: { name: string } }[];
    };
    expect(found.blueprints.find((b) => b.id === 22431)).toMatchObject({ inventable: true, product: { name: 'Sin' } });
    const dominix = (await c.get('/data/industry/blueprints?q=dominix').expect(200)).body as typeof found;
    expect(dominix.blueprints.find((b) => b.id === 999)).toMatchObject({ inventable: false });
    // invention chosen for the root: the invented copy's ME 2 TE 4, the request's ME/TE not used
    const invented = (await job({ ...sin, nodes: { '22430': { source: 'invent' } } })).body as IndustryJobResponse;
    expect(invented.job).toMatchObject({ me: 2, te: 4, blueprint_source: 'invent' });
    expect(invented.job.materials.find((m) => m.id === 3828)!.quantity).toBe(441);
    expect(invented.context.root_source).toBe('invent');
  });

  it('the Golem’s node carries its invention from a Raven copy, every decryptor priced; the invented copy’s ME/TE', async () => {
    const res = await golem();
    expect(res.status).toBe(200);
    const { job: root, context, warnings } = res.body as IndustryJobResponse;
    expect(root.invention).toMatchObject({
      source_id: 688,
      source_name: 'Raven Blueprint',
      copy: true,
      decryptor_id: null,
      copies: 1,
    });
    expect(root.invention!.options.map((o) => o.decryptor_id)).toEqual([null, ...DECRYPTORS]);
    expect([root.me, root.te]).toEqual([2, 4]);
    // the Raven is a T1 ship: the form's ME/TE, no invention
    const raven = root.materials.find((m) => m.id === 638)!;
    expect([raven.me, raven.te, raven.invention]).toEqual([10, 20, null]);
    expect(context).toMatchObject({
      science_station: 'NPC-станция',
      science_rigs: [],
      node_settings: { '28710': { source: 'invent' } },
    });
    // the datacores and the Golem's materials have no hub price here: warned, not refused
    expect(warnings.join('\n')).toMatch(/Нет скорректированной цены CCP/);
  });

  it('a decryptor chosen for the Golem (by its type) sets the copy’s ME/TE; T1 nodes take their own ME/TE', async () => {
    const res = await golem({ nodes: { '28710': { decryptor_id: 34207 }, '638': { me: 0, te: 4 } } });
    expect(res.status).toBe(200);
    const { job: root, context } = res.body as IndustryJobResponse;
    expect(root.invention).toMatchObject({ decryptor_id: 34207, runs_per_copy: 3, me: 3, te: 2 });
    expect([root.me, root.te]).toEqual([3, 2]);
    expect(root.materials.find((m) => m.id === 638)).toMatchObject({ me: 0, te: 4 });
    // a decryptor alone means invention
    expect(context.node_settings).toEqual({ '28710': { source: 'invent', decryptor_id: 34207 }, '638': { me: 0, te: 4 } });
  });

  it('the science facility shortens the copy and the invention', async () => {
    const npc = (await golem()).body as IndustryJobResponse;
    const sotiyo = (await golem({ system_id: TAMA, science_station: '35827', science_rig: [37183] })).body as IndustryJobResponse;
    // 4 attempts (chance 32.1 %) × 192 000 s × Advanced Industry V (0.85) [× Sotiyo 0.7 × lab rig (1 − 20 % × 1.9)];
    // the copies: 4 × 14 400 s × Science V (0.75) × 0.85 [× 0.7 × 0.62]
    expect([npc.job.invention!.attempts, npc.job.invention!.time, npc.job.invention!.copy_time]).toEqual([4, 652_800, 36_720]);
    expect(sotiyo.job.invention!.time).toBe(Math.round(192_000 * 4 * 0.85 * 0.7 * 0.62));
    expect(sotiyo.job.invention!.copy_time).toBe(Math.round(14_400 * 4 * 0.75 * 0.85 * 0.7 * 0.62));
    expect(sotiyo.context.science_rigs).toEqual(['Standup XL-Set Laboratory Optimization I']);
  });

  it.each([
    [
      'ME/TE on an invented node',
      { '28710': { source: 'invent', me: 10 } },
      ['ME и TE изобретённой копии задаёт декриптор: «Golem»'],
    ],
    [
      'a decryptor on an owned blueprint',
      { '28710': { source: 'owned', decryptor_id: 34207 } },
      ['Декриптор нужен только для изобретения, а чертёж свой: «Golem»'],
    ],
    ['a source on a T1 node', { '638': { source: 'owned' } }, ['Этот чертёж не изобретают, источник не выбирается: «Raven»']],
    ['an unknown source', { '28710': { source: 'bought' } }, [INDUSTRY_MESSAGES.nodeSource]],
    [
      'a decryptor on a T1 node',
      { '638': { decryptor_id: 34207 } },
      ['Декриптор задаётся только изобретаемым чертежам (T2): «Raven»'],
    ],
    ['an unknown decryptor', { '28710': { decryptor_id: 34 } }, [`${INDUSTRY_MESSAGES.unknownDecryptor}: 34`]],
    ['a node key that is no type id', { golem: { me: 1 } }, [INDUSTRY_MESSAGES.nodeKey]],
    ['ME out of range on a node', { '638': { me: 11 } }, [INDUSTRY_MESSAGES.me]],
  ])('refuses %s with a Russian 400', async (_name, nodes, errors) => {
    const res = await golem({ nodes });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual(errors);
  });

  it('settings of types not in the tree are ignored', async () => {
    const res = await golem({ nodes: { '587': { me: 3 } } });
    expect(res.status).toBe(200);
    expect((res.body as IndustryJobResponse).context.node_settings).toEqual({ '28710': { source: 'invent' } });
  });
});

describe('a linked character’s skills through ESI', () => {
  let owner: TestClient;
  beforeAll(async () => {
    owner = await signedIn(running, 'inventor');
    await linkCharacter(owner, ELENA);
  });

  it('lists the caller’s characters and reads one’s skills with its own token (active levels; untrained = 0)', async () => {
    const list = (await owner.get('/data/industry/skills').expect(200)).body as IndustryCharactersResponse;
    expect(list.characters).toEqual([{ id: ELENA, name: 'Elena Fedorova' }]);
    const res = (await owner.get(`/data/industry/skills/${ELENA}`).expect(200)).body as IndustryCharacterSkillsResponse;
    expect(res.character).toEqual({ id: ELENA, name: 'Elena Fedorova' });
    expect(res.skills).toMatchObject({
      industry: 5,
      advanced_industry: 4,
      reactions: 3,
      science: 5,
      accounting: 4,
      broker_relations: 3,
    });
    // every invention skill of the data, at the character's level or 0
    expect(res.skills.invention).toMatchObject({ '11453': 3, '11449': 3, '21790': 4, '11454': 4, '23121': 0 });
    expect(res.skills.invention['3402']).toBeUndefined();
    // and they are what the calculator takes
    const chance = await invention({ product_id: 24536, system_id: JITA, skills: res.skills });
    expect((chance.body as IndustryInventionResponse).invention.probability).toBeCloseTo(0.34 * (1 + 6 / 30 + 4 / 40), 12);
  });

  it('another account’s character is not found; a revoked link asks to link again; ESI down is a 502', async () => {
    const stranger = await signedIn(running, 'stranger');
    await linkCharacter(stranger, IVAN);
    expect((await stranger.get(`/data/industry/skills/${ELENA}`).expect(404)).body.message).toBe(
      INDUSTRY_MESSAGES.characterNotYours,
    );
    expect((await stranger.get('/data/industry/skills/abc').expect(400)).body.message).toBe(INDUSTRY_MESSAGES.characterNotYours);

    const remove = esi.setFault(`/characters/${IVAN}/skills`, { status: 403, body: { error: 'token not valid for scope' } });
    try {
      expect((await stranger.get(`/data/industry/skills/${IVAN}`).expect(502)).body.message).toBe(
        INDUSTRY_MESSAGES.skillsEsiFailed,
      );
    } finally {
      remove();
    }
    // The player revoked the app in the game: the next token refresh is refused.
    sso.revokeCharacter(IVAN);
    await running.app
      .get<Connection>(getConnectionToken())
      .collection('characters')
      .updateOne({ _id: IVAN as never }, { $set: { access_expires_at: new Date(0) } });
    expect((await stranger.get(`/data/industry/skills/${IVAN}`).expect(409)).body.message).toBe(CHARACTER_MESSAGES.needsRelink);
  });
});
