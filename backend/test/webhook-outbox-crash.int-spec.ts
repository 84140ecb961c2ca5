/**
 * kill -9 between a change's write and its webhooks: a ping's (created, cancelled) and a ship
 * replacement request's (filed, decided). The instance a member writes through runs in a process
 * of its own and SIGKILLs itself as the first listener of the change's domain event: right after
 * the write, before the webhook outbox could write a row. No other instance runs at that moment, so
 * what the dead instance left is exactly what is stored. Then an instance starts (the same one
 * again, or another) and the corporation's webhook gets the change, once: a kill at that point
 * leaves a ping or a request whose webhooks are delivered, never one they miss.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { startFakeEsi, type FakeEsi } from '@eve-toolkit/fake-esi';
import type { Ping, SrpRequest } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import type { AppConfig, PingWebhookConfig } from '../src/common/config/config';
import { CORP_EVENTS } from '../src/corp/corp.events';
import { WebhookOutbox } from '../src/corp/webhooks/webhook-outbox';
import { CorporationsService } from '../src/corporations/corporations.service';
import { SRP_EVENTS } from '../src/srp/srp.events';
import { startTestInstance, testDatabase } from './app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs } from './fixtures/mini-sde';
import { corpMember, login } from './support/accounts';
import { client, type TestClient } from './support/client';
import { spawnInstance, type InstanceProcess } from './support/instance-process';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

jest.setTimeout(180_000);

const CORP = 98_000_301;
const PILOT = 2_112_300_003;
const RIFTER = 587;
const JITA = 30_000_142;
/** The loss's time (the killmail's), and the Rifter's sell price at Jita that day. */
const LOSS_TIME = Date.parse('2026-11-20T18:30:00Z');
const RIFTER_THAT_DAY = 450_000;
const LOOPBACK: PingWebhookConfig = {
  hosts: ['127.0.0.1'],
  allowPrivate: true,
  allowHttp: true,
  pollMs: 150,
  backoffBaseMs: 100,
  maxAttempts: 3,
  timeoutMs: 5_000,
};
/** Every instance's configuration (ESI: the stand-in, for the killmails of ship replacement). */
let CONFIG: Partial<AppConfig>;

const database = testDatabase();
let receiver: WebhookReceiver;
let esi: FakeEsi;
/**
 * An in-process instance for setting up, signing in and reading the database. Its outbox looks
 * only once an hour (sweeping announcements an hour old): what the dead instance left stays for
 * the instance started after it.
 */
let reader: RunningApp;
const processes: InstanceProcess[] = [];

const db = () => reader.app.get<Connection>(getConnectionToken());

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  esi = await startFakeEsi({ dataDir: null, ordersPerRegion: 0 });
  esi.killmails.clear();
  CONFIG = {
    tokenEncryptionKey: 'a test deployment token key',
    pingWebhooks: LOOPBACK,
    esi: { baseUrl: esi.url, userAgent: 'eve-toolkit-tests', compatibilityDate: '2025-09-30' },
  };
  reader = await startTestInstance(database, { ...CONFIG, pingWebhooks: { ...LOOPBACK, pollMs: 3_600_000 } });
  await importSdeInto(reader, await buildMiniSde({ typeIds: [RIFTER], blueprintIds: [], systemIds: [JITA], schematicIds: [] }));
  await db()
    .collection('market_prices')
    .insertOne({
      hub_id: 2, // Jita, the default rule's hub
      type_id: RIFTER,
      sell: 500_000,
      buy: null,
      last_prices: { [new Date(LOSS_TIME).toISOString().slice(0, 10)]: { B: 400_000, S: RIFTER_THAT_DAY } },
      updated_at: new Date(LOSS_TIME),
    });
  await reader.app.get(CorporationsService).create({ id: CORP, name: 'Crash Corp', corp_type: 0 });
  const moderator = await corpMember(reader, 'crash_mod', ['corp', 'industrialist'], 2_112_300_001, CORP);
  const hook = await moderator.post('/auth/corp/add_webhook', { name: 'Флот', url: `${receiver.url}/hook/crash` });
  expect(hook.status).toBe(200);
  await corpMember(reader, 'crash_fc', ['corp', 'fc'], 2_112_300_002, CORP);
  await corpMember(reader, 'crash_pilot', ['corp'], PILOT, CORP);
  await corpMember(reader, 'crash_admin', ['corp', 'admin'], 2_112_300_004, CORP); // manages SRP by role
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await db()
    .dropDatabase()
    .catch(() => undefined);
  await reader?.close();
  await receiver?.close();
  await esi?.close();
  removeMiniSdeDirs();
});

