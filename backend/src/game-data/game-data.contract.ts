/**
 * What the rest of the backend may ask of the imported static game data (SDE).
 * Implemented by GameDataService (game-data module, exported globally); consumers inject
 * `GameData` and never read the SDE collections directly.
 */
export interface GameType {
  id: number;
  /** Russian name, falling back to English (CCP's RU client keeps most item names English). */
  name: string;
  nameEn: string;
  groupId: number;
  categoryId: number;
  marketGroupId: number | null;
  volume: number;
  /** packagedVolume ?? volume */
  packagedVolume: number;
  portionSize: number;
  published: boolean;
}

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
  abstract system(id: number): Promise<GameSystem | null>;
  /** True once at least one import has completed. */
  abstract hasData(): Promise<boolean>;
  /** Blueprint (or reaction formula) by its type id; null if unknown or it makes nothing. */
  abstract blueprint(id: number): Promise<GameBlueprint | null>;
  /** The blueprint whose main activity makes this type (published blueprints preferred). */
  abstract blueprintForProduct(productTypeId: number): Promise<GameBlueprint | null>;
  /** Build of the active import, null before the first import. */
  abstract buildInfo(): Promise<SdeBuildInfo | null>;
}
