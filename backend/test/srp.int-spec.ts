/**
 * Ship replacement (issue 39) over real HTTP, the real database and real socket.io clients, with
 * the stand-in ESI serving killmails, recent losses and insurance in ESI's formats: a pilot files
 * a loss (from the list or a kill link), it is priced at the hub on the loss's day from the
 * market's history (today's price where the history has none; unknown where neither), matched to
 * the ping whose window holds it; managers (admins, and whom an admin grants it) decide — of
 * simultaneous decisions exactly one wins — and pay; every change reaches the corporation's room
 * and its webhooks, nothing reaches another corporation. The wall clock starts at a fixed instant.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { startFakeEsi, startFakeSso, type FakeEsi, type FakeSso } from '@eve-toolkit/fake-esi';
import {
  CORP_MESSAGES,
  DEFAULT_SRP_SETTINGS,
  SRP_MESSAGES,
  type SrpLossesResponse,
  type SrpRequest,
  type SrpRequestsResponse,
} from '@eve-toolkit/shared-types';
import { fixedClock } from '../../tools/test-clock/fake-clock';
import type { RunningApp } from '../src/bootstrap';
import { WebhookOutbox } from '../src/corp/webhooks/webhook-outbox';
import { CorporationsService } from '../src/corporations/corporations.service';
import { createTestAppOnTestClock } from './app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs } from './fixtures/mini-sde';
import { signedIn } from './support/accounts';
import type { TestClient } from './support/client';
import { connectAs, EventLog, type ClientSocket } from './support/sockets';
import { linkCharacter } from './support/sso';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

jest.setTimeout(90_000);

const NOW = fixedClock('2026-11-26T12:00:00Z');
const CORP_A = 98000001;
const CORP_B = 98000002;
const IVAN = 2112000001; // corp A
const ANNA = 2112000002; // corp A
const JON = 2112000003; // corp B
const MIRA = 2112000004; // corp A
const DMITRI = 2112000005; // corp A
const JITA = 30000142;
const RIFTER = 587;
const WARRIOR = 2488;
const PASTE = 28668;
const TRITANIUM = 34;
const FEROX = 16227;
const AUTOCANNON = 2889; // 200mm AutoCannon II
const DAMAGE_CONTROL = 2046; // Damage Control I
const at = (minutes: number) => NOW.getTime() + minutes * 60_000;
const LOSS_DAY = new Date(at(90)).toISOString().slice(0, 10);

let sso: FakeSso;
let esi: FakeEsi;
let running: RunningApp;
let receiver: WebhookReceiver;
const sockets: ClientSocket[] = [];

let pilot: TestClient; // corp A, Ivan
let mira: TestClient; // corp A, another pilot
let anna: TestClient; // corp A, granted SRP management by the admin
let admin: TestClient; // corp A, admin
let other: TestClient; // corp B, admin

const db = () => running.app.get<Connection>(getConnectionToken());

async function member(username: string, roles: Parameters<typeof signedIn>[2], characterId: number): Promise<TestClient> {
  const c = await signedIn(running, username, roles);
  await linkCharacter(c, characterId);
  return c;
}

async function socketOf(c: TestClient): Promise<EventLog> {
  const socket = await connectAs(running.url, c);
  sockets.push(socket);
  return new EventLog(socket);
}

const loss = (
  characterId: number,
  minutes: number,
  items: [number, number, number][] = [],
  corporation = CORP_A,
  ship = RIFTER,
) =>
  esi.killmails.addLoss(characterId, {
    corporation_id: corporation,
    ship_type_id: ship,
    time: at(minutes),
    items: items.map(([t, destroyed, dropped], i) => ({
      item_type_id: t,
      flag: 27 + i,
      singleton: 0,
      ...(destroyed ? { quantity_destroyed: destroyed } : {}),
      ...(dropped ? { quantity_dropped: dropped } : {}),
    })),
  });

async function file(c: TestClient, body: object): Promise<SrpRequest> {
  const res = await c.post('/auth/corp/add_srp', body);
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
  return (res.body as { request: SrpRequest }).request;
}

const requestsOf = async (c: TestClient) => (await c.get('/auth/corp/srp_requests').expect(200)).body as SrpRequestsResponse;

let pingId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sso = await startFakeSso();
  esi = await startFakeEsi({ dataDir: null, ordersPerRegion: 0, sso, characterCacheSeconds: 0 });
  esi.killmails.clear();
  running = await createTestAppOnTestClock({
    sso: {
      baseUrl: sso.url,
      clientId: sso.clientId,
      clientSecret: sso.clientSecret,
      callbackUrl: 'http://127.0.0.1:1/auth/esi/callback',
    },
    esi: { baseUrl: esi.url, userAgent: 'eve-toolkit-tests', compatibilityDate: '2025-09-30' },
    tokenEncryptionKey: 'a test deployment token key',
    pingWebhooks: {
      hosts: ['127.0.0.1'],
      allowPrivate: true,
      allowHttp: true,
      pollMs: 150,
      backoffBaseMs: 100,
      maxAttempts: 3,
      timeoutMs: 5_000,
    },
  });
  await importSdeInto(
    running,
    await buildMiniSde({
      typeIds: [RIFTER, WARRIOR, PASTE, TRITANIUM, FEROX, AUTOCANNON, DAMAGE_CONTROL],
      blueprintIds: [],
      systemIds: [JITA],
      schematicIds: [],
    }),
  );
  const corps = running.app.get(CorporationsService);
  await corps.create({ id: CORP_A, name: 'Demo Mining Syndicate', corp_type: 0 });
  await corps.create({ id: CORP_B, name: 'Northern Freight Union', corp_type: 1 });
  pilot = await member('srp_pilot', ['corp'], IVAN);
  mira = await member('srp_mira', ['corp'], MIRA);
  anna = await member('srp_anna', ['corp', 'industrialist'], ANNA);
  admin = await member('srp_admin', ['corp', 'admin'], DMITRI);
  other = await member('srp_other', ['corp', 'admin'], JON);
  // The market at Jita (hub 2): the Rifter and the paste have a snapshot of the loss's day, the
  // drone only today's price, Tritanium none at all.
  const row = (type_id: number, sell: number | null, lastPrices: Record<string, { B: number | null; S: number | null }>) => ({
    hub_id: 2,
    type_id,
    sell,
    buy: null,
    last_prices: lastPrices,
    updated_at: NOW,
  });
  await db()
    .collection('market_prices')
    .insertMany([
      row(RIFTER, 500_000, { [LOSS_DAY]: { B: 400_000, S: 450_000 } }),
      row(WARRIOR, 40_000, {}),
      row(PASTE, 7_000, { [LOSS_DAY]: { B: 6_000, S: 6_500 } }),
    ]);
  esi.killmails.setInsurance(RIFTER, 400_000);
  const ping = await admin.post('/auth/corp/add_event', {
    name: 'Роум в Джиту',
    date: new Date(at(60)).toISOString().slice(0, 10),
    time: new Date(at(60)).toISOString().slice(11, 16),
  });
  expect(ping.status).toBe(200);
  pingId = ping.body.event.id;
  const hook = await admin.post('/auth/corp/add_webhook', { name: 'Discord СРП', url: `${receiver.url}/srp` });
  expect(hook.status).toBe(200);
}, 180_000);

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await running?.close();
  await esi?.close();
  await sso?.close();
  await receiver?.close();
  removeMiniSdeDirs();
});

describe('a pilot files a loss', () => {
  let first: ReturnType<typeof loss>;

  it('lists the pilot’s characters’ recent losses (ESI’s recent killmails), newest first, not yet filed', async () => {
    first = loss(IVAN, 90, [
      [WARRIOR, 3, 2],
      [PASTE, 0, 10],
    ]);
    loss(MIRA, 95);
    const { losses, unreadable } = (await pilot.get('/auth/corp/srp_losses').expect(200)).body as SrpLossesResponse;
    expect(unreadable).toEqual([]);
    expect(losses).toEqual([
      {
        killmail_id: first.killmail_id,
        killmail_hash: first.killmail_hash,
        time: new Date(at(90)).toISOString(),
        character: { id: IVAN, name: 'Ivan Petrov' },
        ship: { id: RIFTER, name: 'Rifter' },
        system: { id: JITA, name: 'Jita' },
        filed: false,
      },
    ]);
  });

  it('files it: priced at the hub on the loss day (history, else today), matched to the ping, suggested by the rule', async () => {
    const log = await socketOf(admin);
    const request = await file(pilot, {
      killmail_id: first.killmail_id,
      killmail_hash: first.killmail_hash,
      comment: ' Потерял на гейте ',
    });
    expect(request).toMatchObject({
      killmail_id: first.killmail_id,
      status: 'pending',
      character: { id: IVAN, name: 'Ivan Petrov' },
      ship: { id: RIFTER, name: 'Rifter' },
      system: { id: JITA, name: 'Jita' },
      filed_by: 'srp_pilot',
      // 450 000 (the day's Rifter) + 5 × 40 000 (today's Warrior II) + 10 × 6 500 (the day's paste)
      loss_value: 715_000,
      missing: [],
      priced_at: { hub: 2, source: 'mixed' },
      insurance: 400_000,
      // the default rule: the whole value, insurance not taken off
      suggested_payout: 715_000,
      payout: null,
      paid: null,
      ping: { id: pingId, name: 'Роум в Джиту' },
      doctrine_match: null,
      comment: 'Потерял на гейте',
      decision: null,
      rev: 0,
    });
    expect(await log.next('srp:request-changed', (p) => p.id === request.id)).toEqual({
      corporationId: CORP_A,
      id: request.id,
      status: 'pending',
      rev: 0,
    });
    const listed = (await pilot.get('/auth/corp/srp_losses').expect(200)).body as SrpLossesResponse;
    expect(listed.losses.map((l) => [l.killmail_id, l.filed])).toEqual([[first.killmail_id, true]]);
  });

  it('the same killmail again is a 409, by id and hash or by the kill link', async () => {
    const again = await pilot.post('/auth/corp/add_srp', { killmail_id: first.killmail_id, killmail_hash: first.killmail_hash });
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 409, message: SRP_MESSAGES.duplicate });
    const link = await pilot.post('/auth/corp/add_srp', {
      link: `https://esi.evetech.net/latest/killmails/${first.killmail_id}/${first.killmail_hash}/`,
    });
    expect({ status: link.status, message: link.body.message }).toEqual({ status: 409, message: SRP_MESSAGES.duplicate });
    expect(await db().collection('corp_srp_requests').countDocuments({ killmail_id: first.killmail_id })).toBe(1);
  });

  it('simultaneous filings of one killmail: one request, the others 409', async () => {
    const km = loss(IVAN, 100);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        pilot.post('/auth/corp/add_srp', { killmail_id: km.killmail_id, killmail_hash: km.killmail_hash }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await db().collection('corp_srp_requests').countDocuments({ killmail_id: km.killmail_id })).toBe(1);
  });

  it('a loss outside every ping’s window is filed and flagged (no ping); an unpriced item leaves the value unknown, named', async () => {
    const km = loss(IVAN, 24 * 60, [[TRITANIUM, 100, 0]]);
    const request = await file(pilot, {
      link: `https://zkillboard.example/kill/x/killmails/${km.killmail_id}/${km.killmail_hash}/`,
    });
    expect(request).toMatchObject({
      ping: null,
      loss_value: null,
      missing: [{ id: TRITANIUM, name: 'Tritanium', quantity: 100 }],
      suggested_payout: null,
    });
    // Approving it needs an amount: the suggestion is unknown.
    const bare = await admin.post('/auth/corp/decide_srp', { id: request.id, decision: 'approve' });
    expect({ status: bare.status, message: bare.body.message }).toEqual({ status: 400, message: SRP_MESSAGES.amountUnknown });
    const approved = await admin.post('/auth/corp/decide_srp', { id: request.id, decision: 'approve', amount: 300_000 });
    expect(approved.body.request).toMatchObject({ status: 'approved', payout: 300_000 });
  });

  it('the pilot may link it to a ping of the corporation themselves; another corporation’s ping is not found', async () => {
    const km = loss(IVAN, 24 * 60 + 5);
    const linked = await file(pilot, { killmail_id: km.killmail_id, killmail_hash: km.killmail_hash, ping_id: pingId });
    expect(linked.ping).toEqual({ id: pingId, name: 'Роум в Джиту' });
    const foreignPing = await other.post('/auth/corp/add_event', { name: 'Чужой флот', date: '2026-11-27', time: '10:00' });
    const km2 = loss(IVAN, 24 * 60 + 10);
    const res = await pilot.post('/auth/corp/add_srp', {
      killmail_id: km2.killmail_id,
      killmail_hash: km2.killmail_hash,
      ping_id: foreignPing.body.event.id,
    });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: SRP_MESSAGES.pingNotFound });
  });

  it.each([
    ['another pilot’s loss', () => loss(JON, 91, [], CORP_B), 403, SRP_MESSAGES.notYourLoss],
    ['a loss while in another corporation', () => loss(IVAN, 92, [], CORP_B), 403, SRP_MESSAGES.notInCorporation],
    ['a wrong hash', () => ({ ...loss(IVAN, 93), killmail_hash: 'f'.repeat(40) }), 404, SRP_MESSAGES.killmailNotFound],
  ])('refuses %s in Russian', async (_name, make, status, message) => {
    const km = make();
    const res = await pilot.post('/auth/corp/add_srp', { killmail_id: km.killmail_id, killmail_hash: km.killmail_hash });
    expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    expect(await db().collection('corp_srp_requests').countDocuments({ killmail_id: km.killmail_id })).toBe(0);
  });

  it.each([
    [{}, SRP_MESSAGES.killmailRequired],
    [{ link: 'https://example.com/kill/123' }, SRP_MESSAGES.badLink],
    [{ killmail_id: 1, killmail_hash: 'xyz' }, SRP_MESSAGES.badHash],
    [{ killmail_id: -5, killmail_hash: 'a'.repeat(40) }, SRP_MESSAGES.badKillmailId],
  ])('bad input %j: 400 in Russian', async (body, message) => {
    const res = await pilot.post('/auth/corp/add_srp', body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('ESI down: 502 in Russian, nothing written; the loss list names the character it could not read', async () => {
    const km = loss(IVAN, 94);
    const remove = esi.setFault(`/killmails/${km.killmail_id}/${km.killmail_hash}`, { status: 503, times: 20 });
    const res = await pilot.post('/auth/corp/add_srp', { killmail_id: km.killmail_id, killmail_hash: km.killmail_hash });
    remove();
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 502, message: SRP_MESSAGES.esiFailed });
    expect(await db().collection('corp_srp_requests').countDocuments({ killmail_id: km.killmail_id })).toBe(0);
    const removeRecent = esi.setFault(`/characters/${IVAN}/killmails/recent`, { status: 503, times: 20 });
    const listed = (await pilot.get('/auth/corp/srp_losses').expect(200)).body as SrpLossesResponse;
    removeRecent();
    expect(listed).toEqual({
      losses: [],
      unreadable: [{ character: { id: IVAN, name: 'Ivan Petrov' }, reason: SRP_MESSAGES.esiFailed }],
    });
  });
});

describe('the ping’s doctrine', () => {
  it('a loss in a doctrine fleet is checked against the doctrine’s fits: exact, partial, not the doctrine', async () => {
    const doctrine = await admin.post('/auth/corp/add_doctrine', {
      name: 'Рифтеры',
      fits: [{ eft: '[Rifter, Рифт]\nDamage Control I\n\n\n200mm AutoCannon II\n200mm AutoCannon II' }],
    });
    expect({ status: doctrine.status, body: doctrine.body }).toMatchObject({ status: 200 });
    const when = new Date(at(600)).toISOString();
    const ping = await admin.post('/auth/corp/add_event', {
      name: 'Рифтеры в Джиту',
      date: when.slice(0, 10),
      time: when.slice(11, 16),
      doctrine_id: doctrine.body.doctrine.id,
    });
    expect(ping.status).toBe(200);
    const cases: [string, ReturnType<typeof loss>][] = [
      [
        'exact',
        loss(IVAN, 610, [
          [AUTOCANNON, 1, 1],
          [DAMAGE_CONTROL, 0, 1],
          [PASTE, 5, 0],
        ]),
      ],
      [
        'partial',
        loss(IVAN, 611, [
          [AUTOCANNON, 1, 0],
          [DAMAGE_CONTROL, 1, 0],
        ]),
      ],
      ['none', loss(IVAN, 612, [[AUTOCANNON, 2, 0]], CORP_A, FEROX)],
    ];
    const filed: SrpRequest[] = [];
    for (const [expected, km] of cases) {
      const r = await file(pilot, { killmail_id: km.killmail_id, killmail_hash: km.killmail_hash });
      expect([r.ping?.name, r.doctrine_match]).toEqual(['Рифтеры в Джиту', expected]);
      filed.push(r);
    }

    // A manager moves the exact one to the first fleet (no library doctrine) and back; a pilot may not.
    const log = await socketOf(pilot);
    const moved = await admin.post('/auth/corp/relink_srp', { id: filed[0].id, ping_id: pingId });
    expect(moved.body.request).toMatchObject({ ping: { id: pingId, name: 'Роум в Джиту' }, doctrine_match: null, rev: 1 });
    await log.next('srp:request-changed', (p) => p.id === filed[0].id && p.rev === 1);
    const back = await admin.post('/auth/corp/relink_srp', { id: filed[0].id, ping_id: ping.body.event.id });
    expect(back.body.request).toMatchObject({ ping: { name: 'Рифтеры в Джиту' }, doctrine_match: 'exact', rev: 2 });
    const none = await admin.post('/auth/corp/relink_srp', { id: filed[0].id, ping_id: null });
    expect(none.body.request).toMatchObject({ ping: null, doctrine_match: null });
    // The rule «a fixed amount per doctrine fit», minus Platinum: 5 000 000 − 400 000.
    const fitId = doctrine.body.doctrine.fits[0].id as string;
    const rule = { hub_id: 2, rule: 'fixed', share: 1, fixed: { [fitId]: 5_000_000 }, minus_insurance: true };
    expect((await admin.post('/auth/corp/srp_settings', rule)).status).toBe(200);
    const fixed = await admin.post('/auth/corp/relink_srp', { id: filed[0].id, ping_id: ping.body.event.id });
    expect(fixed.body.request).toMatchObject({ doctrine_match: 'exact', suggested_payout: 4_600_000 });
    const partial = await admin.post('/auth/corp/relink_srp', { id: filed[1].id, ping_id: ping.body.event.id });
    expect(partial.body.request).toMatchObject({ doctrine_match: 'partial', suggested_payout: 4_600_000 });
    await admin.post('/auth/corp/srp_settings', { ...DEFAULT_SRP_SETTINGS });
    const byPilot = await pilot.post('/auth/corp/relink_srp', { id: filed[0].id, ping_id: pingId });
    expect({ status: byPilot.status, message: byPilot.body.message }).toEqual({
      status: 403,
      message: SRP_MESSAGES.cannotManage,
    });
    const foreign = await other.post('/auth/corp/relink_srp', { id: filed[0].id, ping_id: null });
    expect(foreign.status).toBe(404);
  });
});

describe('managers decide and pay', () => {
  let request: SrpRequest;

  beforeAll(async () => {
    const km = loss(MIRA, 120, [[WARRIOR, 1, 0]]);
    request = await file(mira, { killmail_id: km.killmail_id, killmail_hash: km.killmail_hash });
  });

  it('a pilot sees only their own requests; managers every request of the corporation; another corporation none', async () => {
    const own = await requestsOf(mira);
    expect(own.can_manage).toBe(false);
    expect(own.requests.map((r) => r.character.name)).toEqual(['Mira Kestrel']);
    const all = await requestsOf(admin);
    expect(all.can_manage).toBe(true);
    expect(new Set(all.requests.map((r) => r.character.name))).toEqual(new Set(['Mira Kestrel', 'Ivan Petrov']));
    expect((await requestsOf(other)).requests).toEqual([]);
  });

  it('a non-manager deciding is a 403; another corporation’s manager gets 404 for decide and pay', async () => {
    const denied = await mira.post('/auth/corp/decide_srp', { id: request.id, decision: 'approve' });
    expect({ status: denied.status, message: denied.body.message }).toEqual({ status: 403, message: SRP_MESSAGES.cannotManage });
    const foreign = await other.post('/auth/corp/decide_srp', { id: request.id, decision: 'approve', amount: 1 });
    expect({ status: foreign.status, message: foreign.body.message }).toEqual({ status: 404, message: SRP_MESSAGES.notFound });
    const pay = await other.post('/auth/corp/pay_srp', { ids: [request.id] });
    expect({ status: pay.status, message: pay.body.message }).toEqual({ status: 404, message: SRP_MESSAGES.notFound });
    expect(await db().collection('corp_srp_requests').findOne({ killmail_id: request.killmail_id })).toMatchObject({
      status: 'pending',
      rev: 0,
    });
  });

  it('an admin grants SRP management; only admins grant', async () => {
    const notAdmin = await anna.post('/auth/corp/srp_manager', { username: 'srp_mira', grant: true });
    expect(notAdmin.status).toBe(403);
    const granted = await admin.post('/auth/corp/srp_manager', { username: 'srp_anna', grant: true });
    expect(granted.body).toMatchObject({ managers: ['srp_anna'], can_grant: true });
    expect((await requestsOf(anna)).can_manage).toBe(true);
    const settings = await anna.get('/auth/corp/srp_settings');
    expect(settings.body).toMatchObject({ managers: ['srp_anna'], can_grant: false });
  });

  it('several managers decide one request at once: exactly one decision applies, the others 409', async () => {
    const pilotLog = await socketOf(mira);
    const foreignLog = await socketOf(other);
    const tries = [admin, anna, admin, anna, admin, anna].map((c, i) =>
      c.post(
        '/auth/corp/decide_srp',
        i % 2
          ? { id: request.id, decision: 'deny', reason: `нет ${i}` }
          : { id: request.id, decision: 'approve', amount: 35_000 + i },
      ),
    );
    const answers = await Promise.all(tries);
    const won = answers.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(
      Array(5).fill(SRP_MESSAGES.alreadyDecided),
    );
    const stored = await db().collection('corp_srp_requests').findOne({ killmail_id: request.killmail_id });
    expect(stored).toMatchObject({ status: won[0].body.request.status, payout: won[0].body.request.payout, rev: 1 });
    const seen = await pilotLog.next('srp:request-changed', (p) => p.id === request.id && p.rev === 1);
    expect(seen.status).toBe(won[0].body.request.status);
    // Another corporation's socket heard nothing of it: a marker event in its own room comes first.
    await other.post('/auth/corp/add_event', { name: 'Маркер', date: '2026-11-28', time: '10:00' });
    await foreignLog.next('corp:ping-created', (p) => p.ping.name === 'Маркер');
    expect(foreignLog.events.filter((e) => e.name === 'srp:request-changed')).toEqual([]);
  });

  it('approve with the suggested payout, then pay a batch: paid with the approved amounts, once', async () => {
    const a = loss(IVAN, 130, [[WARRIOR, 1, 0]]);
    const b = loss(IVAN, 131, [[PASTE, 2, 0]]);
    const ra = await file(pilot, { killmail_id: a.killmail_id, killmail_hash: a.killmail_hash });
    const rb = await file(pilot, { killmail_id: b.killmail_id, killmail_hash: b.killmail_hash });
    const log = await socketOf(pilot);
    const approveA = await admin.post('/auth/corp/decide_srp', { id: ra.id, decision: 'approve' });
    expect(approveA.body.request).toMatchObject({
      status: 'approved',
      payout: 490_000,
      decision: { by: 'srp_admin', reason: '' },
    });
    const approveB = await anna.post('/auth/corp/decide_srp', { id: rb.id, decision: 'approve', amount: 400_000.4 });
    expect(approveB.body.request).toMatchObject({ status: 'approved', payout: 400_000 });
    const pending = await file(
      mira,
      (() => {
        const k = loss(MIRA, 132);
        return { killmail_id: k.killmail_id, killmail_hash: k.killmail_hash };
      })(),
    );
    const mixed = await admin.post('/auth/corp/pay_srp', { ids: [ra.id, pending.id] });
    expect({ status: mixed.status, message: mixed.body.message }).toEqual({ status: 409, message: SRP_MESSAGES.notApproved });
    expect(await db().collection('corp_srp_requests').countDocuments({ status: 'paid' })).toBe(0);
    const paid = await admin.post('/auth/corp/pay_srp', { ids: [ra.id, rb.id], note: 'Пачка 1' });
    expect(paid.status).toBe(200);
    expect(
      (paid.body.requests as SrpRequest[]).map((r) => [r.id, r.status, r.paid?.amount, r.paid?.by, r.paid?.note]).sort(),
    ).toEqual(
      [
        [ra.id, 'paid', 490_000, 'srp_admin', 'Пачка 1'],
        [rb.id, 'paid', 400_000, 'srp_admin', 'Пачка 1'],
      ].sort(),
    );
    await log.next('srp:request-changed', (p) => p.id === ra.id && p.status === 'paid');
    await log.next('srp:request-changed', (p) => p.id === rb.id && p.status === 'paid');
    const again = await admin.post('/auth/corp/pay_srp', { ids: [ra.id] });
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 409, message: SRP_MESSAGES.notApproved });
  });

  it('the corporation’s rule: a share, minus the hull’s Platinum insurance', async () => {
    const saved = await admin.post('/auth/corp/srp_settings', {
      hub_id: 2,
      rule: 'share',
      share: 0.8,
      fixed: {},
      minus_insurance: true,
    });
    expect(saved.body.settings).toEqual({ hub_id: 2, rule: 'share', share: 0.8, fixed: {}, minus_insurance: true });
    const km = loss(IVAN, 140, [
      [WARRIOR, 3, 2],
      [PASTE, 0, 10],
    ]);
    const r = await file(pilot, { killmail_id: km.killmail_id, killmail_hash: km.killmail_hash });
    // 715 000 × 0.8 − 400 000 (Platinum)
    expect(r).toMatchObject({ loss_value: 715_000, insurance: 400_000, suggested_payout: 172_000 });
    const bad = await admin.post('/auth/corp/srp_settings', {
      hub_id: 9,
      rule: 'share',
      share: 2,
      fixed: {},
      minus_insurance: true,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(SRP_MESSAGES.share);
    const pilotTries = await pilot.post('/auth/corp/srp_settings', {
      hub_id: 2,
      rule: 'share',
      share: 1,
      fixed: {},
      minus_insurance: false,
    });
    expect({ status: pilotTries.status, message: pilotTries.body.message }).toEqual({
      status: 403,
      message: SRP_MESSAGES.cannotManage,
    });
  });

  it('new and decided requests reach the corporation’s webhooks in Discord’s format', async () => {
    await running.app.get(WebhookOutbox).drain();
    const titles = receiver.received.map((r) => r.body.content);
    expect(titles).toEqual(
      expect.arrayContaining(['**Новая заявка СРП:** Mira Kestrel — Rifter', '**Заявка СРП решена:** Mira Kestrel — Rifter']),
    );
    expect(receiver.received.every((r) => JSON.stringify(r.body.allowed_mentions) === '{"parse":[]}')).toBe(true);
    const log = await admin.get('/auth/corp/webhooks');
    expect((log.body.deliveries as { kind: string }[]).map((d) => d.kind)).toEqual(
      expect.arrayContaining(['srp-filed', 'srp-decided']),
    );
  });
});

describe('access', () => {
  it('accounts without a corporation role get 403 on every SRP route (guests and every role: the authorization matrix)', async () => {
    const outsider = await signedIn(running, 'srp_outsider', ['user']);
    for (const [method, path] of [
      ['get', '/auth/corp/srp_losses'],
      ['get', '/auth/corp/srp_requests'],
      ['post', '/auth/corp/add_srp'],
      ['post', '/auth/corp/decide_srp'],
      ['post', '/auth/corp/pay_srp'],
    ] as const) {
      const res = method === 'get' ? await outsider.get(path) : await outsider.post(path, {});
      expect({ path, status: res.status, message: res.body.message }).toEqual({
        path,
        status: 403,
        message: CORP_MESSAGES.noRole,
      });
    }
  });
});
