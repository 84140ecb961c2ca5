/**
 * What server rendering costs the server: requests per second of a server-rendered page against
 * the same process's static shell, measured in turns, round by round.
 *
 *   npm run build && npx tsx bench/ssr.bench.ts [seconds=5] [rounds=3]
 *
 * The built app in demo mode (a child process, like `npm start`), loopback only, autocannon with
 * 8 keep-alive connections, each row for `seconds`:
 * - static shell: `GET /corp/main`, a page the server does not render (index.html with its preload
 *   hints, what every page was before server rendering) — the baseline;
 * - market list, reused: `GET /market/list` — the market list rendered with its data (the market's
 *   10-second list cache), the render reused for 10 s (frontend/src/entry-server.tsx);
 * - market list, rendered every time: `GET /market/list?n=<counter>` — a new address per request,
 *   so every request renders the page (the data still from the market's cache);
 * - loot, rendered every time: `GET /loot?n=<counter>` — a page without data (the header and the
 *   page's own markup).
 * Each row's figures are the median of its rounds; rows are interleaved round by round, so load
 * from other work hits them alike. 127.0.0.1 is in RATE_LIMIT_TRUSTED (no spoofed headers).
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startApp, waitForMarket } from '../e2e/support/app-process';

const SECONDS = Number(process.argv[2] ?? 5);
const ROUNDS = Number(process.argv[3] ?? 3);

const ROWS = [
  { name: 'static shell (/corp/main, not rendered)', path: '/corp/main', unique: false },
  { name: 'market list, render reused (10 s)', path: '/market/list', unique: false },
  { name: 'market list, rendered every request', path: '/market/list', unique: true },
  { name: 'loot, rendered every request', path: '/loot', unique: true },
] as const;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rendered: boolean;
}

async function measure(url: string, path: string, unique: boolean): Promise<Figures> {
  let n = 0;
  const result = await autocannon({
    url: url + path,
    connections: 8,
    duration: SECONDS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: unique ? `${path}?n=${n++}` : path }) }],
  });
  const page = await (await fetch(url + path)).text();
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    rendered: page.includes('id="ssr-state"'),
  };
}

async function main(): Promise<void> {
  console.log('Starting the built app in demo mode…');
  const app = await startApp({ APP_MODE: 'demo', RATE_LIMIT_TRUSTED: '127.0.0.1', LOG_LEVEL: 'error' });
  try {
    await waitForMarket(app.url, 240_000);
    // Warm-up: the server entry's first renders, the market's caches.
    for (const row of ROWS) await measure(app.url, row.path, row.unique);
    const runs = ROWS.map(() => [] as Figures[]);
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(loadavg()[0]);
      for (const [i, row] of ROWS.entries()) runs[i].push(await measure(app.url, row.path, row.unique));
      console.log(`round ${round + 1}/${ROUNDS} done`);
    }
    loads.push(loadavg()[0]);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const base = median(runs[0].map((r) => r.rps));
    console.log(`\n8 connections, ${SECONDS} s per row, median of ${ROUNDS} rounds:`);
    console.log('| page | server-rendered | req/s | vs static | p50 | p99 | errors |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
    for (const [i, row] of ROWS.entries()) {
      const r = runs[i];
      const rps = median(r.map((x) => x.rps));
      console.log(
        `| ${row.name} | ${r.every((x) => x.rendered) ? 'yes' : 'no'} | ${rps.toFixed(0)} | ${(rps / base).toFixed(2)} | ${median(r.map((x) => x.p50))} ms | ${median(r.map((x) => x.p99))} ms | ${r.reduce((a, x) => a + x.errors, 0)} |`,
      );
    }
    console.log(`\nLoad average (1 min) at the start of each round and at the end: ${loads.map((l) => l.toFixed(1)).join(', ')}`);
    if (runs.some((r) => r.some((x) => x.errors > 0))) process.exitCode = 1;
  } finally {
    await app.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
