/**
 * Scheduled character checks (issue 27 item 6) over real HTTP against the fake ESI and SSO, with
 * two backend instances on one database: a run is done by one instance (each character read
 * once), the fake's answers change between runs and the admin area shows the flags (from -> to),
 * acknowledges them and shows each character's history; a run interrupted by an instance's stop
 * is resumed by the other with only the characters not yet checked. Runs are given their clock
 * (`runOnce(now)`): dates a year after the test's, so the test reads the same on any date.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import { defaultSkills, DEFAULT_SSO_CHARACTERS, type FakeEsi, type FakeSso } from '@eve-toolkit/fake-esi';
import {
  CHECK_FLAG_MESSAGES,
  type AdminCharacterResponse,
  type AdminCharactersResponse,
  CHECK_FLAG_RULES,
  type CharacterFlag,
  type CharacterFlagsResponse,
  type CharacterHistoryResponse,
} from '@eve-toolkit/shared-types';
import type { Connection } from 'mongoose';
import { CharacterChecksSchedule } from '../src/admin/character-checks.schedule';
import type { RunningApp } from '../src/bootstrap';
import { startTestInstance, testDatabase } from './app';
import { signedIn } from './support/accounts';
import type { TestClient } from './support/client';
import { connectAs, EventLog, type ClientSocket } from './support/sockets';
import { linkCharacter } from './support/sso';
import { startStandIns, type StandIns } from './support/stand-ins';

jest.setTimeout(90_000);

const IVAN = 2112000001;
const ANNA = 2112000002;
const DMITRI = 2112000005;
const HOUR = 3_600_000;
/** Runs are stamped a year and more after the test's clock (whatever today is, or TEST_NOW): never today's date. */
const T1 = new Date(Math.floor(Date.now() / HOUR) * HOUR + 400 * 24 * HOUR);
const T2 = new Date(T1.getTime() + 24 * HOUR);
const T3 = new Date(T2.getTime() + 24 * HOUR);

let standIns: StandIns;
let sso: FakeSso;
let esi: FakeEsi;
let a: RunningApp;
let b: RunningApp;
let aClosed = false;
let admin: TestClient;
let db: Connection;
const sockets: ClientSocket[] = [];

function instance(database: ReturnType<typeof testDatabase>, concurrency: number): Promise<RunningApp> {
  return startTestInstance(
    database,
    standIns.config({
      characterChecks: { intervalMs: 24 * HOUR, concurrency },
    }),
  );
}

const runOn = (app: RunningApp, now: Date) => app.app.get(CharacterChecksSchedule).runOnce(now);
/** Corporation-history reads per character since the last reset: the check reads it once per character. */
const historyReads = () => {
  const out: Record<number, number> = {};
  for (const e of esi.stats.log) {
    if (e.route !== 'characters.corporationhistory' || e.status >= 400) continue; // 200, or 304 to a revalidation
    const id = Number(e.path.split('/')[2]);
    out[id] = (out[id] ?? 0) + 1;
  }
  return out;
};
const flags = async (query = '') => {
  const res = await admin.get(`/api/admin/char_flags${query}`);
  expect(res.status).toBe(200);
  return res.body as CharacterFlagsResponse;
};
const brief = (f: CharacterFlag) => ({ character: f.character.name, kind: f.kind, from: f.from, to: f.to, at: f.at });
const byCharacterAndKind = (x: { character: string; kind: string }, y: { character: string; kind: string }) =>
  x.character.localeCompare(y.character) || x.kind.localeCompare(y.kind);

beforeAll(async () => {
  standIns = await startStandIns();
  ({ sso, esi } = standIns);
  const database = testDatabase();
  a = await instance(database, 1);
  b = await instance(database, 2);
  db = b.app.get<Connection>(getConnectionToken()); // B outlives A (the last test stops A)
  admin = await signedIn(a, 'cc_admin', ['admin']);
  const pilot = await signedIn(a, 'cc_pilot');
  for (const id of [IVAN, ANNA, DMITRI]) await linkCharacter(pilot, id);
}, 120_000);

afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await b?.app
    .get<Connection>(getConnectionToken())
    .dropDatabase()
    .catch(() => undefined);
  if (!aClosed) await a?.close();
  await b?.close();
  await standIns?.close();
});

