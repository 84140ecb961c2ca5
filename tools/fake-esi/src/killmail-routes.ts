/**
 * Killmails and insurance in ESI's real formats, for ship replacement (SRP, issue 39):
 *   GET /characters/{id}/killmails/recent/     esi-killmails.read_killmails.v1 (paged; kills and losses, newest first)
 *   GET /killmails/{killmail_id}/{hash}/       public; 422 when the hash does not fit the id, as ESI
 *   GET /insurance/prices/                     public; every insurable hull's six levels
 * Tests add losses through `FakeKillmails.addLoss`. The demo corporation's pilots start with four
 * losses around the demo fleet (DEMO_SRP): two Feroxes in its window (one fitted exactly as the
 * demo doctrine, one short a module), a Rifter in its window (not the doctrine), and a Ferox a day
 * before it (outside every ping).
 */
import { createHash } from 'node:crypto';
import { authorized, cached, type CharacterRoutesSource } from './character-routes';
import { FAKE_DEMO_CORPORATION } from './sso-characters';
import type { FakeRoute, RouteContext, RouteResult } from './server';

export interface EsiKillmailItem {
  item_type_id: number;
  flag: number;
  quantity_destroyed?: number;
  quantity_dropped?: number;
  singleton: number;
  items?: EsiKillmailItem[];
}

/** GET /killmails/{id}/{hash}/ in ESI's format. */
export interface EsiKillmail {
  killmail_id: number;
  killmail_time: string;
  solar_system_id: number;
  victim: {
    character_id: number;
    corporation_id: number;
    alliance_id?: number;
    ship_type_id: number;
    damage_taken: number;
    items: EsiKillmailItem[];
    position: { x: number; y: number; z: number };
  };
  attackers: {
    character_id?: number;
    corporation_id?: number;
    ship_type_id?: number;
    weapon_type_id?: number;
    damage_done: number;
    final_blow: boolean;
    security_status: number;
  }[];
}

export interface EsiInsuranceLevel {
  cost: number;
  name: 'Basic' | 'Standard' | 'Bronze' | 'Silver' | 'Gold' | 'Platinum';
  payout: number;
}

/** The levels' cost and payout as shares of the hull's insurance base (the game's ratios, rounded). */
const LEVELS: readonly [EsiInsuranceLevel['name'], number, number][] = [
  ['Basic', 0.03, 0.4],
  ['Standard', 0.05, 0.5],
  ['Bronze', 0.1, 0.6],
  ['Silver', 0.15, 0.7],
  ['Gold', 0.2, 0.8],
  ['Platinum', 0.3, 1],
];

/** The six levels of a hull whose insurance base is `base` ISK (Platinum pays `base`). */
export function insuranceLevels(base: number): EsiInsuranceLevel[] {
  return LEVELS.map(([name, cost, payout]) => ({
    name,
    cost: Math.round(base * cost * 100) / 100,
    payout: Math.round(base * payout * 100) / 100,
  }));
}

const FEROX = 16227;
const RIFTER = 587;
const JITA = 30000142;
const DAY = 86_400_000;

/** The demo fleet, its doctrine's fit and the demo losses (backend/src/demo builds the ping and the doctrine from these). */
export const DEMO_SRP = {
  ferox: FEROX,
  rifter: RIFTER,
  system: JITA,
  /** The demo fleet's start: 19:00 ET two days before `nowMs`'s day (losses and ping agree on it). */
  fleetStart: (nowMs: number) => Math.floor(nowMs / DAY) * DAY - 2 * DAY + 19 * 3_600_000,
  /**
   * The demo doctrine «Ферроксы»'s fit (backend/src/demo/demo-doctrines.ts) as a killmail lists it
   * (type id, quantity; hull first): loaded charges counted with the cargo's.
   */
  feroxFit: [
    [FEROX, 1],
    [10190, 2], // Magnetic Field Stabilizer II
    [2046, 1], // Damage Control I
    [12058, 1], // 10MN Afterburner II
    [3841, 2], // Large Shield Extender II
    [2281, 1], // Multispectrum Shield Hardener II
    [3082, 6], // 250mm Railgun II
    [31790, 3], // Medium Core Defense Field Extender I
    [23025, 2006], // Caldari Navy Antimatter Charge M (6 loaded + 2000)
    [230, 2000], // Antimatter Charge M
    [28668, 50], // Nanite Repair Paste
  ] as const,
  /** Insurance bases of the demo hulls (Platinum pays this). */
  insurance: { [FEROX]: 28_500_000, [RIFTER]: 399_800 } as Record<number, number>,
} as const;