/** `username` (the fleet commander unless told), signed in through `url`. */
async function fcOn(url: string, username = 'crash_fc'): Promise<TestClient> {
  const fc = client(url);
  expect((await login(reader, fc, username)).body.ok).toBe(true);
  await fc.csrf();
  return fc;
}

/**
 * A new instance process that dies right after `event`'s write, and the request it dies on, sent
 * by `username` (no answer comes back).
 */
async function dieOn(event: string, send: (fc: TestClient) => PromiseLike<unknown>, username?: string): Promise<void> {
  const doomed = await spawnInstance(database, CONFIG, event);
  processes.push(doomed);
  const fc = await fcOn(doomed.url, username);
  await expect(Promise.resolve(send(fc))).rejects.toThrow();
  expect(await doomed.ended).toBe('SIGKILL');
}

const stored = async () => ({
  pings: await db()
    .collection('corp_events')
    .find({}, { sort: { _id: 1 } })
    .toArray(),
  deliveries: await db()
    .collection('corp_webhook_deliveries')
    .find({}, { sort: { _id: 1 } })
    .toArray(),
  requests: await db()
    .collection('corp_srp_requests')
    .find({}, { sort: { _id: 1 } })
    .toArray(),
});

const ping = (fc: TestClient, name: string) => fc.post('/auth/corp/add_event', { name, date: '2030-01-01', time: '12:00' });

it('killed right after a new ping is written, before any row: the instance started again delivers it, once', async () => {
  await dieOn(CORP_EVENTS.pingCreated, (fc) => ping(fc, 'Пинг перед падением'));
  // What the dead instance left: the ping, and not one outbox row.
  const left = await stored();
  expect(left.pings.map((p) => p.name)).toEqual(['Пинг перед падением']);
  expect(left.deliveries).toEqual([]);

  const again = await spawnInstance(database, CONFIG);
  processes.push(again);
  const [got] = await receiver.waitFor(1);
  expect([got.path, got.body.content]).toEqual(['/hook/crash', '**Новый пинг:** Пинг перед падением']);

  // Marker: a ping written normally after it follows it, and the first went out once.
  expect((await ping(await fcOn(again.url), 'Маркер')).status).toBe(200);
  await receiver.waitFor(2);
  expect(receiver.arrived.map((r) => r.body.content)).toEqual(['**Новый пинг:** Пинг перед падением', '**Новый пинг:** Маркер']);
  const after = await stored();
  expect(after.deliveries.map((d) => [d.event_name, d.kind])).toEqual([
    ['Пинг перед падением', 'created'],
    ['Маркер', 'created'],
  ]);
  expect(after.pings.map((p) => [p.name, p.webhooks_due])).toEqual([
    ['Пинг перед падением', []],
    ['Маркер', []],
  ]);
  await again.stop();
});

it('killed right after a cancellation is written: the ping is cancelled for everyone, and another instance sends the cancellation', async () => {
  receiver.received.length = 0;
  receiver.arrived.length = 0;
  const created = await ping(await fcOn(reader.url), 'Отменяемый');
  expect(created.status).toBe(200);
  const id = created.body.event.id as string;
  await receiver.waitFor(1);
  await reader.app.get(WebhookOutbox).drain(); // its row settled

  await dieOn(CORP_EVENTS.pingCancelled, (fc) => fc.post('/auth/corp/delete_event', { id }));
  expect((await stored()).deliveries.filter((d) => d.event_id === id).map((d) => d.kind)).toEqual(['created']);
  // The cancellation is stored: every member sees the ping cancelled, whatever the outbox has done yet.
  const listed = (await (await fcOn(reader.url)).get('/auth/corp/events')).body.events as Ping[];
  expect(listed.find((e) => e.id === id)?.cancelled).toEqual({ by: 'crash_fc', at: expect.any(String) });

  const other = await startTestInstance(database, CONFIG);
  try {
    const got = await receiver.waitFor(2);
    expect(got.map((r) => r.body.content)).toEqual(['**Новый пинг:** Отменяемый', '**Пинг отменён:** Отменяемый']);
    // Its outbox is done with it: the rows written and sent, nothing left on the ping.
    await other.app.get(WebhookOutbox).drain();
    const after = await stored();
    expect(after.pings.find((p) => String(p._id) === id)?.webhooks_due).toEqual([]);
    expect(after.deliveries.filter((d) => d.event_id === id).map((d) => [d.kind, d.status])).toEqual([
      ['created', 'sent'],
      ['cancelled', 'sent'],
    ]);
  } finally {
    await other.close();
  }
});

