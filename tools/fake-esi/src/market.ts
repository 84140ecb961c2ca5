/**
 * Deterministic market generator: order books, daily history, CCP prices and cost indices.
 * Every value is a pure function of (seed, region, type, time/epoch, index), so a test can
 * regenerate exactly what the server answered.
 */
import { seededRandom } from '@eve-toolkit/shared-types';
import type { Catalog, CatalogType } from './catalog';
import { FEATURED_TYPE_IDS } from './catalog';
import { gaussian, hash32, tickPrice, unit } from './rng';

/** One order exactly as ESI's `GET /markets/{region_id}/orders` returns it. */
export interface EsiMarketOrder {
  duration: number;
  is_buy_order: boolean;
  issued: string;
  location_id: number;
  min_volume: number;
  order_id: number;
  price: number;
  range: string;
  system_id: number;
  type_id: number;
  volume_remain: number;
  volume_total: number;
}

/** One day of `GET /markets/{region_id}/history`. */
export interface EsiHistoryDay {
  average: number;
  date: string;
  highest: number;
  lowest: number;
  order_count: number;
  volume: number;
}

export interface EsiMarketPrice {
  adjusted_price: number;
  average_price?: number;
  type_id: number;
}

export interface EsiIndustrySystem {
  cost_indices: Array<{ activity: string; cost_index: number }>;
  solar_system_id: number;
}

export interface HubLocation {
  regionId: number;
  stationId: number;
  systemId: number;
}

/** The five trade hubs (game-mechanics.md §6). */
export const HUB_LOCATIONS: readonly HubLocation[] = [
  { regionId: 10000002, stationId: 60003760, systemId: 30000142 },
  { regionId: 10000043, stationId: 60008494, systemId: 30002187 },
  { regionId: 10000032, stationId: 60011866, systemId: 30002659 },
  { regionId: 10000030, stationId: 60004588, systemId: 30002510 },
  { regionId: 10000042, stationId: 60005686, systemId: 30002053 },
];

export const PAGE_SIZE = 1000;
/** Orders per featured type at the hub station: this many sells and as many buys. */
export const FEATURED_ORDERS_PER_SIDE = 4;

/**
 * A hub's share of the game's traded volume (rough, Jita the largest): a type trades at a hub when
 * its daily volume (the seed's, game-wide) × the share is at least one unit. Every type that
 * trades at a hub gets one sell and one buy order at the hub station, after the featured ones and
 * before the random rest of the book: Jita has them for every type, the smaller hubs for fewer.
 */
export const HUB_VOLUME_SHARE: Readonly<Record<number, number>> = {
  10000002: 1, // The Forge (Jita): every type of the seed trades there
  10000043: 0.15, // Domain (Amarr)
  10000032: 0.08, // Sinq Laison (Dodixie)
  10000030: 0.06, // Heimatar (Rens)
  10000042: 0.05, // Metropolis (Hek)
};

/** Does this type trade at the region's hub (one order each side guaranteed there)? */
export function tradesAtHub(type: Pick<CatalogType, 'dailyVolume'>, regionId: number): boolean {
  const share = HUB_VOLUME_SHARE[regionId];
  return share !== undefined && type.dailyVolume * share >= 1;
}
const DAY_MS = 86_400_000;
const BUY_RANGES = ['station', 'solarsystem', 'region', '1', '2', '3', '5', '10', '20', '40'];

export interface MarketOptions {
  seed: number;
  /** Orders per region (default for regions not listed). */
  ordersPerRegion: number | Record<number, number>;
  featuredTypeIds: readonly number[];
}

export class FakeMarket {
  private readonly cumulative: Float64Array;
  private readonly featured: CatalogType[];
  /** Per region: the non-featured types that trade at its hub (by type id). */
  private readonly covered = new Map<number, CatalogType[]>();

  constructor(
    readonly catalog: Catalog,
    readonly options: MarketOptions,
  ) {
    this.cumulative = new Float64Array(catalog.types.length);
    let sum = 0;
    catalog.types.forEach((t, i) => {
      sum += t.weight;
      this.cumulative[i] = sum;
    });
    this.featured = options.featuredTypeIds.map((id) => catalog.byId.get(id)).filter((t): t is CatalogType => t !== undefined);
  }

  static defaultFeatured = FEATURED_TYPE_IDS;

