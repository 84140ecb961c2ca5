/**
 * What the data endpoints say without game data, against the real app, database and a stand-in
 * of CCP's SDE server: while the import has not started or runs, «ещё загружаются» (a warm-up the
 * client retries); once the start-up import failed for good (CCP's archive answers 404), why it
 * failed and that it is the site administrator's matter, with its own code — on every instance of
 * the database, not only the one that tried.
 */
import { startFakeStaticData, type FakeStaticData } from '@eve-toolkit/fake-esi';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { RunningApp } from '../src/bootstrap';
import { loadConfig } from '../src/common/config/config';
import { GameData } from '../src/game-data/game-data.contract';
import { SdeImportService } from '../src/game-data/sde-import.service';
import { createTestApp, startTestInstance, testDatabase } from './app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs } from './fixtures/mini-sde';
import { signedIn } from './support/accounts';

jest.setTimeout(60_000);

const LOADING = {
  statusCode: 503,
  code: 'UPSTREAM_UNAVAILABLE',
  message: 'Игровые данные ещё загружаются, попробуйте через минуту',
};

/** Endpoints that need game data, each behind the one guard (market, industry, planetology, search). */
const DATA_PATHS = [
  '/data/market/items?hub=2',
  '/data/market/detail/34?hub=2',
  '/data/industry/items?q=tritanium',
  '/data/industry/items/34',
  '/data/universe/blueprints',
];

let running: RunningApp;
let other: RunningApp | undefined;
let ccp: FakeStaticData;
const database = testDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'game-data-status-'));

beforeAll(async () => {
  // CCP announces build 7 but has no archive for it: the download answers 404.
  ccp = await startFakeStaticData({ latest: 7 });
  const base = loadConfig().sde;
  running = await createTestApp(
    { dataDir, sde: { ...base, path: undefined, url: undefined, baseUrl: ccp.base, autoImport: true } },
    database,
  );
  running.app.get(SdeImportService).resolveOptions = { retryDelayMs: 10, progress: 'none' };
}, 120_000);

afterAll(async () => {
  await other?.close();
  await running?.close();
  await ccp?.close();
  rmSync(dataDir, { recursive: true, force: true });
  removeMiniSdeDirs();
});

const get = (app: RunningApp, path: string) => request(app.url).get(path);

it('before the first import has started, every data endpoint says the game data is loading', async () => {
  expect(await running.app.get(GameData).status()).toBeNull();
  for (const path of DATA_PATHS)
    expect({ path, body: (await get(running, path).expect(503)).body }).toEqual({ path, body: LOADING });
});

describe('after the start-up import failed', () => {
  const archive = () => `${ccp.base}/tranquility/eve-online-static-data-7-jsonl.zip`;
  const failure = () => ({
    statusCode: 503,
    code: 'GAME_DATA_UNAVAILABLE',
    // The reason (the archive's address) is in the status and the admin's page, not in the public answer.
    message:
      'Игровые данные не загружены: импорт не удался (причина — на главной странице администратора и в журнале сервера). ' +
      'Администратору сайта: проверьте доступ к CCP или задайте SDE_PATH / SDE_URL и перезапустите приложение.',
  });

  beforeAll(async () => {
    const logs: string[] = [];
    expect(await running.app.get(SdeImportService).autoImport((m) => logs.push(m))).toBeNull();
    expect(logs).toContain(`Импорт SDE не выполнен: Не удалось скачать SDE с ${archive()}: HTTP 404`);
  });

  it('the status says failed, when and why', async () => {
    const status = await running.app.get(GameData).status();
    expect(status).toEqual({
      state: 'failed',
      step: null,
      reason: `Не удалось скачать SDE с ${archive()}: HTTP 404`,
      since: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(status!.since))).toBe(false);
  });

  it("the admin's page data shows it: no build, the import failed, when and why", async () => {
    const admin = await signedIn(running, 'gd_admin', ['admin']);
    expect((await admin.get('/api/admin/update_libs/status').expect(200)).body).toEqual({
      job: null,
      game_data: {
        build: null,
        status: {
          state: 'failed',
          step: null,
          reason: `Не удалось скачать SDE с ${archive()}: HTTP 404`,
          since: expect.any(String),
        },
      },
    });
  });

  it.each(DATA_PATHS)('%s answers why, with its own code, not «ещё загружаются»', async (path) => {
    expect((await get(running, path).expect(503)).body).toEqual(failure());
  });

  it('another instance of the same database says the same', async () => {
    other = await startTestInstance(database);
    expect((await get(other, '/data/market/items?hub=2').expect(503)).body).toEqual(failure());
  });

  it('a new import says «loading» again while it runs, and the data is served once it is done', async () => {
    const dir = await buildMiniSde();
    const during: unknown[] = [];
    await importSdeInto(running, dir, {
      // All written and indexed, not yet switched to: the import is still running.
      beforeActivate: async () => {
        during.push(await running.app.get(GameData).status());
        during.push((await get(running, '/data/market/items?hub=2').expect(503)).body);
      },
    });
    expect(during).toEqual([
      {
        state: 'importing',
        step: expect.stringMatching(/^(Поиск источника SDE|Импорт \w+\.jsonl)$/),
        reason: null,
        since: expect.any(String),
      },
      LOADING,
    ]);
    expect(await running.app.get(GameData).status()).toMatchObject({ state: 'ready', step: null, reason: null });
    expect((await get(running, '/data/industry/items/34').expect(200)).body.item.id).toBe(34);
    await get(running, '/data/market/items?hub=2').expect(200);
  });
});
