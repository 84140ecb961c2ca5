/**
 * Doctrines (issue 38) over real HTTP and real socket.io clients: FCs, industrialists and admins
 * add, edit and delete a corporation's doctrines from pasted EFT; every member reads them priced
 * at every hub (the same totals as the appraisal of the same text, unknown stays null); who can
 * fly them from each character's skills read through the stand-in ESI with its own token; a ping
 * names one; another corporation's doctrine is a 404 everywhere; changes reach the corporation's
 * room and nowhere else.
 */
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { SP_PER_LEVEL } from '@eve-toolkit/fake-esi';
import {
  CORP_MESSAGES,
  DOCTRINE_MESSAGES,
  SSO_SCOPES,
  type AppraisalResponse,
  type Doctrine,
  type DoctrineReadinessResponse,
  type DoctrinesResponse,
  type Ping,
} from '@eve-toolkit/shared-types';
import { fixedClock } from '../../tools/test-clock/fake-clock';
import type { RunningApp } from '../src/bootstrap';
import { CorpDoctrinesService } from '../src/corp/doctrines/corp-doctrines.service';
import { MODELS, type MarketPriceDoc } from '../src/market/market.schema';
import type { TestClient } from './support/client';
import { CORP_A, CORP_B, startCorpArea, type CorpArea } from './support/corp-area';

jest.setTimeout(60_000);

// The wall clock starts at a fixed instant (tools/test-clock): the pings' 18:00 is ahead on any day.
fixedClock('2026-11-26T12:00:00Z');
const IVAN = 2112000001; // corp A
const ANNA = 2112000002; // corp A
const JON = 2112000003; // corp B
const MIRA = 2112000004; // corp A
const DMITRI = 2112000005; // corp A
const OLGA = 2112000006; // corp A, linked without the skills scope
const JITA = 30000142;
const JITA_HUB = 2;
const AMARR_HUB = 1;

// Types (the SDE subset): the hull, the modules, the charges, and every skill they require.
const RIFTER = 587;
const AUTOCANNON_II = 2889;
const SCRAM = 447;
const DC = 2046;
const EMP = 185;
const PASTE = 28668;
const FEROX = 16227;
const SKILLS = [3300, 3302, 3312, 3327, 3329, 3330, 3334, 3392, 3394, 3426, 3435, 3449, 11084, 33092, 33096];

const RIFTER_FIT = `[Rifter, Тэкл]
Damage Control I

Warp Scrambler I

200mm AutoCannon II, EMP S
200mm AutoCannon II, EMP S
[Empty High slot]


EMP S x100
Nanite Repair Paste x10`;

/** What the Rifter fit requires, prerequisites included (SDE dogma): skill -> level. */
const RIFTER_NEEDS: Record<number, number> = {
  3327: 1, // Spaceship Command (<- Minmatar Frigate I)
  3329: 1, // Minmatar Frigate (the hull)
  3392: 1, // Mechanics (<- Hull Upgrades I)
  3394: 1, // Hull Upgrades (Damage Control I)
  3449: 2, // Navigation (<- Propulsion Jamming)
  3426: 3, // CPU Management (<- Propulsion Jamming)
  3435: 1, // Propulsion Jamming (Warp Scrambler I)
  3300: 2, // Gunnery (200mm AutoCannon II)
  3302: 5, // Small Projectile Turret
  3312: 3, // Motion Prediction (<- Small Autocannon Specialization)
  11084: 1, // Small Autocannon Specialization
};

const skillsOf = (levels: Record<number, number>) =>
  Object.entries(levels).map(([id, level]) => ({
    skill_id: Number(id),
    active_skill_level: level,
    trained_skill_level: level,
    skillpoints_in_skill: SP_PER_LEVEL[level],
  }));

let area: CorpArea;
let running: RunningApp;
let prices: Model<MarketPriceDoc>;

let fc: TestClient; // corp A: corp + fc (manages doctrines, writes pings)
let anna: TestClient; // corp A: corp + industrialist (manages doctrines)
let mira: TestClient; // corp A: corp only (reads; sees her own pilots)
let admin: TestClient; // corp A: corp + admin
let other: TestClient; // corp B: corp + fc

const setPrice = (hub: number, typeId: number, sell: number | null, buy: number | null) =>
  prices.updateOne(
    { hub_id: hub, type_id: typeId },
    { $set: { sell, buy, sell_volume: 10, buy_volume: 10, updated_at: new Date('2026-01-01T00:00:00Z') } },
    { upsert: true },
  );