  /** The types (besides the featured ones) with one guaranteed order each side at the region's hub. */
  coveredTypes(regionId: number): readonly CatalogType[] {
    let list = this.covered.get(regionId);
    if (!list) {
      const featured = new Set(this.featured.map((t) => t.typeId));
      list = this.catalog.types.filter((t) => !featured.has(t.typeId) && tradesAtHub(t, regionId));
      this.covered.set(regionId, list);
    }
    return list;
  }

  orderCount(regionId: number): number {
    const o = this.options.ordersPerRegion;
    return typeof o === 'number' ? o : (o[regionId] ?? 0);
  }

  pageCount(regionId: number): number {
    return Math.max(1, Math.ceil(this.orderCount(regionId) / PAGE_SIZE));
  }

  hub(regionId: number): HubLocation {
    return (
      HUB_LOCATIONS.find((h) => h.regionId === regionId) ?? {
        regionId,
        stationId: 60000004 + (hash32('station', regionId) % 10000),
        systemId: 30000001 + (hash32('system', regionId) % 5000),
      }
    );
  }

  /** Reference price of a type in a region at a moment: slow waves plus a little daily noise. */
  centerPrice(type: CatalogType, regionId: number, atMs: number): number {
    const s = this.options.seed;
    const days = atMs / DAY_MS;
    const regional = regionId === 10000002 ? 1 : 1 + 0.06 * (unit(s, 'region', regionId, type.typeId) - 0.5);
    const p1 = 2 * Math.PI * unit(s, 'phase1', type.typeId);
    const p2 = 2 * Math.PI * unit(s, 'phase2', type.typeId);
    const wave = 1 + 0.06 * Math.sin((2 * Math.PI * days) / 29 + p1) + 0.025 * Math.sin((2 * Math.PI * days) / 7.3 + p2);
    const noise = 1 + 0.01 * (unit(s, 'day', type.typeId, Math.floor(days)) - 0.5);
    return type.basePrice * regional * wave * noise;
  }

