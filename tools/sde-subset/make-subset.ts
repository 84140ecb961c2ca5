/**
 * `npm run test:sde-subset` — writes the tests' SDE subset (tools/sde-subset/sde-jsonl) from a full
 * SDE in CCP's JSON Lines layout: the rows `subset.list` names and every row they refer to, each
 * line copied byte for byte, in the source's order. Also copies the non-SDE files the tests read
 * (EVE Ref's industry cases, a few PI templates) from the EVE data folder beside the SDE, and
 * writes manifest.json (the source's build record, the date the subset last changed, each file's
 * rows, bytes and sha256).
 *
 *   SDE_PATH=<folder of CCP's .jsonl files> npm run test:sde-subset
 *   (default: ../shared/eve-data/sde-jsonl beside the repository, when present)
 *   EVE_DATA_DIR=<folder with industry-test-cases/ and pi-templates/> (default: SDE_PATH/..)
 *   --check   write nothing; exit 1 when the committed files differ from what the SDE gives
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { EXTRA_FILES, SDE_SUBSET_DIR, SDE_SUBSET_FILES, SUBSET_LIST, SUBSET_MANIFEST, TEST_DATA_DIR } from './paths';

const REPO = resolve(__dirname, '..', '..');

export interface Selection {
  type: Set<number>;
  group: Set<number>;
  blueprint: Set<number>;
  tree: Set<number>;
  system: Set<number>;
  schematic: Set<number>;
  /** Types with every skill they require (dogma requiredSkill1-6), and those skills' own, recursively. */
  skills: Set<number>;
  allSchematics: boolean;
}

/** Parses subset.list (see its header). */
export function parseList(text: string): Selection {
  const sel: Selection = {
    type: new Set(),
    group: new Set(),
    blueprint: new Set(),
    tree: new Set(),
    system: new Set(),
    schematic: new Set(),
    skills: new Set(),
    allSchematics: false,
  };
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) return;
    const [kind, ...ids] = line.split(/\s+/);
    if (!(kind in sel) || kind === 'allSchematics') throw new Error(`subset.list:${i + 1}: unknown directive «${kind}»`);
    if (ids.length === 0) throw new Error(`subset.list:${i + 1}: «${kind}» without ids`);
    for (const id of ids) {
      if (kind === 'schematic' && id === 'all') sel.allSchematics = true;
      else if (/^\d+$/.test(id)) (sel[kind as keyof Omit<Selection, 'allSchematics'>] as Set<number>).add(Number(id));
      else throw new Error(`subset.list:${i + 1}: «${id}» is not an id`);
    }
  });
  return sel;
}

