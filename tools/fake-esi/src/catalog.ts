/**
 * The price catalogue the fake market is generated from. Prices start from real figures read at
 * runtime from the shared EVE data folder (never copied into the repository):
 * - `market-samples/adam4eve-trade-volume-by-type-2025-06.csv`: a month of traded value and volume
 *   per item name -> average price = value / volume, trade count = order-count weight;
 * - `sde-jsonl/types.jsonl`: joins those names (name.en) to type ids, keeping published market types;
 * - `industry-test-cases/everef/<case>/esi-market-prices.json`: real CCP adjusted/average prices;
 * - `sde-jsonl/mapSolarSystems.jsonl`: k-space system ids for `/industry/systems`.
 * Without the data folder a small built-in catalogue of the featured items is used, with
 * deterministic made-up prices, so the fake still works anywhere.
 */
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { unit } from './rng';

export interface CatalogType {
  typeId: number;
  /** Reference price (ISK) the generated market moves around. */
  basePrice: number;
  /** Relative number of orders/trades; drives how often the type appears in the book. */
  weight: number;
  /** Units traded per day in the whole game (for history volumes). */
  dailyVolume: number;
  /** Real CCP adjusted price when known. */
  adjustedPrice?: number;
}

export interface Catalog {
  types: CatalogType[];
  byId: Map<number, CatalogType>;
  /** Known k-space solar systems (for /industry/systems). */
  systemIds: number[];
  /** Where the figures came from ("eve-data" or "built-in"). */
  source: string;
}

/** Minerals, ice products, moon materials, PI P1/P2, fuel blocks and PLEX: always in every hub's book. */
export const FEATURED_TYPE_IDS: readonly number[] = [
  34, 35, 36, 37, 38, 39, 40, 11399, 16272, 16273, 16274, 16275, 17887, 17888, 17889, 16633, 16634, 16635, 16636, 16637, 16638,
  16639, 16640, 16641, 16642, 16643, 16644, 16646, 16647, 16648, 16649, 16650, 16651, 16652, 16653, 2393, 2396, 3779, 2401, 2390,
  2397, 2392, 3683, 2389, 2399, 2395, 2398, 9828, 2400, 3645, 2329, 3828, 9836, 9832, 44, 3693, 15317, 3725, 3689, 2327, 9842,
  2463, 2317, 2321, 3695, 9830, 3697, 9838, 2312, 3691, 2319, 9840, 3775, 2328, 4051, 4246, 4247, 4312, 44992,
];

/** The trade hubs' systems (used when the data folder is missing). */
const FALLBACK_SYSTEMS = [30000142, 30002187, 30002659, 30002510, 30002053];

/** `<repo>/../shared/eve-data` (this file lives in tools/fake-esi/{src,dist}). */
export function defaultDataDir(): string {
  return process.env.FAKE_ESI_DATA_DIR ?? resolve(__dirname, '..', '..', '..', '..', 'shared', 'eve-data');
}

/** "4.581.431.498.593" -> 4581431498593 (adam4eve uses '.' as thousands separator). */
export function parseDottedInt(s: string): number {
  return Number(s.replace(/\./g, ''));
}

interface TradeRow {
  avgPrice: number;
  trades: number;
  items: number;
}

/** Parses the adam4eve CSV. Names may contain commas, so the four numeric columns are taken from the right. */
export function parseTradeVolumeCsv(text: string): Map<string, TradeRow> {
  const rows = new Map<string, TradeRow>();
  const lines = text.split('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (!line) continue;
    const cols = line.split(',');
    if (cols.length < 5) continue;
    const value = parseDottedInt(cols[cols.length - 2]);
    const items = parseDottedInt(cols[cols.length - 3]);
    const trades = parseDottedInt(cols[cols.length - 4]);
    const name = cols.slice(0, cols.length - 4).join(',');
    if (!(items > 0) || !(value > 0) || rows.has(name)) continue;
    rows.set(name, { avgPrice: value / items, trades, items });
  }
  return rows;
}

