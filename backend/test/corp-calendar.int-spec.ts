/**
 * Personal calendar links over real HTTP: a member takes a link, a real iCalendar parser
 * (node-ical) reads the feed of their corporation's upcoming pings (times in UTC, summary,
 * description, location), a new link or a revocation ends the old one, only the token's hash is
 * stored, a member who lost access gets no feed, and the feed has its own request budget. The
 * wall clock starts at a fixed instant (tools/test-clock).
 */
import { createHash } from 'node:crypto';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import ical, { type VEvent } from 'node-ical';
import request from 'supertest';
import { DELIVERY_MESSAGES, type CalendarLinkResponse, type Ping, type Role } from '@eve-toolkit/shared-types';
import { fixedClock } from '../../tools/test-clock/fake-clock';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { ACCOUNT_EVENTS } from '../src/common/auth/account.events';
import type { RunningApp } from '../src/bootstrap';
import { budget } from '../src/common/rate-limit/rate-limit';
import { createTestAppOnTestClock } from './app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs } from './fixtures/mini-sde';
import { corpMember } from './support/accounts';
import type { TestClient } from './support/client';
import { CORP_A, CORP_B, registerCorporations } from './support/corp-area';

jest.setTimeout(60_000);

const NOW = fixedClock('2026-11-26T12:00:00Z');
const JITA = 30000142;

let running: RunningApp;
/** What the app logged (request lines included). */
const logged: string[] = [];
const log = { write: (line: string) => logged.push(line) };
let fc: TestClient; // corp A, fc
let pilot: TestClient; // corp A, corp role only
let other: TestClient; // corp B, fc

const db = () => running.app.get<Connection>(getConnectionToken());

