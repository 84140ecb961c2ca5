/**
 * `kill -9` one of two instances during a burst of project updates and claims (opt-in, loopback
 * only, ~30 s). Two real app processes (`node backend/dist/main.js`, production mode) on one
 * embedded MongoDB and a real redis-server, the fake EVE SSO and ESI in this process. A member
 * links a pilot through the SSO; the fake ESI lists 400 one-run industry jobs of that pilot; a
 * project needs 400 runs, so no claim is refused for quantity. For BURST_MS, one worker changes
 * another project's status and four workers claim jobs, each paced (one claim per CLAIM_PACE_MS),
 * alternating between the instances, so claims arrive before, during and after the kill: instance
 * A is killed with SIGKILL midway (the claims in flight at that moment are counted) and started
 * again. Then, through B:
 *   - every acknowledged claim is credited (no acknowledged change lost);
 *   - runs done never exceed the quantity, and equal the executors' runs (never half-updated);
 *   - the status is the last acknowledged one, or one sent later whose answer was lost with A;
 *   - claims written without their credit (A died between the two writes) are counted; they
 *     free their game job after a minute (tested in backend/test/corp.int-spec.ts).
 * Writes bench/fault.results.md; exits non-zero on a violation.
 *
 *   npm run build && npx tsx bench/fault.bench.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import mongoose from 'mongoose';
import { startFakeEsi, startFakeSso } from '../tools/fake-esi/src/index';
import { startEmbeddedMongo } from '../packages/embedded-mongo/src/index';
import { signedIn } from '../backend/test/support/accounts';
import { client, type TestClient } from '../backend/test/support/client';
import { startRedis } from '../backend/test/support/redis';
import { linkCharacter } from '../backend/test/support/sso';
import { login } from '../backend/test/support/accounts';

const BURST_MS = 9_000;
const KILL_AT_MS = 3_000;
const RESTART_AT_MS = 6_000;
const CORP = 98_000_001;
const IVAN = 2_112_000_001;
const HOBGOBLIN = 2454;
const HOBGOBLIN_BP = 2455;
const QUANTITY = 400;
/** Each claim worker's pace: four workers -> about 30 claims a second, all through the burst. */
const CLAIM_PACE_MS = 120;
const STATUSES = ['waiting', 'sale', 'working', 'ready'] as const;

/** What to stop if the bench fails midway (spawned processes would outlive it). */
const onFailure: (() => unknown)[] = [];

interface Instance {
  proc: ChildProcess;
  url: string;
}

