/**
 * Appraisal: server time for a 10 000-line mixed paste (every format family, English and Russian
 * names, ~8 000 distinct types) beside a same-run parse-only baseline.
 *
 *   npm run build && npx tsx bench/appraisal.bench.ts [runs=15]
 *   BENCH_CPU_PROFILE=/tmp/appraisal.cpuprofile npx tsx bench/appraisal.bench.ts   (profile of the timed runs)
 *
 * Boots the real app (compiled backend/dist) on a fresh in-memory embedded server in this
 * process (the default single-machine mode), imports the full SDE, seeds a price for every market
 * type at every hub (best orders, 5 % book prices, order counts), then times, run by run interleaved:
 * - the server time of `POST data/market/appraisal` (the target): from the request's headers to
 *   its last byte handed to the socket, seen by the server (body, CSRF, validation, parse, names,
 *   prices at the hub and totals at all five, suggestions for the unrecognised lines, the answer
 *   serialised and gzipped once, saving it, sending it). The request comes from
 *   a client in another process, as a browser sends it (gzip/brotli accepted);
 * - the same POST seen by that client (plus loopback and decompression);
 * - the service call alone (no HTTP; includes serialising and gzipping the answer), and the
 *   app's read alone within it (AppraisalReader: the paste in two threads);
 * - the baseline: parse + resolve against an in-memory name map (no database).
 * Target: the server time under 150 ms on the 2-core machine.
 */
import { fork } from 'node:child_process';
import { Session } from 'node:inspector';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startEmbeddedMongo } from '../packages/embedded-mongo/src/index';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { HUBS, appraisalNameKey, appraiseText, seededRandom } from '@eve-toolkit/shared-types';
import { SdeImportService } from '../backend/dist/game-data/sde-import.service';
import { AppraisalService } from '../backend/dist/appraisal/appraisal.service';
import { AppraisalReader } from '../backend/dist/appraisal/appraisal-reader';
import { AppraisalPrices } from '../backend/dist/appraisal/appraisal-prices';
import { AppraisalSuggestions } from '../backend/dist/appraisal/appraisal-suggestions';
import { benchApp } from './support/app';

const CHILD = process.argv[2] === '--client';
const RUNS = CHILD ? 0 : Number(process.argv[2] ?? 15);
const LINES = 10_000;
const SDE = resolve(__dirname, '..', '..', 'shared', 'eve-data', 'sde-jsonl');

interface NamedType {
  id: number;
  en: string;
  ru: string;
}

/** Published market types with their English and Russian names, from the SDE file itself. */
async function marketTypes(): Promise<NamedType[]> {
  const out: NamedType[] = [];
  const rl = createInterface({ input: createReadStream(join(SDE, 'types.jsonl')), crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.includes('"marketGroupID"') || !line.includes('"published": true')) continue;
    const r = JSON.parse(line) as { _key: number; name: { en?: string; ru?: string } };
    const en = r.name.en ?? r.name.ru ?? '';
    out.push({ id: r._key, en, ru: r.name.ru || en });
  }
  return out;
}

/** 10 000 lines cycling through the format families, names picked at random (a fifth in Russian). */
function mixedPaste(types: NamedType[]): string {
  const r = seededRandom(7);
  const pick = () => {
    const t = types[Math.floor(r() * types.length)];
    return r() < 0.2 ? t.ru : t.en;
  };
  const q = () => 1 + Math.floor(r() * 50_000);
  const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, r() < 0.5 ? ',' : ' ');
  const formats: (() => string)[] = [
    () => `${pick()}\t${q()}`,
    () => `${q()}x ${pick()}`,
    () => `${pick()} x ${thousands(q())}`,
    () => `${q()} ${pick()}`,
    () => `${pick()} ${q()}`,
    () => pick(),
    () => `${pick()}\t${thousands(q())}\tГруппа\tКатегория\t\t\t10,5 м^3\t1 234,56 ISK`,
    () => `${pick()}\tGroup\tCargo Hold\t${q()}`,
    () => `2024.05.01 19:56\tIvan Petrov\t${pick()}\t${q()}\tGroup`,
    () => `03:21:19 Some pilot has looted ${thousands(q())} x ${pick()}`,
    () => `${pick()} (${q()} Units)`,
    () => `${pick()}, ${pick()}`,
    () => `+\t${pick()}\t12 km`,
    () => `2024.05.01\t${pick()}\t${q()}\t1000.0\t1,000\tJita\t34\t30000142`,
  ];
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) lines.push(formats[i % formats.length]());
  return lines.join('\n');
}

/** Samples this process (the server side) until the returned function is called; for BENCH_CPU_PROFILE=file.cpuprofile. */
async function startProfile(): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  const call = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 100 });
  await call('Profiler.start');
  return async () => ((await call('Profiler.stop')) as { profile: object }).profile;
}

function stats(ms: number[]): { median: number; p95: number } {
  const s = [...ms].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] };
}