/** `{ date, time }` in EVE time, `minutes` from the test clock's start. */
function et(minutes: number): { date: string; time: string } {
  const iso = new Date(NOW.getTime() + minutes * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
const at = (minutes: number) => new Date(Math.floor((NOW.getTime() + minutes * 60_000) / 60_000) * 60_000);

const member = (username: string, roles: Role[], characterId: number, corporationId: number) =>
  corpMember(running, username, roles, characterId, corporationId);

async function ping(by: TestClient, minutes: number, body: object): Promise<Ping> {
  const res = await by.post('/auth/corp/add_event', { name: 'Роум', ...et(minutes), ...body });
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
  return res.body.event as Ping;
}

async function takeLink(c: TestClient): Promise<string> {
  const res = await c.post('/auth/corp/calendar_link', {});
  expect(res.status).toBe(200);
  return (res.body as CalendarLinkResponse).path;
}

const feed = (path: string) => request(running.url).get(path);

function eventsOf(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

let home: Ping;
let mining: Ping;
let started: Ping;

beforeAll(async () => {
  running = await createTestAppOnTestClock({
    tokenEncryptionKey: 'a test deployment token key',
    logLevel: 'info',
    logDestination: log,
  });
  await importSdeInto(running, await buildMiniSde({ typeIds: [34], blueprintIds: [], systemIds: [JITA], schematicIds: [] }));
  await registerCorporations(running);
  fc = await member('cal_fc', ['corp', 'fc'], 2112000001, CORP_A);
  pilot = await member('cal_pilot', ['corp'], 2112000002, CORP_A);
  other = await member('cal_other', ['corp', 'fc'], 2112000003, CORP_B);

  home = await ping(fc, 120, {
    name: 'Защита Jita',
    desc: 'Берём всех',
    type: 'home def',
    formup: JITA,
    doctrine: 'Ferox',
    comms: 'Mumble: #fleet-1',
    srp: true,
    fc: 'Ivan',
  });
  mining = await ping(fc, 26 * 60, { name: 'Копаем', type: 'mining' });
  // Two pings moved into the past: one started 2 hours ago (still in the feed), one 30 hours ago.
  started = await ping(fc, 60, { name: 'Уже идёт' });
  const old = await ping(fc, 60, { name: 'Давно прошёл' });
  const events = db().collection('corp_events');
  const { ObjectId } = await import('mongodb');
  await events.updateOne({ _id: new ObjectId(started.id) }, { $set: { date: at(-120) } });
  await events.updateOne({ _id: new ObjectId(old.id) }, { $set: { date: at(-30 * 60) } });
  await ping(other, 180, { name: 'Пинг другой корпорации' });
}, 180_000);

afterAll(async () => {
  await running?.close();
  removeMiniSdeDirs();
});

it('a member takes a link; the feed lists the corporation’s upcoming pings in UTC with their details', async () => {
  expect((await pilot.get('/auth/corp/calendar')).body).toEqual({ active: false, created_at: null });
  const path = await takeLink(pilot);
  expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  expect((await pilot.get('/auth/corp/calendar')).body).toMatchObject({ active: true });

  const res = await feed(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const events = eventsOf(res.text);
  expect(events.map((e) => e.uid).sort()).toEqual(
    [`${home.id}@eve-toolkit`, `${mining.id}@eve-toolkit`, `${started.id}@eve-toolkit`].sort(),
  );

  const h = events.find((e) => e.uid === `${home.id}@eve-toolkit`)!;
  expect(h.start.toISOString()).toBe(at(120).toISOString());
  expect(h.end?.toISOString()).toBe(at(180).toISOString());
  expect(h.datetype).toBe('date-time');
  expect(h.summary).toBe('[Защита дома] Защита Jita');
  expect(h.location).toBe('Jita');
  expect(h.description).toBe(
    [
      'Берём всех',
      '',
      'Сбор: Jita (0,9)',
      'Доктрина: Ferox',
      'Связь: Mumble: #fleet-1',
      'СРП: да',
      'ФК: Ivan',
      'Автор: cal_fc',
    ].join('\n'),
  );
  // No PUBLIC_URL here: no link to the page (with it, `${PUBLIC_URL}/corp/events`).
  expect(h.url).toBeUndefined();
  // Written in UTC (the Z form), as calendar apps then show it in each reader's own zone.
  const stamp = at(120).toISOString().replace(/[-:]/g, '').slice(0, 15);
  expect(res.text).toContain(`DTSTART:${stamp}Z`);

  const m = events.find((e) => e.uid === `${mining.id}@eve-toolkit`)!;
  expect([m.summary, m.location ?? null, m.description]).toEqual(['[Добыча] Копаем', null, 'СРП: нет\nАвтор: cal_fc']);
});

it('the token never reaches the request log', async () => {
  const path = await takeLink(pilot);
  const token = path.slice('/api/calendar/'.length, -'.ics'.length);
  logged.length = 0;
  expect((await feed(path)).status).toBe(200);
  expect((await feed(`/api/calendar/${'C'.repeat(43)}.ics`)).status).toBe(404);
  const lines = logged.join('');
  expect(lines).toContain('GET /api/calendar/… 200');
  expect(lines).toContain('GET /api/calendar/… 404');
  expect(lines).not.toContain(token);
  expect(lines).not.toContain('C'.repeat(43));
});

it('every edit raises the event’s SEQUENCE; a cancelled ping stays with STATUS:CANCELLED (answers change neither)', async () => {
  const path = await takeLink(fc);
  const p = await ping(fc, 300, { name: 'Отменится' });
  const read = async () => eventsOf((await feed(path)).text).find((e) => e.uid === `${p.id}@eve-toolkit`)!;
  const seen = (e: VEvent) => ({ summary: e.summary, status: e.status, sequence: Number(e.sequence) });
  expect(seen(await read())).toEqual({ summary: '[Прочее] Отменится', status: 'CONFIRMED', sequence: 0 });

  expect((await fc.post('/auth/corp/update_event', { id: p.id, ...et(330) })).status).toBe(200);
  const moved = await read();
  expect(seen(moved)).toEqual({ summary: '[Прочее] Отменится', status: 'CONFIRMED', sequence: 1 });
  expect(moved.start.toISOString()).toBe(at(330).toISOString());
  expect((await pilot.post('/auth/corp/rsvp_event', { id: p.id, answer: 'yes' })).status).toBe(200);
  expect(seen(await read())).toMatchObject({ sequence: 1 });
  expect((await fc.post('/auth/corp/update_event', { id: p.id, doctrine: 'Ferox' })).status).toBe(200);
  expect(seen(await read())).toMatchObject({ sequence: 2 });

  expect((await fc.post('/auth/corp/delete_event', { id: p.id })).status).toBe(200);
  const cancelled = await read();
  expect(seen(cancelled)).toEqual({ summary: 'ОТМЕНЁН: [Прочее] Отменится', status: 'CANCELLED', sequence: 3 });
  expect(cancelled.start.toISOString()).toBe(at(330).toISOString());
});

it('another corporation’s member sees only their own pings', async () => {
  const events = eventsOf((await feed(await takeLink(other))).text);
  expect(events.map((e) => e.summary)).toEqual(['[Прочее] Пинг другой корпорации']);
});

it('only the token’s hash is stored; a new link ends the old one; a revoked link is gone', async () => {
  const first = await takeLink(pilot);
  const token = first.slice('/api/calendar/'.length, -'.ics'.length);
  const user = await db().collection('users').findOne({ username_lower: 'cal_pilot' });
  const stored = await db()
    .collection('corp_calendar_links')
    .find({ user_id: String(user!._id) })
    .toArray();
  expect(stored).toHaveLength(1);
  expect(stored[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  expect(JSON.stringify(stored)).not.toContain(token);

  const second = await takeLink(pilot);
  expect(second).not.toBe(first);
  const old = await feed(first);
  expect([old.status, old.body.message]).toEqual([404, DELIVERY_MESSAGES.calendarNotFound]);
  expect((await feed(second)).status).toBe(200);

  expect((await pilot.post('/auth/corp/revoke_calendar', {})).body).toEqual({ active: false, created_at: null });
  expect((await feed(second)).status).toBe(404);
  expect((await pilot.get('/auth/corp/calendar')).body).toEqual({ active: false, created_at: null });
});

it.each([
  '/api/calendar/nothing.ics',
  `/api/calendar/${'A'.repeat(43)}.ics`,
  `/api/calendar/${'A'.repeat(43)}`,
  '/api/calendar/%00.ics',
])('an unknown token: 404 (%s)', async (path) => {
  const res = await feed(path);
  expect([res.status, res.body.message]).toEqual([404, DELIVERY_MESSAGES.calendarNotFound]);
});

it('a member who lost access gets no feed: role taken away, or the character left the corporation', async () => {
  const lost = await member('cal_lost', ['corp'], 2112000009, CORP_A);
  const path = await takeLink(lost);
  expect((await feed(path)).status).toBe(200);
  const users = db().collection('users');
  await users.updateOne({ username_lower: 'cal_lost' }, { $set: { roles: ['user'] } });
  let res = await feed(path);
  expect([res.status, res.body.message]).toEqual([403, DELIVERY_MESSAGES.calendarNoAccess]);
  await users.updateOne({ username_lower: 'cal_lost' }, { $set: { roles: ['corp'] } });
  expect((await feed(path)).status).toBe(200);
  await db()
    .collection('characters')
    .updateOne({ _id: 2112000009 as never }, { $set: { corporation_id: 98999999 } });
  res = await feed(path);
  expect([res.status, res.body.message]).toEqual([403, DELIVERY_MESSAGES.calendarNoAccess]);
});

it('a deleted account’s link is deleted with it', async () => {
  const gone = await member('cal_gone', ['corp'], 2112000011, CORP_A);
  await takeLink(gone);
  const user = await db().collection('users').findOne({ username_lower: 'cal_gone' });
  const links = db().collection('corp_calendar_links');
  expect(await links.countDocuments({ user_id: String(user!._id) })).toBe(1);
  await running.app.get(EventEmitter2).emitAsync(ACCOUNT_EVENTS.deleted, { userId: String(user!._id) });
  expect(await links.countDocuments({ user_id: String(user!._id) })).toBe(0);
});

it('the feed has its own request budget per client (429 with Retry-After)', async () => {
  const app = await createTestAppOnTestClock({ rateLimitScale: 0.1 });
  try {
    const points = Math.max(1, Math.round(budget('calendar').points * 0.1));
    for (let i = 0; i < points; i++) expect((await request(app.url).get(`/api/calendar/${'B'.repeat(43)}.ics`)).status).toBe(404);
    const res = await request(app.url).get(`/api/calendar/${'B'.repeat(43)}.ics`);
    expect([res.status, res.body.message]).toEqual([429, 'Слишком много запросов, попробуйте позже']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  } finally {
    await app.close();
  }
});
