/**
 * Planetology over real HTTP against the real app and database: a mini SDE (real lines of CCP's
 * SDE from the repository's subset, tools/sde-subset: all 68 schematics, every PI structure type with its dogma, Jita
 * with its planets) through the real importer; the catalogue, system search and planets as the
 * page reads them; templates built from what the API returns validate for Jita's planets.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import request from 'supertest';
import {
  generateTemplate,
  layoutPlanetTypes,
  PiRulesIndex,
  planChain,
  TEMPLATE_LAYOUTS,
  validateTemplateText,
  type PlanetologyCatalogueResponse,
  type SystemPlanetsResponse,
  type TemplateLayout,
} from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { createTestApp } from './app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs, SOURCE_SDE_DIR } from './fixtures/mini-sde';
import { realCatalogue } from './fixtures/planetology-sde';

const JITA = 30000142;
const PI_STRUCTURE_GROUPS = new Set([1027, 1028, 1029, 1030, 1036, 1063]);

async function ids(file: string, keep: (line: string) => boolean): Promise<number[]> {
  const out: number[] = [];
  const rl = createInterface({ input: createReadStream(join(SOURCE_SDE_DIR, file)), crlfDelay: Infinity });
  for await (const line of rl) if (line && keep(line)) out.push(Number(/^\{"_key": (\d+)/.exec(line)![1]));
  return out;
}

let running: RunningApp;
const get = (path: string) => request(running.url).get(path);

beforeAll(async () => {
  running = await createTestApp({ imageServerUrl: 'https://images.example' });
}, 60_000);

afterAll(async () => {
  await running?.close();
  removeMiniSdeDirs();
});

describe('before the game data is imported', () => {
  it('GET data/universe/blueprints answers 503 with the Russian message', async () => {
    const res = await get('/data/universe/blueprints').expect(503);
    expect(res.body).toMatchObject({ statusCode: 503, message: 'Игровые данные ещё загружаются, попробуйте через минуту' });
  });
});

describe('with the game data', () => {
  let catalogue: PlanetologyCatalogueResponse;

  beforeAll(async () => {
    const [schematicIds, pinTypeIds] = await Promise.all([
      ids('planetSchematics.jsonl', () => true),
      ids('types.jsonl', (l) => PI_STRUCTURE_GROUPS.has(Number(/"groupID": (\d+)/.exec(l)?.[1]))),
    ]);
    const dir = await buildMiniSde({
      typeIds: [...pinTypeIds, 11, 12, 13, 2014, 2015, 2016, 2017, 2063],
      blueprintIds: [],
      systemIds: [JITA],
      schematicIds,
    });
    await importSdeInto(running, dir);
    catalogue = (await get('/data/universe/blueprints').expect(200)).body as PlanetologyCatalogueResponse;
  }, 120_000);

  it('GET data/universe/blueprints: the catalogue the backend derives from the game data', async () => {
    const expected = await realCatalogue();
    // Everything but the typical diameters, which the mini SDE takes from Jita's planets only.
    const strip = (c: PlanetologyCatalogueResponse) => ({
      ...c,
      planetTypes: c.planetTypes.map((t) => ({ ...t, typicalDiameter: 0 })),
    });
    expect(strip(catalogue)).toEqual(strip(expected));
    expect(catalogue.blueprints).toHaveLength(83);
    expect(catalogue.blueprints.find((b) => b.id === 9848)).toMatchObject({
      name: 'Robotics',
      icon: 'https://images.example/types/9848/icon?size=64',
      output: 3,
      volume: 3,
      requirements: [
        { id: 3689, quantity: 10 },
        { id: 9836, quantity: 10 },
      ],
    });
    expect(catalogue.blueprints.filter((b) => b.tier === 0).every((b) => b.output === 3000 && b.requirements.length === 0)).toBe(
      true,
    );
  });

  it("typical diameters are the median of the type's planets (here Jita's: Barren I, II, VIII)", async () => {
    const planets = ((await get(`/data/universe/systems/${JITA}/planets`).expect(200)).body as SystemPlanetsResponse).planets;
    const barren = planets
      .filter((p) => p.type_id === 2016)
      .map((p) => p.diameter!)
      .sort((a, b) => a - b);
    expect(barren).toHaveLength(3);
    expect(catalogue.planetTypes.find((t) => t.id === 2016)!.typicalDiameter).toBe(barren[1]);
    expect(catalogue.planetTypes.find((t) => t.id === 2014)!.typicalDiameter).toBe(0);
  });

  it('the same catalogue twice (kept per import)', async () => {
    expect((await get('/data/universe/blueprints').expect(200)).body).toEqual(catalogue);
  });

  it('system search from 3 characters and planets with id, name, icon, type_id and diameter', async () => {
    const found = await get('/data/universe/systems?q=jit').expect(200);
    expect(found.body.systems.map((s: { id: number }) => s.id)).toEqual([JITA]);
    expect((await get('/data/universe/systems?q=ji').expect(400)).body.message).toBe('Введите не меньше 3 символов для поиска');
    const planets = ((await get(`/data/universe/systems/${JITA}/planets`).expect(200)).body as SystemPlanetsResponse).planets;
    expect(planets[0]).toEqual({
      id: 40009077,
      name: 'Jita I',
      type_id: 2016,
      typeName: expect.any(String),
      icon: 'https://images.example/types/2016/icon?size=64',
      diameter: expect.any(Number),
    });
    expect(planets.find((p) => p.name === 'Jita IV')!.diameter).toBe(37780);
  });

  it('Robotics planned from the API catalogue: 1 <- 2 + 2 P2 <- 2 of each P1', () => {
    const chain = planChain(catalogue, 9848);
    expect(chain.factories.map((f) => [f.id, f.factories])).toEqual([
      [2401, 2],
      [2399, 2],
      [2398, 2],
      [2400, 2],
      [9836, 2],
      [3689, 2],
      [9848, 1],
    ]);
  });

  it("every button's template for each of Jita's planets validates strictly at CC 4", async () => {
    const ctx = { ...catalogue, rules: new PiRulesIndex(catalogue.rules) };
    const planets = ((await get(`/data/universe/systems/${JITA}/planets`).expect(200)).body as SystemPlanetsResponse).planets;
    const failures: string[] = [];
    let built = 0;
    for (const planet of planets) {
      for (const product of catalogue.blueprints) {
        for (const layout of Object.keys(TEMPLATE_LAYOUTS) as TemplateLayout[]) {
          if (!layoutPlanetTypes(ctx, product.id, layout).includes(planet.type_id)) continue;
          const t = generateTemplate(ctx, {
            productId: product.id,
            layout,
            planetTypeId: planet.type_id,
            diameter: planet.diameter!,
            planetName: planet.name,
          });
          built++;
          const result = validateTemplateText(t.text, ctx, { strict: true });
          if (!result.ok) failures.push(`${planet.name} ${product.name} ${layout}: ${result.errors.join('; ')}`);
          if (t.template.Diam !== planet.diameter || !t.template.Cmt.endsWith(`(${planet.name})`))
            failures.push(`${planet.name}: header`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(built).toBeGreaterThan(8 * 60);
  });
});