describe('a ship replacement request', () => {
  const FILED = '**Новая заявка СРП:** crash_pilot — Rifter';
  const DECIDED = '**Заявка СРП решена:** crash_pilot — Rifter';
  const lose = () => esi.killmails.addLoss(PILOT, { corporation_id: CORP, ship_type_id: RIFTER, time: LOSS_TIME });
  const fileOn = (c: TestClient, km: ReturnType<typeof lose>) =>
    c.post('/auth/corp/add_srp', { killmail_id: km.killmail_id, killmail_hash: km.killmail_hash });
  const field = (r: { body: { embeds?: { fields: { name: string; value: string }[] }[] } }, name: string) =>
    r.body.embeds?.[0].fields.find((f) => f.name === name)?.value;

  beforeEach(() => {
    receiver.received.length = 0;
    receiver.arrived.length = 0;
  });

  it('killed right after a request is filed, before any row: the instance started again announces it, once', async () => {
    const km = lose();
    await dieOn(SRP_EVENTS.requestChanged, (c) => fileOn(c, km), 'crash_pilot');
    // What the dead instance left: the request, and not one outbox row for it.
    const left = await stored();
    const request = left.requests.find((r) => r.killmail_id === km.killmail_id);
    expect([request?.status, request?.loss_value]).toEqual(['pending', RIFTER_THAT_DAY]);
    const id = String(request!._id);
    expect(left.deliveries.filter((d) => d.event_id === id)).toEqual([]);

    const again = await spawnInstance(database, CONFIG);
    processes.push(again);
    const [got] = await receiver.waitFor(1);
    expect([got.path, got.body.content, field(got, 'Предлагаемая выплата')]).toEqual(['/hook/crash', FILED, '450\u00a0000 ISK']);

    // Marker: a ping written normally after it follows it, and the request went out once.
    expect((await ping(await fcOn(again.url), 'Маркер СРП')).status).toBe(200);
    await receiver.waitFor(2);
    expect(receiver.arrived.map((r) => r.body.content)).toEqual([FILED, '**Новый пинг:** Маркер СРП']);
    const after = await stored();
    expect(after.deliveries.filter((d) => d.event_id === id).map((d) => [d.event_name, d.kind, d.change_key])).toEqual([
      ['СРП: crash_pilot — Rifter', 'srp-filed', `srp:${id}:srp-filed`],
    ]);
    expect(after.requests.find((r) => String(r._id) === id)?.webhooks_due).toEqual([]);
    await again.stop();
  });

  it('killed right after a decision is written: the request stays decided, and another instance announces the decision', async () => {
    const km = lose();
    const filed = await fileOn(await fcOn(reader.url, 'crash_pilot'), km);
    expect(filed.status).toBe(200);
    const id = (filed.body.request as SrpRequest).id;
    await receiver.waitFor(1);
    await reader.app.get(WebhookOutbox).drain(); // its row settled

    await dieOn(
      SRP_EVENTS.requestChanged,
      (c) => c.post('/auth/corp/decide_srp', { id, decision: 'approve', amount: 300_000 }),
      'crash_admin',
    );
    expect((await stored()).deliveries.filter((d) => d.event_id === id).map((d) => d.kind)).toEqual(['srp-filed']);
    // The decision is stored: the pilot sees it approved, whatever the outbox has done yet.
    const mine = (await (await fcOn(reader.url, 'crash_pilot')).get('/auth/corp/srp_requests')).body.requests as SrpRequest[];
    expect(mine.find((r) => r.id === id)).toMatchObject({ status: 'approved', payout: 300_000 });

    const other = await startTestInstance(database, CONFIG);
    try {
      const got = await receiver.waitFor(2);
      expect(got.map((r) => r.body.content)).toEqual([FILED, DECIDED]);
      expect([field(got[1], 'Решение'), field(got[1], 'Выплата')]).toEqual(['Одобрена', '300\u00a0000 ISK']);
      // Its outbox is done with it: the rows written and sent once, nothing left on the request.
      await other.app.get(WebhookOutbox).drain();
      expect(receiver.arrived.map((r) => r.body.content)).toEqual([FILED, DECIDED]);
      const after = await stored();
      expect(after.requests.find((r) => String(r._id) === id)?.webhooks_due).toEqual([]);
      expect(after.deliveries.filter((d) => d.event_id === id).map((d) => [d.kind, d.status])).toEqual([
        ['srp-filed', 'sent'],
        ['srp-decided', 'sent'],
      ]);
    } finally {
      await other.close();
    }
  });
});
