/**
 * What the rest of the backend may ask of the imported static game data (SDE).
 * Implemented by GameDataService (game-data module, exported globally); consumers inject
 * `GameData` and never read the SDE collections directly.
 */
import type { FacilityKind, GameDataStatus, IndustryRig, ItemSummary, StructureBonuses } from '@eve-toolkit/shared-types';

/** A type as the API's item summary has it, without the icon (an address the mapper adds). */
export type GameType = Omit<ItemSummary, 'icon'>;

export interface GameSystem {
  id: number;
  name: string;
  security: number;
  regionId: number;
  constellationId: number;
}

/** A blueprint's main activity (manufacturing, or reaction for reaction formulas). */
export interface GameBlueprint {
  id: number;
  name: string;
  nameEn: string;
  activity: 'manufacturing' | 'reaction';
  /** 1 manufacturing, 11 reaction (ESI / spec activity_id). */
  activityId: 1 | 11;
  /** Seconds per run. */
  time: number;
  maxProductionLimit: number;
  materials: { typeId: number; quantity: number }[];
  products: { typeId: number; quantity: number }[];
  /** Published blueprint type (unpublished ones are legacy and cannot be obtained). */
  published: boolean;
  /** Skills the activity requires. */
  skills: { typeId: number; level: number }[];
}

/**
 * An Upwell structure that hosts manufacturing, reactions and/or science (an invention lab), role
 * bonuses as multipliers (1 = none; `time` and `cost` apply to manufacturing and science alike).
 */
export interface GameStructure {
  id: number;
  name: string;
  groupId: number;
  rigSize: number | null;
  activities: FacilityKind[];
  bonuses: StructureBonuses;
}

/** One bonus of a rig (percent as in dogma, negative = reduction) and the product groups it applies to (null: every product). */
export interface GameRigEffect {
  activity: 'manufacturing' | 'reaction' | 'invention' | 'copying';
  bonus: 'material' | 'time' | 'cost';
  amount: number;
  groups: number[] | null;
}

/** A structure rig with industry bonuses. */
export interface GameRig {
  id: number;
  name: string;
  rigSize: number | null;
  /** Structure groups it fits (canFitShipGroup). */
  fitsGroups: number[];
  securityModifiers: IndustryRig['securityModifiers'];
  /** Empty when the SDE's industry tables were not available at import. */
  effects: GameRigEffect[];
}

/**
 * How a T2 (or T3) blueprint is obtained: the invention activity of a T1 blueprint (or of an
 * ancient relic, which the job consumes) whose products list it.
 */
export interface GameInvention {
  /** The invented blueprint. */
  blueprintId: number;
  /** The T1 blueprint or relic invented from. */
  sourceId: number;
  sourceName: string;
  /**
   * A T1 blueprint is copied first: seconds per copied run, the T1 blueprint's manufacturing
   * materials (the copy's job value) and what copying consumes per run (a few blueprints need data
   * sheets). Null for a relic (no copy; the relic itself is consumed).
   */
  copying: {
    time: number;
    materials: { typeId: number; quantity: number }[];
    consumes: { typeId: number; quantity: number }[];
  } | null;
  /** Seconds per invention run. */
  time: number;
  /** Per run: datacores (and the relic itself for reverse engineering). */
  materials: { typeId: number; quantity: number }[];
  /** Base chance (the activity's product probability). */
  probability: number;
  /** Runs of the invented copy before decryptors. */
  runsPerCopy: number;
  /** Skills the invention requires (their levels raise the chance). */
  skills: number[];
}

/** A decryptor (group 1304) with its dogma: chance multiplier, ME / TE / runs of the invented copy. */
export interface GameDecryptor {
  id: number;
  name: string;
  probability: number;
  me: number;
  te: number;
  runs: number;
}

/** A planetary schematic: what one factory cycle takes and makes, and the facility pins that run it. */
export interface GameSchematic {
  id: number;
  name: string;
  /** Seconds per cycle. */
  cycleTime: number;
  inputs: { typeId: number; quantity: number }[];
  output: { typeId: number; quantity: number };
  pins: number[];
}

/** A planetary structure type (command centre, ECU, factory, storage, launchpad, link) with its dogma. */
export interface GamePiPin {
  id: number;
  name: string;
  groupId: number;
  published: boolean;
  /** Dogma attribute id -> value. */
  attributes: Record<number, number>;
}

