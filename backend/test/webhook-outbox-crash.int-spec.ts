/**
 * kill -9 between a ping's write and its webhooks. The instance a member writes through runs in a
 * process of its own and SIGKILLs itself as the first listener of the change's domain event: right
 * after the ping's write, before the webhook outbox could write a row. No other instance runs at
 * that moment, so what the dead instance left is exactly what is stored. Then an instance starts
 * (the same one again, or another) and the corporation's webhook gets the change, once: a kill at
 * that point leaves a ping whose webhooks are delivered, never a ping they miss.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { Ping } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import type { AppConfig, PingWebhookConfig } from '../src/common/config/config';
import { CORP_EVENTS } from '../src/corp/corp.events';
import { WebhookOutbox } from '../src/corp/webhooks/webhook-outbox';
import { CorporationsService } from '../src/corporations/corporations.service';
import { startTestInstance, testDatabase } from './app';
import { corpMember, login } from './support/accounts';
import { client, type TestClient } from './support/client';
import { spawnInstance, type InstanceProcess } from './support/instance-process';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

jest.setTimeout(180_000);

const CORP = 98_000_301;
const LOOPBACK: PingWebhookConfig = {
  hosts: ['127.0.0.1'],
  allowPrivate: true,
  allowHttp: true,
  pollMs: 150,
  backoffBaseMs: 100,
  maxAttempts: 3,
  timeoutMs: 5_000,
};
const CONFIG: Partial<AppConfig> = { tokenEncryptionKey: 'a test deployment token key', pingWebhooks: LOOPBACK };

const database = testDatabase();
let receiver: WebhookReceiver;
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
  reader = await startTestInstance(database, { ...CONFIG, pingWebhooks: { ...LOOPBACK, pollMs: 3_600_000 } });
  await reader.app.get(CorporationsService).create({ id: CORP, name: 'Crash Corp', corp_type: 0 });
  const moderator = await corpMember(reader, 'crash_mod', ['corp', 'industrialist'], 2_112_300_001, CORP);
  const hook = await moderator.post('/auth/corp/add_webhook', { name: 'Флот', url: `${receiver.url}/hook/crash` });
  expect(hook.status).toBe(200);
  await corpMember(reader, 'crash_fc', ['corp', 'fc'], 2_112_300_002, CORP);
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await db()
    .dropDatabase()
    .catch(() => undefined);
  await reader?.close();
  await receiver?.close();
});

/** The fleet commander, signed in through `url`. */
async function fcOn(url: string): Promise<TestClient> {
  const fc = client(url);
  expect((await login(reader, fc, 'crash_fc')).body.ok).toBe(true);
  await fc.csrf();
  return fc;
}

/** A new instance process that dies right after `event`'s write, and the request it dies on (no answer comes back). */
async function dieOn(event: string, send: (fc: TestClient) => PromiseLike<unknown>): Promise<void> {
  const doomed = await spawnInstance(database, CONFIG, event);
  processes.push(doomed);
  const fc = await fcOn(doomed.url);
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
