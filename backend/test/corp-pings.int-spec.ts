/**
 * Pings a fleet runs from (issue 27) over real HTTP and real socket.io clients: formup, doctrine,
 * comms, SRP and FC; edit and cancel by the author, the pilot named as FC and the corporation's
 * admins; answers from any member; every change live in the corporation's room and nowhere else;
 * bad input refused with a Russian 400. The wall clock starts at a fixed instant (tools/test-clock),
 * so "an hour ahead" and "a minute ago" are exact.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';

const { ObjectId } = Types;
import { CORP_LIMITS, CORP_MESSAGES, TEXT_MESSAGES, type Ping, type PingsResponse } from '@eve-toolkit/shared-types';
import { fixedClock } from '../../tools/test-clock/fake-clock';
import type { RunningApp } from '../src/bootstrap';
import type { TestClient } from './support/client';
import { CORP_A, startCorpArea, type CorpArea } from './support/corp-area';

jest.setTimeout(60_000);

const NOW = fixedClock('2026-11-26T12:00:00Z');
const IVAN = 2112000001; // corp A, «Ivan Petrov»
const ANNA = 2112000002; // corp A, «Anna Sokolova»
const JON = 2112000003; // corp B
const MIRA = 2112000004; // corp A, «Mira Kestrel»
const DMITRI = 2112000005; // corp A
const JITA = 30000142;

let area: CorpArea;
let running: RunningApp;

let fc: TestClient; // corp A, corp + fc: writes the pings
let mira: TestClient; // corp A, corp only
let anna: TestClient; // corp A, corp + industrialist
let admin: TestClient; // corp A, corp + admin
let other: TestClient; // corp B, corp + fc

/** `{ date, time }` in EVE time, `minutes` from the test's clock start. */
function et(minutes: number): { date: string; time: string } {
  const iso = new Date(NOW.getTime() + minutes * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The ISO instant a ping at `et(minutes)` is stored at (whole minutes). */
const etIso = (minutes: number) => `${et(minutes).date}T${et(minutes).time}:00.000Z`;

async function ping(by: TestClient, body: object = {}): Promise<Ping> {
  const res = await by.post('/auth/corp/add_event', { name: 'Роум', ...et(120), ...body });
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
  return res.body.event as Ping;
}

const listOf = async (c: TestClient): Promise<PingsResponse> => (await c.get('/auth/corp/events').expect(200)).body;
const seenBy = async (c: TestClient, id: string) => (await listOf(c)).events.find((e) => e.id === id);

beforeAll(async () => {
  area = await startCorpArea({
    clock: 'test',
    sde: { typeIds: [34], blueprintIds: [], systemIds: [JITA], schematicIds: [] },
  });
  ({ running } = area);
  fc = await area.member('ping_fc', ['corp', 'fc'], IVAN);
  mira = await area.member('ping_mira', ['corp'], MIRA);
  anna = await area.member('ping_anna', ['corp', 'industrialist'], ANNA);
  admin = await area.member('ping_admin', ['corp', 'admin'], DMITRI);
  other = await area.member('ping_other', ['corp', 'fc'], JON);
}, 180_000);

afterAll(() => area?.close());

describe('a ping a fleet runs from', () => {
  it('takes formup (resolved from the game data), doctrine, comms, SRP and FC; members read them back', async () => {
    const created = await ping(fc, {
      name: '  Стратоп: защита цитадели  ',
      type: 'home def',
      ...et(90),
      formup: JITA,
      doctrine: ' Ферроксы, Т2 ',
      comms: 'Mumble: Флот 1',
      srp: true,
      fc: 'Ivan Petrov',
    });
    const expected = {
      id: created.id,
      name: 'Стратоп: защита цитадели',
      desc: '',
      type: 'home def',
      author: 'ping_fc',
      formup: { id: JITA, name: 'Jita', security: 0.945913 },
      doctrine: 'Ферроксы, Т2',
      comms: 'Mumble: Флот 1',
      srp: true,
      fc: 'Ivan Petrov',
      rsvp: { yes: 0, no: 0, maybe: 0, mine: null },
    };
    expect(created).toMatchObject({ ...expected, date: etIso(90), can_edit: true });
    expect(Date.parse(created.updated_at)).toBeGreaterThanOrEqual(NOW.getTime());
    expect(await seenBy(mira, created.id)).toMatchObject({ ...expected, date: created.date, can_edit: false });
    expect(await seenBy(fc, created.id)).toMatchObject({ can_edit: true });
    expect(await seenBy(other, created.id)).toBeUndefined();
  });

  it('without the new fields: no formup, no SRP, empty doctrine/comms/FC', async () => {
    const res = await fc.post('/auth/corp/add_event', { name: 'Как раньше', ...et(60) });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ formup: null, doctrine: '', comms: '', srp: false, fc: '', type: 'misc' });
  });

  it('lists who reads: their account, admin or not, and their characters', async () => {
    expect((await listOf(mira)).viewer).toEqual({ username: 'ping_mira', admin: false, characters: ['Mira Kestrel'] });
    expect((await listOf(admin)).viewer).toEqual({ username: 'ping_admin', admin: true, characters: ['Dmitri Volkov'] });
  });
});