export interface SdeBuildInfo {
  buildNumber: number;
  releaseDate: string | null;
  importedAt: string;
}

export abstract class GameData {
  /** Types by id; unknown ids are simply missing from the map. */
  abstract typesByIds(ids: readonly number[]): Promise<Map<number, GameType>>;
  abstract type(id: number): Promise<GameType | null>;
  /** Exact (case-insensitive) lookup by English or Russian name, for pasted lists. */
  abstract typesByNames(names: readonly string[]): Promise<Map<string, GameType>>;
  /**
   * Every type by lower-cased English and Russian name (same preference as typesByNames when
   * names collide), built once per import and kept in memory (~50 000 types): for lookups of
   * thousands of names at once (the appraisal), where one query per batch would be too slow.
   */
  abstract typeNameIndex(): Promise<ReadonlyMap<string, GameType>>;
  abstract system(id: number): Promise<GameSystem | null>;
  /** True once at least one import has completed. */
  abstract hasData(): Promise<boolean>;
  /**
   * The one guard of every endpoint that needs game data: the active import's id, or a 503 —
   * GAME_DATA_MESSAGES.loading (code UPSTREAM_UNAVAILABLE) while the import runs or has not
   * started, GAME_DATA_MESSAGES.failed (code GAME_DATA_UNAVAILABLE; the reason is in status() and the admin's page) once it failed.
   */
  abstract requireData(): Promise<string>;
  /** Where the last import stands (start, scheduled check, admin's update); null before any. */
  abstract status(): Promise<GameDataStatus | null>;
  /** Blueprint (or reaction formula) by its type id; null if unknown or it makes nothing. */
  abstract blueprint(id: number): Promise<GameBlueprint | null>;
  /** The blueprint whose main activity makes this type (published blueprints preferred). */
  abstract blueprintForProduct(productTypeId: number): Promise<GameBlueprint | null>;
  /** For each product type, the blueprint whose main activity makes it (published preferred); missing when none. */
  abstract blueprintsForProducts(productTypeIds: readonly number[]): Promise<Map<number, GameBlueprint>>;
  /** Structures and rigs for industry (empty before the first import). */
  abstract industryFacilities(): Promise<{ structures: GameStructure[]; rigs: GameRig[] }>;
  /**
   * For each blueprint id that invention makes, where it is invented from (published sources
   * first, then the highest chance, then the lowest id); blueprints invention does not make are missing.
   */
  abstract inventionsFor(blueprintIds: readonly number[]): Promise<Map<number, GameInvention>>;
  /** Published decryptors with their dogma, by id. */
  abstract decryptors(): Promise<GameDecryptor[]>;
  /** Every skill some invention requires (datacore sciences, encryption methods ...), by id, with Russian names. */
  abstract inventionSkills(): Promise<{ id: number; name: string }[]>;
  /** Per-level time bonus (percent, dogma 1982) of the given skills; skills without one are missing. */
  abstract skillTimeBonuses(skillIds: readonly number[]): Promise<Map<number, number>>;
  /**
   * The skills each type requires directly (dogma requiredSkill1-6 and levels; a skill's own
   * prerequisites are its entry): types requiring none, or unknown, are missing from the map.
   */
  abstract requiredSkills(typeIds: readonly number[]): Promise<Map<number, { typeId: number; level: number }[]>>;
  /** Every known-space (k-space) solar system, by name. */
  abstract knownSpaceSystems(): Promise<GameSystem[]>;
  /** Planetary schematics by id (empty before the first import). */
  abstract schematics(): Promise<GameSchematic[]>;
  /** Planetary structure types with their dogma (groups 1027-1030, 1036, 1063), by id. */
  abstract piPins(): Promise<GamePiPin[]>;
  /** Planet type id -> the raw resources (P0 type ids) its extractors give. */
  abstract planetResources(): Promise<Map<number, number[]>>;
  /** Planet type id -> median diameter (km) of the planets of that type. */
  abstract planetTypeDiameters(): Promise<Map<number, number>>;
  /** Id of the active import (changes when game data is re-imported), null before the first. */
  abstract importId(): Promise<string | null>;
  /** Build of the active import, null before the first import. */
  abstract buildInfo(): Promise<SdeBuildInfo | null>;
}
