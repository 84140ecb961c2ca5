/**
 * What ESI tells about a character's industry jobs and contracts, in ESI's real formats, so the
 * corporation area (projects paid per run) works offline:
 *   GET /characters/{id}/industry/jobs/                      esi-industry.read_character_jobs.v1
 *   GET /characters/{id}/contracts/                          esi-contracts.read_character_contracts.v1 (paged)
 *   GET /characters/{id}/contracts/{contract_id}/items/      esi-contracts.read_character_contracts.v1
 *   GET /universe/structures/{structure_id}/                 esi-universe.read_structures.v1; 403 without docking
 *                                                            access (here: outside the owner corporation)
 *   GET /universe/stations/{station_id}/                     public (NPC stations)
 * Tests add jobs and contracts through `FakeCorpData`; the demo corporation's pilots start with a
 * few that fit the demo projects (DEMO_INDUSTRY).
 */
import { authorized, cached, type CharacterRoutesSource } from './character-routes';
import { FAKE_DEMO_CORPORATION } from './sso-characters';
import type { FakeRoute, RouteContext, RouteResult } from './server';

/** ESI caches these for 300 s (jobs) and 300 s (contracts); tests override with characterCacheSeconds. */
export const CORP_CACHE_SECONDS = { jobs: 300, contracts: 300, items: 3600, structure: 3600, station: 86_400 } as const;

/** GET /universe/structures/{id}/ in ESI's format. */
export interface FakeStructure {
  name: string;
  owner_id: number;
  solar_system_id: number;
  type_id: number;
  position: { x: number; y: number; z: number };
}

export interface FakeIndustryJob {
  job_id: number;
  installer_id: number;
  activity_id: number;
  blueprint_id: number;
  blueprint_type_id: number;
  blueprint_location_id: number;
  facility_id: number;
  station_id: number;
  output_location_id: number;
  product_type_id?: number;
  runs: number;
  licensed_runs?: number;
  cost?: number;
  duration: number;
  status: 'active' | 'cancelled' | 'delivered' | 'paused' | 'ready' | 'reverted';
  start_date: string;
  end_date: string;
  completed_date?: string;
}

export interface FakeContractItem {
  record_id: number;
  type_id: number;
  quantity: number;
  is_included: boolean;
  is_singleton: boolean;
  raw_quantity?: number;
}

export interface FakeContract {
  contract_id: number;
  issuer_id: number;
  issuer_corporation_id: number;
  assignee_id: number;
  acceptor_id: number;
  type: 'unknown' | 'item_exchange' | 'auction' | 'courier' | 'loan';
  status:
    | 'outstanding'
    | 'in_progress'
    | 'finished_issuer'
    | 'finished_contractor'
    | 'finished'
    | 'cancelled'
    | 'rejected'
    | 'failed'
    | 'deleted'
    | 'reversed';
  availability: 'public' | 'personal' | 'corporation' | 'alliance';
  for_corporation: boolean;
  price: number;
  reward: number;
  collateral?: number;
  volume: number;
  title: string;
  date_issued: string;
  date_expired: string;
  start_location_id: number;
  end_location_id: number;
  days_to_complete: number;
  items: FakeContractItem[];
}

/** Type ids the demo projects and the demo pilots' jobs share (backend/src/demo uses the same). */
export const DEMO_INDUSTRY = {
  /** Helium Fuel Block, made by blueprint 4315 (40 per run). */
  fuelBlock: { typeId: 4247, blueprintTypeId: 4315 },
  /** Hobgoblin I, blueprint 2455. */
  hobgoblin: { typeId: 2454, blueprintTypeId: 2455 },
  /** Rifter, blueprint 691. */
  rifter: { typeId: 587, blueprintTypeId: 691 },
  tritanium: 34,
  /** ISK per unit of Tritanium the demo projects pay. */
  tritaniumPay: 5,
  pyerite: 35,
  /** An Upwell structure in Jita the jobs run in. */
  facilityId: 1_035_466_617_946,
} as const;

/** Upwell structures the fake knows; only the owner corporation's pilots may read them (docking access). */
export const FAKE_STRUCTURES: ReadonlyMap<number, FakeStructure> = new Map([
  [
    DEMO_INDUSTRY.facilityId,
    {
      name: 'Jita - Demo Syndicate Raitaru',
      owner_id: FAKE_DEMO_CORPORATION.id,
      solar_system_id: 30000142,
      type_id: 35825,
      position: { x: -107302001050, y: -18744613890, z: 436489035064 },
    },
  ],
]);

