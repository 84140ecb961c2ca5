/**
 * The planetary catalogue (pure): products P0..P4 with volumes, schematics and tiers, planet types
 * with their raw resources, and the PI rules (pins, command-centre levels, links), all derived from
 * the game data (GameData: schematics, PI pins' dogma, planet resources, types).
 *
 * Tiers come from the schematics themselves: a raw resource is an input no schematic makes; a
 * product's tier is one above its highest input (so Nano-Factory, from P3 + P1, is P4).
 * Processor pins are told apart by what they run: pins of P1 schematics are Basic Industry
 * Facilities, of P4 schematics High-Tech Production Plants, the rest Advanced ones.
 */
import {
  PLANETOLOGY_CONSTANTS,
  type PiCommandCenterLevel,
  type PiLinkRules,
  type PiPinKind,
  type PiPinType,
  type PlanetaryProduct,
  type PlanetaryTier,
  type PlanetologyCatalogueResponse,
  type PlanetTypeInfo,
} from '@eve-toolkit/shared-types';
import type { GamePiPin, GameSchematic } from '../../game-data/game-data.contract';
import { richness } from './richness';

/** Dogma attribute ids (SDE dogmaAttributes). */
export const PI_ATTR = {
  powerOutput: 11,
  powerLoad: 15,
  cpuOutput: 48,
  cpuLoad: 49,
  metaLevelOld: 633,
  logisticalCapacity: 1631,
  planetRestriction: 1632,
  powerLoadPerKm: 1633,
  cpuLoadPerKm: 1634,
  cpuLoadLevelModifier: 1635,
  powerLoadLevelModifier: 1636,
  ecuExtractorHeadCpu: 1690,
  ecuExtractorHeadPower: 1691,
} as const;

export const PI_GROUP = { commandCenter: 1027, processor: 1028, storage: 1029, launchpad: 1030, link: 1036, ecu: 1063 } as const;

export interface CatalogueSource {
  schematics: readonly GameSchematic[];
  /** Names and volumes of every commodity and planet type the schematics and resources mention. */
  types: ReadonlyMap<number, { name: string; volume: number }>;
  pins: readonly GamePiPin[];
  /** Planet type -> raw resources. */
  planetResources: ReadonlyMap<number, readonly number[]>;
  /** Planet type -> median diameter, km. */
  diameters: ReadonlyMap<number, number>;
  icon: (typeId: number) => string;
}

export class CatalogueError extends Error {}

export function buildCatalogue(src: CatalogueSource): PlanetologyCatalogueResponse {
  const made = new Map(src.schematics.map((s) => [s.output.typeId, s]));
  const tiers = new Map<number, PlanetaryTier>();
  const tierOf = (id: number, seen: Set<number> = new Set()): PlanetaryTier => {
    const known = tiers.get(id);
    if (known !== undefined) return known;
    const s = made.get(id);
    if (seen.has(id)) throw new CatalogueError(`cycle in schematics at ${id}`);
    seen.add(id);
    const tier = (s ? Math.min(4, 1 + Math.max(...s.inputs.map((i) => tierOf(i.typeId, seen)))) : 0) as PlanetaryTier;
    tiers.set(id, tier);
    return tier;
  };

  const ids = new Set<number>();
  for (const s of src.schematics) {
    ids.add(s.output.typeId);
    s.inputs.forEach((i) => ids.add(i.typeId));
  }
  for (const list of src.planetResources.values()) list.forEach((id) => ids.add(id));

  const typeOf = (id: number) => {
    const t = src.types.get(id);
    if (!t) throw new CatalogueError(`type ${id} missing from the game data`);
    return t;
  };
  const products: PlanetaryProduct[] = [...ids].map((id) => {
    const s = made.get(id);
    const t = typeOf(id);
    return {
      id,
      name: t.name,
      icon: src.icon(id),
      output: s ? s.output.quantity : PLANETOLOGY_CONSTANTS.rawOutput,
      volume: t.volume,
      requirements: s ? s.inputs.map((i) => ({ id: i.typeId, quantity: i.quantity })) : [],
      tier: tierOf(id),
      cycleTime: s ? s.cycleTime : 0,
      schematicId: s ? s.id : null,
      pins: s ? [...s.pins].sort((a, b) => a - b) : [],
    };
  });
  products.sort((a, b) => a.tier - b.tier || a.name.localeCompare(b.name) || a.id - b.id);

  const order: readonly number[] = PLANETOLOGY_CONSTANTS.planetTypeIds;
  const planetTypes: PlanetTypeInfo[] = [...src.planetResources.entries()]
    .filter(([id]) => order.includes(id))
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([id, resources]) => ({
      id,
      name: typeOf(id).name,
      icon: src.icon(id),
      resources: [...resources].sort((a, b) => a - b).map((r) => ({ id: r, richness: richness(id, r) })),
      typicalDiameter: src.diameters.get(id) ?? 0,
    }));

  return { blueprints: products, planetTypes, rules: buildRules(src, tiers) };
}

