/** Documents of the versioned SDE collections (`sde_<dataset>_<importId>`). */

export interface Names {
  en: string;
  ru: string;
}

export interface SdeBuild {
  buildNumber: number;
  releaseDate: string | null;
}

export interface CategoryDoc {
  _id: number;
  nameEn: string;
  nameRu: string;
  published: boolean;
}

export interface GroupDoc {
  _id: number;
  nameEn: string;
  nameRu: string;
  categoryId: number;
  published: boolean;
}

export interface MarketGroupDoc {
  _id: number;
  nameEn: string;
  nameRu: string;
  parentId: number | null;
  hasTypes: boolean;
  iconId: number | null;
}

export interface TypeDoc {
  _id: number;
  nameEn: string;
  nameRu: string;
  /** Lower-cased en/ru names (exact case-insensitive lookup; multikey index). */
  nameKeys: string[];
  groupId: number;
  categoryId: number;
  marketGroupId: number | null;
  metaGroupId: number | null;
  volume: number;
  /** packagedVolume ?? volume */
  packagedVolume: number;
  portionSize: number;
  basePrice: number | null;
  published: boolean;
  iconId: number | null;
}

export interface TypeQuantityDoc {
  typeId: number;
  quantity: number;
}

export interface ActivityDoc {
  time: number;
  materials: TypeQuantityDoc[];
  products: (TypeQuantityDoc & { probability?: number })[];
  skills: { typeId: number; level: number }[];
}

export interface BlueprintDoc {
  _id: number;
  nameEn: string;
  nameRu: string;
  published: boolean;
  maxProductionLimit: number;
  /** The blueprint's main activity: reaction formulas 'reaction', others 'manufacturing'; null if it makes nothing. */
  activity: 'manufacturing' | 'reaction' | null;
  productTypeId: number | null;
  productQuantity: number | null;
  activities: Partial<Record<'manufacturing' | 'reaction' | 'invention' | 'copying', ActivityDoc>>;
}

export interface SchematicDoc {
  _id: number;
  nameEn: string;
  nameRu: string;
  cycleTime: number;
  inputs: TypeQuantityDoc[];
  output: TypeQuantityDoc;
  pins: number[];
}

export interface RegionDoc {
  _id: number;
  name: string;
}

export interface ConstellationDoc {
  _id: number;
  name: string;
  regionId: number;
}

export interface SystemDoc {
  _id: number;
  name: string;
  nameLower: string;
  security: number;
  securityClass: string | null;
  regionId: number;
  regionName: string;
  constellationId: number;
  constellationName: string;
  knownSpace: boolean;
}

export interface PlanetDoc {
  _id: number;
  name: string;
  systemId: number;
  typeId: number;
  celestialIndex: number;
  /** Metres (SDE `radius`); 0 when the source lacks it. */
  radius: number;
}

/** Dogma attributes of the few types the app needs (structures, rigs, PI pins, service modules). */
export interface DogmaDoc {
  _id: number;
  groupId: number;
  /** attribute id (as string key) -> value */
  attributes: Record<string, number>;
}

/** The skills a type requires (dogma requiredSkill1-6 and their levels), for the types that require any. */
export interface RequiredSkillsDoc {
  _id: number;
  skills: { typeId: number; level: number }[];
}

export interface PlanetResourcesDoc {
  /** Planet type id. */
  _id: number;
  /** P0 type ids, ascending. */
  resourceTypeIds: number[];
}

export interface StructureDoc {
  _id: number;
  nameEn: string;
  nameRu: string;
  groupId: number;
  rigSize: number | null;
  /** 'science': it can host an invention lab (the science jobs' time and cost use `bonuses.time/cost`). */
  activities: ('manufacturing' | 'reaction' | 'science')[];
  bonuses: { material: number; time: number; cost: number; reactionTime: number };
}

export interface RigDoc {
  _id: number;
  nameEn: string;
  nameRu: string;
  groupId: number;
  groupNameEn: string;
  groupNameRu: string;
  rigSize: number | null;
  bonuses: {
    material: number | null;
    time: number | null;
    cost: number | null;
    thukkerMaterial: number | null;
    reactionMaterial: number | null;
    reactionTime: number | null;
  };
  securityModifiers: { hiSec: number | null; lowSec: number | null; nullSec: number | null };
  fitsGroups: number[];
  /** Which product groups each bonus applies to (sde-csv industry modifier tables; empty when they were not available). */
  effects: RigEffectDoc[];
}

/**
 * One bonus of a rig: magnitude in percent as in dogma (negative = reduction), the product groups
 * it applies to (null: every product, the science rigs).
 */
export interface RigEffectDoc {
  activity: 'manufacturing' | 'reaction' | 'invention' | 'copying';
  bonus: 'material' | 'time' | 'cost';
  amount: number;
  groups: number[] | null;
}

export const DATASETS = [
  'categories',
  'groups',
  'marketGroups',
  'types',
  'dogma',
  'blueprints',
  'schematics',
  'regions',
  'constellations',
  'systems',
  'planets',
  'planetResources',
  'structures',
  'rigs',
  'requiredSkills',
] as const;
export type Dataset = (typeof DATASETS)[number];

/** The active-pointer document in `sde_meta`. */
export interface SdeActiveMeta {
  _id: 'active';
  importId: string;
  /** Import before this one; its collections are kept until the next import (readers mid-switch). */
  previousImportId: string | null;
  buildNumber: number;
  releaseDate: string | null;
  importedAt: Date;
  /** Version of this importer's document format; a change re-imports at start. */
  formatVersion: number;
  source: string;
  counts: Record<Dataset, number>;
}
