/**
 * Market ingest: a full region order book of 400 000 orders over 400 pages, served by the fake ESI
 * in a child process, read by the real app (ESI client -> hub accumulator -> bulkWrite) into a
 * fresh in-memory embedded server in this process. Prints the time and the peak RSS of this
 * process (app + embedded database; targets < 60 s, < 400 MB), then the requests per second of
 * the market list next to a same-run baseline (the static hubs route through the same stack).
 *
 *   npm run build && npx tsx bench/market-ingest.bench.ts [orders=400000] [seconds=5]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { startEmbeddedMongo } from '../packages/embedded-mongo/src/index';
// The compiled backend: Nest's DI needs decorator metadata, which tsx (esbuild) does not emit.
import { MarketRefreshService } from '../backend/dist/market/market-refresh.service';
import { SdeImportService } from '../backend/dist/game-data/sde-import.service';
import { benchApp } from './support/app';

const ORDERS = Number(process.argv[2] ?? 400_000);
const SECONDS = Number(process.argv[3] ?? 5);
const CONCURRENCY = 8;

function startFakeEsiProcess(): Promise<{ child: ChildProcess; url: string }> {
  const cli = resolve(__dirname, '..', 'tools', 'fake-esi', 'src', 'cli.ts');
  const child = fork(cli, ['--port', '0', '--orders', String(ORDERS), '--static'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolveUrl, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolveUrl({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`fake-esi exited with ${code}`)));
  });
}

/** Requests per second of `path` for `seconds`, CONCURRENCY loops on keep-alive connections. */
async function rps(base: string, path: string, seconds: number): Promise<{ rps: number; errors: number }> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  let client = 0;
  const loop = async () => {
    const id = ++client;
    let n = 0;
    while (Date.now() < end) {
      // one synthetic client address per request: the API's per-IP throttle (300/min) would
      // otherwise measure the throttle; the app trusts X-Forwarded-For from loopback proxies
      const res = await fetch(base + path, { headers: { 'X-Forwarded-For': `10.${id}.${(n >> 8) & 255}.${n++ & 255}` } });
      await res.arrayBuffer();
      if (res.status === 200) done += 1;
      else errors += 1;
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  return { rps: done / ((Date.now() - t0) / 1000), errors };
}

async function main(): Promise<void> {
  const fake = await startFakeEsiProcess();
  const mongo = await startEmbeddedMongo({ port: 0 });
  const running = await benchApp(mongo.uri, 'bench_market', {
    esi: { baseUrl: fake.url, userAgent: 'eve-toolkit-bench', compatibilityDate: '2025-09-30' },
  });
  const refresh = running.app.get(MarketRefreshService);

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);

  const t0 = Date.now();
  const result = await refresh.refreshHub(2, { force: true });
  const seconds = (Date.now() - t0) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  // The list needs item names (it answers 503 until game data exists): import the SDE first,
  // after the refresh so the memory figures above are the refresh's alone.
  const sde = await running.app.get(SdeImportService).importNow();
  console.log(`(game data imported for the list: ${sde.counts.types} types)`);

  const baseline = await rps(running.url, '/data/market/hubs', SECONDS);
  const list = await rps(running.url, '/data/market/items?hub=2', SECONDS);
  const listBytes = (await (await fetch(`${running.url}/data/market/items?hub=2`)).arrayBuffer()).byteLength;

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(`\n## market ingest (${ORDERS} orders, fake ESI in a child process, embedded in-memory DB in this process)`);
  console.log(`refresh:    ${result.outcome}, ${result.pages} pages, ${result.items} items at Jita 4-4`);
  console.log(`time:       ${seconds.toFixed(1)} s   (target < 60 s; ${(ORDERS / seconds).toFixed(0)} orders/s)`);
  console.log(`peak RSS:   ${mb(peakRss)}   (target < 400 MB; ${mb(rssBefore)} before the refresh, peak heap ${mb(peakHeap)})`);
  console.log(
    `list:       ${list.rps.toFixed(0)} req/s  GET /data/market/items?hub=2 (${(listBytes / 1024).toFixed(1)} KB, ${list.errors} errors)`,
  );
  console.log(
    `baseline:   ${baseline.rps.toFixed(0)} req/s  GET /data/market/hubs (static JSON, same stack; ${baseline.errors} errors)`,
  );
  console.log(
    `ratio:      ${(list.rps / baseline.rps).toFixed(2)} of the baseline (${CONCURRENCY} concurrent clients, ${SECONDS} s each)`,
  );

  if (list.errors || baseline.errors) {
    console.error('Requests failed during the run: the req/s figures above are not valid.');
    process.exitCode = 1;
  }

  await running.close();
  await mongo.close();
  fake.child.kill();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