it('two instances asked at once: one run, every character checked once, the first run is the baseline (no flags)', async () => {
  esi.resetStats();
  await Promise.all([runOn(a, T1), runOn(b, T1)]);
  expect(historyReads()).toEqual({ [IVAN]: 1, [ANNA]: 1, [DMITRI]: 1 });
  const runs = await db.collection('admin_check_runs').find().toArray();
  expect(runs).toHaveLength(1);
  expect(runs[0]).toMatchObject({ started_at: T1, finished_at: T1, checked: 3, flagged: 0 });
  expect(await db.collection('admin_character_checks').countDocuments()).toBe(3);
  const listed = await flags('?status=all');
  expect(listed).toMatchObject({ flags: [], total: 0, interval_hours: 24 });
  expect(listed.run).toMatchObject({ started_at: T1.toISOString(), finished_at: T1.toISOString(), checked: 3, flagged: 0 });

  // Not due again before the interval has passed: nothing is read.
  esi.resetStats();
  await runOn(b, new Date(T1.getTime() + 23 * HOUR));
  expect(historyReads()).toEqual({});
  expect(await db.collection('admin_check_runs').countDocuments()).toBe(1);
});

it('the next run flags what changed in the game: corporation, alliance, security, wallet, a cyno skill, a revoked token', async () => {
  const dmitri = DEFAULT_SSO_CHARACTERS.find((c) => c.id === DMITRI)!;
  sso.updateCharacter(ANNA, { corporationId: 98000002, allianceId: 99000001, securityStatus: -5.3 });
  sso.updateCharacter(DMITRI, {
    wallet: 2_000_000_000,
    check: {
      skills: [
        ...defaultSkills(dmitri),
        { skill_id: 21603, active_skill_level: 3, trained_skill_level: 3, skillpoints_in_skill: 40_000 },
      ],
    },
  });
  // Ivan's player revoked the app: the stored access token runs out and the refresh is refused.
  sso.revokeCharacter(IVAN);
  await db.collection('characters').updateOne({ _id: IVAN as never }, { $set: { access_expires_at: new Date(0) } });

  await runOn(b, T2);
  const open = await flags();
  expect(open.total).toBe(6);
  expect(open.run).toMatchObject({ started_at: T2.toISOString(), finished_at: T2.toISOString(), checked: 3, flagged: 6 });
  const at = T2.toISOString();
  expect(open.flags.map(brief).sort(byCharacterAndKind)).toEqual([
    { character: 'Anna Sokolova', kind: 'alliance', from: null, to: 'Demo Frontier Alliance', at },
    { character: 'Anna Sokolova', kind: 'corporation', from: 'Demo Mining Syndicate', to: 'Northern Freight Union', at },
    { character: 'Anna Sokolova', kind: 'security', from: 0.4, to: -5.3, at },
    { character: 'Dmitri Volkov', kind: 'wallet_drop', from: 12_500_000_000, to: 2_000_000_000, at },
    { character: 'Dmitri Volkov', kind: 'warning_skills', from: [], to: ['Cynosural Field Theory 3'], at },
    { character: 'Ivan Petrov', kind: 'token_lost', from: 'действует', to: 'отозван', at },
  ]);
  expect(open.flags.every((f) => f.acknowledged === null)).toBe(true);

  // The characters list counts each one's open flags.
  const listed = (await admin.get('/api/admin/stats_chars')).body as AdminCharactersResponse;
  expect(Object.fromEntries(listed.chars.map((c) => [c.name, c.open_flags]))).toEqual({
    'Anna Sokolova': 3,
    'Dmitri Volkov': 2,
    'Ivan Petrov': 1,
  });

  // Filters: by kind and by character.
  expect((await flags('?kind=wallet_drop')).flags.map((f) => f.character.id)).toEqual([DMITRI]);
  expect((await flags(`?character_id=${ANNA}`)).flags.map((f) => f.kind).sort()).toEqual(['alliance', 'corporation', 'security']);
});

