/**
 * Rig -> product groups, read from the tables shipped in backend/data/sde-industry and the real
 * dogma values of the SDE (the repository's subset, tools/sde-subset; the full SDE under
 * `npm run test:full-sde`), checked against facts from the game (rig descriptions, in-game numbers
 * in industry-test-cases). That the shipped tables are byte for byte the SDE industry tables of
 * 2026-01 is a full-data check (rig-tables.full-sde.ts).
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { toDogmaDoc } from './dogma';
import {
  deriveRigEffects,
  parseRigGroups,
  parseRigSources,
  readRigEffectFiles,
  RIG_CSV_FILES,
  SHIPPED_RIG_TABLES_DIR,
} from './rig-effects';
import { describeRigTables, refreshRigTables, RIG_TABLES_SOURCE_FILE, type RigTablesSource } from './rig-tables-refresh';
import type { DogmaDoc } from './sde.types';
import { testSdeDir } from '../../../../tools/sde-subset/paths';
const RIGS = [37146, 37180, 43920, 45548, 46485, 46487, 46497, 37183, 43722, 43879, 43880, 43724, 35827];

async function realDogma(ids: readonly number[]): Promise<Map<number, DogmaDoc>> {
  const out = new Map<number, DogmaDoc>();
  const want = new Set(ids);
  const rl = createInterface({ input: createReadStream(join(testSdeDir(), 'typeDogma.jsonl')), crlfDelay: Infinity });
  for await (const line of rl) {
    const id = Number(/^\{"_key": (\d+)/.exec(line)?.[1]);
    if (!want.has(id)) continue;
    const rec = JSON.parse(line) as { dogmaAttributes: { attributeID: number; value: number }[] };
    out.set(id, toDogmaDoc(id, 0, new Map(rec.dogmaAttributes.map((a) => [a.attributeID, a.value]))));
  }
  return out;
}

describe('the rig tables shipped with the repository', () => {
  it('source.json names the source and date and matches each file (size, rows, sha256)', () => {
    const described = JSON.parse(readFileSync(join(SHIPPED_RIG_TABLES_DIR, RIG_TABLES_SOURCE_FILE), 'utf8')) as RigTablesSource;
    expect(described.date).toBe('2026-01-20');
    expect(described.source).toMatch(/eve-sde-dump @ 799ba7b8/);
    for (const name of Object.values(RIG_CSV_FILES)) {
      const bytes = readFileSync(join(SHIPPED_RIG_TABLES_DIR, name));
      expect(described.files[name]).toEqual({
        bytes: bytes.length,
        rows: bytes.toString('utf8').trim().split('\n').length - 1,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  });

  it('the refresh script copies checked tables and rewrites source.json; a bad header writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rig-tables-'));
    try {
      const d = await refreshRigTables(SHIPPED_RIG_TABLES_DIR, { dir, source: 'test copy', date: '2026-11-26' });
      expect(d.source).toBe('test copy');
      for (const name of Object.values(RIG_CSV_FILES))
        expect(readFileSync(join(dir, name)).equals(readFileSync(join(SHIPPED_RIG_TABLES_DIR, name)))).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, RIG_TABLES_SOURCE_FILE), 'utf8'))).toEqual(d);
      expect(() =>
        describeRigTables({ [RIG_CSV_FILES.sources]: 'a,b\n1,2\n', [RIG_CSV_FILES.groups]: '' }, 'x', '2026-11-26'),
      ).toThrow(/ожидались столбцы/);
      expect(() =>
        describeRigTables(
          {
            [RIG_CSV_FILES.sources]: 'rigTypeID,activityKey,bonusType,dogmaAttributeID,filterID\n',
            [RIG_CSV_FILES.groups]: 'rigTypeID,activityKey,bonusType,productGroupID,filterID\n1,manufacturing,material,25,5\n',
          },
          'x',
          '2026-11-26',
        ),
      ).toThrow(/rigIndustryModifierSources.csv: таблица пуста/);
      await expect(refreshRigTables('/nonexistent', { dir })).rejects.toThrow(/нет файла/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('rig effects from the shipped SDE industry tables', () => {
  let effects: Awaited<ReturnType<typeof deriveRigEffects>>;
  beforeAll(async () => {
    const files = readRigEffectFiles();
    if (typeof files === 'string') throw new Error(files);
    effects = deriveRigEffects(files.sources, files.groups, await realDogma(RIGS));
  });

  it('XL ship rig T1: −2 % materials and −20 % time on every ship group, battleships (27) and frigates (25) included', () => {
    const rig = effects.get(37180)!;
    expect(rig.map((e) => [e.activity, e.bonus, e.amount, e.groups?.length])).toEqual([
      ['manufacturing', 'material', -2, 48],
      ['manufacturing', 'time', -20, 48],
    ]);
    expect(rig[0].groups).toEqual(expect.arrayContaining([25, 26, 27, 28, 30, 419, 485, 547, 659, 883]));
    expect(rig[0].groups).not.toContain(18); // minerals are not ships
  });

  it('M-set equipment ME rig: material bonus only', () => {
    expect(effects.get(43920)!.map((e) => [e.bonus, e.amount])).toEqual([['material', -2]]);
  });

  it('Thukker XL rig: −3.7 % on basic and advanced capital components, −2 % on other components, structures and fuel blocks', () => {
    const rig = effects.get(45548)!;
    const material = rig.filter((e) => e.bonus === 'material');
    expect(material.map((e) => e.amount)).toEqual([-3.7, -2]);
    expect(material[0].groups).toEqual([873, 913]);
    expect(material[1].groups).toEqual(expect.arrayContaining([334, 536, 1136, 1404]));
    expect(material[1].groups).not.toContain(873);
    const time = rig.filter((e) => e.bonus === 'time');
    expect(time).toHaveLength(1);
    expect(time[0].amount).toBe(-20);
    expect(time[0].groups).toEqual(expect.arrayContaining([873, 913, 334, 1136]));
  });

  it('reactor rigs: composite ME II covers intermediate (428), composite (429) and unrefined (4932); L-set covers all reactions', () => {
    expect(effects.get(46487)).toEqual([{ activity: 'reaction', bonus: 'material', amount: -2.4, groups: [428, 429, 4932] }]);
    expect(effects.get(46485)).toEqual([{ activity: 'reaction', bonus: 'time', amount: -24, groups: [428, 429, 4932] }]);
    const lset = effects.get(46497)!;
    expect(lset.map((e) => [e.bonus, e.amount])).toEqual([
      ['material', -2.4],
      ['time', -24],
    ]);
    expect(lset[0].groups).toEqual([428, 429, 712, 974, 4096, 4932]);
  });

  it('science rigs: invention and copying bonuses on every product (no filter), magnitudes from 2593 time / 2595 cost', () => {
    // Standup XL-Set Laboratory Optimization I: −20 % time, −10 % cost on copying, invention and research
    expect(effects.get(37183)).toEqual([
      { activity: 'copying', bonus: 'cost', amount: -10, groups: null },
      { activity: 'copying', bonus: 'time', amount: -20, groups: null },
      { activity: 'invention', bonus: 'cost', amount: -10, groups: null },
      { activity: 'invention', bonus: 'time', amount: -20, groups: null },
    ]);
    // L-set invention optimization: invention only; M-set invention cost / accelerator: one bonus each
    expect(effects.get(43722)).toEqual([
      { activity: 'invention', bonus: 'cost', amount: -10, groups: null },
      { activity: 'invention', bonus: 'time', amount: -20, groups: null },
    ]);
    expect(effects.get(43879)).toEqual([{ activity: 'invention', bonus: 'cost', amount: -10, groups: null }]);
    expect(effects.get(43880)).toEqual([{ activity: 'invention', bonus: 'time', amount: -20, groups: null }]);
    // ME research rigs and structures' own rows give no rig effect the calculator uses
    expect(effects.get(43724)).toBeUndefined();
    expect(effects.get(35827)).toBeUndefined();
    // manufacturing rigs gain nothing from the science rows
    expect(effects.get(45548)!.every((e) => e.activity === 'manufacturing')).toBe(true);
  });

  it('parses the CSV columns and refuses an unexpected header', () => {
    expect(
      parseRigSources('rigTypeID,activityKey,bonusType,dogmaAttributeID,filterID\n1,manufacturing,material,2538,2\n2,x,y,3,\n'),
    ).toEqual([
      { rigTypeId: 1, activity: 'manufacturing', bonus: 'material', attributeId: 2538, filterId: 2 },
      { rigTypeId: 2, activity: 'x', bonus: 'y', attributeId: 3, filterId: null },
    ]);
    expect(() => parseRigGroups('a,b,c\n1,2,3\n')).toThrow(/ожидались столбцы/);
    expect(readRigEffectFiles(undefined)).toEqual(readRigEffectFiles(SHIPPED_RIG_TABLES_DIR));
    expect(readRigEffectFiles('/nonexistent')).toMatch(/нет файла/);
  });
});
