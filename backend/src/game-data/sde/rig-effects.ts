/**
 * Which product groups each rig's bonuses apply to (game-mechanics.md §1.2: "Mapping rig ->
 * product groups/categories comes from SDE industry modifier sources/target filters"). The tables
 * ship with the repository in `backend/data/sde-industry/` (a Fuzzwork-style CSV conversion of the
 * 2026-01 SDE; source, date and checksums in `source.json` there, refreshed by
 * `npm run sde:rig-tables`), read here at import time (`SDE_INDUSTRY_PATH` overrides the folder):
 *
 * - `rigIndustryModifierSources.csv`: rigTypeID, activityKey, bonusType, dogmaAttributeID, filterID
 *   — the structure attribute a rig bonus writes to (e.g. 2559 "basic capital components material
 *   multiplier") per target filter;
 * - `rigAffectedProductGroups.csv`: rigTypeID, activityKey, bonusType, productGroupID, filterID —
 *   the filters expanded to product groups.
 *
 * The magnitude of a bonus is the rig's own dogma attribute (percent): engineering rigs 2594
 * material / 2593 time / 2595 cost, Thukker rigs 2653 on the capital-component targets (their
 * description: "enhanced benefits ... basic and advanced capital ship components and normal
 * benefits to ... other components, Upwell structures ..."), reactor rigs 2714 material / 2713 time,
 * laboratory and invention rigs 2593 time / 2595 cost (invention and copying rows, no filter).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ATTR } from './dogma';
import type { DogmaDoc, RigEffectDoc } from './sde.types';

export const RIG_CSV_FILES = {
  sources: 'rigIndustryModifierSources.csv',
  groups: 'rigAffectedProductGroups.csv',
} as const;

/** The tables shipped with the repository (`backend/data/sde-industry`, from backend/{src,dist}/game-data/sde). */
export const SHIPPED_RIG_TABLES_DIR = resolve(__dirname, '..', '..', '..', 'data', 'sde-industry');

/** Structure attributes of the capital-component targets (dogma 2559 basic, 2658 advanced). */
const CAPITAL_COMPONENT_TARGETS: ReadonlySet<number> = new Set([2559, 2658]);

export interface RigSourceRow {
  rigTypeId: number;
  activity: string;
  bonus: string;
  attributeId: number;
  filterId: number | null;
}
export interface RigGroupRow {
  rigTypeId: number;
  activity: string;
  bonus: string;
  groupId: number;
  filterId: number | null;
}

function parseCsv(text: string, file: string, columns: readonly string[]): string[][] {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines.shift()?.split(',') ?? [];
  if (columns.some((c, i) => header[i] !== c)) {
    throw new Error(`${file}: ожидались столбцы ${columns.join(',')}, получено ${header.join(',')}`);
  }
  return lines.map((l) => l.split(','));
}

const intOrNull = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));

export function parseRigSources(text: string): RigSourceRow[] {
  return parseCsv(text, RIG_CSV_FILES.sources, ['rigTypeID', 'activityKey', 'bonusType', 'dogmaAttributeID', 'filterID']).map(
    (c) => ({ rigTypeId: Number(c[0]), activity: c[1], bonus: c[2], attributeId: Number(c[3]), filterId: intOrNull(c[4]) }),
  );
}

export function parseRigGroups(text: string): RigGroupRow[] {
  return parseCsv(text, RIG_CSV_FILES.groups, ['rigTypeID', 'activityKey', 'bonusType', 'productGroupID', 'filterID']).map(
    (c) => ({ rigTypeId: Number(c[0]), activity: c[1], bonus: c[2], groupId: Number(c[3]), filterId: intOrNull(c[4]) }),
  );
}

/** The rig's own attribute holding the magnitude of a bonus, or null for activities the calculator does not use. */
function magnitudeAttribute(activity: string, bonus: string, target: number | undefined, rig: DogmaDoc): number | null {
  if (activity === 'manufacturing') {
    if (bonus === 'material') {
      const thukker = rig.attributes[String(ATTR.thukkerEngRigMatBonus)];
      return thukker && target !== undefined && CAPITAL_COMPONENT_TARGETS.has(target)
        ? ATTR.thukkerEngRigMatBonus
        : ATTR.engRigMatBonus;
    }
    if (bonus === 'time') return ATTR.engRigTimeBonus;
    if (bonus === 'cost') return ATTR.engRigCostBonus;
  }
  if (activity === 'reaction') {
    if (bonus === 'material') return ATTR.reactionRigMatBonus;
    if (bonus === 'time') return ATTR.reactionRigTimeBonus;
  }
  if (SCIENCE_ACTIVITIES.has(activity)) {
    // Laboratory and invention rigs carry the engineering rigs' time and cost attributes.
    if (bonus === 'time') return ATTR.engRigTimeBonus;
    if (bonus === 'cost') return ATTR.engRigCostBonus;
  }
  return null;
}