/** NPC stations the fake knows (GET /universe/stations/{id}/, public), in ESI's format (abridged). */
export const FAKE_STATIONS: ReadonlyMap<number, { station_id: number; name: string; system_id: number; type_id: number }> =
  new Map([
    [
      60003760,
      { station_id: 60003760, name: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant', system_id: 30000142, type_id: 1531 },
    ],
    [60008494, { station_id: 60008494, name: 'Amarr VIII (Oris) - Emperor Family Academy', system_id: 30002187, type_id: 1932 }],
  ]);

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Per-character industry jobs and contracts. Deterministic defaults: demo-corporation pilots
 * have jobs for the demo products and one item-exchange contract of minerals to the corporation.
 */
export class FakeCorpData {
  private readonly jobs = new Map<number, FakeIndustryJob[]>();
  private readonly contracts = new Map<number, FakeContract[]>();
  private nextJobId = 600_000_000;
  private nextContractId = 200_000_000;

  constructor(demoPilots: readonly { id: number; corporationId: number }[] = [], epochMs = Date.UTC(2026, 0, 10)) {
    const inDemo = demoPilots.filter((p) => p.corporationId === FAKE_DEMO_CORPORATION.id);
    inDemo.forEach((p, i) => {
      const start = epochMs + i * 3_600_000;
      this.addIndustryJob(p.id, {
        product_type_id: DEMO_INDUSTRY.fuelBlock.typeId,
        blueprint_type_id: DEMO_INDUSTRY.fuelBlock.blueprintTypeId,
        runs: 5 + i,
        start,
      });
      this.addIndustryJob(p.id, {
        product_type_id: DEMO_INDUSTRY.hobgoblin.typeId,
        blueprint_type_id: DEMO_INDUSTRY.hobgoblin.blueprintTypeId,
        runs: 10,
        start,
      });
      const units = 10_000 + i * 1000;
      this.addContract(p.id, {
        assignee_id: FAKE_DEMO_CORPORATION.id,
        issuer_corporation_id: FAKE_DEMO_CORPORATION.id,
        // The demo projects pay 5 ISK per unit of Tritanium (backend/src/corp/corp-demo.seed.ts).
        price: units * DEMO_INDUSTRY.tritaniumPay,
        title: 'Минералы на проект',
        items: [{ type_id: DEMO_INDUSTRY.tritanium, quantity: units }],
        issued: start,
      });
    });
  }

  industryJobs(characterId: number): FakeIndustryJob[] {
    return [...(this.jobs.get(characterId) ?? [])];
  }

  characterContracts(characterId: number): FakeContract[] {
    return [...(this.contracts.get(characterId) ?? [])];
  }

  /** A job installed by the character (manufacturing unless `activity_id` says otherwise). */
  addIndustryJob(
    characterId: number,
    job: {
      product_type_id: number;
      blueprint_type_id: number;
      runs: number;
      activity_id?: number;
      status?: FakeIndustryJob['status'];
      start?: number;
      job_id?: number;
      /** Where it runs (default: the demo Raitaru in Jita). */
      facility_id?: number;
    },
  ): FakeIndustryJob {
    const facility = job.facility_id ?? DEMO_INDUSTRY.facilityId;
    const start = job.start ?? Date.UTC(2026, 0, 10);
    const duration = 3600 * job.runs;
    const row: FakeIndustryJob = {
      job_id: job.job_id ?? this.nextJobId++,
      installer_id: characterId,
      activity_id: job.activity_id ?? 1,
      blueprint_id: 1_000_000_000_000 + this.nextJobId,
      blueprint_type_id: job.blueprint_type_id,
      blueprint_location_id: facility,
      facility_id: facility,
      station_id: facility,
      output_location_id: facility,
      product_type_id: job.product_type_id,
      runs: job.runs,
      licensed_runs: job.runs,
      cost: 1000 * job.runs,
      duration,
      status: job.status ?? 'active',
      start_date: iso(start),
      end_date: iso(start + duration * 1000),
    };
    this.jobs.set(characterId, [...(this.jobs.get(characterId) ?? []), row]);
    return row;
  }

  /** An item-exchange contract issued by the character (to a corporation by default). */
  addContract(
    characterId: number,
    c: {
      assignee_id: number;
      issuer_corporation_id: number;
      price: number;
      items: { type_id: number; quantity: number; is_included?: boolean }[];
      title?: string;
      status?: FakeContract['status'];
      type?: FakeContract['type'];
      issued?: number;
      contract_id?: number;
    },
  ): FakeContract {
    const issued = c.issued ?? Date.UTC(2026, 0, 10);
    const id = c.contract_id ?? this.nextContractId++;
    const row: FakeContract = {
      contract_id: id,
      issuer_id: characterId,
      issuer_corporation_id: c.issuer_corporation_id,
      assignee_id: c.assignee_id,
      acceptor_id: 0,
      type: c.type ?? 'item_exchange',
      status: c.status ?? 'outstanding',
      availability: 'personal',
      for_corporation: false,
      price: c.price,
      reward: 0,
      volume: 0.01 * c.items.reduce((s, i) => s + i.quantity, 0),
      title: c.title ?? '',
      date_issued: iso(issued),
      date_expired: iso(issued + 14 * 86_400_000),
      start_location_id: 60003760,
      end_location_id: 60003760,
      days_to_complete: 0,
      items: c.items.map((i, n) => ({
        record_id: id * 10 + n,
        type_id: i.type_id,
        quantity: i.quantity,
        is_included: i.is_included ?? true,
        is_singleton: false,
      })),
    };
    this.contracts.set(characterId, [...(this.contracts.get(characterId) ?? []), row]);
    return row;
  }

  clear(characterId?: number): void {
    if (characterId === undefined) {
      this.jobs.clear();
      this.contracts.clear();
    } else {
      this.jobs.delete(characterId);
      this.contracts.delete(characterId);
    }
  }
}

export function corpRoutes(source: CharacterRoutesSource & { corpData(): FakeCorpData }): FakeRoute[] {
  const guard = async (
    ctx: RouteContext,
    scope: string,
    seconds: number,
    render: (id: number) => unknown,
  ): Promise<RouteResult> => {
    const r = await authorized(ctx, source, scope);
    if ('fail' in r) return r.fail;
    return cached(ctx, source, seconds, render(r.character.id));
  };
  return [
    {
      name: 'characters.industry.jobs',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/industry\/jobs$/,
      handle: (ctx) =>
        guard(ctx, 'esi-industry.read_character_jobs.v1', CORP_CACHE_SECONDS.jobs, (id) => {
          const all = source.corpData().industryJobs(id);
          const completed = ctx.query.get('include_completed') === 'true';
          return completed ? all : all.filter((j) => j.status === 'active' || j.status === 'paused' || j.status === 'ready');
        }),
    },
    {
      name: 'characters.contracts',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/contracts$/,
      handle: async (ctx) => {
        const res = await guard(ctx, 'esi-contracts.read_character_contracts.v1', CORP_CACHE_SECONDS.contracts, (id) =>
          source
            .corpData()
            .characterContracts(id)
            .map(({ items: _items, ...c }) => c),
        );
        return res.status && res.status >= 400 ? res : { ...res, pages: 1 };
      },
    },
    {
      name: 'characters.contracts.items',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/contracts\/(\d+)\/items$/,
      handle: async (ctx) => {
        const r = await authorized(ctx, source, 'esi-contracts.read_character_contracts.v1');
        if ('fail' in r) return r.fail;
        const contract = source
          .corpData()
          .characterContracts(r.character.id)
          .find((c) => c.contract_id === Number(ctx.params[1]));
        if (!contract) return { status: 404, body: { error: 'Contract not found' } };
        return cached(ctx, source, CORP_CACHE_SECONDS.items, contract.items);
      },
    },
    {
      name: 'universe.structures',
      method: 'GET',
      pattern: /^\/universe\/structures\/(\d+)$/,
      handle: async (ctx) => {
        // The token names the character; the path names the structure.
        const sso = source.sso();
        const m = /^Bearer (\S+)$/.exec(ctx.req.headers.authorization ?? '');
        if (!m || !sso) return { status: 401, body: { error: 'authorization not provided' } };
        const claims = await sso.verifyAccessToken(m[1]);
        if ('error' in claims) return { status: 401, body: { error: 'authentication failure' } };
        if (!claims.scp.includes('esi-universe.read_structures.v1'))
          return { status: 403, body: { error: 'token not valid for scope' } };
        const structure = FAKE_STRUCTURES.get(Number(ctx.params[0]));
        if (!structure || sso.character(claims.characterId)?.corporationId !== structure.owner_id) {
          return { status: 403, body: { error: 'Forbidden' } };
        }
        return cached(ctx, source, CORP_CACHE_SECONDS.structure, structure);
      },
    },
    {
      name: 'universe.stations',
      method: 'GET',
      pattern: /^\/universe\/stations\/(\d+)$/,
      handle: async (ctx) => {
        const station = FAKE_STATIONS.get(Number(ctx.params[0]));
        if (!station) return { status: 404, body: { error: 'Station not found' } };
        return cached(ctx, source, CORP_CACHE_SECONDS.station, station);
      },
    },
  ];
}
