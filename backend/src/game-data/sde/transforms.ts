/**
 * Pure record -> document transforms for CCP's JSON Lines SDE. No Nest, no mongoose.
 * Each throws RecordError for a record it cannot use; the importer adds file and line.
 */
import type {
  BlueprintDoc,
  CategoryDoc,
  ConstellationDoc,
  GroupDoc,
  MarketGroupDoc,
  PlanetDoc,
  RegionDoc,
  SchematicDoc,
  SdeBuild,
  SystemDoc,
  TypeDoc,
  ActivityDoc,
  Names,
} from './sde.types';

export class RecordError extends Error {}

type Raw = Record<string, unknown>;

function int(r: Raw, field: string): number {
  const v = r[field];
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new RecordError(`поле ${field} должно быть целым числом`);
  return v;
}
function optInt(r: Raw, field: string): number | null {
  const v = r[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new RecordError(`поле ${field} должно быть целым числом`);
  return v;
}
function num(r: Raw, field: string, fallback?: number): number {
  const v = r[field];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new RecordError(`поле ${field} должно быть числом`);
  return v;
}
function optNum(r: Raw, field: string): number | null {
  const v = r[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new RecordError(`поле ${field} должно быть числом`);
  return v;
}
function bool(r: Raw, field: string): boolean {
  return r[field] === true;
}
function key(r: Raw): number {
  return int(r, '_key');
}
function list(r: Raw, field: string): Raw[] {
  const v = r[field];
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new RecordError(`поле ${field} должно быть списком`);
  return v as Raw[];
}

/** Localised `{en, ru, ...}`: ru falls back to en and vice versa (README §0). */
export function names(r: Raw, field = 'name'): Names {
  const v = r[field];
  if (typeof v === 'string') return { en: v, ru: v };
  if (typeof v !== 'object' || v === null) throw new RecordError(`нет поля ${field}`);
  const o = v as Record<string, unknown>;
  const en = typeof o.en === 'string' ? o.en : typeof o.ru === 'string' ? o.ru : '';
  const ru = typeof o.ru === 'string' && o.ru !== '' ? o.ru : en;
  if (en === '') throw new RecordError(`поле ${field} без en/ru`);
  return { en, ru };
}

/** Lower-cased unique names, for exact case-insensitive lookups. */
export function nameKeys(n: Names): string[] {
  return [...new Set([n.en.toLowerCase(), n.ru.toLowerCase()])];
}

export function toBuild(r: Raw): SdeBuild {
  const buildNumber = r.buildNumber;
  if (typeof buildNumber !== 'number' || !Number.isInteger(buildNumber))
    throw new RecordError('поле buildNumber должно быть целым числом');
  const releaseDate = typeof r.releaseDate === 'string' ? r.releaseDate : null;
  return { buildNumber, releaseDate };
}

export function toCategory(r: Raw): CategoryDoc {
  const n = names(r);
  return { _id: key(r), nameEn: n.en, nameRu: n.ru, published: bool(r, 'published') };
}

export function toGroup(r: Raw): GroupDoc {
  const n = names(r);
  return { _id: key(r), nameEn: n.en, nameRu: n.ru, categoryId: int(r, 'categoryID'), published: bool(r, 'published') };
}

export function toMarketGroup(r: Raw): MarketGroupDoc {
  const n = names(r);
  return {
    _id: key(r),
    nameEn: n.en,
    nameRu: n.ru,
    parentId: optInt(r, 'parentGroupID'),
    hasTypes: bool(r, 'hasTypes'),
    iconId: optInt(r, 'iconID'),
  };
}

/** `categoryOf` resolves the type's group to its category (groups are imported first). */
export function toType(r: Raw, categoryOf: (groupId: number) => number | undefined): TypeDoc {
  const n = names(r);
  const groupId = int(r, 'groupID');
  const categoryId = categoryOf(groupId);
  if (categoryId === undefined) throw new RecordError(`неизвестная группа ${groupId}`);
  const volume = num(r, 'volume', 0);
  return {
    _id: key(r),
    nameEn: n.en,
    nameRu: n.ru,
    nameKeys: nameKeys(n),
    groupId,
    categoryId,
    marketGroupId: optInt(r, 'marketGroupID'),
    metaGroupId: optInt(r, 'metaGroupID'),
    volume,
    packagedVolume: optNum(r, 'packagedVolume') ?? volume,
    portionSize: num(r, 'portionSize', 1),
    basePrice: optNum(r, 'basePrice'),
    published: bool(r, 'published'),
    iconId: optInt(r, 'iconID'),
  };
}

function typeQuantities(r: Raw, field: string): { typeId: number; quantity: number }[] {
  return list(r, field).map((m) => ({ typeId: int(m, 'typeID'), quantity: int(m, 'quantity') }));
}

function toActivity(a: Raw): ActivityDoc {
  const doc: ActivityDoc = {
    time: num(a, 'time', 0),
    materials: typeQuantities(a, 'materials'),
    products: list(a, 'products').map((p) => {
      const probability = optNum(p, 'probability');
      return probability === null
        ? { typeId: int(p, 'typeID'), quantity: int(p, 'quantity') }
        : { typeId: int(p, 'typeID'), quantity: int(p, 'quantity'), probability };
    }),
    skills: list(a, 'skills').map((s) => ({ typeId: int(s, 'typeID'), level: int(s, 'level') })),
  };
  return doc;
}

const KEPT_ACTIVITIES = ['manufacturing', 'reaction', 'invention', 'copying'] as const;

/** `typeNames` gives the blueprint's own names (missing for 21 legacy blueprints, as in CCP's data). */
export function toBlueprint(r: Raw, typeOf: (typeId: number) => { names: Names; published: boolean } | undefined): BlueprintDoc {
  const id = key(r);
  const acts = (r.activities ?? {}) as Raw;
  if (typeof acts !== 'object') throw new RecordError('поле activities должно быть объектом');
  const activities: BlueprintDoc['activities'] = {};
  for (const k of KEPT_ACTIVITIES) {
    const a = acts[k];
    if (a && typeof a === 'object') activities[k] = toActivity(a as Raw);
  }
  // Main activity: a reaction formula has `reaction`, a normal blueprint `manufacturing`.
  const main = activities.reaction?.products.length
    ? 'reaction'
    : activities.manufacturing?.products.length
      ? 'manufacturing'
      : null;
  const product = main ? activities[main]!.products[0] : null;
  const own = typeOf(id);
  return {
    _id: id,
    nameEn: own?.names.en ?? `Blueprint ${id}`,
    nameRu: own?.names.ru ?? own?.names.en ?? `Blueprint ${id}`,
    published: own?.published ?? false,
    maxProductionLimit: int(r, 'maxProductionLimit'),
    activity: main,
    productTypeId: product?.typeId ?? null,
    productQuantity: product?.quantity ?? null,
    activities,
  };
}

export function toSchematic(r: Raw): SchematicDoc {
  const n = names(r);
  const types = list(r, 'types').map((t) => ({ typeId: key(t), quantity: int(t, 'quantity'), isInput: t.isInput === true }));
  const outputs = types.filter((t) => !t.isInput);
  if (outputs.length !== 1) throw new RecordError(`ожидается ровно один выход схемы, найдено ${outputs.length}`);
  return {
    _id: key(r),
    nameEn: n.en,
    nameRu: n.ru,
    cycleTime: int(r, 'cycleTime'),
    inputs: types.filter((t) => t.isInput).map(({ typeId, quantity }) => ({ typeId, quantity })),
    output: { typeId: outputs[0].typeId, quantity: outputs[0].quantity },
    pins: (r.pins as number[] | undefined) ?? [],
  };
}

export function toRegion(r: Raw): RegionDoc {
  return { _id: key(r), name: names(r).en };
}

export function toConstellation(r: Raw): ConstellationDoc {
  return { _id: key(r), name: names(r).en, regionId: int(r, 'regionID') };
}

/** Known-space systems have ids 30000000..30999999 (wormholes 31..., abyssal 32..., void 34...). */
export function isKnownSpace(systemId: number): boolean {
  return systemId >= 30_000_000 && systemId < 31_000_000;
}

export function toSystem(
  r: Raw,
  regionName: (id: number) => string | undefined,
  constellationName: (id: number) => string | undefined,
): SystemDoc {
  const id = key(r);
  const name = names(r).en;
  const regionId = int(r, 'regionID');
  const constellationId = int(r, 'constellationID');
  return {
    _id: id,
    name,
    nameLower: name.toLowerCase(),
    security: num(r, 'securityStatus'),
    securityClass: typeof r.securityClass === 'string' ? r.securityClass : null,
    regionId,
    regionName: regionName(regionId) ?? '',
    constellationId,
    constellationName: constellationName(constellationId) ?? '',
    knownSpace: isKnownSpace(id),
  };
}

const ROMAN: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

export function roman(n: number): string {
  let out = '';
  let rest = n;
  for (const [v, s] of ROMAN) {
    while (rest >= v) {
      out += s;
      rest -= v;
    }
  }
  return out;
}

/** The planet's name as the game shows it: its unique name, else "<system> <roman celestialIndex>". */
export function planetName(systemName: string, celestialIndex: number, uniqueName?: string): string {
  return uniqueName ?? `${systemName} ${roman(celestialIndex)}`;
}

export function toPlanet(r: Raw, systemName: (id: number) => string | undefined): PlanetDoc {
  const systemId = int(r, 'solarSystemID');
  const sys = systemName(systemId);
  if (sys === undefined) throw new RecordError(`неизвестная система ${systemId}`);
  const celestialIndex = int(r, 'celestialIndex');
  const unique = r.uniqueName ? names(r, 'uniqueName').en : undefined;
  return {
    _id: key(r),
    name: planetName(sys, celestialIndex, unique),
    systemId,
    typeId: int(r, 'typeID'),
    celestialIndex,
    radius: num(r, 'radius', 0),
  };
}

/** typeDogma record -> attribute id -> value. */
export function toDogmaAttributes(r: Raw): Map<number, number> {
  const out = new Map<number, number>();
  for (const a of list(r, 'dogmaAttributes')) out.set(int(a, 'attributeID'), num(a, 'value'));
  return out;
}