const NAME_EN = /"name": \{"en": "((?:[^"\\]|\\.)*)"/;
const KEY = /^\{"_key": (\d+),/;

interface SdeType {
  id: number;
  nameEn: string;
  basePrice?: number;
  marketGroupID?: number;
  published?: boolean;
}

/** Streams types.jsonl; fully parses only the lines whose English name or id is wanted. */
async function scanTypes(file: string, names: Set<string>, ids: Set<number>): Promise<SdeType[]> {
  const found: SdeType[] = [];
  const rl = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of rl) {
    const key = KEY.exec(line);
    if (!key) continue;
    const id = Number(key[1]);
    const m = NAME_EN.exec(line);
    const nameEn = m ? (JSON.parse(`"${m[1]}"`) as string) : '';
    if (!ids.has(id) && !names.has(nameEn)) continue;
    const rec = JSON.parse(line) as { basePrice?: number; marketGroupID?: number; published?: boolean };
    found.push({ id, nameEn, basePrice: rec.basePrice, marketGroupID: rec.marketGroupID, published: rec.published });
  }
  return found;
}

function readAdjustedPrices(dataDir: string): Map<number, { adjusted: number; average?: number }> {
  const out = new Map<number, { adjusted: number; average?: number }>();
  const root = join(dataDir, 'industry-test-cases', 'everef');
  if (!existsSync(root)) return out;
  for (const dir of readdirSync(root)) {
    const file = join(root, dir, 'esi-market-prices.json');
    if (!existsSync(file)) continue;
    const rows = JSON.parse(readFileSync(file, 'utf8')) as Array<{
      type_id: number;
      adjusted_price: number;
      average_price?: number;
    }>;
    for (const r of rows) out.set(r.type_id, { adjusted: r.adjusted_price, average: r.average_price });
  }
  return out;
}

function readSystemIds(dataDir: string): number[] {
  const file = join(dataDir, 'sde-jsonl', 'mapSolarSystems.jsonl');
  if (!existsSync(file)) return [...FALLBACK_SYSTEMS];
  const ids: number[] = [];
  const re = /^\{"_key": (\d+),/gm;
  const text = readFileSync(file, 'utf8');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const id = Number(m[1]);
    if (id >= 30000000 && id < 31000000) ids.push(id);
  }
  return ids;
}

/** Made-up but stable price for a type nobody has data for. */
function syntheticPrice(typeId: number): number {
  return Math.round(10 ** (1 + 4 * unit('price', typeId)) * 100) / 100;
}

function builtInCatalog(): Catalog {
  const types = FEATURED_TYPE_IDS.map((typeId) => ({
    typeId,
    basePrice: syntheticPrice(typeId),
    weight: 10,
    dailyVolume: 1000,
  }));
  return { types, byId: new Map(types.map((t) => [t.typeId, t])), systemIds: [...FALLBACK_SYSTEMS], source: 'built-in' };
}

async function buildCatalog(dataDir: string): Promise<Catalog> {
  const csv = join(dataDir, 'market-samples', 'adam4eve-trade-volume-by-type-2025-06.csv');
  const typesFile = join(dataDir, 'sde-jsonl', 'types.jsonl');
  if (!existsSync(csv) || !existsSync(typesFile)) return builtInCatalog();

  const trade = parseTradeVolumeCsv(readFileSync(csv, 'utf8'));
  const adjusted = readAdjustedPrices(dataDir);
  const wantedIds = new Set<number>([...FEATURED_TYPE_IDS, ...adjusted.keys()]);
  const sde = await scanTypes(typesFile, new Set(trade.keys()), wantedIds);

  const byId = new Map<number, CatalogType>();
  for (const t of sde) {
    if (!t.published || t.marketGroupID === undefined) continue;
    const row = trade.get(t.nameEn);
    const adj = adjusted.get(t.id);
    const basePrice =
      row?.avgPrice ?? adj?.average ?? adj?.adjusted ?? (t.basePrice && t.basePrice > 0 ? t.basePrice : syntheticPrice(t.id));
    byId.set(t.id, {
      typeId: t.id,
      basePrice,
      weight: Math.max(1, row?.trades ?? 5),
      dailyVolume: Math.max(1, Math.round((row?.items ?? 3000) / 30)),
      adjustedPrice: adj?.adjusted,
    });
  }
  const types = [...byId.values()].sort((a, b) => a.typeId - b.typeId);
  return { types, byId, systemIds: readSystemIds(dataDir), source: dataDir };
}

const cache = new Map<string, Promise<Catalog>>();

/** Loads (once per process and folder) the catalogue; `null` forces the built-in one. */
export function loadCatalog(dataDir: string | null = defaultDataDir()): Promise<Catalog> {
  const key = dataDir ?? '<built-in>';
  let p = cache.get(key);
  if (!p) {
    p = dataDir === null ? Promise.resolve(builtInCatalog()) : buildCatalog(dataDir);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}
