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
 */
import { fork } from 'node:child_process';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { io, type Socket } from 'socket.io-client';
import { startEmbeddedMongo } from '../tools/embedded-mongo/src/index';
import { CorporationsService } from '../backend/dist/corporations/corporations.service';
import { RealtimeGateway } from '../backend/dist/realtime/realtime.gateway';
import { Rooms } from '../backend/dist/realtime/rooms';
import { signedIn } from '../backend/test/support/accounts';
import { cookieOf } from '../backend/test/support/sockets';
import { benchApp } from './support/app';

const CHILD = process.argv[2] === '--clients';
const SOCKETS = Number(process.argv[CHILD ? 3 : 2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 20);
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
          s.on('corp:event-created', (p: { event: { name: string } }) => {
            const t = wall();
            const list = times.get(p.event.name) ?? [];
            list.push(t);
            times.set(p.event.name, list);
            if (list.length === SOCKETS) {
              times.delete(p.event.name);
              process.send!({ name: p.event.name, times: list });
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
      .emit('corp:event-created', { corporationId: CORP, event: { ...(template as object), name: bareName } as never });
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

(CHILD ? clients(process.env.BENCH_URL!, process.env.BENCH_COOKIE!) : main()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