function buildRules(src: CatalogueSource, tiers: ReadonlyMap<number, PlanetaryTier>): PlanetologyCatalogueResponse['rules'] {
  const processorTier = new Map<number, number>();
  for (const s of src.schematics) {
    const tier = tiers.get(s.output.typeId) ?? 0;
    for (const pin of s.pins) processorTier.set(pin, Math.max(processorTier.get(pin) ?? 0, tier));
  }
  const a = (p: GamePiPin, id: number) => p.attributes[id] ?? 0;

  const pins: PiPinType[] = [];
  const levels = new Map<number, PiCommandCenterLevel>();
  let link: PiLinkRules | null = null;
  for (const p of [...src.pins].sort((x, y) => x.id - y.id)) {
    if (p.groupId === PI_GROUP.link) {
      if (p.published && !link)
        link = {
          cpu: a(p, PI_ATTR.cpuLoad),
          power: a(p, PI_ATTR.powerLoad),
          cpuPerKm: a(p, PI_ATTR.cpuLoadPerKm),
          powerPerKm: a(p, PI_ATTR.powerLoadPerKm),
          cpuLevelModifier: a(p, PI_ATTR.cpuLoadLevelModifier),
          powerLevelModifier: a(p, PI_ATTR.powerLoadLevelModifier),
          bandwidth: a(p, PI_ATTR.logisticalCapacity),
        };
      continue;
    }
    const planetTypeId = a(p, PI_ATTR.planetRestriction);
    if (!planetTypeId) continue;
    if (p.groupId === PI_GROUP.commandCenter) {
      const level = a(p, PI_ATTR.metaLevelOld);
      if (!levels.has(level)) levels.set(level, { level, cpu: a(p, PI_ATTR.cpuOutput), power: a(p, PI_ATTR.powerOutput) });
    }
    if (!p.published) continue;
    let kind: PiPinKind;
    if (p.groupId === PI_GROUP.commandCenter) kind = 'commandCenter';
    else if (p.groupId === PI_GROUP.storage) kind = 'storage';
    else if (p.groupId === PI_GROUP.launchpad) kind = 'launchpad';
    else if (p.groupId === PI_GROUP.ecu) kind = 'extractor';
    else if (p.groupId === PI_GROUP.processor) {
      const tier = processorTier.get(p.id);
      if (!tier) continue;
      kind = tier === 1 ? 'basic' : tier === 4 ? 'highTech' : 'advanced';
    } else continue;
    pins.push({
      id: p.id,
      name: p.name,
      kind,
      planetTypeId,
      cpu: kind === 'commandCenter' ? 0 : a(p, PI_ATTR.cpuLoad),
      power: kind === 'commandCenter' ? 0 : a(p, PI_ATTR.powerLoad),
      headCpu: kind === 'extractor' ? a(p, PI_ATTR.ecuExtractorHeadCpu) : 0,
      headPower: kind === 'extractor' ? a(p, PI_ATTR.ecuExtractorHeadPower) : 0,
    });
  }
  if (!link) throw new CatalogueError('no planetary link type in the game data');
  return { pins, commandCenterLevels: [...levels.values()].sort((x, y) => x.level - y.level), link };
}