const keyOf = (line: string) => Number(/^\{"_key": (\d+)/.exec(line)?.[1]);
const intField = (line: string, field: string): number | undefined => {
  const m = new RegExp(`"${field}": (-?\\d+)`).exec(line);
  return m ? Number(m[1]) : undefined;
};

async function* lines(dir: string, file: string): AsyncGenerator<string> {
  const rl = createInterface({ input: createReadStream(join(dir, file), { highWaterMark: 1 << 20 }), crlfDelay: Infinity });
  for await (const line of rl) if (line) yield line;
}

async function pick(dir: string, file: string, keep: (key: number, line: string) => boolean): Promise<string[]> {
  const out: string[] = [];
  for await (const line of lines(dir, file)) if (keep(keyOf(line), line)) out.push(line);
  return out;
}

interface BlueprintRow {
  line: string;
  /** Manufacturing and reaction materials. */
  materials: number[];
  /** Manufacturing and reaction products. */
  products: number[];
  /** Blueprints its invention makes. */
  invents: number[];
}

function blueprintRow(line: string): BlueprintRow {
  const r = JSON.parse(line) as {
    activities: Record<string, { materials?: { typeID: number }[]; products?: { typeID: number }[] }>;
  };
  const of = (activity: string, what: 'materials' | 'products') => (r.activities[activity]?.[what] ?? []).map((m) => m.typeID);
  return {
    line,
    materials: [...of('manufacturing', 'materials'), ...of('reaction', 'materials')],
    products: [...of('manufacturing', 'products'), ...of('reaction', 'products')],
    invents: of('invention', 'products'),
  };
}

/** Every file of the subset (name -> lines), built from the SDE folder `sde`. */
export async function buildSubset(sde: string, sel: Selection): Promise<Record<string, string[]>> {
  const files: Record<string, string[]> = {};

  // Blueprints: the named ones, and the trees' closure.
  const blueprints = new Map<number, BlueprintRow>();
  for await (const line of lines(sde, 'blueprints.jsonl')) blueprints.set(keyOf(line), blueprintRow(line));
  const makers = new Map<number, number[]>();
  const inventedFrom = new Map<number, number[]>();
  for (const [id, bp] of blueprints) {
    for (const p of bp.products) makers.set(p, [...(makers.get(p) ?? []), id]);
    for (const p of bp.invents) inventedFrom.set(p, [...(inventedFrom.get(p) ?? []), id]);
  }
  const wanted = new Set<number>();
  for (const id of sel.blueprint) {
    if (!blueprints.has(id)) throw new Error(`blueprint ${id} is not in ${sde}/blueprints.jsonl`);
    wanted.add(id);
  }
  const queue = [...sel.tree];
  for (const id of sel.tree) if (!blueprints.has(id)) throw new Error(`blueprint ${id} is not in ${sde}/blueprints.jsonl`);
  const inTree = new Set<number>();
  while (queue.length) {
    const id = queue.pop()!;
    if (inTree.has(id)) continue;
    inTree.add(id);
    wanted.add(id);
    const bp = blueprints.get(id)!;
    for (const m of bp.materials) queue.push(...(makers.get(m) ?? []));
    for (const source of inventedFrom.get(id) ?? []) wanted.add(source);
  }
  files['blueprints.jsonl'] = [...blueprints.keys()]
    .filter((id) => wanted.has(id))
    .sort((a, b) => a - b)
    .map((id) => blueprints.get(id)!.line);

  const types = new Set<number>(sel.type);
  for (const line of files['blueprints.jsonl']) {
    types.add(keyOf(line));
    for (const m of line.matchAll(/"typeID": (\d+)/g)) types.add(Number(m[1]));
  }

  files['planetSchematics.jsonl'] = await pick(sde, 'planetSchematics.jsonl', (k) => sel.allSchematics || sel.schematic.has(k));
  for (const id of sel.schematic)
    if (!files['planetSchematics.jsonl'].some((l) => keyOf(l) === id)) throw new Error(`schematic ${id} is not in the SDE`);
  for (const line of files['planetSchematics.jsonl']) {
    const s = JSON.parse(line) as { pins: number[]; types: { _key: number }[] };
    s.pins.forEach((p) => types.add(p));
    s.types.forEach((t) => types.add(t._key));
  }

  files['mapSolarSystems.jsonl'] = await pick(sde, 'mapSolarSystems.jsonl', (k) => sel.system.has(k));
  if (files['mapSolarSystems.jsonl'].length !== sel.system.size) throw new Error('a system of subset.list is not in the SDE');
  const constellations = new Set(files['mapSolarSystems.jsonl'].map((l) => intField(l, 'constellationID')!));
  const regions = new Set(files['mapSolarSystems.jsonl'].map((l) => intField(l, 'regionID')!));
  files['mapConstellations.jsonl'] = await pick(sde, 'mapConstellations.jsonl', (k) => constellations.has(k));
  files['mapRegions.jsonl'] = await pick(sde, 'mapRegions.jsonl', (k) => regions.has(k));
  files['mapPlanets.jsonl'] = await pick(sde, 'mapPlanets.jsonl', (_k, l) => sel.system.has(intField(l, 'solarSystemID')!));
  for (const line of files['mapPlanets.jsonl']) types.add(intField(line, 'typeID')!);

  if (sel.skills.size > 0) for (const id of await withRequiredSkills(sde, sel.skills)) types.add(id);

  files['types.jsonl'] = await pick(sde, 'types.jsonl', (k, l) => types.has(k) || sel.group.has(intField(l, 'groupID')!));
  const present = new Set(files['types.jsonl'].map(keyOf));
  const absent = [...sel.type].filter((id) => !present.has(id));
  if (absent.length) throw new Error(`types not in ${sde}/types.jsonl: ${absent.join(', ')}`);

  const groups = new Set(files['types.jsonl'].map((l) => intField(l, 'groupID')!));
  for (const g of sel.group) groups.add(g);
  files['groups.jsonl'] = await pick(sde, 'groups.jsonl', (k) => groups.has(k));
  const categories = new Set(files['groups.jsonl'].map((l) => intField(l, 'categoryID')!));
  files['categories.jsonl'] = await pick(sde, 'categories.jsonl', (k) => categories.has(k));

  const allMarketGroups = new Map<number, string>();
  for await (const line of lines(sde, 'marketGroups.jsonl')) allMarketGroups.set(keyOf(line), line);
  const marketGroups = new Set<number>();
  for (const line of files['types.jsonl']) {
    let id = intField(line, 'marketGroupID');
    while (id !== undefined && !marketGroups.has(id) && allMarketGroups.has(id)) {
      marketGroups.add(id);
      id = intField(allMarketGroups.get(id)!, 'parentGroupID');
    }
  }
  files['marketGroups.jsonl'] = [...allMarketGroups.entries()].filter(([k]) => marketGroups.has(k)).map(([, l]) => l);

  files['typeDogma.jsonl'] = await pick(sde, 'typeDogma.jsonl', (k) => present.has(k));
  files['_sde.jsonl'] = [readFileSync(join(sde, '_sde.jsonl'), 'utf8').trim()];
  return files;
}

/** requiredSkill1-6 (dogma 182, 183, 184, 1285, 1289, 1290): the ids of the skills a type requires. */
const REQUIRED_SKILL_ATTRS = new Set([182, 183, 184, 1285, 1289, 1290]);

/** `ids` with every skill they require and those skills' own prerequisites, recursively (from typeDogma). */
async function withRequiredSkills(sde: string, ids: ReadonlySet<number>): Promise<Set<number>> {
  const requires = new Map<number, number[]>();
  for await (const line of lines(sde, 'typeDogma.jsonl')) {
    if (!line.includes('"attributeID": 182')) continue;
    const r = JSON.parse(line) as { _key: number; dogmaAttributes: { attributeID: number; value: number }[] };
    const skills = r.dogmaAttributes.filter((a) => REQUIRED_SKILL_ATTRS.has(a.attributeID) && a.value > 0).map((a) => a.value);
    if (skills.length) requires.set(r._key, skills);
  }
  const out = new Set<number>();
  const queue = [...ids];
  while (queue.length) {
    const id = queue.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(requires.get(id) ?? []));
  }
  return out;
}

