/**
 * The game's planetary-interaction rules over the catalogue's pin data (pure): which pin of each
 * kind a planet type has, how a template pin converts to the target planet (`ConvertPinType`),
 * surface distances, link CPU/power (`GetCpuUsageForLink`/`GetPowerUsageForLink`) and bandwidth,
 * command-centre budgets. Formulas: game-mechanics §5.4-5.5.
 */
import type { PiCommandCenterLevel, PiLinkRules, PiPinKind, PiPinType, PiRules } from '../api/planetology';

export const ECU_MAX_HEADS = 10;
export const LINK_MAX_LEVEL = 10;
/** A route path touches at most 7 pins (source, 5 waypoints, destination). */
export const ROUTE_MAX_PINS = 7;
/** Pins of the game's exported templates are never closer than 0.012 rad (checked on all 166 real templates). */
export const MIN_PIN_SEPARATION = 0.0115;
/** Our "sensible link" bound: 0.05 rad (real templates' longest link is 0.013 rad). */
export const MAX_LINK_ANGLE = 0.05;

export const FACTORY_KINDS: ReadonlySet<PiPinKind> = new Set(['basic', 'advanced', 'highTech']);
export const STORAGE_KINDS: ReadonlySet<PiPinKind> = new Set(['storage', 'launchpad', 'commandCenter']);

export class PiRulesIndex {
  readonly byId: ReadonlyMap<number, PiPinType>;
  private readonly byPlanetKind: ReadonlyMap<string, PiPinType>;

  constructor(readonly rules: PiRules) {
    this.byId = new Map(rules.pins.map((p) => [p.id, p]));
    const byPlanetKind = new Map<string, PiPinType>();
    for (const p of [...rules.pins].sort((a, b) => a.id - b.id)) {
      const key = `${p.planetTypeId}:${p.kind}`;
      if (!byPlanetKind.has(key)) byPlanetKind.set(key, p);
    }
    this.byPlanetKind = byPlanetKind;
  }

  pin(typeId: number): PiPinType | undefined {
    return this.byId.get(typeId);
  }

  /** The planet type's pin of a kind (undefined: the planet has none, e.g. High-Tech outside Barren/Temperate). */
  pinFor(planetTypeId: number, kind: PiPinKind): PiPinType | undefined {
    return this.byPlanetKind.get(`${planetTypeId}:${kind}`);
  }

  /** What the importer turns a template pin into on a planet of this type (`ConvertPinType`). */
  convert(typeId: number, planetTypeId: number): PiPinType | undefined {
    const pin = this.byId.get(typeId);
    return pin ? this.pinFor(planetTypeId, pin.kind) : undefined;
  }

  commandCenter(level: number): PiCommandCenterLevel | undefined {
    return this.rules.commandCenterLevels.find((l) => l.level === level);
  }

  get link(): PiLinkRules {
    return this.rules.link;
  }

  planetTypeIds(): number[] {
    return [...new Set(this.rules.pins.map((p) => p.planetTypeId))].sort((a, b) => a - b);
  }
}

/** "Planet (Barren)" (the SDE's type name) -> "Barren". */
export function planetTypeLabel(name: string): string {
  return /^Planet \(([^)]+)\)$/.exec(name)?.[1] ?? name;
}

/** Unit vector of a surface point (La = polar angle, Lo = longitude, radians). */
function unit(la: number, lo: number): [number, number, number] {
  return [Math.sin(la) * Math.cos(lo), Math.sin(la) * Math.sin(lo), Math.cos(la)];
}

/** Angle between two surface points, radians. */
export function surfaceAngle(a: { La: number; Lo: number }, b: { La: number; Lo: number }): number {
  const u = unit(a.La, a.Lo);
  const v = unit(b.La, b.Lo);
  const dot = Math.min(1, Math.max(-1, u[0] * v[0] + u[1] * v[1] + u[2] * v[2]));
  // acos loses precision near 0: use the chord for small angles.
  const chord = Math.hypot(u[0] - v[0], u[1] - v[1], u[2] - v[2]);
  return chord < 0.1 ? 2 * Math.asin(chord / 2) : Math.acos(dot);
}

/** Link length in km on a planet of this diameter (km). */
export function linkLengthKm(diameterKm: number, a: { La: number; Lo: number }, b: { La: number; Lo: number }): number {
  return (surfaceAngle(a, b) * diameterKm) / 2;
}

/** CPU (tf) and power (MW) a link of this length and level uses. */
export function linkUsage(link: PiLinkRules, lengthKm: number, level: number): { cpu: number; power: number } {
  return {
    cpu: link.cpu + Math.ceil(link.cpuPerKm * lengthKm * Math.pow(level + 1, link.cpuLevelModifier)),
    power: link.power + Math.ceil(link.powerPerKm * lengthKm * Math.pow(level + 1, link.powerLevelModifier)),
  };
}

/** m³/h a link of this level carries. */
export function linkBandwidth(link: PiLinkRules, level: number): number {
  return link.bandwidth * Math.pow(2, level);
}

/** CPU and power of a pin (with its extractor heads). */
export function pinUsage(pin: PiPinType, heads: number): { cpu: number; power: number } {
  return { cpu: pin.cpu + heads * pin.headCpu, power: pin.power + heads * pin.headPower };
}
