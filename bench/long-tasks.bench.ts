/**
 * What the main thread does while a page loads: every task over 20 ms (unthrottled, on this
 * machine) with what it spent its time on, for the pages Lighthouse measures (issue 37). Lighthouse's
 * simulated throttling multiplies these tasks by 4: a task of 50 ms here is 200 ms of a phone's
 * main thread, 150 ms of it blocking. This says which work to split; lighthouse.bench.ts says
 * whether the page meets the bar.
 *
 *   npm run build && npx tsx bench/long-tasks.bench.ts [runs=3]
 *   LH_PAGES=industry npx tsx bench/long-tasks.bench.ts 5
 *   LT_MIN_MS=12 LT_PROFILE=1 LH_PAGES=industry npx tsx bench/long-tasks.bench.ts 2
 *
 * LT_PROFILE=1 adds, under each task, the JavaScript it ran (V8's sampling profile): the functions
 * the samples were in and the nearest function of the app's own code up their stacks, named by
 * source file and line when the build has source maps (`cd frontend && npx vite build --sourcemap
 * && npx vite build --ssr src/entry-server.tsx`; a plain `vite build` empties dist/ and with it
 * the server renderer).
 *
 * Per page and run: the tasks over 20 ms in load order (start after the HTML's first parse, duration, and the
 * largest kinds of work inside: script evaluation with its URL's file name, function calls, style,
 * layout, parse, paint), then the sum of (4 × duration − 50 ms) over the tasks — the blocking time
 * a 4× slower phone would see from them.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { REPO, startApp, waitForMarket } from '../e2e/support/app-process';
import { CHROMIUM, PAGES } from './phone-pages';
import { frameNamer, profileOfTask, samplesOf, type ProfileEvent } from './support/js-profile';

const PROFILE = process.env.LT_PROFILE === '1';
const nameFrame = frameNamer(join(REPO, 'frontend', 'dist', 'assets'));

const RUNS = Number(process.argv[2] ?? 3);
/** LT_MIN_MS=12 lists shorter tasks too (a task over 12.5 ms is over 50 ms at 4×: it blocks). */
const MIN_MS = Number(process.env.LT_MIN_MS ?? 20);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string }; name?: string; beginData?: { url?: string } };
}

/** The kinds of work inside a task that say what to split. */
const KINDS: Record<string, string> = {
  EvaluateScript: 'eval',
  'v8.compileModule': 'compile',
  'v8.evaluateModule': 'eval-module',
  FunctionCall: 'call',
  TimerFire: 'timer',
  FireAnimationFrame: 'raf',
  EventDispatch: 'event',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  ParseHTML: 'parse-html',
  ParseAuthorStyleSheet: 'parse-css',
  Paint: 'paint',
  RunMicrotasks: 'microtasks',
  'v8.callFunction': 'call',
  GCEvent: 'gc',
  MinorGC: 'gc',
  MajorGC: 'gc',
};

async function collect(session: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.end');
  await done;
  return events;
}

function report(events: TraceEvent[], path: string): { lines: string[]; blocking: number } {
  // The page's renderer main thread: where its HTML is parsed (a navigation can swap renderers).
  const parse = events
    .filter((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.endsWith(path))
    .sort((a, b) => a.ts - b.ts)[0];
  if (!parse) return { lines: ['  (the page’s HTML parse is not in the trace)'], blocking: NaN };
  const navStart = parse.ts;
  const onMain = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.dur !== undefined);
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' && e.dur! > MIN_MS * 1000 && e.ts + e.dur! >= navStart)
    .sort((a, b) => a.ts - b.ts);
  const lines: string[] = [];
  let blocking = 0;
  const samples = PROFILE ? samplesOf(events as ProfileEvent[], parse.pid) : null;
  for (const t of tasks) {
    const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!);
    const by = new Map<string, number>();
    for (const e of inside) {
      const kind = KINDS[e.name];
      if (!kind) continue;
      const file = e.args?.data?.url?.split('/').pop()?.split('?')[0];
      const key =
        file && (kind === 'eval' || kind === 'compile' || kind === 'eval-module' || kind === 'call') ? `${kind} ${file}` : kind;
      by.set(key, (by.get(key) ?? 0) + e.dur!);
    }
    const top = [...by.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`)
      .join(', ');
    const ms = t.dur! / 1000;
    blocking += Math.max(0, 4 * ms - 50);
    lines.push(`  +${((t.ts - navStart) / 1000).toFixed(0).padStart(5)} ms  ${ms.toFixed(0).padStart(4)} ms  ${top}`);
    if (samples) {
      const { self, ours } = profileOfTask(samples, { ts: t.ts, dur: t.dur! }, nameFrame);
      if (self) lines.push(`        js: ${self}`);
      if (ours) lines.push(`        our code: ${ours}`);
    }
  }
  return { lines, blocking };
}

async function main(): Promise<void> {
  const app = await startApp({ APP_MODE: 'demo', RATE_LIMIT_TRUSTED: '127.0.0.1' });
  try {
    await waitForMarket(app.url, 240_000);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    console.log(`long tasks at load, unthrottled (${cpus().length} cores, load average ${loadavg()[0].toFixed(1)})`);
    for (const page of PAGES) {
      for (let run = 1; run <= RUNS; run++) {
        // A fresh context per run: no cache, as Lighthouse loads a page.
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
        await context.route(/images\.evetech\.net/, (r) => r.abort());
        const tab = await context.newPage();
        const session = await context.newCDPSession(tab);
        await session.send('Tracing.start', {
          traceConfig: {
            includedCategories: [
              'devtools.timeline',
              'v8.execute',
              'disabled-by-default-devtools.timeline',
              'toplevel',
              '__metadata',
              ...(PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
            ],
          },
          transferMode: 'ReportEvents',
        });
        await tab.goto(`${app.url}${page.path}`, { waitUntil: 'commit' });
        await tab.waitForLoadState('networkidle');
        // Let the page's later stages (incremental lists, deferred parts) run out, as Lighthouse waits for quiet.
        await tab.waitForTimeout(3000);
        const events = await collect(session);
        const { lines, blocking } = report(events, page.path);
        console.log(
          `\n${page.name} — run ${run}: ${lines.filter((l) => l.startsWith('  +')).length} tasks over ${MIN_MS} ms; blocking at 4× ≈ ${blocking.toFixed(0)} ms`,
        );
        for (const l of lines) console.log(l);
        await context.close();
      }
    }
    await browser.close();
  } finally {
    await app.stop();
  }
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
