import type { FacilityKind } from '../industry/formulas';
import { z } from 'zod';
import { CANONICAL_UINT } from '../ints';
import { decimalInt } from './params';

/**
 * Static game data (SDE) endpoints.
 *
 * data/industry/items?q=&limit=            -> ItemSearchResponse      (published types with a market group)
 * data/industry/items/{id}                 -> ItemResponse            (any type)
 * data/industry/blueprints?q=&limit=       -> BlueprintSearchResponse (manufacturing or reaction)
 * data/industry/blueprints/{id}            -> BlueprintResponse
 * data/industry/structures                 -> StructuresResponse      (Upwell structures with industry bonuses)
 * data/industry/rigs                       -> RigsResponse            (structure rigs with bonuses)
 * data/industry/admin/items?q=             -> ItemSearchResponse      (admin lists: from 2 characters)
 * data/universe/systems?q=&limit=          -> SystemSearchResponse    (k-space)
 * data/universe/systems/{id}               -> SystemResponse
 * data/universe/systems/{id}/planets       -> SystemPlanetsResponse   (spec §7 "GET systems/{id}/planets")
 * data/universe/admin/systems?q=           -> SystemSearchResponse    (admin lists: from 2 characters)
 * data/universe/planet-types               -> PlanetTypesResponse     (planet type -> raw resources)
 * data/universe/schematics                 -> SchematicsResponse
 * data/universe/schematics/{id}            -> SchematicResponse
 */

/**
 * The game data's own answers. Every data endpoint asks one guard (the backend's
 * `GameData.requireData`) and answers 503 without game data: `loading` (code UPSTREAM_UNAVAILABLE,
 * the client retries it as a warm-up) while the import runs or has not started, `failed` (code
 * GAME_DATA_UNAVAILABLE, shown as an error, never retried) once the last import failed.
 * The failure's reason is not in the public message (see `failed`).
 */
export const GAME_DATA_MESSAGES = {
  loading: 'Игровые данные ещё загружаются, попробуйте через минуту',
  // The reason itself (a download address, a server path) is the administrator's to read: their main
  // page and the server's log show it; a visitor learns that the data is missing and whose matter it is.
  failed:
    'Игровые данные не загружены: импорт не удался (причина — на главной странице администратора и в журнале сервера). ' +
    'Администратору сайта: проверьте доступ к CCP или задайте SDE_PATH / SDE_URL и перезапустите приложение.',
  itemNotFound: 'Предмет не найден',
  blueprintNotFound: 'Чертёж не найден',
  systemNotFound: 'Система не найдена',
  schematicNotFound: 'Схема не найдена',
} as const;

/**
 * Where the game data stands, as every instance reads it from the database: the last import (at
 * start, by the scheduled check or by an admin) is running, failed, or done. `ready` in a database
 * with no data is impossible; `failed` with data means the last update failed and the previous
 * build is served.
 */
export interface GameDataStatus {
  state: 'importing' | 'failed' | 'ready';
  /** importing: what it does now, in Russian (null before the first step). */
  step: string | null;
  /** failed: why, in Russian. */
  reason: string | null;
  /** When this state began (ISO). */
  since: string;
}

export const GAME_SEARCH_LIMITS = { minLength: 3, adminMinLength: 2, maxLength: 100, defaultLimit: 20, maxLimit: 50 } as const;

function searchSchema(minLength: number) {
  return z.object({
    q: z
      .string({ error: 'Введите строку поиска' })
      .trim()
      .min(minLength, `Введите не меньше ${minLength} символов для поиска`)
      .max(GAME_SEARCH_LIMITS.maxLength, `Строка поиска не длиннее ${GAME_SEARCH_LIMITS.maxLength} символов`),
    limit: z
      .string({ error: 'limit должен быть целым числом' })
      .regex(CANONICAL_UINT, { error: 'limit должен быть целым числом' })
      .transform(Number)
      .pipe(
        z.number().min(1, 'limit не меньше 1').max(GAME_SEARCH_LIMITS.maxLimit, `limit не больше ${GAME_SEARCH_LIMITS.maxLimit}`),
      )
      .default(GAME_SEARCH_LIMITS.defaultLimit),
  });
}

/** Query of the search endpoints (search dropdowns: from 3 characters). */
export const gameSearchQuerySchema = searchSchema(GAME_SEARCH_LIMITS.minLength);
/** Admin list search: from 2 characters (spec §5). */
export const gameAdminSearchQuerySchema = searchSchema(GAME_SEARCH_LIMITS.adminMinLength);
export type GameSearchQuery = z.infer<typeof gameSearchQuerySchema>;

/** A positive integer id in a path. */
export const gameIdParamSchema = decimalInt('Некорректный идентификатор', { min: 1, max: 2_147_483_647 });

