/**
 * The price catalogue the fake market is generated from. By default it is the seed shipped in the
 * repository (`tools/fake-esi/data/market-seed.tsv`: one line per market type with its reference
 * price, order weight, daily volume and CCP adjusted price, plus the k-space system ids), so a
 * demo started from a bare clone has a live market. The seed is generated from real figures by
 * `npm run demo:market-seed` (this file's `buildCatalog`) out of an EVE data folder:
 * - `market-samples/adam4eve-trade-volume-by-type-2025-06.csv`: a month of traded value and volume
 *   per item name -> average price = value / volume, trade count = order-count weight;
 * - `sde-jsonl/types.jsonl`: joins those names (name.en) to type ids, keeping published market types;
 * - `industry-test-cases/everef/<case>/esi-market-prices.json`: real CCP adjusted/average prices;
 * - `sde-jsonl/mapSolarSystems.jsonl`: k-space system ids for `/industry/systems`.
 * `null` asks for a small built-in catalogue of the featured items with deterministic made-up
 * prices (tests that want a tiny book).
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

/** The seed shipped in the repository (this file lives in tools/fake-esi/{src,dist}). */
export const SEED_FILE = resolve(__dirname, '..', 'data', 'market-seed.tsv');

/** Where `npm run demo:market-seed` reads real figures from: FAKE_ESI_DATA_DIR or `<repo>/../shared/eve-data`. */
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

/** Builds the catalogue from an EVE data folder (the seed generator); throws when its files are missing. */
export async function buildCatalog(dataDir: string): Promise<Catalog> {
  const csv = join(dataDir, 'market-samples', 'adam4eve-trade-volume-by-type-2025-06.csv');
  const typesFile = join(dataDir, 'sde-jsonl', 'types.jsonl');
  for (const f of [csv, typesFile]) if (!existsSync(f)) throw new Error(`Нет файла ${f}: нужна папка EVE data`);

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

/** Header of the seed file: where its figures come from. */
export const SEED_SOURCE = [
  'Demo market seed of tools/fake-esi (generated by `npm run demo:market-seed`; do not edit by hand).',
  'Prices: adam4eve.eu "tradeVol_type" export of 2025-06 (value / items traded; trades = order weight;',
  'items / 30 = daily volume), joined by English name to CCP SDE types (published, on the market);',
  'adjusted prices: real ESI /markets/prices/ samples from autonomouslogic/eve-ref test cases (2025-11);',
  'systems: k-space solar systems of the SDE. EVE Online data (c) CCP hf., CCP Developer License.',
];

/** Compresses sorted ids into `a-b` ranges. */
function toRanges(ids: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < ids.length;) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j] + 1) j++;
    out.push(i === j ? String(ids[i]) : `${ids[i]}-${ids[j]}`);
    i = j + 1;
  }
  return out.join(',');
}

function fromRanges(text: string): number[] {
  const ids: number[] = [];
  for (const part of text.split(',').filter(Boolean)) {
    const [a, b] = part.split('-').map(Number);
    for (let id = a; id <= (b ?? a); id++) ids.push(id);
  }
  return ids;
}

/** The seed file's text: `#` header lines, `systems<TAB>ranges`, then one tab-separated line per type. */
export function formatSeed(catalog: Pick<Catalog, 'types' | 'systemIds'>): string {
  const lines = SEED_SOURCE.map((l) => `# ${l}`);
  lines.push(`systems\t${toRanges([...catalog.systemIds].sort((a, b) => a - b))}`);
  lines.push('typeId\tbasePrice\tweight\tdailyVolume\tadjustedPrice');
  for (const t of catalog.types) {
    lines.push([t.typeId, t.basePrice, t.weight, t.dailyVolume, t.adjustedPrice ?? ''].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

/** Reads the seed file's text back into a catalogue (numbers round-trip exactly). */
export function parseSeed(text: string, source = 'seed'): Catalog {
  const types: CatalogType[] = [];
  let systemIds: number[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#') || line.startsWith('typeId\t')) continue;
    const cols = line.split('\t');
    if (cols[0] === 'systems') {
      systemIds = fromRanges(cols[1] ?? '');
      continue;
    }
    const [typeId, basePrice, weight, dailyVolume, adjusted] = cols;
    const t: CatalogType = {
      typeId: Number(typeId),
      basePrice: Number(basePrice),
      weight: Number(weight),
      dailyVolume: Number(dailyVolume),
    };
    if (adjusted) t.adjustedPrice = Number(adjusted);
    if (![t.typeId, t.basePrice, t.weight, t.dailyVolume].every(Number.isFinite))
      throw new Error(`Неверная строка сида рынка: ${line}`);
    types.push(t);
  }
  return { types, byId: new Map(types.map((t) => [t.typeId, t])), systemIds, source };
}

const cache = new Map<string, Promise<Catalog>>();

/**
 * Loads (once per process and source) the catalogue: the shipped seed by default, an EVE data
 * folder when one is named (the seed generator), the built-in mini catalogue for `null`.
 */
export function loadCatalog(dataDir?: string | null): Promise<Catalog> {
  const key = dataDir === undefined ? '<seed>' : (dataDir ?? '<built-in>');
  let p = cache.get(key);
  if (!p) {
    p =
      dataDir === undefined
        ? Promise.resolve().then(() => parseSeed(readFileSync(SEED_FILE, 'utf8'), SEED_FILE))
        : dataDir === null
          ? Promise.resolve(builtInCatalog())
          : buildCatalog(dataDir);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}
