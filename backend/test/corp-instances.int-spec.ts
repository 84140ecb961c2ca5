/**
 * Two backend instances on one database and a real redis-server: rooms span instances through
 * the Socket.IO Redis Streams adapter, and a socket that drops and reconnects within the recovery
 * window gets what it missed (connection-state recovery).
 */
import { getConnectionToken } from '@nestjs/mongoose';
import request from 'supertest';
import type { FakeEsi } from '@eve-toolkit/fake-esi';
import type { Project } from '@eve-toolkit/shared-types';
import type { Connection } from 'mongoose';
import type { RunningApp } from '../src/bootstrap';
import { CorporationsService } from '../src/corporations/corporations.service';
import { RealtimeStatus } from '../src/realtime/realtime-status';
import { startTestInstance, testDatabase } from './app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs } from './fixtures/mini-sde';
import { linkCharacter } from './support/sso';
import { corpMember, login, signedIn } from './support/accounts';
import { client, type TestClient } from './support/client';
import { startRedis, type TestRedis } from './support/redis';
import { connectAs, EventLog, type ClientSocket } from './support/sockets';
import { startStandIns, type StandIns } from './support/stand-ins';

jest.setTimeout(60_000);

const CORP = 98000001;
const OTHER_CORP = 98000002;
let redis: TestRedis;
let standIns: StandIns;
let esi: FakeEsi;
let a: RunningApp;
let b: RunningApp;
const sockets: ClientSocket[] = [];

function instance(database: ReturnType<typeof testDatabase>): Promise<RunningApp> {
  return startTestInstance(
    database,
    standIns.config({
      redisUrl: redis.url,
      // One SSO and ESI stand-in for both: characters linked through either are read by both.
    }),
  );
}

/** A signed-in member of `corporationId` (character stored as ESI would have reported it). */
function member(username: string, characterId: number, corporationId: number): Promise<TestClient> {
  return corpMember(a, username, ['corp', 'fc'], characterId, corporationId);
}

async function socketOn(app: RunningApp, c: TestClient): Promise<{ socket: ClientSocket; log: EventLog }> {
  const socket = await connectAs(app.url, c);
  sockets.push(socket);
  return { socket, log: new EventLog(socket) };
}

const ping = (c: TestClient, name: string) =>
  c.post('/auth/corp/add_event', { name, date: '2030-01-01', time: '12:00' }).then((r) => expect(r.status).toBe(200));

beforeAll(async () => {
  redis = await startRedis();
  standIns = await startStandIns();
  ({ esi } = standIns);
  esi.corp.clear();
  const database = testDatabase();
  a = await instance(database);
  b = await instance(database);
  await a.app.get(CorporationsService).create({ id: CORP, name: 'A', corp_type: 0 });
  await a.app.get(CorporationsService).create({ id: OTHER_CORP, name: 'B', corp_type: 0 });
}, 120_000);

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await a?.app
    .get<Connection>(getConnectionToken())
    .dropDatabase()
    .catch(() => undefined);
  await a?.close();
  await b?.close();
  await redis?.stop();
  await standIns?.close();
  removeMiniSdeDirs();
});

it('a ping created through instance A reaches a member connected to instance B, and not another corporation', async () => {
  const author = await member('inst_author', 2_100_100_001, CORP);
  const reader = await member('inst_reader', 2_100_100_002, CORP);
  const outsider = await member('inst_outsider', 2_100_100_003, OTHER_CORP);
  const onB = await socketOn(b, reader);
  const outsiderOnB = await socketOn(b, outsider);
  const authorOnA = await socketOn(a, author);

  await ping(author, 'С инстанса A');
  expect((await onB.log.next('corp:ping-created', (e) => e.ping.name === 'С инстанса A')).corporationId).toBe(CORP);
  await authorOnA.log.next('corp:ping-created', (e) => e.ping.name === 'С инстанса A');
  // Marker: the other corporation's own ping arrives after A's, with nothing before it.
  await ping(outsider, 'Маркер');
  await outsiderOnB.log.next('corp:ping-created', (e) => e.ping.name === 'Маркер');
  expect(outsiderOnB.log.events.map((e) => (e.payload as { ping: { name: string } }).ping.name)).toEqual(['Маркер']);
});

