/**
 * Planetology (planetary industry helper, spec §2 "Planetology", §3, §9).
 *
 * data/universe/blueprints                 -> PlanetologyCatalogueResponse (spec §7 "GET blueprints")
 * data/universe/systems?q=                 -> SystemSearchResponse (game-data)
 * data/universe/systems/{id}/planets       -> SystemPlanetsResponse (game-data; planets carry their diameter)
 *
 * Everything the page and the template generator need comes in the catalogue: products with
 * volumes, schematics and the facility pins that run them, planet types with their raw resources,
 * and the game's PI rules (pin fitting, command-centre levels, links), all read from the SDE.
 */

/** P0 raw resource .. P4 advanced commodity. */
export type PlanetaryTier = 0 | 1 | 2 | 3 | 4;

export interface PlanetaryRequirement {
  id: number;
  quantity: number;
}

/** Spec §3 "Planetary product": id, name, icon, output, volume, requirements (+ tier, cycle, schematic). */
export interface PlanetaryProduct {
  id: number;
  name: string;
  icon: string;
  /** Units per cycle: 3000 for a raw resource (what one P1 cycle takes), 20 / 5 / 3 / 1 for P1..P4. */
  output: number;
  /** m³ per unit (SDE `volume`). */
  volume: number;
  /** Inputs per cycle; empty for raw resources. */
  requirements: PlanetaryRequirement[];
  tier: PlanetaryTier;
  /** Seconds per factory cycle (0 for raw resources). */
  cycleTime: number;
  /** Planetary schematic id (null for raw resources). */
  schematicId: number | null;
  /** Facility pin types that can run the schematic (empty for raw resources). */
  pins: number[];
}

export interface PlanetTypeResource {
  id: number;
  /** Typical abundance on this planet type, 0..1 (shown in percent). */
  richness: number;
}

/** Spec §3 "Planet types": the eight PI planet types with their raw resources and richness. */
export interface PlanetTypeInfo {
  id: number;
  name: string;
  icon: string;
  resources: PlanetTypeResource[];
  /** Median diameter (km) of planets of this type: the template default when no planet is chosen. */
  typicalDiameter: number;
}

export type PiPinKind = 'commandCenter' | 'extractor' | 'basic' | 'advanced' | 'highTech' | 'storage' | 'launchpad';

/** A planetary structure type (dogma: cpuLoad 49, powerLoad 15, planetRestriction 1632, ECU heads 1690/1691). */
export interface PiPinType {
  id: number;
  name: string;
  kind: PiPinKind;
  planetTypeId: number;
  cpu: number;
  power: number;
  /** ECU only: CPU / power of each extractor head. */
  headCpu: number;
  headPower: number;
}

/** Command-centre upgrade level: CPU (tf) and power (MW) it provides. */
export interface PiCommandCenterLevel {
  level: number;
  cpu: number;
  power: number;
}

/** Link type dogma: cpu = cpu + ceil(cpuPerKm * km * (lv + 1)^cpuLevelModifier), same for power. */
export interface PiLinkRules {
  cpu: number;
  power: number;
  cpuPerKm: number;
  powerPerKm: number;
  cpuLevelModifier: number;
  powerLevelModifier: number;
  /** m³/h at level 0 (logisticalCapacity 1631); doubles per level. */
  bandwidth: number;
}

export interface PiRules {
  pins: PiPinType[];
  commandCenterLevels: PiCommandCenterLevel[];
  link: PiLinkRules;
}

export interface PlanetologyCatalogueResponse {
  /** Every planetary commodity (P0..P4), by tier then name. */
  blueprints: PlanetaryProduct[];
  planetTypes: PlanetTypeInfo[];
  rules: PiRules;
}

/** Spec §5 and §8: the page's alerts, verbatim. */
export const PLANETOLOGY_MESSAGES = {
  chooseProduct: 'Вы должны выбрать что хотите произвести',
  rawResource: 'Невозможно построить схему для базового ресурса',
} as const;

/** Spec §9: a launchpad holds 10 000 m³; default export: command centre level 4 on a Barren planet. */
export const PLANETOLOGY_CONSTANTS = {
  storageCapacity: 10_000,
  defaultCommandCenterLevel: 4,
  defaultPlanetTypeId: 2016,
  planetTypeIds: [2063, 2014, 2015, 2016, 2017, 13, 12, 11],
  rawOutput: 3000,
} as const;