async function add(by: TestClient, body: object): Promise<Doctrine> {
  const res = await by.post('/auth/corp/add_doctrine', body);
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
  return res.body.doctrine as Doctrine;
}

/** The answer, when it is a 200 (else the test fails showing status and body). */
async function ok<R extends { status: number; body: unknown }>(pending: Promise<R>): Promise<R> {
  const res = await pending;
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
  return res;
}

const listOf = async (c: TestClient, hub?: number): Promise<DoctrinesResponse> =>
  (await c.get(`/auth/corp/doctrines${hub ? `?hub=${hub}` : ''}`).expect(200)).body;

beforeAll(async () => {
  area = await startCorpArea({
    clock: 'test',
    sde: {
      typeIds: [RIFTER, AUTOCANNON_II, SCRAM, DC, EMP, PASTE, FEROX, ...SKILLS],
      blueprintIds: [],
      systemIds: [JITA],
      schematicIds: [],
    },
  });
  ({ running } = area);
  prices = running.app.get(getModelToken(MODELS.price));
  // Jita knows every type; Amarr has no buy order for the scram (its buy total is unknown).
  await setPrice(JITA_HUB, RIFTER, 450_000.99, 400_000);
  await setPrice(JITA_HUB, AUTOCANNON_II, 1_234_567.5, 1_000_000);
  await setPrice(JITA_HUB, SCRAM, 10_000.01, 9_000);
  await setPrice(JITA_HUB, DC, 25_000, 20_000.5);
  await setPrice(JITA_HUB, EMP, 12.34, 10.01);
  await setPrice(JITA_HUB, PASTE, 30_000, 28_000);
  for (const [id, sell] of [
    [RIFTER, 440_000],
    [AUTOCANNON_II, 1_200_000],
    [SCRAM, 11_000],
    [DC, 24_000],
    [EMP, 12],
    [PASTE, 29_000],
  ])
    await setPrice(AMARR_HUB, id, sell, id === SCRAM ? null : sell - 1);
  fc = await area.member('doc_fc', ['corp', 'fc'], IVAN);
  anna = await area.member('doc_anna', ['corp', 'industrialist'], ANNA);
  mira = await area.member('doc_mira', ['corp'], MIRA);
  admin = await area.member('doc_admin', ['corp', 'admin'], DMITRI);
  // Olga (corp A, corp only) linked without the skills scope.
  await area.member(
    'doc_olga',
    ['corp'],
    OLGA,
    SSO_SCOPES.filter((s) => s !== 'esi-skills.read_skills.v1'),
  );
  other = await area.member('doc_other', ['corp', 'fc'], JON);
}, 180_000);

afterAll(() => area?.close());