it('acknowledged flags leave the open list and show who acknowledged them; bad input is a Russian 400', async () => {
  const anna = (await flags(`?character_id=${ANNA}`)).flags;
  const ack = await admin.post('/api/admin/char_flags/ack', { ids: anna.map((f) => f.id) });
  expect(ack.status).toBe(200);
  expect(ack.body).toEqual({ acknowledged: 3 });
  expect((await admin.post('/api/admin/char_flags/ack', { ids: [anna[0].id] })).body).toEqual({ acknowledged: 0 });

  expect((await flags()).flags.map((f) => f.character.id).sort()).toEqual([IVAN, DMITRI, DMITRI].sort());
  expect(((await admin.get(`/api/admin/stats_chars/${ANNA}`)).body as AdminCharacterResponse).char.open_flags).toBe(0);
  const all = await flags(`?status=all&character_id=${ANNA}`);
  expect(all.flags).toHaveLength(3);
  for (const f of all.flags) expect(f.acknowledged?.by).toBe('cc_admin');

  const bad = await admin.post('/api/admin/char_flags/ack', { ids: [] });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain(CHECK_FLAG_MESSAGES.badIds);
  const badKind = await admin.get('/api/admin/char_flags?kind=nonsense');
  expect(badKind.status).toBe(400);
  expect(JSON.stringify(badKind.body)).toContain(CHECK_FLAG_MESSAGES.badKind);
});

it("a character's history: one snapshot per run, newest first, with its flags", async () => {
  const res = await admin.get(`/api/admin/stats_chars/${ANNA}/history`);
  expect(res.status).toBe(200);
  const body = res.body as CharacterHistoryResponse;
  expect(body.history.map((h) => h.at)).toEqual([T2.toISOString(), T1.toISOString()]);
  expect(body.history.map((h) => h.snapshot.public)).toEqual([
    {
      corporation: { id: 98000002, name: 'Northern Freight Union' },
      alliance: { id: 99000001, name: 'Demo Frontier Alliance' },
      security_status: -5.3,
    },
    { corporation: { id: 98000001, name: 'Demo Mining Syndicate' }, alliance: null, security_status: 0.4 },
  ]);
  expect(body.history[0].snapshot).toMatchObject({ token: 'valid', wallet: 98_765_432.1, errors: [] });
  expect(body.flags.map((f) => f.kind).sort()).toEqual(['alliance', 'corporation', 'security']);

  const ivan = (await admin.get(`/api/admin/stats_chars/${IVAN}/history`)).body as CharacterHistoryResponse;
  expect(ivan.history[0].snapshot).toMatchObject({ token: 'lost', wallet: null, total_sp: null });
  expect(ivan.history[0].snapshot.errors).toEqual(['Персонаж требует повторной привязки: токен ESI отозван']);

  expect((await admin.get('/api/admin/stats_chars/2112999999/history')).status).toBe(404);
});

it('a run stopped midway on one instance is resumed by the other with only the characters not yet checked', async () => {
  esi.resetStats();
  // Instance A checks one character at a time (Ivan, Anna, Dmitri): ESI holds Anna's skills until
  // the test lets them go, so A is stopped while her check is in flight, on any machine.
  const annaSkills = esi.hold(`/characters/${ANNA}/skills`);
  const stopped = runOn(a, T3);
  await annaSkills.arrived; // Ivan's check is done and written; Anna's waits for ESI
  // The app's shutdown begins (its first step, the schedule's onModuleDestroy, tells the run to
  // stop); then ESI answers: Anna's check in flight is finished and written, Dmitri is not started.
  const stopping = a.app.get(CharacterChecksSchedule).onModuleDestroy();
  annaSkills.release();
  await stopping;
  await stopped;
  aClosed = true;
  await a.close();
  const run3 = async () => db.collection('admin_check_runs').findOne({ started_at: T3 });
  admin = await signedIn(b, 'cc_admin_b', ['admin']); // the admin's page now talks to instance B
  const midway = await run3();
  expect(midway).toMatchObject({ finished_at: null, checked: 2 });

  await runOn(b, T3);
  expect(historyReads()).toEqual({ [IVAN]: 1, [ANNA]: 1, [DMITRI]: 1 });
  expect(await run3()).toMatchObject({ finished_at: T3, checked: 3 });
  expect(await db.collection('admin_check_runs').countDocuments()).toBe(3);
  expect(await db.collection('admin_character_checks').countDocuments({ at: T3 })).toBe(3);
});

