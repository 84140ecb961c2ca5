/**
 * Derivations from dogma attributes (pure): planet type -> raw resources, industry structures
 * and rigs with their bonuses. Attribute ids: game-mechanics.md §1-2, §9; eve-data README §2-3.
 */
import type { DogmaDoc, Names, PlanetResourcesDoc, RigDoc, StructureDoc } from './sde.types';

export const ATTR = {
  harvesterType: 709,
  planetRestriction: 1632,
  rigSize: 1547,
  strEngMatBonus: 2600,
  strEngCostBonus: 2601,
  strEngTimeBonus: 2602,
  strReactionTimeMultiplier: 2721,
  engRigTimeBonus: 2593,
  engRigMatBonus: 2594,
  engRigCostBonus: 2595,
  thukkerEngRigMatBonus: 2653,
  reactionRigTimeBonus: 2713,
  reactionRigMatBonus: 2714,
  hiSecModifier: 2355,
  lowSecModifier: 2356,
  nullSecModifier: 2357,
  /** Skills required by a blueprint: time bonus per level in percent (e.g. -1). */
  manufactureTimePerLevel: 1982,
  /** Decryptors: invention chance multiplier, ME / TE and max-runs modifiers of the invented copy. */
  inventionProbabilityMultiplier: 1112,
  inventionMEModifier: 1113,
  inventionTEModifier: 1114,
  inventionMaxRunModifier: 1124,
} as const;

/**
 * The skills a type requires: requiredSkill1-6 (182, 183, 184, 1285, 1289, 1290) with their
 * levels (277, 278, 279, 1286, 1287, 1288), in slot order.
 */
export const REQUIRED_SKILL_ATTRS: readonly (readonly [skill: number, level: number])[] = [
  [182, 277],
  [183, 278],
  [184, 279],
  [1285, 1286],
  [1289, 1287],
  [1290, 1288],
];

/** A type's required skills from its dogma attributes (slot order; empty when it requires none). */
export function requiredSkillsOf(attrs: ReadonlyMap<number, number>): { typeId: number; level: number }[] {
  const out: { typeId: number; level: number }[] = [];
  for (const [skill, level] of REQUIRED_SKILL_ATTRS) {
    const id = attrs.get(skill);
    if (id === undefined || id <= 0) continue;
    out.push({ typeId: Math.round(id), level: Math.round(attrs.get(level) ?? 0) });
  }
  return out;
}

export const CAN_FIT_SHIP_GROUP = [
  1298, 1299, 1300, 1301, 1872, 1879, 1880, 1881, 2065, 2396, 2476, 2477, 2478, 2479, 2480, 2481, 2482, 2483, 2484, 2485,
];

export const RIG_BONUS_ATTRS: readonly number[] = [
  ATTR.engRigTimeBonus,
  ATTR.engRigMatBonus,
  ATTR.engRigCostBonus,
  ATTR.thukkerEngRigMatBonus,
  ATTR.reactionRigTimeBonus,
  ATTR.reactionRigMatBonus,
];

export const GROUP = {
  extractors: 1026,
  commandCenters: 1027,
  processors: 1028,
  storage: 1029,
  spaceports: 1030,
  links: 1036,
  ecus: 1063,
  engineeringComplex: 1404,
  refinery: 1406,
  citadel: 1657,
  decryptors: 1304,
} as const;

/** PI pin groups whose dogma is kept (fitting, extraction, planet restriction). */
export const PI_PIN_GROUPS: ReadonlySet<number> = new Set([
  GROUP.extractors,
  GROUP.commandCenters,
  GROUP.processors,
  GROUP.storage,
  GROUP.spaceports,
  GROUP.links,
  GROUP.ecus,
]);

/** Service modules whose fitting rules say which structures host which activity. */
export const SERVICE_MODULES = {
  manufacturing: [35878], // Standup Manufacturing Plant I
  reaction: [45537, 45538, 45539], // Standup Composite / Hybrid / Biochemical Reactor I
  science: [35886], // Standup Invention Lab I
} as const;
const SERVICE_MODULE_IDS: ReadonlySet<number> = new Set([
  ...SERVICE_MODULES.manufacturing,
  ...SERVICE_MODULES.reaction,
  ...SERVICE_MODULES.science,
]);

export interface DogmaTypeInfo {
  groupId: number;
  published: boolean;
}

/** Which types' dogma the importer keeps (everything else in typeDogma is skipped). */
export function keepDogma(typeId: number, info: DogmaTypeInfo | undefined, attrs: ReadonlyMap<number, number>): boolean {
  if (SERVICE_MODULE_IDS.has(typeId)) return true;
  if (!info) return false;
  if (PI_PIN_GROUPS.has(info.groupId) || info.groupId === GROUP.decryptors) return true;
  if (info.groupId === GROUP.engineeringComplex || info.groupId === GROUP.refinery || info.groupId === GROUP.citadel) return true;
  if ((attrs.get(ATTR.manufactureTimePerLevel) ?? 0) !== 0) return true;
  return RIG_BONUS_ATTRS.some((a) => (attrs.get(a) ?? 0) !== 0);
}

