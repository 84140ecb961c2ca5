/**
 * An operations night on loopback: two app instances (compiled backend/dist) on one embedded
 * MongoDB and a real redis-server, SOCKETS corporation members' sockets split across both
 * instances (in a child process), a fleet commander posting a ping every 250 ms alternately
 * through each instance, and meanwhile autocannon at rising concurrency on the market list, the
 * appraisal, the industry job and the corporation's project list (both instances at once). The
 * load comes from 127.0.0.1, listed in RATE_LIMIT_TRUSTED (the documented trusted-address
 * budget; no spoofed headers).
 *
 * Prints per endpoint and concurrency: requests/s, p50/p99 latency, errors (non-2xx or socket
 * errors: must be 0); then the pings: acknowledged, delivered to every socket exactly once and in
 * order (events lost, duplicates and out-of-order must be 0). Writes the same to
 * bench/ops-night.results.md. Exits non-zero on any error or lost event.
 *
 *   npm run build && npx tsx bench/ops-night.bench.ts [seconds=60] [sockets=1000]
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getConnectionToken } from '@nestjs/mongoose';
import autocannon from 'autocannon';
import type { Connection } from 'mongoose';
import { io, type Socket } from 'socket.io-client';
import { startEmbeddedMongo } from '../packages/embedded-mongo/src/index';
import { CorporationsService } from '../backend/dist/corporations/corporations.service';
import { SdeImportService } from '../backend/dist/game-data/sde-import.service';
import { login, signedIn } from '../backend/test/support/accounts';
import { client, type TestClient } from '../backend/test/support/client';
import { cookieOf } from '../backend/test/support/sockets';
import { startRedis } from '../backend/test/support/redis';
import { benchApp } from './support/app';

const CHILD = process.argv[2] === '--clients';
const SECONDS = Number(process.argv[2] ?? 60);
const SOCKETS = Number(process.argv[3] ?? 1000);
const CORP = 98_777_777;
const PING_EVERY_MS = 250;

// ---------------------------------------------------------------------------------------------
// Child: the members' sockets. Records the order of pings per socket; reports on request.
// ---------------------------------------------------------------------------------------------
async function clients(urls: string[], cookie: string, count: number): Promise<void> {
  const seen: number[][] = [];
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, k) => {
        const index = i + k;
        seen[index] = [];
        const s = io(urls[index % urls.length], {
          path: '/socket.io',
          transports: ['websocket'],
          forceNew: true,
          extraHeaders: { cookie },
        });
        s.on('corp:ping-created', (p: { ping: { name: string } }) => {
          const m = /^ping-(\d+)$/.exec(p.ping.name);
          if (m) seen[index].push(Number(m[1]));
        });
        return new Promise<Socket>((res, rej) => {
          s.once('connect', () => res(s));
          s.once('connect_error', rej);
        });
      }),
    );
    sockets.push(...batch);
  }
  process.send!({ connected: sockets.length });
  process.on('message', (m: { report?: number; close?: boolean }) => {
    if (m.report !== undefined) {
      // Every socket has the last ping? Then count what each socket got against 0..last.
      const last = m.report;
      const complete = seen.filter((s) => s.includes(last)).length;
      let lost = 0;
      let duplicates = 0;
      let outOfOrder = 0;
      for (const s of seen) {
        const unique = new Set(s);
        duplicates += s.length - unique.size;
        for (let n = 0; n <= last; n++) if (!unique.has(n)) lost += 1;
        for (let j = 1; j < s.length; j++) if (s[j] < s[j - 1]) outOfOrder += 1;
      }
      const reconnects = sockets.filter((s) => !s.connected).length;
      process.send!({ complete, lost, duplicates, outOfOrder, disconnected: reconnects });
    }
    if (m.close) {
      sockets.forEach((s) => s.close());
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Parent: instances, load, pings, report.
// ---------------------------------------------------------------------------------------------
interface Row {
  endpoint: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

async function main(): Promise<void> {
  const redis = await startRedis();
  const mongo = await startEmbeddedMongo({ port: 0 });
  const instance = () =>
    benchApp(mongo.uri, 'bench_ops', { redisUrl: redis.url, rateLimitTrusted: ['127.0.0.1', '::ffff:127.0.0.1'] });
  const a = await instance();
  const b = await instance();
  console.log(`instances: A ${a.url}, B ${b.url}; redis ${redis.url}`);
  const sde = await a.app.get(SdeImportService).importNow({ log: () => undefined });
  console.log(`game data imported (${sde.counts.types} types)`);

  const db = a.app.get<Connection>(getConnectionToken());
  await a.app.get(CorporationsService).create({ id: CORP, name: 'Ops Night Corp', corp_type: 0 });
  const fcA = await signedIn(a as never, 'ops_fc', ['corp', 'fc', 'industrialist']);
  const user = await db.collection('users').findOne({ username_lower: 'ops_fc' });
  await db.collection('characters').insertOne({
    _id: 2_112_888_888 as never,
    user_id: String(user!._id),
    name: 'Ops Pilot',
    corporation_id: CORP,
    owner_hash: 'x',
    scopes: [],
    refresh_token_enc: 'x',
    needs_relink: false,
    linked_at: new Date(),
  });
  const fcB = client(b.url);
  await login(b as never, fcB, 'ops_fc');
  const project = await fcA.post('/auth/corp/add_project', {
    name: 'Ночной проект',
    jobs: [{ id: 587, blueprint_id: 691, runs: 10, pay: 1000 }],
    materials: [{ id: 34, quantity: 1000, pay: 5 }],
  });
  if (project.status !== 200) throw new Error(`project: ${project.status} ${JSON.stringify(project.body)}`);

  // Sockets in a child process, half on each instance.
  const cookie = await cookieOf(fcA);
  process.stdout.write(`connecting ${SOCKETS} sockets (half on each instance)... `);
  const child = fork(__filename, ['--clients', String(SOCKETS)], {
    env: { ...process.env, OPS_URLS: `${a.url},${b.url}`, OPS_COOKIE: cookie },
  });
  const messages: ((m: Record<string, number>) => void)[] = [];
  child.on('message', (m: Record<string, number>) => messages.shift()?.(m));
  const nextMessage = () => new Promise<Record<string, number>>((res) => messages.push(res));
  console.log(`${(await nextMessage()).connected} connected`);

  // Pings through both instances while the load runs.
  let pingNo = 0;
  let acknowledged = -1;
  let pingErrors = 0;
  let pinging = true;
  const pinger = (async () => {
    while (pinging) {
      const n = pingNo++;
      const via: TestClient = n % 2 === 0 ? fcA : fcB;
      const res = await via.post('/auth/corp/add_event', { name: `ping-${n}`, date: '2030-01-01', time: '12:00' });
      if (res.status === 200) acknowledged = n;
      else pingErrors += 1;
      await new Promise((r) => setTimeout(r, PING_EVERY_MS));
    }
  })();

  // Load: four endpoints x two concurrencies, each phase on both instances at once.
  const csrfA = (await fcA.csrf())!;
  const csrfB = (await fcB.csrf())!;
  const cookieB = await cookieOf(fcB);
  const endpoints = [
    { name: 'GET data/market/items?hub=2', method: 'GET' as const, path: '/data/market/items?hub=2' },
    {
      name: 'POST data/market/appraisal',
      method: 'POST' as const,
      path: '/data/market/appraisal',
      body: { appraisal: 'Tritanium\t1000\nPyerite\t500\nRifter 2', hub: 2 },
    },
    {
      name: 'POST data/industry/job',
      method: 'POST' as const,
      path: '/data/industry/job',
      body: { blueprint_id: 691, system_id: 30000142 },
    },
    { name: 'GET auth/corp/projects', method: 'GET' as const, path: '/auth/corp/projects' },
  ];
  const levels = [8, 32];
  const phaseSeconds = Math.max(2, Math.round(SECONDS / (endpoints.length * levels.length)));
  const rows: Row[] = [];
  for (const e of endpoints) {
    for (const connections of levels) {
      const run = (url: string, ck: string, token: string) =>
        autocannon({
          url: url + e.path,
          method: e.method,
          connections: connections / 2,
          duration: phaseSeconds,
          headers: { cookie: ck, 'x-csrf-token': token, 'content-type': 'application/json' },
          body: e.body ? JSON.stringify(e.body) : undefined,
        });
      const [ra, rb] = await Promise.all([run(a.url, cookie, csrfA), run(b.url, cookieB, csrfB)]);
      const requests = ra.requests.total + rb.requests.total;
      const errors = ra.errors + rb.errors + ra.non2xx + rb.non2xx + ra.timeouts + rb.timeouts;
      rows.push({
        endpoint: e.name,
        connections,
        requests,
        rps: ra.requests.average + rb.requests.average,
        p50: Math.max(ra.latency.p50, rb.latency.p50),
        p99: Math.max(ra.latency.p99, rb.latency.p99),
        errors,
      });
      const r = rows[rows.length - 1];
      console.log(
        `${r.endpoint.padEnd(30)} c=${String(connections).padStart(3)}  ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}`,
      );
    }
  }
  pinging = false;
  await pinger;

  // Every socket must have every acknowledged ping once, in order: wait for the last one (bounded).
  let report: Record<string, number> = {};
  for (let i = 0; i < 100; i++) {
    child.send({ report: acknowledged });
    report = await nextMessage();
    if (report.complete === SOCKETS) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const pingsSent = acknowledged + 1;
  const lines = [
    `# Operations night (${new Date().toISOString().slice(0, 10)})`,
    '',
    `Two instances, one embedded MongoDB, redis-server; ${SOCKETS} sockets (half per instance); ~${phaseSeconds} s per phase, both instances at once; load from a trusted address (RATE_LIMIT_TRUSTED).`,
    '',
    '| endpoint | connections | req/s | p50 ms | p99 ms | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.endpoint} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} |`),
    '',
    `Pings: ${pingsSent} acknowledged (${pingErrors} failed), every ${PING_EVERY_MS} ms alternately through A and B; sockets with the last ping: ${report.complete}/${SOCKETS}; events lost: ${report.lost}; duplicates: ${report.duplicates}; out of order: ${report.outOfOrder}; disconnected sockets: ${report.disconnected}.`,
  ];
  console.log(`\n${lines.join('\n')}`);
  writeFileSync(resolve(__dirname, 'ops-night.results.md'), `${lines.join('\n')}\n`);

  child.send({ close: true });
  await db.dropDatabase();
  await a.close();
  await b.close();
  await mongo.close();
  await redis.stop();
  const failed =
    rows.some((r) => r.errors > 0) || pingErrors > 0 || report.lost > 0 || report.duplicates > 0 || report.outOfOrder > 0;
  process.exit(failed ? 1 : 0);
}

(CHILD ? clients(process.env.OPS_URLS!.split(','), process.env.OPS_COOKIE!, SOCKETS) : main()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