it('a socket that drops and reconnects within the recovery window misses nothing', async () => {
  const author = await member('inst_author2', 2_100_100_011, CORP);
  const reader = await member('inst_reader2', 2_100_100_012, CORP);
  const onB = await socketOn(b, reader);
  await ping(author, 'До обрыва');
  await onB.log.next('corp:ping-created', (e) => e.ping.name === 'До обрыва');

  const dropped = new Promise<void>((resolve) => onB.socket.once('disconnect', () => resolve()));
  const back = new Promise<void>((resolve) => onB.socket.once('connect', () => resolve()));
  onB.socket.io.engine.close(); // the network drops; the client reconnects by itself
  await dropped;
  await ping(author, 'Во время обрыва 1');
  await ping(author, 'Во время обрыва 2');
  await back;
  expect(onB.socket.recovered).toBe(true);
  await onB.log.next('corp:ping-created', (e) => e.ping.name === 'Во время обрыва 2');
  const names = onB.log.events.map((e) => (e.payload as { ping: { name: string } }).ping.name);
  expect(names).toEqual(['До обрыва', 'Во время обрыва 1', 'Во время обрыва 2']);
});

/**
 * How long Redis stays stopped in the outage test, counted in its clients' failed reconnection
 * attempts (100 ms doubling: five take about 3 s), not on a clock.
 */
const OUTAGE_RECONNECTS = 5;

it('with Redis stopped through five reconnection attempts each instance keeps serving HTTP and its own sockets, health says so; when it returns, events span instances again', async () => {
  const health = async (app: RunningApp) => (await request(app.url).get('/api/health').expect(200)).body.realtime;
  /** Resolves when the instance's Redis client is (or is no longer) ready: its own events, no polling. */
  const redisReady = (app: RunningApp, want: boolean) => {
    const client = app.app.get(RealtimeStatus).redis!;
    return new Promise<void>((resolve) => {
      const check = () => {
        if (client.isReady !== want) return;
        for (const e of ['ready', 'error', 'reconnecting', 'end']) client.off(e, check);
        resolve();
      };
      for (const e of ['ready', 'error', 'reconnecting', 'end']) client.on(e, check);
      check();
    });
  };
  const viaA = await member('inst_redis_a', 2_100_100_021, CORP);
  const readerB = await member('inst_redis_b', 2_100_100_022, CORP);
  const viaB = client(b.url);
  await login(b, viaB, 'inst_redis_b');
  const socketA = await socketOn(a, viaA);
  const socketB = await socketOn(b, readerB);
  expect(await health(b)).toEqual({ adapter: 'redis', redis: 'ok' });

  // Failed reconnection attempts of each instance's Redis client from the stop on.
  const attempts = [a, b].map((app) => {
    const counter = { count: 0 };
    app.app.get(RealtimeStatus).redis!.on('reconnecting', () => (counter.count += 1));
    return counter;
  });
  await redis.stop();
  await Promise.all([redisReady(a, false), redisReady(b, false)]);
  // Throughout the outage (round after round, no pause), both stay healthy and say Redis is down,
  // and a ping through each instance reaches that instance's own sockets.
  let round = 0;
  while (round < 2 || attempts.some((c) => c.count < OUTAGE_RECONNECTS)) {
    round += 1;
    expect(await health(a)).toEqual({ adapter: 'redis', redis: 'down' });
    expect(await health(b)).toEqual({ adapter: 'redis', redis: 'down' });
    await ping(viaB, `Без Redis через B ${round}`);
    await socketB.log.next('corp:ping-created', (e) => e.ping.name === `Без Redis через B ${round}`);
    await ping(viaA, `Без Redis через A ${round}`);
    await socketA.log.next('corp:ping-created', (e) => e.ping.name === `Без Redis через A ${round}`);
  }

  await redis.start();
  await Promise.all([redisReady(a, true), redisReady(b, true)]);
  expect(await health(b)).toEqual({ adapter: 'redis', redis: 'ok' });
  await ping(viaA, 'Redis вернулся');
  await socketB.log.next('corp:ping-created', (e) => e.ping.name === 'Redis вернулся');
  await ping(viaB, 'И обратно');
  await socketA.log.next('corp:ping-created', (e) => e.ping.name === 'И обратно');
});