it("the admin's «check everyone now» starts a run at once, one at a time (409 while it runs)", async () => {
  const admin2 = await signedIn(b, 'cc_admin2', ['admin']);
  const latest = async () => ((await admin2.get('/api/admin/char_flags?status=all')).body as CharacterFlagsResponse).run!;
  const before = await latest();
  const dry = await admin2.post('/api/admin/char_checks/run?dry_run=1', {});
  expect(dry.status).toBe(200);
  expect(dry.body).toEqual({ started: false });
  expect((await latest()).id).toBe(before.id);

  // ESI holds Dmitri's skills: the run is still going when the admin presses again, however fast
  // or slow the machine; its end comes to the admin's page as the socket event.
  const adminSocket = await connectAs(b.url, admin2);
  sockets.push(adminSocket);
  const adminLog = new EventLog(adminSocket);
  const dmitriSkills = esi.hold(`/characters/${DMITRI}/skills`);
  const started = await admin2.post('/api/admin/char_checks/run', {});
  expect(started.body).toEqual({ started: true });
  await dmitriSkills.arrived;
  const run = await latest();
  expect(run.id).not.toBe(before.id);
  expect(run.finished_at).toBeNull();
  const again = await admin2.post('/api/admin/char_checks/run', {});
  expect(again.status).toBe(409);
  expect(JSON.stringify(again.body)).toContain(CHECK_FLAG_MESSAGES.runInProgress);
  dmitriSkills.release();
  expect(await adminLog.next('admin:char-checks', (e) => e.runId === run.id)).toEqual({ runId: run.id, checked: 3, flagged: 0 });
  expect(await latest()).toMatchObject({ id: run.id, checked: 3, finished_at: expect.any(String) });
  expect(await db.collection('admin_check_runs').countDocuments()).toBe(4);
});

it('keeps the newest 30 snapshots per character; acknowledged flags go after 90 days, open ones stay', async () => {
  const col = db.collection('admin_character_checks');
  const had = await col.countDocuments({ character_id: ANNA });
  expect(had).toBe(4);
  for (let day = 1; day <= CHECK_FLAG_RULES.historyPerCharacter - had + 1; day++)
    await runOn(b, new Date(T3.getTime() + day * 24 * HOUR));
  for (const id of [IVAN, ANNA, DMITRI]) expect(await col.countDocuments({ character_id: id })).toBe(30);
  // The oldest by date went: the «check everyone now» run's, stamped with this machine's today (before T1).
  expect(await col.countDocuments({ character_id: ANNA, at: { $lt: T1 } })).toBe(0);
  expect(await col.countDocuments({ character_id: ANNA, at: T1 })).toBe(1);

  // Anna's flags were acknowledged (on this machine's today), long before these runs' dates: gone.
  expect((await flags(`?status=all&character_id=${ANNA}`)).total).toBe(0);
  expect((await flags()).flags.map((f) => `${f.character.name}: ${f.kind}`).sort()).toEqual([
    'Dmitri Volkov: wallet_drop',
    'Dmitri Volkov: warning_skills',
    'Ivan Petrov: token_lost',
  ]);
});

it("a finished run reaches the admins' open pages live (socket `admin:char-checks` in the admins room)", async () => {
  const adminSocket = await connectAs(b.url, admin);
  sockets.push(adminSocket);
  const adminLog = new EventLog(adminSocket);
  await runOn(b, new Date(T3.getTime() + 60 * 24 * HOUR));
  const run = (await flags()).run!;
  expect(await adminLog.next('admin:char-checks')).toEqual({ runId: run.id, checked: 3, flagged: 0 });
});

it("leaves ESI's error budget to players: with 30 or fewer errors left the next character waits for the window's reset", async () => {
  esi.resetStats();
  // 25 errors left for 5 s from the run's first request: above the client's own pause (10), at or
  // below what the checks leave to players (30).
  esi.setErrorLimit(25, 5);
  await runOn(b, new Date(T3.getTime() + 61 * 24 * HOUR));
  const log = esi.stats.log;
  const firstOf = (id: number) => log.findIndex((e) => e.path.startsWith(`/characters/${id}/`));
  // The run learnt the budget was low from its first answer.
  expect(log[0].errorLimitRemain).toBe(25);
  // Two at a time: Ivan and Anna start at once, before Dmitri.
  expect(firstOf(IVAN)).toBeLessThan(firstOf(DMITRI));
  expect(firstOf(ANNA)).toBeLessThan(firstOf(DMITRI));
  // Dmitri waited for the window's reset: ESI answered every one of his requests from a fresh
  // budget (what ESI said, not a clock: without the wait he would start as soon as Ivan's or
  // Anna's check ended, inside the low window, and be answered with 25 or fewer left).
  const dmitri = log.filter((e) => e.path.startsWith(`/characters/${DMITRI}/`));
  expect(dmitri.length).toBeGreaterThan(0);
  expect(dmitri.map((e) => e.errorLimitRemain! > 30)).toEqual(dmitri.map(() => true));
  expect((await flags()).run).toMatchObject({ checked: 3 });
});