describe('a doctrine from pasted EFT', () => {
  it('is read with the appraisal parser: the hull, the fitting summed, the fit name from the header', async () => {
    const d = await add(fc, { name: '  Рифтеры  ', fits: [{ eft: RIFTER_FIT }] });
    expect(d).toMatchObject({ name: 'Рифтеры', updated_by: 'doc_fc' });
    expect(d.fits).toHaveLength(1);
    expect(d.fits[0]).toMatchObject({
      name: 'Тэкл',
      ship: { id: RIFTER, name: 'Rifter', name_en: 'Rifter' },
      items: [
        { id: DC, name: 'Damage Control I', quantity: 1 },
        { id: SCRAM, name: 'Warp Scrambler I', quantity: 1 },
        { id: AUTOCANNON_II, name: '200mm AutoCannon II', quantity: 2 },
        { id: EMP, name: 'EMP S', quantity: 102 },
        { id: PASTE, name: 'Nanite Repair Paste', quantity: 10 },
      ],
      eft: RIFTER_FIT,
    });
  });

  it('is priced at the hub asked for and at every hub, to the ISK what the appraisal of the same EFT gives', async () => {
    await add(anna, { name: 'Цены', fits: [{ eft: RIFTER_FIT }] });
    const jita = (await listOf(mira)).doctrines.find((d) => d.name === 'Цены')!.fits[0];
    // Hull + fitting at Jita: 450 000.99 + 25 000 + 10 000.01 + 2 × 1 234 567.5 + 102 × 12.34 + 10 × 30 000.
    const sell = 450_000.99 + 25_000 + 10_000.01 + 2 * 1_234_567.5 + 102 * 12.34 + 10 * 30_000;
    expect(jita.price.hub).toBe(JITA_HUB);
    expect(jita.price.sell).toBeCloseTo(sell, 6);
    expect(Math.round(jita.price.sell!)).toBe(3_255_395); // 3 255 394.68
    // Amarr has no buy order for the scram: the buy total there is unknown, never a partial sum.
    const amarr = (await listOf(mira, AMARR_HUB)).doctrines.find((d) => d.name === 'Цены')!.fits[0];
    expect(amarr.price).toEqual({
      hub: AMARR_HUB,
      sell: 440_000 + 24_000 + 11_000 + 2 * 1_200_000 + 102 * 12 + 10 * 29_000,
      buy: null,
    });
    // Hubs without any order for the hull: unknown on both sides.
    expect(jita.hubs.find((h) => h.hub === 3)).toEqual({ hub: 3, sell: null, buy: null });
    for (const hub of [JITA_HUB, AMARR_HUB]) {
      const appraisal = (await ok(mira.post('/data/market/appraisal', { appraisal: RIFTER_FIT, hub }))).body as AppraisalResponse;
      const at = appraisal.hubs.find((h) => h.hub === hub)!;
      const fit = (await listOf(mira, hub)).doctrines.find((d) => d.name === 'Цены')!.fits[0];
      expect({ sell: fit.price.sell, buy: fit.price.buy }).toEqual({ sell: at.sell, buy: at.buy });
      expect(fit.hubs).toEqual(appraisal.hubs.map((h) => ({ hub: h.hub, sell: h.sell, buy: h.buy })));
    }
  });

  it('refuses a line that names nothing, named by its fit and line, with the appraisal’s suggestion', async () => {
    const res = await fc.post('/auth/corp/add_doctrine', {
      name: 'Опечатка',
      fits: [{ eft: RIFTER_FIT }, { eft: '[Rifter, Опечатка]\nWarp Scramblr I' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(DOCTRINE_MESSAGES.badLine(2, 'Строка 2: не удалось распознать «Warp Scramblr I»'));
    expect(res.body.errors).toEqual([
      DOCTRINE_MESSAGES.badLine(2, 'Строка 2: не удалось распознать «Warp Scramblr I»'),
      DOCTRINE_MESSAGES.badLine(2, 'строка 2: Возможно, вы имели в виду: «Warp Scrambler I»'),
    ]);
    expect((await listOf(fc)).doctrines.map((d) => d.name)).not.toContain('Опечатка');
  });

  it.each([
    ['a fit without the EFT header', { name: 'x', fits: [{ eft: 'Damage Control I' }] }, DOCTRINE_MESSAGES.noHeader(1)],
    [
      'a header naming a module',
      { name: 'x', fits: [{ eft: '[Damage Control I, x]' }] },
      DOCTRINE_MESSAGES.notShip(1, 'Damage Control I'),
    ],
    ['no fits', { name: 'x', fits: [] }, DOCTRINE_MESSAGES.fitsRequired],
    ['no name', { name: '  ', fits: [{ eft: RIFTER_FIT }] }, DOCTRINE_MESSAGES.nameRequired],
    ['an empty fit', { name: 'x', fits: [{ eft: '   ' }] }, DOCTRINE_MESSAGES.eftRequired],
  ])('refuses %s with a Russian 400', async (_what, body, message) => {
    const res = await fc.post('/auth/corp/add_doctrine', body);
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
  });

  it('is edited (a fit given again keeps its id) and deleted by those who manage doctrines', async () => {
    const d = await add(fc, { name: 'Правка', fits: [{ eft: RIFTER_FIT }] });
    const second = '[Rifter, Второй]\nDamage Control I';
    const edited = (
      await ok(
        anna.post('/auth/corp/update_doctrine', { id: d.id, name: 'Правка 2', fits: [{ eft: second }, { eft: RIFTER_FIT }] }),
      )
    ).body.doctrine as Doctrine;
    expect(edited.name).toBe('Правка 2');
    expect(edited.updated_by).toBe('doc_anna');
    expect(edited.fits.map((f) => f.name)).toEqual(['Второй', 'Тэкл']);
    expect(edited.fits[1].id).toBe(d.fits[0].id);
    expect(edited.fits[0].id).not.toBe(d.fits[0].id);
    const renamed = (await ok(admin.post('/auth/corp/update_doctrine', { id: d.id, name: 'Правка 3' }))).body
      .doctrine as Doctrine;
    expect(renamed.fits.map((f) => f.id)).toEqual(edited.fits.map((f) => f.id));
    expect((await ok(admin.post('/auth/corp/delete_doctrine', { id: d.id }))).body).toEqual({ ok: true });
    expect((await listOf(mira)).doctrines.map((d) => d.id)).not.toContain(d.id);
    const again = await admin.post('/auth/corp/delete_doctrine', { id: d.id });
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 404, message: DOCTRINE_MESSAGES.notFound });
  });

  it('may not be added, edited or deleted by a member without the right (403 in Russian), and nothing changes', async () => {
    const d = await add(fc, { name: 'Чужие руки', fits: [{ eft: RIFTER_FIT }] });
    for (const [path, body] of [
      ['/auth/corp/add_doctrine', { name: 'Нет', fits: [{ eft: RIFTER_FIT }] }],
      ['/auth/corp/update_doctrine', { id: d.id, name: 'Нет' }],
      ['/auth/corp/delete_doctrine', { id: d.id }],
    ] as const) {
      const res = await mira.post(path, body);
      expect({ path, status: res.status, message: res.body.message }).toEqual({
        path,
        status: 403,
        message: DOCTRINE_MESSAGES.cannotManage,
      });
    }
    const names = (await listOf(fc)).doctrines.map((x) => x.name);
    expect(names).toContain('Чужие руки');
    expect(names).not.toContain('Нет');
    expect((await listOf(mira)).can_manage).toBe(false);
    expect((await listOf(fc)).can_manage).toBe(true);
  });
});

describe('another corporation', () => {
  it("never sees or touches a corporation's doctrines: 404 on every path, its list is its own", async () => {
    const d = await add(fc, { name: 'Только для A', fits: [{ eft: RIFTER_FIT }] });
    expect((await listOf(other)).doctrines.map((x) => x.id)).not.toContain(d.id);
    for (const res of [
      await other.post('/auth/corp/update_doctrine', { id: d.id, name: 'Угнали' }),
      await other.post('/auth/corp/delete_doctrine', { id: d.id }),
      await other.get(`/auth/corp/doctrine_readiness?id=${d.id}`),
      await other.post('/auth/corp/add_event', { name: 'Роум B', date: '2026-11-26', time: '18:00', doctrine_id: d.id }),
    ])
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: DOCTRINE_MESSAGES.notFound });
    expect((await listOf(fc)).doctrines.find((x) => x.id === d.id)?.name).toBe('Только для A');
    // The service method other parts of the corporation area use: only the doctrine's own corporation.
    const service = running.app.get(CorpDoctrinesService);
    expect(await service.parsedDoctrine(CORP_B, d.id)).toBeNull();
    expect(await service.parsedDoctrine(CORP_A, d.id)).toEqual({
      id: d.id,
      corporationId: CORP_A,
      name: 'Только для A',
      fits: [
        {
          id: d.fits[0].id,
          name: 'Тэкл',
          shipTypeId: RIFTER,
          items: [
            { typeId: DC, quantity: 1 },
            { typeId: SCRAM, quantity: 1 },
            { typeId: AUTOCANNON_II, quantity: 2 },
            { typeId: EMP, quantity: 102 },
            { typeId: PASTE, quantity: 10 },
          ],
        },
      ],
    });
  });

  it('a malformed id is a 404 too, never a 500', async () => {
    const res = await mira.get('/auth/corp/doctrine_readiness?id=nonsense');
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: DOCTRINE_MESSAGES.notFound });
  });
});