export interface ItemSummary {
  id: number;
  /** Russian name, falling back to English (CCP's RU client keeps most item names English). */
  name: string;
  nameEn: string;
  icon: string;
  groupId: number;
  categoryId: number;
  marketGroupId: number | null;
  volume: number;
  /** The packaged volume, or the volume where the type has none. */
  packagedVolume: number;
  portionSize: number;
  published: boolean;
}
export interface ItemDetail extends ItemSummary {
  groupName: string;
  categoryName: string;
}
export interface ItemSearchResponse {
  items: ItemSummary[];
}
export interface ItemResponse {
  item: ItemDetail;
}

export type BlueprintActivityKey = 'manufacturing' | 'reaction';

export interface TypeQuantity {
  id: number;
  name: string;
  icon: string;
  quantity: number;
}

export interface BlueprintSummary {
  id: number;
  name: string;
  nameEn: string;
  icon: string;
  /** Manufacturing (activity_id 1) or reaction (activity_id 11). */
  activity: BlueprintActivityKey;
  activity_id: 1 | 11;
  product: TypeQuantity;
}
export interface BlueprintActivity {
  /** Seconds per run. */
  time: number;
  materials: TypeQuantity[];
  products: TypeQuantity[];
}
export interface BlueprintDetail extends BlueprintSummary {
  maxProductionLimit: number;
  activities: Partial<Record<BlueprintActivityKey, BlueprintActivity>>;
}
export interface BlueprintSearchResponse {
  /** `inventable`: another blueprint invents this one (T2, T3): the calculator offers invention or one's own. */
  blueprints: (BlueprintSummary & { inventable: boolean })[];
}
export interface BlueprintResponse {
  blueprint: BlueprintDetail;
}

export interface SystemSummary {
  id: number;
  name: string;
  /** Raw security status as in the SDE (e.g. Jita 0.945913). */
  security: number;
  /** As the game shows it (displaySecurity): Jita 0.9. */
  securityDisplay: number;
  regionId: number;
  regionName: string;
  constellationId: number;
  constellationName: string;
}
export interface SystemSearchResponse {
  systems: SystemSummary[];
}
export interface SystemResponse {
  system: SystemSummary;
}

/** Spec §3 Planet: id, name, icon, type_id. */
export interface PlanetSummary {
  id: number;
  /** As the game shows it: "Jita IV". */
  name: string;
  type_id: number;
  typeName: string;
  icon: string;
  /** Diameter in km (the game's template `Diam`: radius * 2 / 1000); null when the SDE lacks the radius. */
  diameter: number | null;
}
export interface SystemPlanetsResponse {
  planets: PlanetSummary[];
}

export interface PlanetTypeResources {
  id: number;
  name: string;
  icon: string;
  /** Raw (P0) resources this planet type offers, by type id. */
  resources: { id: number; name: string; icon: string }[];
}
export interface PlanetTypesResponse {
  planetTypes: PlanetTypeResources[];
}

export interface SchematicSummary {
  id: number;
  name: string;
  /** Seconds per cycle. */
  cycleTime: number;
  inputs: TypeQuantity[];
  output: TypeQuantity;
  /** PI facility type ids that can run it. */
  pins: number[];
}
export interface SchematicsResponse {
  schematics: SchematicSummary[];
}
export interface SchematicResponse {
  schematic: SchematicSummary;
}

/** Multipliers of an Upwell structure's role bonuses (1 = none). */
export interface StructureBonuses {
  material: number;
  time: number;
  cost: number;
  reactionTime: number;
}
export interface IndustryStructure {
  id: number;
  name: string;
  icon: string;
  groupId: number;
  rigSize: number | null;
  /** Activities the structure can host (from the service modules' fitting rules; 'science': an invention lab). */
  activities: FacilityKind[];
  bonuses: StructureBonuses;
}
export interface StructuresResponse {
  structures: IndustryStructure[];
}

/** A rig's own bonuses in percent, as in dogma (e.g. -2 = -2 % materials); null when the rig has none. */
export interface RigBonuses {
  material: number | null;
  time: number | null;
  cost: number | null;
  thukkerMaterial: number | null;
  reactionMaterial: number | null;
  reactionTime: number | null;
}
export interface IndustryRig {
  id: number;
  name: string;
  icon: string;
  groupId: number;
  groupName: string;
  rigSize: number | null;
  bonuses: RigBonuses;
  /** Security multipliers of the bonuses; null where the rig has none (reactor rigs in high-sec). */
  securityModifiers: { hiSec: number | null; lowSec: number | null; nullSec: number | null };
}
export interface RigsResponse {
  rigs: IndustryRig[];
}

/**
 * Icon of a type on the game's image server: `${base}/types/${id}/icon?size=${size}`,
 * blueprints (and reaction formulas) use `/types/${id}/bp`.
 */
export function typeIconUrl(
  imageServerBase: string,
  typeId: number,
  size: 32 | 64 | 128 | 256 | 512 = 64,
  kind: 'icon' | 'bp' = 'icon',
): string {
  const base = imageServerBase.endsWith('/') ? imageServerBase.replace(/\/+$/, '') : imageServerBase;
  return `${base}/types/${typeId}/${kind}?size=${size}`;
}