/** Science activities the calculator prices; their rig bonuses have no target filter (every product). */
const SCIENCE_ACTIVITIES: ReadonlySet<string> = new Set(['invention', 'copying']);

/**
 * Per rig: its manufacturing and reaction bonuses with their magnitudes and product groups
 * (groups ascending; bonuses of the same kind and magnitude merged), and its invention and copying
 * bonuses, which the sources table lists without a filter: they apply to every product (groups
 * null). Rigs without dogma and zero-magnitude bonuses are left out.
 */
export function deriveRigEffects(
  sources: readonly RigSourceRow[],
  groups: readonly RigGroupRow[],
  dogma: ReadonlyMap<number, DogmaDoc>,
): Map<number, RigEffectDoc[]> {
  const targetOf = new Map<string, number>();
  for (const s of sources)
    if (s.filterId !== null) targetOf.set(`${s.rigTypeId}|${s.activity}|${s.bonus}|${s.filterId}`, s.attributeId);
  const merged = new Map<number, Map<string, { effect: RigEffectDoc; groups: Set<number> }>>();
  for (const g of groups) {
    const rig = dogma.get(g.rigTypeId);
    if (!rig) continue;
    const attr = magnitudeAttribute(
      g.activity,
      g.bonus,
      targetOf.get(`${g.rigTypeId}|${g.activity}|${g.bonus}|${g.filterId}`),
      rig,
    );
    const amount = attr === null ? 0 : (rig.attributes[String(attr)] ?? 0);
    if (amount === 0) continue;
    let byKind = merged.get(g.rigTypeId);
    if (!byKind) merged.set(g.rigTypeId, (byKind = new Map()));
    const key = `${g.activity}|${g.bonus}|${amount}`;
    let entry = byKind.get(key);
    if (!entry) {
      entry = {
        effect: { activity: g.activity as RigEffectDoc['activity'], bonus: g.bonus as RigEffectDoc['bonus'], amount, groups: [] },
        groups: new Set(),
      };
      byKind.set(key, entry);
    }
    entry.groups.add(g.groupId);
  }
  const science = new Map<number, RigEffectDoc[]>();
  for (const s of sources) {
    if (s.filterId !== null || !SCIENCE_ACTIVITIES.has(s.activity)) continue;
    const rig = dogma.get(s.rigTypeId);
    const attr = rig ? magnitudeAttribute(s.activity, s.bonus, undefined, rig) : null;
    const amount = rig && attr !== null ? (rig.attributes[String(attr)] ?? 0) : 0;
    if (amount === 0) continue;
    let list = science.get(s.rigTypeId);
    if (!list) science.set(s.rigTypeId, (list = []));
    if (!list.some((e) => e.activity === s.activity && e.bonus === s.bonus)) {
      list.push({
        activity: s.activity as RigEffectDoc['activity'],
        bonus: s.bonus as RigEffectDoc['bonus'],
        amount,
        groups: null,
      });
    }
  }
  const out = new Map<number, RigEffectDoc[]>();
  for (const rigId of new Set([...merged.keys(), ...science.keys()])) {
    const effects: RigEffectDoc[] = [
      ...[...(merged.get(rigId)?.values() ?? [])].map(({ effect, groups: set }) => ({
        ...effect,
        groups: [...set].sort((a, b) => a - b),
      })),
      ...(science.get(rigId) ?? []),
    ];
    effects.sort((a, b) => a.activity.localeCompare(b.activity) || a.bonus.localeCompare(b.bonus) || a.amount - b.amount);
    out.set(rigId, effects);
  }
  return out;
}

/** Reads both CSVs from a folder (default: the shipped tables); the reason as a string when a file is missing. */
export function readRigEffectFiles(
  dir: string = SHIPPED_RIG_TABLES_DIR,
): { sources: RigSourceRow[]; groups: RigGroupRow[] } | string {
  const sourcesFile = join(dir, RIG_CSV_FILES.sources);
  const groupsFile = join(dir, RIG_CSV_FILES.groups);
  for (const f of [sourcesFile, groupsFile]) if (!existsSync(f)) return `нет файла ${f}`;
  return {
    sources: parseRigSources(readFileSync(sourcesFile, 'utf8')),
    groups: parseRigGroups(readFileSync(groupsFile, 'utf8')),
  };
}