async function main(): Promise<void> {
  const mongo = await startEmbeddedMongo({ port: 0 });
  const running = await benchApp(mongo.uri, 'bench_appraisal', { rateLimitScale: 1000 });
  const t0 = Date.now();
  const sde = await running.app.get(SdeImportService).importNow();
  console.log(`(game data imported: ${sde.counts.types} types in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  const types = await marketTypes();
  const db = running.app.get<Connection>(getConnectionToken()).db!;
  const now = new Date();
  // Every hub prices every market type (the answer totals the paste at all five), with the 5 %
  // book prices and order counts a refresh stores.
  for (const hub of HUBS)
    await db.collection('market_prices').insertMany(
      types.map((t, i) => {
        const sell = hub.id + ((i * 7919) % 100_000);
        const buy = hub.id + ((i * 7919) % 90_000);
        return {
          hub_id: hub.id,
          type_id: t.id,
          sell,
          buy,
          // To the cent, as the refresh stores them.
          sell_p5: Math.round(sell * 102) / 100,
          buy_p5: Math.round(buy * 98) / 100,
          sell_volume: 1000,
          buy_volume: 500,
          sell_orders: 12,
          buy_orders: 7,
          updated_at: now,
        };
      }),
    );

  const text = mixedPaste(types);
  // The baseline's name map: every market type's names (the database holds all 50 000 types).
  const byName = new Map<string, { id: number }>();
  for (const t of types) {
    byName.set(appraisalNameKey(t.en), { id: t.id });
    byName.set(appraisalNameKey(t.ru), { id: t.id });
  }

  const csrf = await fetch(`${running.url}/auth/get_csrf`);
  const cookie = (csrf.headers.get('set-cookie') ?? '').split(';')[0];
  const { token } = (await csrf.json()) as { token: string };
  // The browser: another process (a real client never shares the server's thread), posting on request.
  const bodyFile = join(mkdtempSync(join(tmpdir(), 'appraisal-bench-')), 'body.json');
  writeFileSync(bodyFile, JSON.stringify({ appraisal: text, hub: 2 }));
  const child = fork(__filename, ['--client'], {
    env: { ...process.env, BENCH_URL: running.url, BENCH_TOKEN: token, BENCH_COOKIE: cookie, BENCH_BODY: bodyFile },
  });
  let answered: ((r: Posted) => void) | null = null;
  child.on('message', (r: Posted) => answered?.(r));
  const post = () =>
    new Promise<Posted>((resolve, reject) => {
      answered = (r) => (r.error ? reject(new Error(r.error)) : resolve(r));
      child.send('post');
    });
  // Server time: from the request's headers parsed to its last byte handed to the socket, seen by
  // the server itself (the client's fetch, loopback and decompression are not the server's).
  // The service call inside it is timed too: what comes before it (body, session, CSRF,
  // validation) and after it (sending) are the rest.
  let served: ((times: Served) => void) | null = null;
  let inService: { from: number; to: number } | null = null;
  (running.app.getHttpServer() as Server).prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/data/market/appraisal')) return;
    const t = performance.now();
    const cpu = process.cpuUsage();
    inService = null;
    res.once('finish', () => {
      const end = performance.now();
      const used = process.cpuUsage(cpu);
      served?.({
        total: end - t,
        cpu: (used.user + used.system) / 1000,
        before: inService ? inService.from - t : NaN,
        after: inService ? end - inService.to : NaN,
      });
    });
  });
  const service = running.app.get(AppraisalService);
  const appraise = service.appraise.bind(service);
  let timing = false;
  service.appraise = async (request, owner) => {
    const from = performance.now();
    const answer = await appraise(request, owner);
    if (timing) inService = { from, to: performance.now() };
    return answer;
  };
  const baseline = () => appraiseText(text, (key) => byName.get(key));

  // Warm-up (JIT, caches, indexes, the reader's worker), and what the paste holds.
  const first = await post();
  const reader = running.app.get(AppraisalReader);
  await reader.prepare();
  await service.appraise({ appraisal: text, hub: 2, percent: 100 });
  const base0 = baseline();
  console.log(
    `paste: ${LINES} lines, ${text.length} characters; ${first.lines} priced types, ${first.errors} error lines, ${first.suggestions} with suggestions (baseline: ${base0.items.length} types); answer ${(first.bytes / 1e6).toFixed(2)} MB of JSON, sent ${first.encoding ?? 'uncompressed'}`,
  );

  const http: number[] = [];
  const server: number[] = [];
  const serverCpu: number[] = [];
  const baselineCpu: number[] = [];
  const runRatio: number[] = [];
  const before: number[] = [];
  const after: number[] = [];
  const svc: number[] = [];
  const parse: number[] = [];
  const read: number[] = [];
  const everyHub: number[] = [];
  const suggesting: number[] = [];
  // The paste as read, for timing the answer's parts of this feature on their own.
  const readOnce = await reader.appraise(text);
  const hubPrices = running.app.get(AppraisalPrices);
  const suggestions = running.app.get(AppraisalSuggestions);
  const halvedBefore = reader.readInHalves;
  const profile = process.env.BENCH_CPU_PROFILE ? await startProfile() : null;
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const cpu = process.cpuUsage();
    baseline();
    parse.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    baselineCpu.push((used.user + used.system) / 1000);
    t = performance.now();
    await reader.appraise(text);
    read.push(performance.now() - t);
    t = performance.now();
    // As the service does: every hub's prices and totals in one pass.
    await hubPrices.everyHub(readOnce.items);
    everyHub.push(performance.now() - t);
    t = performance.now();
    await suggestions.suggest(readOnce.unknown);
    suggesting.push(performance.now() - t);
    t = performance.now();
    await service.appraise({ appraisal: text, hub: 2, percent: 100 });
    svc.push(performance.now() - t);
    const finished = new Promise<Served>((resolve) => (served = resolve));
    timing = true;
    http.push((await post()).ms);
    const times = await finished;
    timing = false;
    server.push(times.total);
    serverCpu.push(times.cpu);
    runRatio.push(times.total / parse[parse.length - 1]);
    before.push(times.before);
    after.push(times.after);
  }
  if (profile) writeFileSync(process.env.BENCH_CPU_PROFILE!, JSON.stringify(await profile()));
  const f = (x: { median: number; p95: number }) => `${x.median.toFixed(1)} / ${x.p95.toFixed(1)} ms`;
  const h = stats(http);
  const sv = stats(server);
  const s = stats(svc);
  const p = stats(parse);
  console.log(`\n## appraisal (${RUNS} runs interleaved, median / p95)`);
  console.log(`server time of the POST: ${f(sv)}   (target < 150 ms)`);
  console.log(`  of which before the service (body, session, CSRF, validation): ${f(stats(before))}`);
  console.log(`  of which after the service (sending): ${f(stats(after))}`);
  console.log(`POST seen by the client: ${f(h)}`);
  console.log(`service call, no HTTP: ${f(s)}`);
  console.log(`baseline parse+resolve (in-memory names, no database): ${f(p)}`);
  console.log(`  the app's read alone (two threads, the game data's names): ${f(stats(read))}`);
  console.log(`  prices at the five hubs (cached) and their totals: ${f(stats(everyHub))}`);
  console.log(`  suggestions for the paste's ${readOnce.unknown.length} unrecognised line(s): ${f(stats(suggesting))}`);
  console.log(
    `ratio server time / baseline: ${(sv.median / p.median).toFixed(1)}x (median of the runs' own ratios: ${stats(runRatio).median.toFixed(1)}x)`,
  );
  const sc = stats(serverCpu);
  const bc = stats(baselineCpu);
  console.log(
    `CPU time (every thread of the process; what the machine's load does not stretch): POST ${f(sc)}, baseline ${f(bc)}, ratio ${(sc.median / bc.median).toFixed(1)}x`,
  );
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${cpus().length} cores)`,
  );
  console.log(`(the app read ${reader.readInHalves - halvedBefore} of ${3 * RUNS} timed pastes in two threads)`);

  child.kill();
  rmSync(dirname(bodyFile), { recursive: true, force: true });
  await running.close();
  await mongo.close();
}

interface Served {
  total: number;
  /** CPU time of the whole process (this thread, the reader's worker, the thread pool) during the request. */
  cpu: number;
  before: number;
  after: number;
}

interface Posted {
  ms: number;
  lines: number;
  errors: number;
  suggestions: number;
  bytes: number;
  encoding: string | null;
  error?: string;
}

/**
 * Child: one POST per message, as a browser sends it (gzip accepted), timed from sending to the
 * last byte received; the answer is then decoded and checked outside the timing.
 */
async function client(): Promise<void> {
  const body = readFileSync(process.env.BENCH_BODY!, 'utf8');
  const url = `${process.env.BENCH_URL}/data/market/appraisal`;
  const headers = {
    'Content-Type': 'application/json',
    'Accept-Encoding': 'gzip, deflate, br',
    'X-CSRF-Token': process.env.BENCH_TOKEN!,
    Cookie: process.env.BENCH_COOKIE!,
  };
  process.on('message', async () => {
    try {
      const t = performance.now();
      const res = await fetch(url, { method: 'POST', headers, body });
      const bytes = await res.arrayBuffer();
      const ms = performance.now() - t;
      const text = new TextDecoder().decode(bytes);
      if (res.status !== 200) throw new Error(`POST answered ${res.status}: ${text.slice(0, 300)}`);
      const answer = JSON.parse(text) as { data: unknown[]; errors: string[]; suggestions: unknown[] };
      process.send!({
        ms,
        lines: answer.data.length,
        errors: answer.errors.length,
        suggestions: answer.suggestions.length,
        bytes: bytes.byteLength,
        encoding: res.headers.get('content-encoding'),
      } satisfies Posted);
    } catch (err) {
      process.send!({
        ms: 0,
        lines: 0,
        errors: 0,
        suggestions: 0,
        bytes: 0,
        encoding: null,
        error: String(err),
      } satisfies Posted);
    }
  });
}

(CHILD ? client() : main()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
