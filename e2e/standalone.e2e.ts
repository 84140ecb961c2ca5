/**
 * The repository stands alone: a copy of the built repository with no `../shared` beside it,
 * given only a loopback web server that serves CCP's SDE archive in place of
 * developers.eveonline.com (the archive is built here from the repository's SDE subset,
 * tools/sde-subset, the same data this suite's global app imports through SDE_PATH):
 * - with no source reachable, the start names the address it tried and what to set;
 * - it downloads the build named by `latest.jsonl`, resumes the cut download with HTTP Range from
 *   exactly the bytes on disk, verifies and imports it;
 * - industry jobs with rigs answer exactly like the global app (SDE_PATH, the demo's own import):
 *   the same JSON once the hub's moving market prices are set aside (the fake market is live), the
 *   Rifter of issue 23 included;
 * - its demo market is live (the seed ships in the repository).
 */
import { sdeArchiveName, startFakeStaticData, zipSde, type FakeStaticData } from '../tools/fake-esi/src';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startApp, type AppProcess } from './support/app-process';
import { standaloneCopy } from './support/standalone';
import { SDE_SUBSET_DIR } from '../tools/sde-subset/paths';

jest.setTimeout(420_000);

const JITA = 30000142;
const TAMA = 30002813;

/** Jobs whose answers must not depend on where the game data came from. */
const JOBS = {
  // Issue 23: 100 Rifters, ME 10, a Raitaru with an M-Set Basic Small Ship ME II rig.
  rifter: {
    blueprint_id: 691,
    quantity: 100,
    system_id: JITA,
    me: 10,
    te: 20,
    tax: 0.25,
    station_key: '35825',
    station_rig: [37155],
  },
  dominix: {
    blueprint_id: 999,
    quantity: 1,
    system_id: TAMA,
    me: 10,
    te: 20,
    tax: 2,
    station_key: '35827',
    station_rig: [45548, 37180],
  },
  carbonFiber: {
    blueprint_id: 46166,
    quantity: 2000,
    system_id: TAMA,
    reactions: true,
    reaction_station: '35835',
    reaction_rig: [46487, 46485],
  },
};

/** Hub prices move with the live fake market; everything else must be identical. */
const MARKET_KEYS = new Set([
  'market_sell',
  'market_buy',
  'pay',
  'materials_total_sell',
  'materials_total_buy',
  'corp_buy_price',
]);
function withoutMarket(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMarket);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !MARKET_KEYS.has(k))
        .map(([k, v]) => [k, withoutMarket(v)]),
    );
  return value;
}