describe('who can fly it', () => {
  it('FCs see every pilot of the corporation: ready, one level short, untrained, without the skills scope', async () => {
    area.standIns.sso.updateCharacter(IVAN, { check: { skills: skillsOf({ ...RIFTER_NEEDS, 3329: 4 }) } });
    area.standIns.sso.updateCharacter(ANNA, { check: { skills: skillsOf({ ...RIFTER_NEEDS, 3302: 4 }) } });
    area.standIns.sso.updateCharacter(MIRA, { check: { skills: skillsOf({ 3300: 1 }) } });
    const d = await add(fc, { name: 'Готовность', fits: [{ eft: RIFTER_FIT }] });
    const res = (await fc.get(`/auth/corp/doctrine_readiness?id=${d.id}`).expect(200)).body as DoctrineReadinessResponse;
    expect(res.fits.map((f) => [f.fit_id, f.name, f.ship])).toEqual([[d.fits[0].id, 'Тэкл', { id: RIFTER, name: 'Rifter' }]]);
    const byName = new Map(res.fits[0].pilots.map((p) => [p.character.name, p]));
    expect([...byName.keys()].sort()).toEqual(['Anna Sokolova', 'Dmitri Volkov', 'Ivan Petrov', 'Mira Kestrel', 'Olga Smirnova']);
    expect(byName.get('Ivan Petrov')).toEqual({
      character: { id: IVAN, name: 'Ivan Petrov' },
      can_fly: true,
      missing: [],
      problem: null,
      mine: true,
    });
    expect(byName.get('Anna Sokolova')).toEqual({
      character: { id: ANNA, name: 'Anna Sokolova' },
      can_fly: false,
      missing: [{ skill: { id: 3302, name: 'Малые баллистические орудия' }, level: 5, have: 4 }],
      problem: null,
      mine: false,
    });
    // Mira has Gunnery I: everything else is missing, Gunnery with the level she has.
    const mira = byName.get('Mira Kestrel')!;
    expect(mira.can_fly).toBe(false);
    expect(mira.missing.map((m) => [m.skill.id, m.level, m.have])).toEqual(
      Object.entries(RIFTER_NEEDS)
        .map(([id, level]) => [Number(id), level, Number(id) === 3300 ? 1 : 0])
        .sort((a, b) => a[0] - b[0]),
    );
    expect(byName.get('Olga Smirnova')).toMatchObject({ can_fly: null, missing: [], problem: DOCTRINE_MESSAGES.noSkillsScope });
  });

  it('a member sees only their own characters', async () => {
    const d = await add(fc, { name: 'Свои', fits: [{ eft: RIFTER_FIT }] });
    const res = (await mira.get(`/auth/corp/doctrine_readiness?id=${d.id}`).expect(200)).body as DoctrineReadinessResponse;
    expect(res.fits[0].pilots.map((p) => [p.character.id, p.mine])).toEqual([[MIRA, true]]);
  });
});

