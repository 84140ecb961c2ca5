/**
 * Live updates of the corporation area under load: SOCKETS socket.io clients (default 1 000)
 * connected to one corporation room; a member creates a ping over HTTP (`POST auth/corp/add_event`:
 * CSRF, session, membership guard, validation, MongoDB write, domain event, listener, room emit)
 * and the time from sending the request to its arrival on every socket is recorded. Beside it,
 * in the same run and to the same sockets, a bare socket.io broadcast of the same payload
 * (`server.to(room).emit`) from the moment of the emit. Prints p50 / p99 / max of both and the
 * ratio. Target: p99 under 100 ms on the 2-core machine and within 1.5x of the bare broadcast.
 *
 *   npm run build && npx tsx bench/corp-broadcast.bench.ts [sockets=1000] [rounds=20]
 *
 * The clients run in a child process (one core for the server and database, one for the
 * clients, loopback only); arrival times are wall-clock (performance.timeOrigin + now()) so the
 * two processes compare. Client parsing is inside both figures alike.
 *
 * `--topology` (issue 34): the production topology as e2e/topology.e2e.ts runs it — nginx with the
 * project's proxy configuration, two app instances in production mode (backend/dist/main.js),
 * redis-server, the embedded MongoDB as its own process — and SOCKETS (default 10 000) sockets
 * through the proxy, from four child processes on four loopback addresses (the proxy's
 * `hash $remote_addr` sends two to each instance). Each round one of two members (one address
 * pinned to each instance, alternately) creates a ping through the proxy; printed: p50 / p99 of
 * every socket's delay from sending the request, p50 / max of the delay to the round's last
 * socket, lost (not there 30 s after the request) and duplicated deliveries, and each instance's
 * resident memory per socket (RSS with the sockets connected less RSS before). Target: p99 under
 * 250 ms, 0 lost.
 *
 *   npm run build && npx tsx bench/corp-broadcast.bench.ts --topology [sockets=10000] [rounds=20]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { io, type Socket } from 'socket.io-client';
import { startEmbeddedMongo } from '../packages/embedded-mongo/src/index';
import { Person, startTopology, type Topology } from '../e2e/support/topology';
import { CorporationsService } from '../backend/dist/corporations/corporations.service';
import { RealtimeGateway } from '../backend/dist/realtime/realtime.gateway';
import { Rooms } from '../backend/dist/common/realtime/rooms';
import { signedIn } from '../backend/test/support/accounts';
import { cookieOf } from '../backend/test/support/sockets';
import { benchApp } from './support/app';

const MODE = process.argv[2]?.startsWith('--') ? process.argv[2] : null;
const TOPOLOGY = MODE === '--topology';
const SOCKETS = Number(process.argv[MODE ? 3 : 2] ?? (TOPOLOGY ? 10_000 : 1000));
const ROUNDS = Number(process.argv[MODE ? 4 : 3] ?? 20);
const wall = () => performance.timeOrigin + performance.now();

/** Child mode: SOCKETS clients; reports every event's arrival times once all sockets got it. */
async function clients(url: string, cookie: string): Promise<void> {
  const times = new Map<string, number[]>();
  const sockets: Socket[] = [];
  for (let i = 0; i < SOCKETS; i += 50) {
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, SOCKETS - i) }, () => {
          const s = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, extraHeaders: { cookie } });
          s.on('corp:ping-created', (p: { ping: { name: string } }) => {
            const t = wall();
            const list = times.get(p.ping.name) ?? [];
            list.push(t);
            times.set(p.ping.name, list);
            if (list.length === SOCKETS) {
              times.delete(p.ping.name);
              process.send!({ name: p.ping.name, times: list });
            }
          });
          return new Promise<Socket>((resolve, reject) => {
            s.once('connect', () => resolve(s));
            s.once('connect_error', reject);
          });
        }),
      )),
    );
  }
  process.send!({ connected: sockets.length });
  process.on('message', (m: { close?: boolean }) => {
    if (m.close) {
      sockets.forEach((s) => s.close());
      process.exit(0);
    }
  });
}
const CORP = 98_777_778;

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];
}
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main(): Promise<void> {
  const mongo = await startEmbeddedMongo({ port: 0 });
  const running = await benchApp(mongo.uri, 'bench_corp', { rateLimitScale: 1000 });
  const db = running.app.get<Connection>(getConnectionToken());
  await running.app.get(CorporationsService).create({ id: CORP, name: 'Bench Corp', corp_type: 0 });
  const fc = await signedIn(running as never, 'bench_fc', ['corp', 'fc']);
  const user = await db.collection('users').findOne({ username_lower: 'bench_fc' });
  await db.collection('characters').insertOne({
    _id: 2_112_999_999 as never,
    user_id: String(user!._id),
    name: 'Bench Pilot',
    corporation_id: CORP,
    owner_hash: 'x',
    scopes: [],
    refresh_token_enc: 'x',
    needs_relink: false,
    linked_at: new Date(),
  });
  const cookie = await cookieOf(fc);

  // The clients: one member's SOCKETS tabs, in a child process.
  process.stdout.write(`connecting ${SOCKETS} sockets in a child process... `);
  const child = fork(__filename, ['--clients', String(SOCKETS)], {
    env: { ...process.env, BENCH_URL: running.url, BENCH_COOKIE: cookie },
  });
  const waiters = new Map<string, (times: number[]) => void>();
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: { connected?: number; name?: string; times?: number[] }) => {
      if (m.connected !== undefined) resolve();
      else if (m.name && m.times) waiters.get(m.name)?.(m.times);
    });
    child.once('exit', (code) => reject(new Error(`clients exited (${code})`)));
  });
  const gateway = running.app.get(RealtimeGateway);
  const inRoom = (await gateway.server.in(Rooms.corp(CORP)).fetchSockets()).length;
  console.log(`${inRoom} in ${Rooms.corp(CORP)}`);

  /** Resolves with each socket's delay from t0 (ms) once every socket got the event `name`. */
  const deliveries = (name: string, t0: () => number) =>
    new Promise<number[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not every socket got ${name} within 30 s`)), 30_000);
      waiters.set(name, (times) => {
        clearTimeout(timer);
        waiters.delete(name);
        resolve(times.map((t) => t - t0()));
      });
    });

  const http: number[] = [];
  const bare: number[] = [];
  let errors = 0;
  let template: unknown = null;
  for (let round = 0; round < ROUNDS + 2; round++) {
    const warmup = round < 2;
    // HTTP mutation -> every socket.
    const name = `Пинг ${round}`;
    let start = 0;
    const got = deliveries(name, () => start);
    start = wall();
    const res = await fc.post('/auth/corp/add_event', { name, desc: 'bench', type: 'misc', date: '2030-01-01', time: '12:00' });
    if (res.status !== 200) errors += 1;
    template ??= res.body.event;
    const d1 = await got;
    // Bare broadcast of the same payload -> every socket.
    const bareName = `Голый ${round}`;
    let start2 = 0;
    const got2 = deliveries(bareName, () => start2);
    start2 = wall();
    gateway.server
      .to(Rooms.corp(CORP))
      .emit('corp:ping-created', { corporationId: CORP, ping: { ...(template as object), name: bareName } as never });
    const d2 = await got2;
    if (!warmup) {
      http.push(...d1);
      bare.push(...d2);
    }
  }
  http.sort((a, b) => a - b);
  bare.sort((a, b) => a - b);
  const row = (label: string, s: number[]) =>
    `| ${label.padEnd(44)} | ${fmt(pct(s, 50)).padStart(9)} | ${fmt(pct(s, 99)).padStart(9)} | ${fmt(s[s.length - 1]).padStart(9)} |`;
  console.log(`\n${SOCKETS} sockets x ${ROUNDS} rounds (${http.length} deliveries each), HTTP errors: ${errors}`);
  console.log('| path                                         |       p50 |       p99 |       max |');
  console.log('| -------------------------------------------- | --------: | --------: | --------: |');
  console.log(row('POST auth/corp/add_event -> every socket', http));
  console.log(row('bare server.to(room).emit -> every socket', bare));
  const ratio = pct(http, 99) / pct(bare, 99);
  console.log(`p99 ratio ${ratio.toFixed(2)}x (target <= 1.5x); p99 ${fmt(pct(http, 99))} (target < 100 ms)`);

  child.removeAllListeners('exit');
  child.send({ close: true });
  await db.dropDatabase();
  await running.close();
  await mongo.close();
  if (errors) process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// --topology: nginx, two production instances, redis-server, the embedded MongoDB process.
// ---------------------------------------------------------------------------------------------

const TOPOLOGY_CORP = 98_777_779;
/** How long a round waits for every socket before it counts the missing ones as lost. */
const LOST_AFTER_MS = 30_000;

/** Child mode: BENCH_COUNT sockets through the proxy from BENCH_ADDRESS; per ping, every socket's arrival. */
async function proxyClients(): Promise<void> {
  const count = Number(process.env.BENCH_COUNT);
  const rounds = new Map<string, { times: number[]; got: Set<number>; duplicates: number }>();
  const report = (name: string) => {
    const r = rounds.get(name) ?? { times: [], got: new Set<number>(), duplicates: 0 };
    process.send!({ name, times: r.times, duplicates: r.duplicates });
  };
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, k) => {
      const index = i + k;
      const s = io(process.env.BENCH_URL!, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        extraHeaders: { cookie: process.env.BENCH_COOKIE! },
        localAddress: process.env.BENCH_ADDRESS,
      } as never);
      s.on('corp:ping-created', (p: { ping: { name: string } }) => {
        const t = wall();
        const r = rounds.get(p.ping.name) ?? { times: [], got: new Set<number>(), duplicates: 0 };
        rounds.set(p.ping.name, r);
        if (r.got.has(index)) r.duplicates += 1;
        else {
          r.got.add(index);
          r.times.push(t);
          if (r.got.size === count) report(p.ping.name);
        }
      });
      return new Promise<Socket>((resolve, reject) => {
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  process.send!({ connected: sockets.length });
  process.on('message', (m: { collect?: string; close?: boolean }) => {
    if (m.collect) report(m.collect);
    if (m.close) {
      sockets.forEach((s) => s.close());
      process.exit(0);
    }
  });
}

async function topology(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'eve-broadcast-'));
  const children: ChildProcess[] = [];
  let topo: Topology | undefined;
  const stopAll = () => {
    children.forEach((c) => c.kill('SIGKILL'));
    topo?.kill();
  };
  process.once('exit', stopAll);
  try {
    topo = await startTopology({
      work,
      corporation: { id: TOPOLOGY_CORP, name: 'Bench Corp' },
      appEnv: { RATE_LIMIT_SCALE: '1000' },
    });
    const { db, proxy, apps } = topo;
    // Which loopback addresses the proxy sends to which instance (each instance logs what it served).
    const byInstance = await topo.addressesByInstance(2);
    const reader = new Person(proxy, byInstance[0][0]);
    const authors = [new Person(proxy, byInstance[0][0]), new Person(proxy, byInstance[1][0])];
    await reader.join(db, 'bench_reader', 2_112_998_001, TOPOLOGY_CORP);
    await authors[0].join(db, 'bench_fc_a', 2_112_998_002, TOPOLOGY_CORP);
    await authors[1].join(db, 'bench_fc_b', 2_112_998_003, TOPOLOGY_CORP);

    // The sockets: four child processes, one address each, two per instance.
    const addresses = [...byInstance[0], ...byInstance[1]];
    const perChild = addresses.map((_, i) => Math.floor(SOCKETS / 4) + (i < SOCKETS % 4 ? 1 : 0));
    const rssBefore = apps.map((a) => a.rssMb());
    /** Per ping: each child's report (the first one it sends). */
    const reports = new Map<string, Map<number, { times: number[]; duplicates: number }>>();
    const waiters = new Map<string, () => void>();
    process.stdout.write(`connecting ${SOCKETS} sockets through nginx from ${addresses.join(', ')}... `);
    const connectedAt = wall();
    await Promise.all(
      addresses.map(
        (address, i) =>
          new Promise<void>((resolve, reject) => {
            const child = fork(__filename, ['--proxy-clients'], {
              env: {
                ...process.env,
                BENCH_URL: proxy,
                BENCH_COOKIE: reader.cookie,
                BENCH_ADDRESS: address,
                BENCH_COUNT: String(perChild[i]),
              },
            });
            children.push(child);
            child.on('message', (m: { connected?: number; name?: string; times?: number[]; duplicates?: number }) => {
              if (m.connected !== undefined) resolve();
              else if (m.name && m.times) {
                const got = reports.get(m.name) ?? new Map();
                reports.set(m.name, got);
                if (!got.has(i)) got.set(i, { times: m.times, duplicates: m.duplicates ?? 0 });
                if (got.size === addresses.length) waiters.get(m.name)?.();
              }
            });
            child.once('exit', (code) => reject(new Error(`clients on ${address} exited (${code})`)));
          }),
      ),
    );
    console.log(`${((wall() - connectedAt) / 1000).toFixed(1)} s`);
    const rssAfter = apps.map((a) => a.rssMb());

    const delays: number[] = [];
    const lastSocket: number[] = [];
    let lost = 0;
    let duplicates = 0;
    let errors = 0;
    for (let round = 0; round < ROUNDS + 2; round++) {
      const name = `Пинг ${round}`;
      const all = new Promise<void>((resolve) => waiters.set(name, resolve));
      const start = wall();
      const res = await authors[round % 2].post('/auth/corp/add_event', {
        name,
        desc: 'bench',
        type: 'misc',
        date: '2030-01-01',
        time: '12:00',
      });
      if (res.status !== 200) errors += 1;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        all,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, start + LOST_AFTER_MS - wall())))),
      ]);
      clearTimeout(timer);
      // Past the bound: the children that have not reported report what they have.
      if ((reports.get(name)?.size ?? 0) < addresses.length) {
        children.forEach((c) => c.send({ collect: name }));
        await all;
      }
      const got = [...reports.get(name)!.values()];
      reports.delete(name);
      const times = got.flatMap((r) => r.times).map((t) => t - start);
      if (round < 2) continue; // warm-up
      delays.push(...times);
      lastSocket.push(Math.max(...times));
      lost += SOCKETS - times.length;
      duplicates += got.reduce((n, r) => n + r.duplicates, 0);
    }
    delays.sort((x, y) => x - y);
    lastSocket.sort((x, y) => x - y);
    const perSocketKb = apps.map((_, i) => ((rssAfter[i] - rssBefore[i]) * 1024) / (perChild[i * 2] + perChild[i * 2 + 1]));
    console.log(
      `\n${SOCKETS} sockets (${perChild.join(' + ')}) through nginx on two instances x ${ROUNDS} rounds, HTTP errors: ${errors}`,
    );
    console.log('| figure                                                      |      value |');
    console.log('| ----------------------------------------------------------- | ---------: |');
    console.log(`| POST add_event -> every socket, p50                          | ${fmt(pct(delays, 50)).padStart(10)} |`);
    console.log(`| POST add_event -> every socket, p99                          | ${fmt(pct(delays, 99)).padStart(10)} |`);
    console.log(
      `| POST add_event -> every socket, max                          | ${fmt(delays[delays.length - 1]).padStart(10)} |`,
    );
    console.log(`| POST add_event -> the round's last socket, p50               | ${fmt(pct(lastSocket, 50)).padStart(10)} |`);
    console.log(
      `| POST add_event -> the round's last socket, max               | ${fmt(lastSocket[lastSocket.length - 1]).padStart(10)} |`,
    );
    console.log(
      `| lost (not there ${LOST_AFTER_MS / 1000} s after the request) / duplicated`.padEnd(62) +
        `| ${`${lost} / ${duplicates}`.padStart(10)} |`,
    );
    apps.forEach((_, i) =>
      console.log(
        `| instance ${i === 0 ? 'A' : 'B'}: RSS ${rssBefore[i].toFixed(0)} -> ${rssAfter[i].toFixed(0)} MB, per socket`.padEnd(
          62,
        ) + `| ${`${perSocketKb[i].toFixed(1)} KB`.padStart(10)} |`,
      ),
    );
    console.log(`p99 ${fmt(pct(delays, 99))} (target < 250 ms), lost ${lost} (target 0)`);
    children.forEach((c) => c.removeAllListeners('exit'));
    children.forEach((c) => c.send({ close: true }));
    if (errors || lost || duplicates) process.exitCode = 1;
  } finally {
    await topo?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

(MODE === '--clients'
  ? clients(process.env.BENCH_URL!, process.env.BENCH_COOKIE!)
  : MODE === '--proxy-clients'
    ? proxyClients()
    : TOPOLOGY
      ? topology()
      : main()
).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
