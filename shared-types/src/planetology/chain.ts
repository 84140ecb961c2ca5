/**
 * The planetary production chain (pure): from the raw resources (P0) up to the target product,
 * how many factories of each product keep the tier above fed, what one factory takes per cycle,
 * which planet types offer each raw resource, and how many input sets fit a launchpad.
 *
 * Rates follow the factories' cycles (game-mechanics §5.1): a factory runs one cycle per
 * `cycleTime` seconds, taking its schematic's inputs and making `output` units. Demand flows from
 * the target down, tier by tier (a P4 may also take a P1 directly); each product's factory count
 * is ceil(demand per hour / one factory's output per hour), and the tier below is sized to keep
 * those factories running without pause. Every ratio in the game's schematics is whole, so the
 * counts are exact (e.g. 1 Robotics <- 2 + 2 P2 <- 2 + 2 + 2 + 2 P1).
 */
import {
  PLANETOLOGY_CONSTANTS,
  PLANETOLOGY_MESSAGES,
  type PlanetaryProduct,
  type PlanetaryTier,
  type PlanetTypeInfo,
} from '../api/planetology';

export interface ChainInput {
  id: number;
  name: string;
  icon: string;
  /** Units one factory takes per cycle. */
  quantity: number;
}

export interface ChainPlanetType {
  id: number;
  name: string;
  icon: string;
  /** 0..1 */
  richness: number;
}

export interface ChainEntry {
  id: number;
  name: string;
  icon: string;
  tier: PlanetaryTier;
  volume: number;
  /** Units per hour the chain needs (for the target: what its factories make). */
  perHour: number;
  /** Factories making it (0 for raw resources, which extractors give). */
  factories: number;
  /** What one factory takes per cycle (empty for raw resources). */
  inputs: ChainInput[];
  /** floor(10000 / summed requirement volume): input sets one launchpad (10 000 m³) holds; null for raw resources. */
  unitsPerCycle: number | null;
  /** Raw resources only: planet types offering it, richest first. */
  planetTypes: ChainPlanetType[];
  /** Products of the chain this one is an input of. */
  feeds: number[];
}

export interface PlanetaryChain {
  target: ChainEntry;
  /** Raw resources (P0) by name. */
  extractors: ChainEntry[];
  /** P1..target by tier, then name; the target is last. */
  factories: ChainEntry[];
}

export interface PlanetologyCatalogue {
  blueprints: readonly PlanetaryProduct[];
  planetTypes: readonly PlanetTypeInfo[];
}

/** A request the planner refuses, with the spec's Russian message. */
export class PlanetologyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanetologyError';
  }
}

/** One factory's output per hour. */
export function outputPerHour(p: PlanetaryProduct): number {
  return p.cycleTime > 0 ? (p.output * 3600) / p.cycleTime : 0;
}

/** Spec §9: units per cycle = floor(10000 / summed requirement volume); null without requirements. */
export function unitsPerCycle(p: PlanetaryProduct, byId: ReadonlyMap<number, PlanetaryProduct>): number | null {
  if (!p.requirements.length) return null;
  const volume = p.requirements.reduce((sum, r) => sum + r.quantity * (byId.get(r.id)?.volume ?? 0), 0);
  // Volumes such as 0.19 are not exact in binary: round the sum before dividing.
  const rounded = Math.round(volume * 1e6) / 1e6;
  return rounded > 0 ? Math.floor(PLANETOLOGY_CONSTANTS.storageCapacity / rounded) : null;
}

/** Planet types offering a raw resource, richest first (then by name). */
export function planetTypesFor(resourceId: number, planetTypes: readonly PlanetTypeInfo[]): ChainPlanetType[] {
  const out: ChainPlanetType[] = [];
  for (const t of planetTypes) {
    const r = t.resources.find((x) => x.id === resourceId);
    if (r) out.push({ id: t.id, name: t.name, icon: t.icon, richness: r.richness });
  }
  return out.sort((a, b) => b.richness - a.richness || a.name.localeCompare(b.name));
}

export function catalogueIndex(catalogue: PlanetologyCatalogue): Map<number, PlanetaryProduct> {
  return new Map(catalogue.blueprints.map((b) => [b.id, b]));
}

/**
 * The chain for `targetFactories` factories of the target (default 1). Throws PlanetologyError
 * for an unknown product (spec: 'Вы должны выбрать что хотите произвести') or a raw resource
 * ('Невозможно построить схему для базового ресурса').
 */
export function planChain(catalogue: PlanetologyCatalogue, targetId: number, targetFactories = 1): PlanetaryChain {
  const byId = catalogueIndex(catalogue);
  const target = byId.get(targetId);
  if (!target) throw new PlanetologyError(PLANETOLOGY_MESSAGES.chooseProduct);
  if (target.tier === 0 || !target.requirements.length) throw new PlanetologyError(PLANETOLOGY_MESSAGES.rawResource);
  if (!Number.isInteger(targetFactories) || targetFactories < 1)
    throw new RangeError('targetFactories must be a positive integer');

  const demand = new Map<number, number>([[target.id, targetFactories * outputPerHour(target)]]);
  const factories = new Map<number, number>([[target.id, targetFactories]]);
  const feeds = new Map<number, Set<number>>();
  const missing = new Set<number>();

  // Inputs are always of a lower tier, so walking tiers downwards sees every consumer first.
  for (let tier = target.tier; tier >= 1; tier--) {
    for (const [id, perHour] of [...demand]) {
      const p = byId.get(id);
      if (!p || p.tier !== tier) continue;
      const count = id === target.id ? targetFactories : Math.ceil(round6(perHour / outputPerHour(p)));
      factories.set(id, count);
      const cyclesPerHour = 3600 / p.cycleTime;
      for (const r of p.requirements) {
        if (!byId.has(r.id)) missing.add(r.id);
        demand.set(r.id, (demand.get(r.id) ?? 0) + count * r.quantity * cyclesPerHour);
        let set = feeds.get(r.id);
        if (!set) feeds.set(r.id, (set = new Set()));
        set.add(id);
      }
    }
  }
  if (missing.size) throw new Error(`catalogue lacks inputs ${[...missing].join(', ')}`);

  const entry = (p: PlanetaryProduct): ChainEntry => ({
    id: p.id,
    name: p.name,
    icon: p.icon,
    tier: p.tier,
    volume: p.volume,
    perHour: round6(demand.get(p.id) ?? 0),
    factories: p.tier === 0 ? 0 : (factories.get(p.id) ?? 0),
    inputs: p.requirements.map((r) => {
      const input = byId.get(r.id)!;
      return { id: r.id, name: input.name, icon: input.icon, quantity: r.quantity };
    }),
    unitsPerCycle: unitsPerCycle(p, byId),
    planetTypes: p.tier === 0 ? planetTypesFor(p.id, catalogue.planetTypes) : [],
    feeds: [...(feeds.get(p.id) ?? [])].sort((a, b) => a - b),
  });

  const entries = [...demand.keys()].map((id) => entry(byId.get(id)!));
  const byName = (a: ChainEntry, b: ChainEntry) => a.name.localeCompare(b.name) || a.id - b.id;
  return {
    target: entries.find((e) => e.id === target.id)!,
    extractors: entries.filter((e) => e.tier === 0).sort(byName),
    factories: entries
      .filter((e) => e.tier > 0 && e.id !== target.id)
      .sort((a, b) => a.tier - b.tier || byName(a, b))
      .concat(entries.filter((e) => e.id === target.id)),
  };
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
