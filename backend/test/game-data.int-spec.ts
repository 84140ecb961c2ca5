/**
 * Game data: a mini SDE (real lines of CCP's SDE, from tools/sde-subset) through the real importer
 * into the real database, queried over real HTTP and through the GameData contract.
 */
import request from 'supertest';
import type { RunningApp } from '../src/bootstrap';
import { GameData } from '../src/game-data/game-data.contract';
import type { SdeImportSummary } from '../src/game-data/sde/sde-importer';
import { createTestApp } from './app';
import { signedIn } from './support/accounts';
import type { TestClient } from './support/client';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs } from './fixtures/mini-sde';

let running: RunningApp;
let summary: SdeImportSummary;
let admin: TestClient;

beforeAll(async () => {
  running = await createTestApp({ imageServerUrl: 'https://images.example' });
  summary = await importSdeInto(running, await buildMiniSde());
  admin = await signedIn(running, 'gd_admin', ['admin']);
}, 60_000);

afterAll(async () => {
  await running?.close();
  removeMiniSdeDirs();
});

/** Admin searches need an admin's session; the rest are public. */
const get = (path: string) => (path.includes('/admin/') ? admin.get(path) : request(running.url).get(path));

describe('import', () => {
  it('records the build and counts', () => {
    expect(summary.buildNumber).toBe(0);
    expect(summary.releaseDate).toBe('2025-06-24T00:00:00Z');
    expect(summary.counts).toMatchObject({
      blueprints: 2,
      schematics: 1,
      systems: 1,
      planets: 8,
      regions: 1,
      constellations: 1,
      planetResources: 8,
    });
  });

  it('api/health shows the SDE build', async () => {
    const res = await get('/api/health').expect(200);
    expect(res.body.sde).toEqual({
      buildNumber: 0,
      releaseDate: '2025-06-24T00:00:00Z',
      importedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

describe('data/industry', () => {
  it('Tritanium is 34', async () => {
    const res = await get('/data/industry/items/34').expect(200);
    expect(res.body.item).toEqual({
      id: 34,
      name: 'Tritanium',
      nameEn: 'Tritanium',
      icon: 'https://images.example/types/34/icon?size=64',
      groupId: 18,
      categoryId: 4,
      marketGroupId: 1857,
      volume: 0.01,
      packagedVolume: 0.01,
      portionSize: 1,
      published: true,
      groupName: 'Минералы',
      categoryName: 'Материал',
    });
  });

  it('Rifter keeps its packaged volume', async () => {
    const res = await get('/data/industry/items/587').expect(200);
    expect(res.body.item).toMatchObject({ id: 587, volume: 27289, packagedVolume: 2500 });
  });

  it('Rifter Blueprint 691: 32000x34 + 6000x35 + 2500x36 + 500x37 -> 1x587, 6000 s, 30 runs', async () => {
    const res = await get('/data/industry/blueprints/691').expect(200);
    const bp = res.body.blueprint;
    expect(bp).toMatchObject({
      id: 691,
      name: 'Rifter Blueprint',
      icon: 'https://images.example/types/691/bp?size=64',
      activity: 'manufacturing',
      activity_id: 1,
      maxProductionLimit: 30,
      product: { id: 587, name: 'Rifter', quantity: 1 },
    });
    expect(bp.activities.manufacturing.time).toBe(6000);
    expect(bp.activities.manufacturing.materials.map((m: { id: number; quantity: number }) => [m.quantity, m.id])).toEqual([
      [32000, 34],
      [6000, 35],
      [2500, 36],
      [500, 37],
    ]);
    expect(bp.activities.manufacturing.products).toEqual([
      { id: 587, name: 'Rifter', icon: 'https://images.example/types/587/icon?size=64', quantity: 1 },
    ]);
  });

  it('reaction formula 46166: 100x16643 + 100x16647 + 5x4312 -> 200x16663, 10800 s', async () => {
    const res = await get('/data/industry/blueprints/46166').expect(200);
    const bp = res.body.blueprint;
    expect(bp).toMatchObject({ id: 46166, activity: 'reaction', activity_id: 11, product: { id: 16663, quantity: 200 } });
    expect(bp.activities.reaction.time).toBe(10800);
    const materials = Object.fromEntries(
      bp.activities.reaction.materials.map((m: { id: number; quantity: number }) => [m.id, m.quantity]),
    );
    expect(materials).toEqual({ 16643: 100, 16647: 100, 4312: 5 });
    expect(bp.activities.manufacturing).toBeUndefined();
  });

  it('structures carry their dogma bonuses (Raitaru material 0.99, cost 0.97, time 0.85)', async () => {
    const res = await get('/data/industry/structures').expect(200);
    const byId = new Map(res.body.structures.map((s: { id: number }) => [s.id, s]));
    expect(byId.get(35825)).toEqual({
      id: 35825,
      name: 'Raitaru',
      icon: 'https://images.example/types/35825/icon?size=64',
      groupId: 1404,
      rigSize: 2,
      activities: ['manufacturing'],
      bonuses: { material: 0.99, time: 0.85, cost: 0.97, reactionTime: 1 },
    });
    expect(byId.get(35827)).toMatchObject({ bonuses: { material: 0.99, time: 0.7, cost: 0.95, reactionTime: 1 } });
    expect(byId.get(35836)).toMatchObject({ activities: ['manufacturing', 'reaction'], bonuses: { reactionTime: 0.75 } });
    expect(byId.get(35835)).toMatchObject({
      activities: ['manufacturing', 'reaction'],
      bonuses: { material: 1, time: 1, cost: 1, reactionTime: 1 },
    });
  });

  it('rigs carry percent bonuses and security multipliers', async () => {
    const res = await get('/data/industry/rigs').expect(200);
    const byId = new Map(res.body.rigs.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(43920)).toMatchObject({
      rigSize: 2,
      bonuses: { material: -2, time: null, cost: null },
      securityModifiers: { hiSec: 1, lowSec: 1.9, nullSec: 2.1 },
    });
    expect(byId.get(37180)).toMatchObject({ rigSize: 4, bonuses: { material: -2, time: -20 } });
    expect(byId.get(46484)).toMatchObject({
      bonuses: { reactionTime: -20 },
      securityModifiers: { hiSec: null, lowSec: 1, nullSec: 1.1 },
    });
  });

  it('404 with a Russian message for an unknown id, 400 for a bad id', async () => {
    expect((await get('/data/industry/items/999999999').expect(404)).body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Предмет не найден',
    });
    expect((await get('/data/industry/blueprints/34').expect(404)).body.message).toBe('Чертёж не найден');
    expect((await get('/data/industry/items/abc').expect(400)).body.message).toBe('Некорректный идентификатор');
  });
});

describe('search', () => {
  it('items: case-insensitive substring, prefix matches first, then alphabetical', async () => {
    // No name starts with "rit": substring matches alphabetically (Evaporite Deposits, Pyerite, Tritanium).
    const res = await get('/data/industry/items?q=RIT').expect(200);
    expect(res.body.items.map((i: { id: number }) => i.id)).toEqual([16635, 35, 34]);
    const prefix = await get('/data/industry/items?q=tri').expect(200);
    expect(prefix.body.items.map((i: { id: number }) => i.id)).toEqual([34]);
  });

  it('items: prefix before substring', async () => {
    // "Oxygen Fuel Block" starts with "oxy"; Isogen only contains "gen".
    const gen = await get('/data/industry/items?q=gen').expect(200);
    expect(gen.body.items.map((i: { name: string }) => i.name)).toEqual(['Isogen', 'Oxygen Fuel Block']);
    const oxy = await get('/data/industry/items?q=Oxygen').expect(200);
    expect(oxy.body.items.map((i: { id: number }) => i.id)).toEqual([4312]);
    // A prefix match comes first even when a substring match sorts earlier ("Datacore - ..." < "Mechanical ...").
    const mech = await get('/data/industry/items?q=mechanical').expect(200);
    expect(mech.body.items.map((i: { id: number }) => i.id)).toEqual([11452, 20424]);
  });

  it('items: Russian names match too (and show in Russian)', async () => {
    const ru = await get(`/data/industry/items?q=${encodeURIComponent('ПРОИЗВОД')}`).expect(200);
    expect(ru.body.items.map((i: { id: number; name: string; nameEn: string }) => [i.id, i.name, i.nameEn])).toEqual([
      [3380, 'Организация производства', 'Industry'],
    ]);
    const reactions = await get(`/data/industry/items?q=${encodeURIComponent('ведение')}`).expect(200);
    expect(reactions.body.items.map((i: { id: number }) => i.id)).toEqual([45746]);
  });

  it('limit caps the results; limit > 50 is refused', async () => {
    const all = await get('/data/industry/items?q=ium&limit=50').expect(200);
    expect(all.body.items.length).toBeGreaterThan(1);
    const one = await get('/data/industry/items?q=ium&limit=1').expect(200);
    expect(one.body.items).toHaveLength(1);
    expect(one.body.items[0].id).toBe(all.body.items[0].id);
    expect((await get('/data/industry/items?q=ium&limit=51').expect(400)).body.message).toBe('limit не больше 50');
  });

  it('too short (3 chars, admin 2) and too long queries are refused with Russian messages', async () => {
    expect((await get('/data/universe/systems?q=Ji').expect(400)).body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Введите не меньше 3 символов для поиска',
    });
    expect((await get('/data/universe/admin/systems?q=J').expect(400)).body.message).toBe(
      'Введите не меньше 2 символов для поиска',
    );
    expect((await get(`/data/industry/items?q=${'a'.repeat(101)}`).expect(400)).body.message).toBe(
      'Строка поиска не длиннее 100 символов',
    );
    expect((await get('/data/industry/items').expect(400)).body.message).toBe('Введите строку поиска');
  });

  it('systems by name, admin from 2 characters', async () => {
    const res = await get('/data/universe/systems?q=jit').expect(200);
    expect(res.body.systems).toEqual([
      {
        id: 30000142,
        name: 'Jita',
        security: 0.945913,
        securityDisplay: 0.9,
        regionId: 10000002,
        regionName: 'The Forge',
        constellationId: 20000020,
        constellationName: 'Kimotoro',
      },
    ]);
    expect((await get('/data/universe/admin/systems?q=ji').expect(200)).body.systems.map((s: { id: number }) => s.id)).toEqual([
      30000142,
    ]);
    expect((await get('/data/universe/systems?q=xyz').expect(200)).body.systems).toEqual([]);
  });

  it('blueprints by name (manufacturing and reactions)', async () => {
    const rifter = await get('/data/industry/blueprints?q=rifter').expect(200);
    expect(rifter.body.blueprints).toEqual([
      {
        id: 691,
        name: 'Rifter Blueprint',
        nameEn: 'Rifter Blueprint',
        icon: 'https://images.example/types/691/bp?size=64',
        activity: 'manufacturing',
        activity_id: 1,
        product: { id: 587, name: 'Rifter', icon: 'https://images.example/types/587/icon?size=64', quantity: 1 },
        inventable: false,
      },
    ]);
    const formula = await get('/data/industry/blueprints?q=cadmide').expect(200);
    expect(formula.body.blueprints.map((b: { id: number; activity_id: number }) => [b.id, b.activity_id])).toEqual([[46166, 11]]);
  });

  it('admin item search from 2 characters', async () => {
    const res = await get('/data/industry/admin/items?q=py').expect(200);
    expect(res.body.items.map((i: { id: number }) => i.id)).toEqual([35]);
  });
});

describe('data/universe', () => {
  it('Jita: security 0.945913 (shown 0.9)', async () => {
    const res = await get('/data/universe/systems/30000142').expect(200);
    expect(res.body.system).toMatchObject({ id: 30000142, name: 'Jita', security: 0.945913, securityDisplay: 0.9 });
  });

  it("Jita's 8 planets with their types, named as in the game", async () => {
    const res = await get('/data/universe/systems/30000142/planets').expect(200);
    expect(res.body.planets.map((p: { name: string; type_id: number }) => [p.name, p.type_id])).toEqual([
      ['Jita I', 2016],
      ['Jita II', 2016],
      ['Jita III', 11],
      ['Jita IV', 13],
      ['Jita V', 13],
      ['Jita VI', 2015],
      ['Jita VII', 12],
      ['Jita VIII', 2016],
    ]);
    expect(res.body.planets[3]).toEqual({
      id: 40009082,
      name: 'Jita IV',
      type_id: 13,
      typeName: 'Planet (Gas)',
      icon: 'https://images.example/types/13/icon?size=64',
      diameter: 37780,
    });
  });

  it('404 for an unknown system', async () => {
    expect((await get('/data/universe/systems/30999999/planets').expect(404)).body.message).toBe('Система не найдена');
  });

  it('Bacteria schematic 131: 3000x2073 -> 20x2393 per 1800 s', async () => {
    const res = await get('/data/universe/schematics/131').expect(200);
    expect(res.body.schematic).toMatchObject({
      id: 131,
      name: 'Bacteria',
      cycleTime: 1800,
      inputs: [{ id: 2073, name: 'Microorganisms', quantity: 3000 }],
      output: { id: 2393, name: 'Bacteria', quantity: 20 },
      pins: [2469, 2471, 2473, 2481, 2483, 2490, 2492, 2493],
    });
    expect((await get('/data/universe/schematics').expect(200)).body.schematics.map((s: { id: number }) => s.id)).toEqual([131]);
  });

  it('Barren (2016) raw resources: Microorganisms, Base Metals, Aqueous Liquids, Noble Metals, Carbon Compounds', async () => {
    const res = await get('/data/universe/planet-types').expect(200);
    expect(res.body.planetTypes.map((p: { id: number }) => p.id)).toEqual([11, 12, 13, 2014, 2015, 2016, 2017, 2063]);
    const barren = res.body.planetTypes.find((p: { id: number }) => p.id === 2016);
    expect(barren.name).toBe('Planet (Barren)');
    expect(barren.resources.map((r: { id: number }) => r.id)).toEqual([2073, 2267, 2268, 2270, 2288]);
    expect(res.body.planetTypes.every((p: { resources: unknown[] }) => p.resources.length === 5)).toBe(true);
  });
});

describe('GameData contract', () => {
  const data = () => running.app.get(GameData);

  it('types by id and by name (case-insensitive, keyed as given)', async () => {
    const byId = await data().typesByIds([34, 587, 999999999]);
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual([34, 587]);
    expect(byId.get(34)).toEqual({
      id: 34,
      name: 'Tritanium',
      nameEn: 'Tritanium',
      groupId: 18,
      categoryId: 4,
      marketGroupId: 1857,
      volume: 0.01,
      packagedVolume: 0.01,
      portionSize: 1,
      published: true,
    });
    const byName = await data().typesByNames(['tritanium', 'RIFTER', 'Nothing Such']);
    expect([...byName.entries()].map(([k, v]) => [k, v.id])).toEqual([
      ['tritanium', 34],
      ['RIFTER', 587],
    ]);
    expect(await data().type(999999999)).toBeNull();
  });

  it('system, blueprints, build info', async () => {
    expect(await data().system(30000142)).toEqual({
      id: 30000142,
      name: 'Jita',
      security: 0.945913,
      regionId: 10000002,
      constellationId: 20000020,
    });
    expect(await data().system(1)).toBeNull();
    expect(await data().hasData()).toBe(true);
    const bp = await data().blueprintForProduct(587);
    expect(bp).toMatchObject({
      id: 691,
      activity: 'manufacturing',
      activityId: 1,
      time: 6000,
      maxProductionLimit: 30,
      products: [{ typeId: 587, quantity: 1 }],
    });
    expect(await data().blueprintForProduct(16663)).toMatchObject({ id: 46166, activityId: 11, time: 10800 });
    expect(await data().blueprint(34)).toBeNull();
    expect(await data().buildInfo()).toMatchObject({ buildNumber: 0, releaseDate: '2025-06-24T00:00:00Z' });
  });
});