describe('bad input: a Russian 400, nothing stored', () => {
  const ZWSP = '\u200b';
  it.each<[string, object, string]>([
    ['a blank title', { name: '   ' }, CORP_MESSAGES.titleRequired],
    ['a title over the limit', { name: 'x'.repeat(CORP_LIMITS.eventName + 1) }, CORP_MESSAGES.tooLong(CORP_LIMITS.eventName)],
    ['a zero-width space in the title', { name: `Роум${ZWSP}` }, TEXT_MESSAGES.invisible('U+200B')],
    ['a bidi override in the doctrine', { doctrine: 'Ферокс\u202e' }, TEXT_MESSAGES.invisible('U+202E')],
    ['a line break in the comms', { comms: 'Mumble\nканал' }, TEXT_MESSAGES.invisible('U+000A')],
    [
      'a doctrine over the limit',
      { doctrine: 'д'.repeat(CORP_LIMITS.eventDoctrine + 1) },
      CORP_MESSAGES.tooLong(CORP_LIMITS.eventDoctrine),
    ],
    ['comms over the limit', { comms: 'к'.repeat(CORP_LIMITS.eventComms + 1) }, CORP_MESSAGES.tooLong(CORP_LIMITS.eventComms)],
    ['an FC name over 37 characters', { fc: 'F'.repeat(38) }, CORP_MESSAGES.tooLong(CORP_LIMITS.eventFc)],
    ['a formup that is no system', { formup: 30000001 }, CORP_MESSAGES.unknownSystem],
    ['a formup given by name', { formup: 'Jita' }, CORP_MESSAGES.formup],
    ['SRP as a word', { srp: 'да' }, CORP_MESSAGES.srp],
    ['a minute ago', et(-1), CORP_MESSAGES.datePast],
    ['this very minute', et(0), CORP_MESSAGES.datePast],
    ['more than five years ahead', et((CORP_LIMITS.eventMaxAheadDays + 1) * 24 * 60), CORP_MESSAGES.dateTooFar],
    ['a date that does not exist', { date: '2027-02-30', time: '18:00' }, CORP_MESSAGES.dateRequired],
    ['an unknown type', { type: 'party' }, CORP_MESSAGES.eventType],
  ])('add_event: %s', async (_name, body, message) => {
    const before = (await listOf(fc)).events.length;
    const res = await fc.post('/auth/corp/add_event', { name: 'Роум', ...et(120), ...body });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    expect((await listOf(fc)).events.length).toBe(before);
  });

  it('update_event: the same rules; date and time go together; an unknown answer to rsvp_event', async () => {
    const p = await ping(fc);
    for (const [body, message] of [
      [{ name: ` ${'\u2060'}` }, TEXT_MESSAGES.invisible('U+2060')],
      [{ date: et(60).date }, CORP_MESSAGES.dateAndTime],
      [et(-30), CORP_MESSAGES.datePast],
      [{ formup: 1 }, CORP_MESSAGES.unknownSystem],
      [{ desc: 'о'.repeat(CORP_LIMITS.eventDesc + 1) }, CORP_MESSAGES.tooLong(CORP_LIMITS.eventDesc)],
    ] as const) {
      const res = await fc.post('/auth/corp/update_event', { id: p.id, ...body });
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const rsvp = await mira.post('/auth/corp/rsvp_event', { id: p.id, answer: 'sure' });
    expect({ status: rsvp.status, message: rsvp.body.message }).toEqual({ status: 400, message: CORP_MESSAGES.rsvpAnswer });
    expect(await seenBy(fc, p.id)).toEqual(p);
  });
});

describe('edit and cancel: the author, the pilot named as FC, admins', () => {
  it('the author changes what they give; the rest stays', async () => {
    const p = await ping(fc, { desc: 'Сбор на гейте', formup: JITA });
    const res = await fc.post('/auth/corp/update_event', { id: p.id, name: 'Роум в Тэму', ...et(180), srp: true });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({
      id: p.id,
      name: 'Роум в Тэму',
      desc: 'Сбор на гейте',
      date: etIso(180),
      formup: { id: JITA, name: 'Jita' },
      srp: true,
    });
    expect(await seenBy(mira, p.id)).toMatchObject({ name: 'Роум в Тэму', srp: true, can_edit: false });
    // Clearing the formup.
    expect((await fc.post('/auth/corp/update_event', { id: p.id, formup: null })).body.event.formup).toBeNull();
  });

  it('a started ping keeps its time but its other fields stay editable', async () => {
    const db = running.app.get<Connection>(getConnectionToken());
    const p = await ping(fc);
    const started = new Date(etIso(-10));
    await db.collection('corp_events').updateOne({ _id: new ObjectId(p.id) }, { $set: { date: started } });
    const same = { date: started.toISOString().slice(0, 10), time: started.toISOString().slice(11, 16) };
    const res = await fc.post('/auth/corp/update_event', { id: p.id, ...same, comms: 'Discord: #fleet' });
    expect({ status: res.status, comms: res.body.event?.comms }).toEqual({ status: 200, comms: 'Discord: #fleet' });
  });

  it('another member may not (403 in Russian); the pilot named as FC and an admin may', async () => {
    const p = await ping(fc, { fc: 'mira kestrel' });
    const q = await ping(fc, { name: 'Чужой' });
    for (const [path, body] of [
      ['/auth/corp/update_event', { id: q.id, name: 'Захват' }],
      ['/auth/corp/delete_event', { id: q.id }],
    ] as const) {
      const res = await anna.post(path, body);
      expect({ path, status: res.status, message: res.body.message }).toEqual({
        path,
        status: 403,
        message: CORP_MESSAGES.cannotEditPing,
      });
      const byMira = await mira.post(path, body);
      expect({ path, status: byMira.status }).toEqual({ path, status: 403 });
    }
    expect(await seenBy(fc, q.id)).toMatchObject({ name: 'Чужой' });
    // Mira's character is the FC of p (names compared case-insensitively): she sees the buttons and may edit.
    expect(await seenBy(mira, p.id)).toMatchObject({ can_edit: true });
    expect(await seenBy(anna, p.id)).toMatchObject({ can_edit: false });
    expect((await mira.post('/auth/corp/update_event', { id: p.id, doctrine: 'Кормораны' })).status).toBe(200);
    expect(await seenBy(admin, q.id)).toMatchObject({ can_edit: true });
    expect((await admin.post('/auth/corp/update_event', { id: q.id, name: 'Поправлено админом' })).status).toBe(200);
    expect((await admin.post('/auth/corp/delete_event', { id: q.id })).body).toMatchObject({
      ok: true,
      event: { id: q.id, cancelled: { by: 'ping_admin' } },
    });
    expect(await seenBy(fc, q.id)).toMatchObject({ cancelled: { by: 'ping_admin' } });
    // Once Mira hands the fleet to Anna's character, Mira may no longer; Anna may.
    await mira.post('/auth/corp/update_event', { id: p.id, fc: 'Anna Sokolova' });
    expect((await mira.post('/auth/corp/update_event', { id: p.id, fc: 'Mira Kestrel' })).status).toBe(403);
    expect((await anna.post('/auth/corp/delete_event', { id: p.id })).status).toBe(200);
    expect((await anna.post('/auth/corp/delete_event', { id: p.id })).body).toMatchObject({
      statusCode: 409,
      message: CORP_MESSAGES.eventCancelled,
    });
  });
});

describe('a cancelled ping', () => {
  it('stays listed, marked with who cancelled it and when, until its start; it can no longer be edited or answered', async () => {
    const db = running.app.get<Connection>(getConnectionToken());
    const p = await ping(fc, { name: 'Отменится', ...et(90) });
    await mira.post('/auth/corp/rsvp_event', { id: p.id, answer: 'yes' });
    const before = Date.now();
    const res = await fc.post('/auth/corp/delete_event', { id: p.id });
    expect(res.status).toBe(200);
    const cancelled = res.body.event.cancelled as { by: string; at: string };
    expect(cancelled.by).toBe('ping_fc');
    expect(Date.parse(cancelled.at)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(cancelled.at)).toBeLessThanOrEqual(Date.now());
    expect(res.body.event).toMatchObject({ id: p.id, name: 'Отменится', cancelled, can_edit: true });
    // The member who answered «Буду» still sees it, with their answer, marked cancelled.
    expect(await seenBy(mira, p.id)).toMatchObject({ cancelled, rsvp: { yes: 1, mine: 'yes' } });

    for (const [path, body] of [
      ['/auth/corp/update_event', { id: p.id, name: 'Вернули' }],
      ['/auth/corp/rsvp_event', { id: p.id, answer: 'no' }],
      ['/auth/corp/delete_event', { id: p.id }],
    ] as const) {
      const by = path === '/auth/corp/rsvp_event' ? mira : fc;
      const r = await by.post(path, body);
      expect({ path, status: r.status, message: r.body.message }).toEqual({
        path,
        status: 409,
        message: CORP_MESSAGES.eventCancelled,
      });
    }
    expect(await seenBy(mira, p.id)).toMatchObject({ name: 'Отменится', rsvp: { yes: 1, no: 0, mine: 'yes' } });

    // Once its start has passed it leaves the list (a ping that was not cancelled stays for a week).
    const kept = await ping(fc, { name: 'Прошёл, не отменён' });
    const past = new Date(etIso(-1));
    await db
      .collection('corp_events')
      .updateMany({ _id: { $in: [new ObjectId(p.id), new ObjectId(kept.id)] } }, { $set: { date: past } });
    expect(await seenBy(mira, p.id)).toBeUndefined();
    expect(await seenBy(mira, kept.id)).toMatchObject({ name: 'Прошёл, не отменён', cancelled: null });
  });
});

describe('answers', () => {
  it('any member answers and may change it; counts for all, "mine" for each', async () => {
    const p = await ping(fc);
    expect((await mira.post('/auth/corp/rsvp_event', { id: p.id, answer: 'yes' })).body.event.rsvp).toEqual({
      yes: 1,
      no: 0,
      maybe: 0,
      mine: 'yes',
    });
    await anna.post('/auth/corp/rsvp_event', { id: p.id, answer: 'maybe' });
    await admin.post('/auth/corp/rsvp_event', { id: p.id, answer: 'yes' });
    await mira.post('/auth/corp/rsvp_event', { id: p.id, answer: 'no' });
    expect((await seenBy(mira, p.id))?.rsvp).toEqual({ yes: 1, no: 1, maybe: 1, mine: 'no' });
    // Four answers: the revision went 0 -> 4 (pages keep the newest view).
    expect(p.rev).toBe(0);
    expect((await seenBy(mira, p.id))?.rev).toBe(4);
    expect((await seenBy(anna, p.id))?.rsvp).toEqual({ yes: 1, no: 1, maybe: 1, mine: 'maybe' });
    expect((await seenBy(fc, p.id))?.rsvp).toEqual({ yes: 1, no: 1, maybe: 1, mine: null });
  });

  it('50 answers at once all count (one conditional update each)', async () => {
    const p = await ping(fc);
    const answers = ['yes', 'no', 'maybe'] as const;
    const db = running.app.get<Connection>(getConnectionToken());
    // The same member answering 50 times at once ends with exactly one answer.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => mira.post('/auth/corp/rsvp_event', { id: p.id, answer: answers[i % 3] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const stored = await db.collection('corp_events').findOne({ _id: new ObjectId(p.id) });
    expect(Object.keys((stored?.rsvp ?? {}) as object)).toHaveLength(1);
    const rsvp = (await seenBy(fc, p.id))?.rsvp;
    expect((rsvp?.yes ?? 0) + (rsvp?.no ?? 0) + (rsvp?.maybe ?? 0)).toBe(1);
  });
});

describe('another corporation', () => {
  it("gets 404 for every ping of A, changes nothing, and A's sockets hear nothing of theirs", async () => {
    const db = running.app.get<Connection>(getConnectionToken());
    const p = await ping(fc, { name: 'Только для A' });
    const before = await db.collection('corp_events').find({ corporation_id: CORP_A }).sort({ _id: 1 }).toArray();
    const a = await area.socketOf(mira);
    const b = await area.socketOf(other);
    for (const [path, body] of [
      ['/auth/corp/update_event', { id: p.id, name: 'Захват' }],
      ['/auth/corp/delete_event', { id: p.id }],
      ['/auth/corp/rsvp_event', { id: p.id, answer: 'no' }],
      ['/auth/corp/update_event', { id: 'not-an-id', name: 'x' }],
    ] as const) {
      const res = await other.post(path, body);
      expect({ path, status: res.status, message: res.body.message }).toEqual({
        path,
        status: 404,
        message: CORP_MESSAGES.eventNotFound,
      });
    }
    expect(await db.collection('corp_events').find({ corporation_id: CORP_A }).sort({ _id: 1 }).toArray()).toEqual(before);
    // Markers: B's own ping reaches B, A's reaches A, after everything above.
    await ping(other, { name: 'Маркер B' });
    await ping(fc, { name: 'Маркер A' });
    await b.next('corp:ping-created', (e) => e.ping.name === 'Маркер B');
    await a.next('corp:ping-created', (e) => e.ping.name === 'Маркер A');
    expect(b.names()).toEqual(['corp:ping-created']);
    expect(a.names()).toEqual(['corp:ping-created']);
  });
});

describe('live', () => {
  it('edit, answer and cancel reach every socket of the corporation; the answer is "mine" only on the member’s own tabs', async () => {
    const fcTab = await area.socketOf(fc);
    const miraTab1 = await area.socketOf(mira);
    const miraTab2 = await area.socketOf(mira);
    const b = await area.socketOf(other);
    const p = await ping(fc, { name: 'Живой пинг', formup: JITA });
    const created = await miraTab1.next('corp:ping-created', (e) => e.ping.id === p.id);
    expect(created).toEqual({ corporationId: CORP_A, ping: { ...p, can_edit: false } });

    await fc.post('/auth/corp/update_event', { id: p.id, doctrine: 'Ферроксы' });
    for (const tab of [fcTab, miraTab1, miraTab2]) {
      const e = await tab.next('corp:ping-updated', (x) => x.ping.id === p.id && x.reason === 'edit');
      expect(e.ping).toMatchObject({ doctrine: 'Ферроксы', can_edit: false, rsvp: { mine: null } });
    }

    await mira.post('/auth/corp/rsvp_event', { id: p.id, answer: 'yes' });
    for (const tab of [fcTab, miraTab1, miraTab2]) {
      const e = await tab.next('corp:ping-updated', (x) => x.ping.id === p.id && x.reason === 'rsvp');
      expect(e.ping.rsvp).toEqual({ yes: 1, no: 0, maybe: 0, mine: null });
    }
    for (const tab of [miraTab1, miraTab2])
      expect(await tab.next('corp:ping-answered', (x) => x.pingId === p.id)).toEqual({
        corporationId: CORP_A,
        pingId: p.id,
        answer: 'yes',
      });

    await fc.post('/auth/corp/delete_event', { id: p.id });
    for (const tab of [fcTab, miraTab1, miraTab2]) {
      // The ping marked cancelled (who, when) first, then the cancellation itself.
      const e = await tab.next('corp:ping-updated', (x) => x.ping.id === p.id && x.reason === 'cancel');
      expect(e.ping).toMatchObject({ name: 'Живой пинг', cancelled: { by: 'ping_fc' }, can_edit: false });
      expect(await tab.next('corp:ping-cancelled', (x) => x.pingId === p.id)).toEqual({ corporationId: CORP_A, pingId: p.id });
    }

    // Marker for B after all of A's: B heard only its own, the FC's tab never heard Mira's answer as its own.
    await ping(other, { name: 'Маркер B2' });
    await b.next('corp:ping-created', (e) => e.ping.name === 'Маркер B2');
    expect(b.names()).toEqual(['corp:ping-created']);
    expect(fcTab.names()).not.toContain('corp:ping-answered');
  });
});