export function toDogmaDoc(typeId: number, groupId: number, attrs: ReadonlyMap<number, number>): DogmaDoc {
  const attributes: Record<string, number> = {};
  for (const [k, v] of attrs) attributes[String(k)] = v;
  return { _id: typeId, groupId, attributes };
}

function attr(d: DogmaDoc, id: number): number | undefined {
  return d.attributes[String(id)];
}

/**
 * Planet type -> P0 resources, as the game does: each extractor pin type (group 1026) carries
 * harvesterType (709) = the P0 type and planetRestriction (1632) = the planet type.
 */
export function derivePlanetResources(dogma: readonly DogmaDoc[]): PlanetResourcesDoc[] {
  const byPlanet = new Map<number, Set<number>>();
  for (const d of dogma) {
    if (d.groupId !== GROUP.extractors) continue;
    const resource = attr(d, ATTR.harvesterType);
    const planet = attr(d, ATTR.planetRestriction);
    if (!resource || !planet) continue;
    let set = byPlanet.get(planet);
    if (!set) byPlanet.set(planet, (set = new Set()));
    set.add(resource);
  }
  return [...byPlanet.entries()]
    .sort(([a], [b]) => a - b)
    .map(([planet, set]) => ({ _id: planet, resourceTypeIds: [...set].sort((a, b) => a - b) }));
}

function fitGroups(d: DogmaDoc): number[] {
  const out: number[] = [];
  for (const a of CAN_FIT_SHIP_GROUP) {
    const v = attr(d, a);
    if (v) out.push(v);
  }
  return out;
}

type NameOf = (typeId: number) => (Names & { published: boolean }) | undefined;

/**
 * Upwell structures that can host manufacturing, reactions or science (the groups the service
 * modules fit to), with their role bonuses as multipliers (1 = none): attrs 2600/2602/2601/2721.
 */
export function deriveStructures(dogma: readonly DogmaDoc[], typeOf: NameOf): StructureDoc[] {
  const byId = new Map(dogma.map((d) => [d._id, d]));
  const hostGroups = (ids: readonly number[]) => new Set(ids.flatMap((id) => (byId.get(id) ? fitGroups(byId.get(id)!) : [])));
  const manufacturing = hostGroups(SERVICE_MODULES.manufacturing);
  const reaction = hostGroups(SERVICE_MODULES.reaction);
  const science = hostGroups(SERVICE_MODULES.science);
  const out: StructureDoc[] = [];
  for (const d of dogma) {
    if (!manufacturing.has(d.groupId) && !reaction.has(d.groupId) && !science.has(d.groupId)) continue;
    const t = typeOf(d._id);
    if (!t?.published) continue;
    const activities: StructureDoc['activities'] = [];
    if (manufacturing.has(d.groupId)) activities.push('manufacturing');
    if (reaction.has(d.groupId)) activities.push('reaction');
    if (science.has(d.groupId)) activities.push('science');
    out.push({
      _id: d._id,
      nameEn: t.en,
      nameRu: t.ru,
      groupId: d.groupId,
      rigSize: attr(d, ATTR.rigSize) ?? null,
      activities,
      bonuses: {
        material: attr(d, ATTR.strEngMatBonus) ?? 1,
        time: attr(d, ATTR.strEngTimeBonus) ?? 1,
        cost: attr(d, ATTR.strEngCostBonus) ?? 1,
        reactionTime: attr(d, ATTR.strReactionTimeMultiplier) ?? 1,
      },
    });
  }
  return out.sort((a, b) => a._id - b._id);
}

function nonZero(v: number | undefined): number | null {
  return v === undefined || v === 0 ? null : v;
}

/** Published structure rigs with a non-zero industry bonus (percent values as in dogma). */
export function deriveRigs(
  dogma: readonly DogmaDoc[],
  typeOf: NameOf,
  groupOf: (groupId: number) => Names | undefined,
): RigDoc[] {
  const out: RigDoc[] = [];
  for (const d of dogma) {
    if (!RIG_BONUS_ATTRS.some((a) => nonZero(attr(d, a)) !== null)) continue;
    const t = typeOf(d._id);
    if (!t?.published) continue;
    const g = groupOf(d.groupId);
    out.push({
      _id: d._id,
      nameEn: t.en,
      nameRu: t.ru,
      groupId: d.groupId,
      groupNameEn: g?.en ?? '',
      groupNameRu: g?.ru ?? '',
      rigSize: attr(d, ATTR.rigSize) ?? null,
      bonuses: {
        material: nonZero(attr(d, ATTR.engRigMatBonus)),
        time: nonZero(attr(d, ATTR.engRigTimeBonus)),
        cost: nonZero(attr(d, ATTR.engRigCostBonus)),
        thukkerMaterial: nonZero(attr(d, ATTR.thukkerEngRigMatBonus)),
        reactionMaterial: nonZero(attr(d, ATTR.reactionRigMatBonus)),
        reactionTime: nonZero(attr(d, ATTR.reactionRigTimeBonus)),
      },
      securityModifiers: {
        hiSec: attr(d, ATTR.hiSecModifier) ?? null,
        lowSec: attr(d, ATTR.lowSecModifier) ?? null,
        nullSec: attr(d, ATTR.nullSecModifier) ?? null,
      },
      fitsGroups: fitGroups(d),
      effects: [],
    });
  }
  return out.sort((a, b) => a._id - b._id);
}