describe('in a ping', () => {
  it('add_event and update_event take doctrine_id; the ping carries the doctrine and its name', async () => {
    const d = await add(fc, { name: 'Флот пинга', fits: [{ eft: RIFTER_FIT }] });
    const res = await fc.post('/auth/corp/add_event', { name: 'Роум', date: '2026-11-26', time: '18:00', doctrine_id: d.id });
    expect(res.status).toBe(200);
    const ping = res.body.event as Ping;
    expect(ping).toMatchObject({ doctrine: 'Флот пинга', doctrine_ref: { id: d.id, name: 'Флот пинга' } });
    const listed = ((await mira.get('/auth/corp/events').expect(200)).body.events as Ping[]).find((e) => e.id === ping.id)!;
    expect(listed.doctrine_ref).toEqual({ id: d.id, name: 'Флот пинга' });
    const cleared = (
      await ok(fc.post('/auth/corp/update_event', { id: ping.id, doctrine_id: null, doctrine: 'Свободный текст' }))
    ).body.event as Ping;
    expect(cleared).toMatchObject({ doctrine: 'Свободный текст', doctrine_ref: null });
    const other404 = await fc.post('/auth/corp/update_event', { id: ping.id, doctrine_id: '000000000000000000000000' });
    expect({ status: other404.status, message: other404.body.message }).toEqual({
      status: 404,
      message: DOCTRINE_MESSAGES.notFound,
    });
    expect(CORP_MESSAGES.eventNotFound).not.toBe(DOCTRINE_MESSAGES.notFound);
  });
});

describe('live', () => {
  it("adding, editing and deleting reach the corporation's room, and nothing reaches another corporation", async () => {
    const a = await area.socketOf(mira);
    const b = await area.socketOf(other);
    const d = await add(fc, { name: 'Живая', fits: [{ eft: RIFTER_FIT }] });
    const saved = await a.next('corp:doctrine-saved', (e) => e.doctrine.id === d.id);
    expect(saved).toEqual({ corporationId: CORP_A, doctrine: d });
    await ok(fc.post('/auth/corp/update_doctrine', { id: d.id, name: 'Живая 2' }));
    expect(
      (await a.next('corp:doctrine-saved', (e) => e.doctrine.id === d.id && e.doctrine.name === 'Живая 2')).corporationId,
    ).toBe(CORP_A);
    await ok(fc.post('/auth/corp/delete_doctrine', { id: d.id }));
    expect(await a.next('corp:doctrine-deleted', (e) => e.doctrineId === d.id)).toEqual({
      corporationId: CORP_A,
      doctrineId: d.id,
    });
    // A marker in corporation B after all of it: B's socket has seen nothing of A's.
    await add(other, { name: 'Маркер B', fits: [{ eft: RIFTER_FIT }] });
    await b.next('corp:doctrine-saved', (e) => e.doctrine.name === 'Маркер B');
    expect(b.names()).toEqual(['corp:doctrine-saved']);
  });
});