const text = (ls: readonly string[]) => ls.map((l) => `${l}\n`).join('');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

export interface Manifest {
  /** The source SDE's build record (`_sde.jsonl`). */
  source: { build: unknown; from: string };
  /** The day the subset's files last changed (YYYY-MM-DD). */
  date: string;
  files: Record<string, { rows: number; bytes: number; sha256: string }>;
}

/** Describes the files of `dir` (paths relative to it) as manifest.json lists them. */
export function describeFiles(dir: string, names: readonly string[]): Manifest['files'] {
  const out: Manifest['files'] = {};
  for (const name of names) {
    const bytes = readFileSync(join(dir, name));
    out[name] = { rows: bytes.toString('utf8').split('\n').filter(Boolean).length, bytes: bytes.length, sha256: sha256(bytes) };
  }
  return out;
}

function defaultSdePath(): string | undefined {
  const shared = resolve(REPO, '..', 'shared', 'eve-data', 'sde-jsonl');
  return existsSync(join(shared, '_sde.jsonl')) ? shared : undefined;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const sdeArg = process.env.SDE_PATH ? resolve(process.env.SDE_PATH) : defaultSdePath();
  if (!sdeArg || !existsSync(join(sdeArg, 'types.jsonl'))) {
    console.error(`No SDE: set SDE_PATH to a folder of CCP's JSON Lines files (got ${sdeArg ?? 'nothing'})`);
    process.exit(2);
  }
  const eveData = resolve(process.env.EVE_DATA_DIR ?? dirname(sdeArg));
  const files = await buildSubset(sdeArg, parseList(readFileSync(SUBSET_LIST, 'utf8')));
  if (Object.keys(files).sort().join() !== [...SDE_SUBSET_FILES].sort().join()) throw new Error('the subset files changed');

  const extras = new Map<string, Buffer>();
  for (const rel of EXTRA_FILES) {
    const from = join(eveData, rel);
    if (existsSync(from)) extras.set(rel, readFileSync(from));
    else if (!check) console.warn(`not in ${eveData}: ${rel} (the committed copy is kept)`);
  }

  const differs: string[] = [];
  for (const [name, ls] of Object.entries(files)) {
    const path = join(SDE_SUBSET_DIR, name);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text(ls)) differs.push(relative(REPO, path));
  }
  for (const [rel, bytes] of extras) {
    const path = join(TEST_DATA_DIR, rel);
    if (!existsSync(path) || !readFileSync(path).equals(bytes)) differs.push(relative(REPO, path));
  }
  if (check) {
    if (differs.length) {
      console.error(`The committed subset differs from what ${sdeArg} gives: ${differs.join(', ')}`);
      process.exit(1);
    }
    console.log(`The committed subset is what ${sdeArg} gives (${Object.keys(files).length} SDE files, ${extras.size} others)`);
    return;
  }

  rmSync(SDE_SUBSET_DIR, { recursive: true, force: true });
  mkdirSync(SDE_SUBSET_DIR, { recursive: true });
  for (const [name, ls] of Object.entries(files)) writeFileSync(join(SDE_SUBSET_DIR, name), text(ls));
  for (const [rel, bytes] of extras) {
    mkdirSync(dirname(join(TEST_DATA_DIR, rel)), { recursive: true });
    writeFileSync(join(TEST_DATA_DIR, rel), bytes);
  }
  const names = [...SDE_SUBSET_FILES.map((f) => `sde-jsonl/${f}`), ...EXTRA_FILES];
  const previous = existsSync(SUBSET_MANIFEST) ? (JSON.parse(readFileSync(SUBSET_MANIFEST, 'utf8')) as Manifest) : null;
  const described = describeFiles(TEST_DATA_DIR, names);
  const build = JSON.parse(files['_sde.jsonl'][0]) as unknown;
  const unchanged = previous && JSON.stringify(previous.files) === JSON.stringify(described);
  const manifest: Manifest = {
    source: { build, from: process.env.SUBSET_SOURCE ?? relative(REPO, sdeArg) },
    date: unchanged ? previous.date : new Date().toISOString().slice(0, 10),
    files: described,
  };
  writeFileSync(SUBSET_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  const total = Object.values(described).reduce((s, f) => s + f.bytes, 0);
  console.log(
    `${differs.length ? `written ${differs.length} changed file(s)` : 'no change'}; ${names.length} files, ${total} bytes in ${relative(REPO, TEST_DATA_DIR)}`,
  );
  for (const name of SDE_SUBSET_FILES) console.log(`  ${name}: ${described[`sde-jsonl/${name}`].rows} rows`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
