/**
 * CCP's SDE like a real install, against the real app and database: with no SDE_PATH/SDE_URL the
 * start-up import reads CCP's `latest.jsonl` (a loopback stand-in here), downloads that build's
 * archive into DATA_DIR/sde and imports it; the scheduled check (the `sde-update` lease) imports a
 * newer build when CCP publishes one, does nothing when the build is current, and is skipped while
 * another instance holds the lease.
 */
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
let server: Server;
let latest = 1;
const zips = new Map<number, Buffer>();
const served: string[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'sde-update-'));

beforeAll(async () => {
  for (const build of [1, 2]) {
    const dir = await buildMiniSde({ buildNumber: build });
    zips.set(build, readFileSync(zipMiniSde(dir, `eve-online-static-data-${build}-jsonl.zip`)));
  }
  server = createServer((req, res) => {
    served.push(req.url ?? '');
    if (req.url === '/static-data/tranquility/latest.jsonl')
      return void res.end(`{"_key": "sde", "buildNumber": ${latest}, "releaseDate": "2026-11-01T00:00:00Z"}\n`);
    const m = /eve-online-static-data-(\d+)-jsonl\.zip$/.exec(req.url ?? '');
    const zip = m ? zips.get(Number(m[1])) : undefined;
    if (!zip) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-length': String(zip.length) }).end(zip);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = loadConfig().sde;
  running = await createTestApp({
    dataDir,
    sde: {
      ...base,
      path: undefined,
      url: undefined,
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/static-data`,
      autoImport: true,
    },
  });
  running.app.get(SdeImportService).resolveOptions = { retryDelayMs: 10, progress: 'none' };
}, 120_000);

afterAll(async () => {
  await running?.close();
  server?.close();
  rmSync(dataDir, { recursive: true, force: true });
  removeMiniSdeDirs();
});

const build = async () => (await request(running.url).get('/api/health').expect(200)).body.sde?.buildNumber ?? null;

it("the start-up import downloads CCP's latest build into DATA_DIR/sde and imports it", async () => {
  expect(await build()).toBeNull();
  const summary = await running.app.get(SdeImportService).autoImport(() => undefined);
  expect(summary?.buildNumber).toBe(1);
  expect(await build()).toBe(1);
  expect(served).toEqual([
    '/static-data/tranquility/latest.jsonl',
    '/static-data/tranquility/eve-online-static-data-1-jsonl.zip',
  ]);
  expect(readdirSync(join(dataDir, 'sde'))).toEqual(['eve-online-static-data-1-jsonl.zip']);
});

it('the scheduled check imports nothing while the build is current, and a newer build once CCP publishes it', async () => {
  served.length = 0;
  await running.app.get(SdeImportService).checkNow();
  expect(served).toEqual(['/static-data/tranquility/latest.jsonl']);
  expect(await build()).toBe(1);

  latest = 2;
  served.length = 0;
  await running.app.get(SdeImportService).checkNow();
  expect(served).toEqual([
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
    served.length = 0;
    await running.app.get(SdeImportService).checkNow();
    expect(served).toEqual([]);
  } finally {
    await leases.release(SDE_UPDATE_LEASE, 'another-instance');
  }
});