/** Slot flags: high 27…, mid 19…, low 11…, rigs 92…, cargo 5, drone bay 87. */
function fitItems(fit: readonly (readonly [number, number])[], drop: (typeId: number) => boolean): EsiKillmailItem[] {
  const slot = { high: 27, mid: 19, low: 11, rig: 92 };
  const where: Record<number, keyof typeof slot | 'cargo'> = {
    3082: 'high',
    3841: 'mid',
    2281: 'mid',
    10190: 'low',
    2046: 'low',
    12058: 'mid',
    31790: 'rig',
    230: 'cargo',
    2889: 'high',
    447: 'mid',
    21898: 'cargo',
  };
  const out: EsiKillmailItem[] = [];
  for (const [typeId, quantity] of fit.slice(1)) {
    const w = where[typeId] ?? 'cargo';
    if (w === 'cargo') {
      out.push({
        item_type_id: typeId,
        flag: 5,
        singleton: 0,
        ...(drop(typeId) ? { quantity_dropped: quantity } : { quantity_destroyed: quantity }),
      });
      continue;
    }
    for (let i = 0; i < quantity; i++) {
      out.push({
        item_type_id: typeId,
        flag: slot[w]++,
        singleton: 0,
        ...(drop(typeId) && i === 0 ? { quantity_dropped: 1 } : { quantity_destroyed: 1 }),
      });
    }
  }
  return out;
}

/**
 * Killmails the fake knows (by id, with their hashes) and the characters' recent lists, plus
 * insurance prices. Deterministic: a killmail's hash is the SHA-1 of its id and the fake's salt.
 */
export class FakeKillmails {
  private readonly byId = new Map<number, { hash: string; km: EsiKillmail }>();
  private readonly recent = new Map<number, number[]>();
  private readonly insurance = new Map<number, number>(Object.entries(DEMO_SRP.insurance).map(([k, v]) => [Number(k), v]));
  private nextId = 130_000_000;

  constructor(demoPilots: readonly { id: number; corporationId: number }[] = [], epochMs = Date.now()) {
    const inDemo = (id: number) => demoPilots.some((p) => p.id === id && p.corporationId === FAKE_DEMO_CORPORATION.id);
    const fleet = DEMO_SRP.fleetStart(epochMs);
    const day = Math.floor(fleet / DAY);
    const fit = DEMO_SRP.feroxFit;
    const plan: { pilot: number; at: number; ship: number; items: EsiKillmailItem[] }[] = [
      // demo_miner's Pavel: the doctrine's Ferox, 40 minutes into the fleet (one gun dropped).
      { pilot: 2112000008, at: fleet + 40 * 60_000, ship: FEROX, items: fitItems(fit, (t) => t === 3082) },
      // demo_corp's Natalia: a Ferox without the hardener, 70 minutes in.
      {
        pilot: 2112000009,
        at: fleet + 70 * 60_000,
        ship: FEROX,
        items: fitItems(
          fit.filter(([t]) => t !== 2281),
          () => false,
        ),
      },
      // demo_security's Olga: a Rifter in the fleet (not the doctrine).
      {
        pilot: 2112000006,
        at: fleet + 90 * 60_000,
        ship: RIFTER,
        items: fitItems(
          [
            [RIFTER, 1],
            [2889, 3],
            [447, 1],
            [21898, 400],
          ],
          (t) => t === 21898,
        ),
      },
      // Pavel again: a Ferox the day before, outside every ping.
      { pilot: 2112000008, at: fleet - DAY + 3 * 3_600_000, ship: FEROX, items: fitItems(fit, () => false) },
    ];
    plan.forEach((l, i) => {
      if (inDemo(l.pilot))
        this.addLoss(l.pilot, {
          killmail_id: 120_000_000 + (day % 100_000) * 10 + i,
          corporation_id: FAKE_DEMO_CORPORATION.id,
          ship_type_id: l.ship,
          time: l.at,
          items: l.items,
        });
    });
  }

  static hashOf(killmailId: number): string {
    return createHash('sha1').update(`fake-esi-killmail:${killmailId}`).digest('hex');
  }