it("an admin's sessions reset on instance A disconnects the other sessions' sockets on instance B too", async () => {
  const admin = await signedIn(a, 'inst_admin', ['admin']);
  const adminSocket = await socketOn(a, admin);
  const someone = await member('inst_someone', 2_100_100_031, CORP);
  const onB = await socketOn(b, someone);
  const gone = new Promise<string>((resolve) => onB.socket.once('disconnect', (reason) => resolve(reason)));
  await admin.act('/api/admin/kill', 200);
  expect(await gone).toBe('io server disconnect');
  expect(adminSocket.socket.connected).toBe(true);
});

it('50 claims raced through both instances at once, one game job twice: 30 credited, exactly the ones answered 200', async () => {
  const HOBGOBLIN = 2454;
  const HOBGOBLIN_BP = 2455;
  const IVAN = 2112000001; // in CORP at the stand-in
  await importSdeInto(
    a,
    await buildMiniSde({ typeIds: [HOBGOBLIN], blueprintIds: [HOBGOBLIN_BP], systemIds: [30000142], schematicIds: [] }),
  );
  const viaA = await signedIn(a, 'inst_claimer', ['corp', 'fc', 'industrialist']);
  await linkCharacter(viaA, IVAN);
  const viaB = client(b.url);
  await login(b, viaB, 'inst_claimer');
  const created = await viaA.post('/auth/corp/add_project', {
    name: 'Хобгоблины',
    jobs: [{ id: HOBGOBLIN, blueprint_id: HOBGOBLIN_BP, runs: 30, pay: 100 }],
    materials: [],
  });
  expect(created.status).toBe(200);
  const project = created.body.project as Project;
  expect(
    (await viaB.post('/auth/corp/update_project', { project_id: project.id, type: 'update', new_status: 'working' })).status,
  ).toBe(200);
  const jobs = Array.from({ length: 50 }, () =>
    esi.corp.addIndustryJob(IVAN, { product_type_id: HOBGOBLIN, blueprint_type_id: HOBGOBLIN_BP, runs: 1 }),
  );
  const claimed = [...jobs.map((j) => j.job_id), jobs[0].job_id];
  const results = await Promise.all(
    claimed.map((jobId, i) =>
      (i % 2 ? viaB : viaA).post('/auth/corp/push_jobs', {
        project_id: project.id,
        job_id: 'j1',
        job_type: 'build',
        jobs: [{ char_id: IVAN, job_id: jobId }],
      }),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
  expect(statuses.filter((s) => s === 200)).toHaveLength(30);
  expect([statuses[0], statuses[50]].filter((s) => s === 200).length).toBeLessThanOrEqual(1);
  const answeredOk = claimed.filter((_, i) => statuses[i] === 200).map((id) => `job:${id}`);
  expect(new Set(answeredOk).size).toBe(30);
  const claims = await a.app
    .get<Connection>(getConnectionToken())
    .collection('corp_claims')
    .find({ project_id: project.id })
    .toArray();
  expect(claims.map((c) => String(c._id)).sort()).toEqual([...answeredOk].sort());
  const view = (await viaB.get(`/auth/corp/projects/${project.id}`).expect(200)).body.project as Project;
  expect(view.jobs[0].done).toBe(30);
});
