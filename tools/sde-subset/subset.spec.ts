/**
 * The committed SDE subset (tools/sde-subset/data) is whole: manifest.json describes exactly its
 * files, every line is one JSON record in key order, every row a row refers to is there (so the
 * importer and the tests' mini SDEs never miss a reference), and everything subset.list names is in
 * it. That it is exactly what `npm run test:sde-subset` makes of the full SDE: subset.full-sde.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describeFiles, parseList, type Manifest } from './make-subset';
import { EXTRA_FILES, SDE_SUBSET_DIR, SDE_SUBSET_FILES, SUBSET_LIST, SUBSET_MANIFEST, TEST_DATA_DIR } from './paths';

type Row = Record<string, unknown> & { _key: number };
const rows = (file: string): Row[] =>
  readFileSync(join(SDE_SUBSET_DIR, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);
const keys = (file: string) => new Set(rows(file).map((r) => r._key));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [relative(TEST_DATA_DIR, p)];
  });
}

it('manifest.json lists every data file with its rows, bytes and sha256, and names the source build and date', () => {
  const manifest = JSON.parse(readFileSync(SUBSET_MANIFEST, 'utf8')) as Manifest;
  const names = [...SDE_SUBSET_FILES.map((f) => `sde-jsonl/${f}`), ...EXTRA_FILES];
  expect(
    files(TEST_DATA_DIR)
      .filter((f) => !f.endsWith('LICENSE'))
      .sort(),
  ).toEqual([...names].sort());
  expect(manifest.files).toEqual(describeFiles(TEST_DATA_DIR, names));
  expect(manifest.source.build).toEqual(JSON.parse(readFileSync(join(SDE_SUBSET_DIR, '_sde.jsonl'), 'utf8')));
  expect(manifest.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // A few MB at most.
  expect(Object.values(manifest.files).reduce((s, f) => s + f.bytes, 0)).toBeLessThan(3_000_000);
});

it("every line is one record, keys strictly ascending, in CCP's line format", () => {
  for (const file of SDE_SUBSET_FILES.filter((f) => f !== '_sde.jsonl')) {
    const text = readFileSync(join(SDE_SUBSET_DIR, file), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.split('\n').slice(0, -1);
    expect(lines.every((l) => /^\{"_key": \d+, /.test(l))).toBe(true);
    const ks = lines.map((l) => (JSON.parse(l) as Row)._key);
    expect(ks.every((k, i) => i === 0 || k > ks[i - 1])).toBe(true);
  }
});

it('every row a row refers to is in the subset', () => {
  const types = keys('types.jsonl');
  const groups = keys('groups.jsonl');
  const marketGroups = keys('marketGroups.jsonl');
  const missing: string[] = [];
  const need = (set: Set<number>, id: unknown, what: string) => {
    if (typeof id === 'number' && !set.has(id)) missing.push(`${what} ${id}`);
  };
  for (const t of rows('types.jsonl')) {
    need(groups, t.groupID, `group of type ${t._key}:`);
    need(marketGroups, t.marketGroupID, `market group of type ${t._key}:`);
  }
  for (const g of rows('groups.jsonl')) need(keys('categories.jsonl'), g.categoryID, `category of group ${g._key}:`);
  for (const m of rows('marketGroups.jsonl')) need(marketGroups, m.parentGroupID, `parent of market group ${m._key}:`);
  for (const d of rows('typeDogma.jsonl')) need(types, d._key, 'dogma of type');
  for (const b of rows('blueprints.jsonl'))
    for (const m of JSON.stringify(b).matchAll(/"typeID":(\d+)/g)) need(types, Number(m[1]), `type of blueprint ${b._key}:`);
  for (const s of rows('planetSchematics.jsonl') as (Row & { pins: number[]; types: { _key: number }[] })[]) {
    s.pins.forEach((p) => need(types, p, `pin of schematic ${s._key}:`));
    s.types.forEach((t) => need(types, t._key, `type of schematic ${s._key}:`));
  }
  const systems = keys('mapSolarSystems.jsonl');
  for (const s of rows('mapSolarSystems.jsonl')) {
    need(keys('mapConstellations.jsonl'), s.constellationID, `constellation of system ${s._key}:`);
    need(keys('mapRegions.jsonl'), s.regionID, `region of system ${s._key}:`);
  }
  for (const p of rows('mapPlanets.jsonl')) {
    need(systems, p.solarSystemID, `system of planet ${p._key}:`);
    need(types, p.typeID, `type of planet ${p._key}:`);
  }
  expect(missing).toEqual([]);
});

it('holds everything subset.list names', () => {
  const list = parseList(readFileSync(SUBSET_LIST, 'utf8'));
  const types = keys('types.jsonl');
  const blueprints = keys('blueprints.jsonl');
  expect([...list.type].filter((id) => !types.has(id))).toEqual([]);
  expect([...list.blueprint, ...list.tree].filter((id) => !blueprints.has(id))).toEqual([]);
  expect([...list.system].filter((id) => !keys('mapSolarSystems.jsonl').has(id))).toEqual([]);
  expect([...list.skills].filter((id) => !types.has(id))).toEqual([]);
  // Doctrines: the skills those types require, and those skills' own, are rows too.
  const dogma = new Map(
    (rows('typeDogma.jsonl') as (Row & { dogmaAttributes: { attributeID: number; value: number }[] })[]).map((d) => [
      d._key as number,
      d.dogmaAttributes,
    ]),
  );
  const queue = [...list.skills];
  const seen = new Set<number>();
  const absent: number[] = [];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!types.has(id)) absent.push(id);
    for (const a of dogma.get(id) ?? []) if ([182, 183, 184, 1285, 1289, 1290].includes(a.attributeID)) queue.push(a.value);
  }
  expect(absent).toEqual([]);
  expect(seen.has(3327)).toBe(true); // Spaceship Command, the Rifter's skill's prerequisite
  expect(list.allSchematics).toBe(true);
  expect(keys('planetSchematics.jsonl').size).toBe(68);
  const inGroups = rows('types.jsonl').filter((t) => list.group.has(t.groupID as number));
  expect(new Set(inGroups.map((t) => t.groupID))).toEqual(list.group);
});

it("no test, test helper or global setup builds a path into the team's data folder (../shared)", () => {
  const repo = join(__dirname, '..', '..');
  // The generators that read it by default (a person runs them), and demo mode's runtime copy.
  const allowed = new Set([
    'tools/sde-subset/make-subset.ts',
    'tools/fake-esi/src/catalog.ts',
    'tools/fake-esi/src/make-seed.ts',
    'backend/src/common/config/config.ts',
  ]);
  const code = (dir: string): string[] =>
    readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) return ['node_modules', 'dist', 'data'].includes(e.name) ? [] : code(rel);
      return /\.(ts|tsx|js|mjs)$/.test(e.name) ? [rel] : [];
    });
  const files = ['backend/src', 'backend/test', 'e2e', 'tools', 'frontend/src', 'shared-types/src'].flatMap(code);
  expect(files.length).toBeGreaterThan(300);
  const reads = files.filter(
    (f) =>
      !allowed.has(f) && /'shared',\s*'eve-data'|['"`][^'"`\n]*\.\.\/shared\/eve-data/.test(readFileSync(join(repo, f), 'utf8')),
  );
  expect(reads).toEqual([]);
});

it('subset.list: a directive it does not know, or a word that is not an id, is an error naming the line', () => {
  expect(parseList('# comment\ntype 34 35 # Tritanium, Pyerite\n\nschematic all\n')).toMatchObject({
    type: new Set([34, 35]),
    allSchematics: true,
  });
  expect(() => parseList('type 34\nitem 35\n')).toThrow('subset.list:2: unknown directive «item»');
  expect(() => parseList('tree Rifter\n')).toThrow('subset.list:1: «Rifter» is not an id');
  expect(() => parseList('group\n')).toThrow('subset.list:1: «group» without ids');
});