  /** A loss of `characterId` (the victim), listed first in their recent killmails. */
  addLoss(
    characterId: number,
    loss: {
      corporation_id: number;
      ship_type_id: number;
      time: number;
      items?: EsiKillmailItem[];
      solar_system_id?: number;
      killmail_id?: number;
      alliance_id?: number;
    },
  ): { killmail_id: number; killmail_hash: string; killmail: EsiKillmail } {
    const id = loss.killmail_id ?? this.nextId++;
    const km: EsiKillmail = {
      killmail_id: id,
      killmail_time: new Date(loss.time).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      solar_system_id: loss.solar_system_id ?? JITA,
      victim: {
        character_id: characterId,
        corporation_id: loss.corporation_id,
        ...(loss.alliance_id ? { alliance_id: loss.alliance_id } : {}),
        ship_type_id: loss.ship_type_id,
        damage_taken: 12_345,
        items: loss.items ?? [],
        position: { x: 1.5e11, y: -2.1e10, z: 4.3e11 },
      },
      attackers: [
        {
          character_id: 2112000011,
          corporation_id: 1000044,
          ship_type_id: RIFTER,
          weapon_type_id: 2889,
          damage_done: 12_345,
          final_blow: true,
          security_status: -2.1,
        },
      ],
    };
    const hash = FakeKillmails.hashOf(id);
    this.byId.set(id, { hash, km });
    this.recent.set(characterId, [id, ...(this.recent.get(characterId) ?? []).filter((k) => k !== id)]);
    return { killmail_id: id, killmail_hash: hash, killmail: km };
  }

  /** The character's recent killmails, newest first (`GET /characters/{id}/killmails/recent/`). */
  recentOf(characterId: number): { killmail_id: number; killmail_hash: string }[] {
    return (this.recent.get(characterId) ?? [])
      .map((id) => ({ id, e: this.byId.get(id)! }))
      .sort((a, b) => b.e.km.killmail_time.localeCompare(a.e.km.killmail_time) || b.id - a.id)
      .map(({ id, e }) => ({ killmail_id: id, killmail_hash: e.hash }));
  }

  killmail(id: number): { hash: string; km: EsiKillmail } | undefined {
    return this.byId.get(id);
  }

  /** Sets a hull's insurance base (Platinum pays it); null removes it (an uninsurable hull). */
  setInsurance(typeId: number, base: number | null): void {
    if (base === null) this.insurance.delete(typeId);
    else this.insurance.set(typeId, base);
  }

  insurancePrices(): { type_id: number; levels: EsiInsuranceLevel[] }[] {
    return [...this.insurance].sort((a, b) => a[0] - b[0]).map(([type_id, base]) => ({ type_id, levels: insuranceLevels(base) }));
  }

  clear(): void {
    this.byId.clear();
    this.recent.clear();
  }
}

/** ESI caches recent killmails 300 s, killmails 30 days (immutable), insurance an hour. */
export const KILLMAIL_CACHE_SECONDS = { recent: 300, killmail: 30 * 86_400, insurance: 3600 } as const;

export function killmailRoutes(source: CharacterRoutesSource & { killmails(): FakeKillmails }): FakeRoute[] {
  return [
    {
      name: 'characters.killmails.recent',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/killmails\/recent$/,
      handle: async (ctx: RouteContext): Promise<RouteResult> => {
        const r = await authorized(ctx, source, 'esi-killmails.read_killmails.v1');
        if ('fail' in r) return r.fail;
        const page = Number(ctx.query.get('page') ?? '1');
        if (!Number.isInteger(page) || page < 1) return { status: 400, body: { error: 'Invalid page' } };
        if (page > 1) return { status: 404, body: { error: 'Requested page does not exist' } };
        return { ...cached(ctx, source, KILLMAIL_CACHE_SECONDS.recent, source.killmails().recentOf(r.character.id)), pages: 1 };
      },
    },
    {
      name: 'killmails',
      method: 'GET',
      pattern: /^\/killmails\/(\d+)\/([^/]+)$/,
      handle: (ctx: RouteContext): RouteResult => {
        const found = source.killmails().killmail(Number(ctx.params[0]));
        if (!found || found.hash !== ctx.params[1])
          return { status: 422, body: { error: 'Invalid killmail_id and/or killmail_hash' } };
        return cached(ctx, source, KILLMAIL_CACHE_SECONDS.killmail, found.km);
      },
    },
    {
      name: 'insurance.prices',
      method: 'GET',
      pattern: /^\/insurance\/prices$/,
      handle: (ctx: RouteContext): RouteResult =>
        cached(ctx, source, KILLMAIL_CACHE_SECONDS.insurance, source.killmails().insurancePrices()),
    },
  ];
}