  /** Order `index` of a region's book at `epoch` (generated on its own; pages never need the whole book). */
  order(regionId: number, index: number, epoch: number, atMs: number): EsiMarketOrder {
    const s = this.options.seed;
    const rand = seededRandom(hash32(s, regionId, epoch, index));
    const hub = this.hub(regionId);
    const featuredSlots = this.featured.length * FEATURED_ORDERS_PER_SIDE * 2;

    let type: CatalogType;
    let isBuy: boolean;
    let atHub: boolean;
    let outlier = false;
    const covered = this.coveredTypes(regionId);
    if (index < featuredSlots) {
      type = this.featured[Math.floor(index / (FEATURED_ORDERS_PER_SIDE * 2))];
      isBuy = index % 2 === 1;
      atHub = true;
    } else if (index < featuredSlots + covered.length * 2) {
      const k = index - featuredSlots;
      type = covered[Math.floor(k / 2)];
      isBuy = k % 2 === 1;
      atHub = true;
    } else {
      type = this.pickType(rand());
      isBuy = rand() < 0.45;
      atHub = rand() < 0.6;
      outlier = rand() < 0.01;
    }

    const center = this.centerPrice(type, regionId, atMs);
    const spread = 0.004 + Math.abs(gaussian(rand)) * 0.02;
    let price = isBuy ? center * (1 - spread) : center * (1 + spread);
    // Outliers, like the real book's: half are tiny orders (1-3 units) placed just inside the
    // spread, ahead of every normal order of their side but never crossing the other side
    // (normal buys stay below 0.996 x center, sells above 1.004 x); half are absurd prices far
    // from the market (sells at 3-10 x, buys at 0.1-0.3 x) that no best price ever picks.
    const tiny = outlier && rand() < 0.5;
    if (tiny) price = isBuy ? center * (0.996 + rand() * 0.003) : center * (1.001 + rand() * 0.003);
    else if (outlier) price = isBuy ? center * (0.1 + rand() * 0.2) : center * (3 + rand() * 7);

    const orderValue = 10 ** (6 + 2 * rand());
    const volumeRemain = tiny ? 1 + Math.floor(rand() * 3) : Math.max(1, Math.round(orderValue / center));
    const volumeTotal = volumeRemain + Math.floor(volumeRemain * rand() * 2);
    const ageMs = Math.floor(rand() * 30 * DAY_MS);
    let locationId = hub.stationId;
    let systemId = hub.systemId;
    if (!atHub) {
      const k = hash32(s, 'loc', regionId, index);
      if (k % 10 < 7) {
        locationId = 60000004 + (k % 15000);
        if (locationId === hub.stationId) locationId += 1;
      } else {
        locationId = 1_000_000_000_000 + (k % 1000) * 7919;
      }
      systemId = hub.systemId + 1 + (k % 40);
    }

    return {
      duration: isBuy ? [30, 60, 90][Math.floor(rand() * 3)] : 90,
      is_buy_order: isBuy,
      issued: new Date(Math.floor((atMs - ageMs) / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
      location_id: locationId,
      min_volume: 1,
      order_id: 6_000_000_000 + (regionId % 100) * 100_000_000 + index,
      price: tickPrice(price),
      range: isBuy ? BUY_RANGES[Math.floor(rand() * BUY_RANGES.length)] : 'region',
      system_id: systemId,
      type_id: type.typeId,
      volume_remain: volumeRemain,
      volume_total: volumeTotal,
    };
  }

  /** One page (1-based) of the book. */
  page(regionId: number, page: number, epoch: number, atMs: number): EsiMarketOrder[] {
    const total = this.orderCount(regionId);
    const start = (page - 1) * PAGE_SIZE;
    const end = Math.min(total, start + PAGE_SIZE);
    const out: EsiMarketOrder[] = [];
    for (let i = start; i < end; i++) out.push(this.order(regionId, i, epoch, atMs));
    return out;
  }

  /** The whole book (tests use it to compute expected values independently). */
  book(regionId: number, epoch: number, atMs: number): EsiMarketOrder[] {
    const out: EsiMarketOrder[] = [];
    for (let p = 1; p <= this.pageCount(regionId); p++) out.push(...this.page(regionId, p, epoch, atMs));
    return out;
  }

  /** Daily history up to (not including) the day of `nowMs`, oldest first, like ESI. */
  history(regionId: number, typeId: number, nowMs: number, days: number): EsiHistoryDay[] {
    const type = this.catalog.byId.get(typeId);
    if (!type) return [];
    const s = this.options.seed;
    const today = Math.floor(nowMs / DAY_MS);
    const share = regionId === 10000002 ? 0.6 : 0.08;
    const out: EsiHistoryDay[] = [];
    for (let d = today - days; d < today; d++) {
      const avg = this.centerPrice(type, regionId, d * DAY_MS + DAY_MS / 2);
      const r = seededRandom(hash32(s, 'hist', regionId, typeId, d));
      const highest = avg * (1 + 0.008 + r() * 0.015);
      const lowest = avg * (1 - 0.008 - r() * 0.015);
      const volume = Math.max(1, Math.round(type.dailyVolume * share * (0.6 + 0.8 * r())));
      out.push({
        average: tickPrice(avg),
        date: new Date(d * DAY_MS).toISOString().slice(0, 10),
        highest: tickPrice(highest),
        lowest: tickPrice(lowest),
        order_count: Math.max(1, Math.round(Math.min(volume, type.weight / 30) * (0.5 + r()))),
        volume,
      });
    }
    return out;
  }

  /** `/markets/prices`: real adjusted prices where known, otherwise derived from the reference price. */
  prices(nowMs: number): EsiMarketPrice[] {
    const s = this.options.seed;
    return this.catalog.types.map((t) => {
      const average = this.centerPrice(t, 10000002, nowMs);
      const adjusted = t.adjustedPrice ?? t.basePrice * (0.85 + 0.15 * unit(s, 'adjusted', t.typeId));
      return { adjusted_price: adjusted, average_price: Math.round(average * 100) / 100, type_id: t.typeId };
    });
  }

  /** `/industry/systems`: one entry per known k-space system. */
  industrySystems(): EsiIndustrySystem[] {
    const s = this.options.seed;
    const idx = (sys: number, a: string, max: number) => Math.round((0.0005 + max * unit(s, 'ci', sys, a) ** 2) * 10000) / 10000;
    return this.catalog.systemIds.map((sys) => ({
      cost_indices: [
        { activity: 'manufacturing', cost_index: idx(sys, 'm', 0.15) },
        { activity: 'researching_time_efficiency', cost_index: idx(sys, 'te', 0.1) },
        { activity: 'researching_material_efficiency', cost_index: idx(sys, 'me', 0.1) },
        { activity: 'copying', cost_index: idx(sys, 'c', 0.1) },
        { activity: 'invention', cost_index: idx(sys, 'i', 0.15) },
        { activity: 'reaction', cost_index: idx(sys, 'r', 0.1) },
      ],
      solar_system_id: sys,
    }));
  }

  private pickType(r: number): CatalogType {
    const target = r * this.cumulative[this.cumulative.length - 1];
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] <= target) lo = mid + 1;
      else hi = mid;
    }
    return this.catalog.types[lo];
  }
}
