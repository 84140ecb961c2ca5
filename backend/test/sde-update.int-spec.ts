/**
 * CCP's SDE like a real install, against the real app and database: with no SDE_PATH/SDE_URL the
 * start-up import reads CCP's `latest.jsonl` (a loopback stand-in here), downloads that build's
 * archive into DATA_DIR/sde and imports it; the scheduled check (the `sde-update` lease) imports a
 * newer build when CCP publishes one, does nothing when the build is current, and is skipped while
 * another instance holds the lease.
 */
import { sdeArchiveName, startFakeStaticData, type FakeStaticData } from '@eve-toolkit/fake-esi';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { RunningApp } from '../src/bootstrap';
import { loadConfig } from '../src/common/config/config';
import { LeaseService } from '../src/common/scheduling/lease.service';
import { SDE_UPDATE_LEASE, SdeImportService } from '../src/game-data/sde-import.service';
import { createTestApp } from './app';
import { buildMiniSde, removeMiniSdeDirs, zipMiniSde } from './fixtures/mini-sde';

jest.setTimeout(60_000);

let running: RunningApp;
let ccp: FakeStaticData;
const dataDir = mkdtempSync(join(tmpdir(), 'sde-update-'));

beforeAll(async () => {
  ccp = await startFakeStaticData({ latest: 1, releaseDate: '2026-11-01T00:00:00Z' });
  for (const build of [1, 2]) {
    const dir = await buildMiniSde({ buildNumber: build });
    ccp.zips.set(build, readFileSync(await zipMiniSde(dir, sdeArchiveName(build))));
  }
  const base = loadConfig().sde;
  running = await createTestApp({
    dataDir,
    sde: {
      ...base,
      path: undefined,
      url: undefined,
      baseUrl: ccp.base,
      autoImport: true,
    },
  });
  running.app.get(SdeImportService).resolveOptions = { retryDelayMs: 10, progress: 'none' };
}, 120_000);

afterAll(async () => {
  await running?.close();
  await ccp?.close();
  rmSync(dataDir, { recursive: true, force: true });
  removeMiniSdeDirs();
});

const build = async () => (await request(running.url).get('/api/health').expect(200)).body.sde?.buildNumber ?? null;

it("the start-up import downloads CCP's latest build into DATA_DIR/sde and imports it", async () => {
  expect(await build()).toBeNull();
  const summary = await running.app.get(SdeImportService).autoImport(() => undefined);
  expect(summary?.buildNumber).toBe(1);
  expect(await build()).toBe(1);
  expect(ccp.requests.map((r) => r.url)).toEqual([
    '/static-data/tranquility/latest.jsonl',
    '/static-data/tranquility/eve-online-static-data-1-jsonl.zip',
  ]);
  expect(readdirSync(join(dataDir, 'sde'))).toEqual(['eve-online-static-data-1-jsonl.zip']);
});

it('the scheduled check imports nothing while the build is current, and a newer build once CCP publishes it', async () => {
  ccp.requests.length = 0;
  await running.app.get(SdeImportService).checkNow();
  expect(ccp.requests.map((r) => r.url)).toEqual(['/static-data/tranquility/latest.jsonl']);
  expect(await build()).toBe(1);

  ccp.latest = 2;
  ccp.requests.length = 0;
  await running.app.get(SdeImportService).checkNow();
  expect(ccp.requests.map((r) => r.url)).toEqual([
    '/static-data/tranquility/latest.jsonl',
    '/static-data/tranquility/eve-online-static-data-2-jsonl.zip',
  ]);
  expect(await build()).toBe(2);
  expect(readdirSync(join(dataDir, 'sde'))).toEqual(['eve-online-static-data-2-jsonl.zip']);
});

it('is skipped while another instance holds the sde-update lease', async () => {
  const leases = running.app.get(LeaseService);
  expect(await leases.acquire(SDE_UPDATE_LEASE, 60_000, 'another-instance')).toBe(true);
  try {
    ccp.requests.length = 0;
    await running.app.get(SdeImportService).checkNow();
    expect(ccp.requests.map((r) => r.url)).toEqual([]);
  } finally {
    await leases.release(SDE_UPDATE_LEASE, 'another-instance');
  }
});