async function csrf(url: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${url}/auth/get_csrf`);
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  return { cookie, token: ((await res.json()) as { token: string }).token };
}

/** The job's answer once the instance has its industry inputs (adjusted prices, cost indices). */
async function jobAnswer(url: string, body: object): Promise<{ text: string; json: Record<string, unknown> }> {
  const { cookie, token } = await csrf(url);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${url}/data/industry/job`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { job?: { adjusted_price: number | null }; system_indexes?: { cost_indices: unknown[] } };
    if (res.status === 200 && json.system_indexes?.cost_indices.length && json.job?.adjusted_price !== null) {
      const stripped = withoutMarket(json) as Record<string, unknown>;
      return { text: JSON.stringify(stripped), json: stripped };
    }
    if (Date.now() > deadline)
      throw new Error(`${url}: no complete job answer: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function waitFor(read: () => string, text: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!read().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in:\n${read().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitForLiveMarket(url: string): Promise<number> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const res = await fetch(`${url}/data/market/items?hub=2`);
    const body = (await res.json()) as { updated_at?: string | null; data?: { items: { sell: number | null }[] }[] };
    const priced = body.data?.flatMap((c) => c.items).filter((i) => i.sell !== null).length ?? 0;
    if (res.ok && body.updated_at && priced > 0) return priced;
    if (Date.now() > deadline) throw new Error(`no live market at ${url}: HTTP ${res.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('a copy of the repository with no ../shared beside it', () => {
  let root = '';
  let zip: Buffer;
  let ccp: FakeStaticData | null = null;
  let app: AppProcess | null = null;

  beforeAll(async () => {
    root = standaloneCopy();
    zip = await zipSde(
      SDE_SUBSET_DIR,
      readdirSync(SDE_SUBSET_DIR).filter((f) => f.endsWith('.jsonl')),
    );
  });
  afterAll(async () => {
    await app?.stop('SIGKILL');
    await ccp?.close();
    if (root) rmSync(dirname(root), { recursive: true, force: true });
  });

  it('has no ../shared beside it, and with no source reachable names the address it tried and what to set', async () => {
    expect(existsSync(join(root, '..', 'shared'))).toBe(false);
    const offline = await startApp({ APP_MODE: 'demo', SDE_BASE_URL: 'http://127.0.0.1:9/static-data' }, 120_000, root);
    try {
      await waitFor(
        offline.output,
        'Импорт SDE не выполнен: Источник SDE не найден: не удалось получить сведения о последней сборке SDE с http://127.0.0.1:9/static-data/tranquility/latest.jsonl',
        60_000,
      );
      expect(offline.output()).toContain('или задайте SDE_PATH (папка с файлами .jsonl или архив .zip) либо SDE_URL');
      expect((await fetch(`${offline.url}/data/industry/blueprints?q=Rifter`)).status).toBe(503);
    } finally {
      await offline.stop('SIGTERM');
      rmSync(offline.dataDir, { recursive: true, force: true });
    }
  });

  it("downloads CCP's archive (resuming a cut transfer), imports it, answers industry jobs with rigs like the global app and has a live market", async () => {
    // The first transfer is cut halfway, once those bytes are on the disk of the copy's data folder.
    const dataDir = join(dirname(root), 'data');
    mkdirSync(dataDir);
    const at = Math.floor(zip.length / 2);
    const archive = join(dataDir, 'sde', sdeArchiveName(0));
    ccp = await startFakeStaticData({ latest: 0, zips: [[0, zip]], releaseDate: '2025-06-24T00:00:00Z' });
    ccp.cutNext(at, `${archive}.part`);
    app = await startApp(
      { APP_MODE: 'demo', SDE_BASE_URL: ccp.base, RATE_LIMIT_TRUSTED: '127.0.0.1', DATA_DIR: dataDir },
      120_000,
      root,
    );
    await waitFor(app.output, 'Импорт SDE завершён', 300_000);
    expect(ccp.requests.map((r) => r.url)).toEqual([
      '/static-data/tranquility/latest.jsonl',
      '/static-data/tranquility/eve-online-static-data-0-jsonl.zip',
      '/static-data/tranquility/eve-online-static-data-0-jsonl.zip',
    ]);
    // The retry asks for exactly the rest of what is on disk.
    expect(ccp.requests[1].range).toBeUndefined();
    expect(ccp.requests[2].range).toBe(`bytes=${at}-`);
    expect(app.output()).toContain(`SDE сохранён и проверен: ${archive}`);

    const full = process.env.E2E_BASE_URL!;
    for (const [name, body] of Object.entries(JOBS)) {
      const [alone, imported] = await Promise.all([jobAnswer(app.url, body), jobAnswer(full, body)]);
      expect({ name, answer: alone.text }).toEqual({ name, answer: imported.text });
    }
    const rifter = (await jobAnswer(app.url, JOBS.rifter)).json as { job: { materials: { id: number; quantity: number }[] } };
    expect(rifter.job.materials.find((m) => m.id === 34)?.quantity).toBe(2_782_772);

    // The same market list as the global app: every listed item has a SELL price from the seed's book.
    const priced = await waitForLiveMarket(app.url);
    expect(priced).toBeGreaterThan(50);
    expect(priced).toBe(await waitForLiveMarket(full));
  });
});