function startInstance(env: NodeJS.ProcessEnv, label: string): Promise<Instance> {
  return new Promise((resolvePromise, reject) => {
    const proc = spawn(process.execPath, [resolve(__dirname, '../backend/dist/main.js')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onFailure.push(() => proc.kill('SIGKILL'));
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${label} did not start: ${out.slice(-800)}`)), 120_000);
    proc.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /запущен: (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePromise({ proc, url: m[1].replace('localhost', '127.0.0.1') });
      }
    });
    proc.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      if (!/запущен/.test(out)) reject(new Error(`${label} exited (${code}): ${out.slice(-800)}`));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function main(): Promise<void> {
  const sso = await startFakeSso();
  const esi = await startFakeEsi({ dataDir: null, ordersPerRegion: 0, sso, characterCacheSeconds: 0 });
  esi.corp.clear();
  const redis = await startRedis();
  onFailure.push(() => redis.stop());
  const mongo = await startEmbeddedMongo({ port: 0 });
  const env: NodeJS.ProcessEnv = {
    APP_MODE: 'production',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'fault-bench-session-secret',
    TOKEN_ENCRYPTION_KEY: 'fault-bench-token-key',
    MONGODB_URI: mongo.uri,
    MONGODB_DB: 'fault',
    REDIS_URL: redis.url,
    SSO_BASE_URL: sso.url,
    SSO_CLIENT_ID: sso.clientId,
    SSO_CLIENT_SECRET: sso.clientSecret,
    SSO_CALLBACK_URL: 'http://127.0.0.1:1/auth/esi/callback',
    ESI_BASE_URL: esi.url,
    RATE_LIMIT_TRUSTED: '127.0.0.1,::ffff:127.0.0.1',
    SCHEDULER_ENABLED: 'false',
    // Production mode downloads CCP's SDE unless told otherwise: the bench imports the offline copy.
    SDE_PATH: resolve(__dirname, '..', '..', 'shared', 'eve-data', 'sde-jsonl'),
  };
  let a = await startInstance({ ...env, SDE_AUTO_IMPORT: 'true' }, 'A');
  const b = await startInstance({ ...env, SDE_AUTO_IMPORT: 'false' }, 'B');
  console.log(`A ${a.url}, B ${b.url}; importing game data on A...`);
  await waitFor(async () => (await (await fetch(`${a.url}/api/health`)).json()).sde !== null, 'the game data import');

  // Setup: a registered corporation, a member with a linked pilot, two projects.
  const conn = await mongoose.createConnection(mongo.uri, { dbName: 'fault' }).asPromise();
  await conn
    .collection('corporations')
    .insertOne({ _id: CORP as never, name: 'Fault Corp', corp_type: 0, created_at: new Date() });
  const fakeRunning = (url: string) => ({ url, app: { get: () => conn } }) as never;
  const cA = await signedIn(fakeRunning(a.url), 'fault_ind', ['corp', 'fc', 'industrialist']);
  await linkCharacter(cA, IVAN);
  const cB = client(b.url);
  await login(fakeRunning(b.url), cB, 'fault_ind');
  const project = async (name: string, runs: number) => {
    const res = await cA.post('/auth/corp/add_project', {
      name,
      jobs: [{ id: HOBGOBLIN, blueprint_id: HOBGOBLIN_BP, runs, pay: 100 }],
      materials: [],
    });
    if (res.status !== 200) throw new Error(`project: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.project.id as string;
  };
  const statusProject = await project('Статусы', 1);
  const claimProject = await project('Заявки', QUANTITY);
  await cA.post('/auth/corp/update_project', { project_id: claimProject, type: 'update', new_status: 'working' });
  const jobs = Array.from(
    { length: QUANTITY },
    () => esi.corp.addIndustryJob(IVAN, { product_type_id: HOBGOBLIN, blueprint_type_id: HOBGOBLIN_BP, runs: 1 }).job_id,
  );

  // The burst.
  let aAlive = true;
  const t0 = Date.now();
  const pick = (n: number): TestClient => (aAlive && n % 2 === 0 ? cA : cB);
  const acked: number[] = [];
  const refused: number[] = [];
  const lost: number[] = []; // no answer (connection to A cut)
  const refusedWhy = new Map<string, number>();
  let claimsInFlight = 0;
  let claimsInFlightAtKill = -1;
  let ackedBeforeKill = -1;
  const statusLog: { status: string; outcome: 'ok' | 'lost' | 'refused' }[] = [];
  let n = 0;
  const statusWorker = async () => {
    for (let i = 0; Date.now() - t0 < BURST_MS; i++) {
      const status = STATUSES[i % STATUSES.length];
      try {
        const res = await pick(n++).post('/auth/corp/update_project', {
          project_id: statusProject,
          type: 'update',
          new_status: status,
        });
        statusLog.push({ status, outcome: res.status === 200 ? 'ok' : 'refused' });
      } catch {
        statusLog.push({ status, outcome: 'lost' });
      }
    }
  };
  let next = 0;
  const claimWorker = async () => {
    while (Date.now() - t0 < BURST_MS && next < jobs.length) {
      const job = jobs[next++];
      const started = Date.now();
      claimsInFlight++;
      try {
        const res = await pick(n++).post('/auth/corp/push_jobs', {
          project_id: claimProject,
          job_id: 'j1',
          job_type: 'build',
          jobs: [{ char_id: IVAN, job_id: job }],
        });
        (res.status === 200 ? acked : refused).push(job);
        if (res.status !== 200) {
          const why = `${res.status} ${String((res.body as { message?: string }).message ?? '')}`;
          refusedWhy.set(why, (refusedWhy.get(why) ?? 0) + 1);
        }
      } catch {
        lost.push(job);
      } finally {
        claimsInFlight--;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, CLAIM_PACE_MS - (Date.now() - started))));
    }
  };
  const chaos = (async () => {
    await new Promise((r) => setTimeout(r, KILL_AT_MS));
    claimsInFlightAtKill = claimsInFlight;
    ackedBeforeKill = acked.length;
    a.proc.kill('SIGKILL');
    aAlive = false;
    console.log(`+${Date.now() - t0} ms: kill -9 instance A`);
    await new Promise((r) => setTimeout(r, RESTART_AT_MS - KILL_AT_MS));
    a = await startInstance({ ...env, SDE_AUTO_IMPORT: 'false' }, 'A again');
    console.log(`+${Date.now() - t0} ms: A started again at ${a.url}`);
  })();
  await Promise.all([statusWorker(), claimWorker(), claimWorker(), claimWorker(), claimWorker(), chaos]);

  // The verdict, read through B.
  const view = async (id: string) =>
    (await cB.get(`/auth/corp/projects/${id}`)).body.project as {
      status: string;
      jobs: { done: number; quantity: number; executors: { runs: number }[] }[];
    };
  const claimed = await view(claimProject);
  const stored = await conn.collection('corp_projects').findOne({ _id: new mongoose.Types.ObjectId(claimProject) });
  const progress = (stored!.progress as Record<string, { done: number; executors: { refs: number[]; runs: number }[] }>).j1;
  const creditedRefs = new Set(progress.executors.flatMap((e) => e.refs));
  const claimDocs = await conn.collection('corp_claims').find({ project_id: claimProject }).toArray();
  const orphans = claimDocs.filter((c) => !creditedRefs.has(Number(String(c._id).slice(4)))).length;
  const ackedLost = acked.filter((j) => !creditedRefs.has(j));
  const executorRuns = progress.executors.reduce((s, e) => s + e.runs, 0);
  const status = (await view(statusProject)).status;
  const lastOk = statusLog.map((s) => s.outcome).lastIndexOf('ok');
  const allowed = new Set([
    statusLog[lastOk]?.status,
    ...statusLog
      .slice(lastOk + 1)
      .filter((s) => s.outcome === 'lost')
      .map((s) => s.status),
  ]);

  const violations = [
    claimsInFlightAtKill < 1 ? 'no claim was in flight at the kill: the bench faulted nothing' : '',
    ackedBeforeKill === acked.length ? 'no claim was acknowledged after the kill' : '',
    ackedLost.length ? `${ackedLost.length} acknowledged claims not credited` : '',
    claimed.jobs[0].done > QUANTITY ? `done ${claimed.jobs[0].done} > quantity ${QUANTITY}` : '',
    executorRuns !== progress.done ? `executors' runs ${executorRuns} != done ${progress.done}` : '',
    !allowed.has(status) ? `status ${status}, expected one of ${[...allowed].join(', ')}` : '',
  ].filter(Boolean);
  const lines = [
    `# Fault: kill -9 during a burst (${new Date().toISOString().slice(0, 10)})`,
    '',
    `Two instances (production mode), one embedded MongoDB, redis-server. Burst ${BURST_MS / 1000} s; A killed at +${KILL_AT_MS / 1000} s, started again at +${RESTART_AT_MS / 1000} s.`,
    '',
    '| measure | value |',
    '| --- | ---: |',
    `| claims acknowledged (before the kill / after) | ${acked.length} (${ackedBeforeKill} / ${acked.length - ackedBeforeKill}) |`,
    `| claims in flight at the kill | ${claimsInFlightAtKill} |`,
    `| claims refused | ${refused.length}${refusedWhy.size ? ` (${[...refusedWhy].map(([k, v]) => `${v}× ${k}`).join('; ')})` : ''} |`,
    `| claims without an answer (cut with A) | ${lost.length} |`,
    `| runs done / quantity | ${progress.done} / ${QUANTITY} |`,
    `| acknowledged claims not credited | ${ackedLost.length} |`,
    `| claims written without their credit (freed after 1 min) | ${orphans} |`,
    `| status changes acknowledged / lost / refused | ${statusLog.filter((s) => s.outcome === 'ok').length} / ${statusLog.filter((s) => s.outcome === 'lost').length} / ${statusLog.filter((s) => s.outcome === 'refused').length} |`,
    `| stored status (allowed) | ${status} (${[...allowed].join(', ')}) |`,
    '',
    violations.length
      ? `VIOLATIONS: ${violations.join('; ')}`
      : 'No violation: nothing acknowledged was lost, nothing over quantity, nothing half-updated.',
  ];
  console.log(`\n${lines.join('\n')}`);
  writeFileSync(resolve(__dirname, 'fault.results.md'), `${lines.join('\n')}\n`);

  a.proc.kill('SIGTERM');
  b.proc.kill('SIGTERM');
  await conn.close();
  await mongo.close();
  await redis.stop();
  await esi.close();
  await sso.close();
  process.exit(violations.length ? 1 : 0);
}

main().catch(async (err: unknown) => {
  console.error(err);
  for (const stop of onFailure) await Promise.resolve(stop()).catch(() => undefined);
  process.exit(1);
});
