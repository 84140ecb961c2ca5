/**
 * Ping webhooks over real HTTP: two backend instances on one database post to a loopback
 * receiver standing in for Discord (PING_WEBHOOK_ALLOW_PRIVATE/HTTP on for it), and a third,
 * strict instance (the defaults: https, public addresses) refuses what a moderator must not add.
 * Covered: Discord's format, the answer not waiting for delivery, retries honouring Retry-After,
 * exactly one delivery per ping change across instances, masked and encrypted URLs, the
 * delivery log, moderators only, another corporation's webhooks out of reach, SSRF refusals
 * (when added and again when connecting).
 */
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { DELIVERY_MESSAGES, type CorpWebhook, type WebhooksResponse } from '@eve-toolkit/shared-types';
import { fixedClock } from '../../tools/test-clock/fake-clock';
import type { RunningApp } from '../src/bootstrap';
import type { PingWebhookConfig } from '../src/common/config/config';
import { decryptSecret, encryptSecret, secretKey } from '../src/common/crypto/secret-box';
import { CorporationsService } from '../src/corporations/corporations.service';
import { WebhookOutbox } from '../src/corp/webhooks/webhook-outbox';
import { startTestInstance, testDatabase, testDatabaseOnTestClock } from './app';
import { corpMember } from './support/accounts';
import type { TestClient } from './support/client';
import { CORP_A as CORP, CORP_B as OTHER_CORP, registerCorporations } from './support/corp-area';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

jest.setTimeout(60_000);

const { ObjectId } = Types;

const NOW = fixedClock('2026-11-26T12:00:00Z');
/** The pings' moment: tomorrow 18:30 EVE time (from the test clock's start). */
const AT = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate() + 1, 18, 30));
const AT_DATE = AT.toISOString().slice(0, 10);

const KEY = 'a test deployment token key';
const LOOPBACK: PingWebhookConfig = {
  hosts: ['127.0.0.1'],
  allowPrivate: true,
  allowHttp: true,
  pollMs: 150,
  backoffBaseMs: 100,
  maxAttempts: 3,
  timeoutMs: 5_000,
};

let server: Awaited<ReturnType<typeof testDatabaseOnTestClock>>;
let receiver: WebhookReceiver;
let a: RunningApp;
let b: RunningApp;
let moderator: TestClient; // CORP, industrialist (on instance a)
let fcA: TestClient; // CORP, fc (on a)
let fcB: TestClient; // CORP, fc (on b)
let plain: TestClient; // CORP, corp role only
let otherMod: TestClient; // OTHER_CORP, industrialist

function instance(database: ReturnType<typeof testDatabase>, pingWebhooks: PingWebhookConfig): Promise<RunningApp> {
  return startTestInstance(database, { tokenEncryptionKey: KEY, pingWebhooks });
}

const db = (app: RunningApp) => app.app.get<Connection>(getConnectionToken());

const member = corpMember;

const deliveries = (app: RunningApp) => db(app).collection('corp_webhook_deliveries');

/** Waits until every row of the outbox has settled (sent or failed) on both instances. */
async function settled(): Promise<void> {
  for (;;) {
    await Promise.all([a.app.get(WebhookOutbox).drain(), b.app.get(WebhookOutbox).drain()]);
    if ((await deliveries(a).countDocuments({ status: { $in: ['pending', 'retrying'] } })) === 0) return;
    // Retries are due later: wait for the receiver's next request instead of sleeping.
    await receiver.waitFor(receiver.received.length + 1);
  }
}

async function addHook(c: TestClient, name: string, path: string): Promise<CorpWebhook> {
  const res = await c.post('/auth/corp/add_webhook', { name, url: `${receiver.url}${path}` });
  expect(res.status).toBe(200);
  return (res.body as { webhook: CorpWebhook }).webhook;
}

const ping = (c: TestClient, name: string, extra: object = {}) =>
  c.post('/auth/corp/add_event', { name, desc: 'Сбор в доме', type: 'roam', date: AT_DATE, time: '18:30', ...extra });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // A database server on this file's fixed clock (captchas and sessions expire by it).
  server = await testDatabaseOnTestClock();
  const { database } = server;
  a = await instance(database, LOOPBACK);
  b = await instance(database, LOOPBACK);
  await registerCorporations(a);
  moderator = await member(a, 'hook_mod', ['corp', 'industrialist'], 2112000001, CORP);
  fcA = await member(a, 'hook_fc_a', ['corp', 'fc'], 2112000002, CORP);
  fcB = await member(b, 'hook_fc_b', ['corp', 'fc'], 2112000003, CORP);
  plain = await member(a, 'hook_plain', ['corp'], 2112000004, CORP);
  otherMod = await member(a, 'hook_other', ['corp', 'industrialist', 'fc'], 2112000005, OTHER_CORP);
}, 120_000);

afterAll(async () => {
  await b?.close();
  await db(a)
    ?.dropDatabase()
    .catch(() => undefined);
  await a?.close();
  await server?.stop();
  await receiver?.close();
});

beforeEach(async () => {
  receiver.answer = () => ({ status: 204 });
  receiver.received.length = 0;
  receiver.arrived.length = 0;
  await db(a).collection('corp_webhooks').deleteMany({});
  await deliveries(a).deleteMany({});
});

describe('settings', () => {
  it('a moderator adds a webhook: the URL is stored encrypted and only ever shown masked', async () => {
    const secret = 'AbCdEf-the-secret-token-0123456789';
    const hook = await addHook(moderator, 'Discord флота', `/api/webhooks/1234567890/${secret}`);
    expect(hook).toMatchObject({ name: 'Discord флота', enabled: true, created_by: 'hook_mod', url: `${receiver.url}/…6789` });
    const listed = (await moderator.get('/auth/corp/webhooks')).body as WebhooksResponse;
    expect(listed.webhooks).toEqual([hook]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    const stored = await db(a).collection('corp_webhooks').findOne({});
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(decryptSecret(stored!.url_enc as string, secretKey(KEY, 'ping-webhooks'))).toBe(
      `${receiver.url}/api/webhooks/1234567890/${secret}`,
    );
  });

  it('only moderators manage webhooks, and another corporation never reaches them', async () => {
    const hook = await addHook(moderator, 'Флот', '/hook/only-ours');
    for (const c of [fcA, plain]) {
      const res = await c.get('/auth/corp/webhooks');
      expect([res.status, res.body.message]).toEqual([403, 'Менять проекты и список закупок могут производственники и админы']);
    }
    expect(((await otherMod.get('/auth/corp/webhooks')).body as WebhooksResponse).webhooks).toEqual([]);
    for (const [path, body] of [
      ['/auth/corp/set_webhook', { id: hook.id, enabled: false }],
      ['/auth/corp/test_webhook', { id: hook.id }],
      ['/auth/corp/delete_webhook', { id: hook.id }],
    ] as const) {
      const res = await otherMod.post(path, body);
      expect([path, res.status, res.body.message]).toEqual([path, 404, DELIVERY_MESSAGES.notFound]);
    }
    // Another corporation's ping is not sent to our webhook.
    expect((await ping(otherMod, 'Их пинг')).status).toBe(200);
    await settled();
    expect(receiver.received).toEqual([]);
  });

  it('bad input: 400 with a Russian message', async () => {
    const cases: [object, string][] = [
      [{ name: '', url: `${receiver.url}/x` }, DELIVERY_MESSAGES.nameRequired],
      [{ name: 'x', url: '' }, DELIVERY_MESSAGES.urlRequired],
      [{ name: 'x', url: 'не адрес' }, DELIVERY_MESSAGES.urlInvalid],
      [{ name: 'x\u200b', url: `${receiver.url}/x` }, 'Текст содержит невидимый или управляющий символ U+200B: удалите его'],
      [{ name: 'x', url: `${receiver.url}/${'a'.repeat(600)}` }, 'Не длиннее 500 символов'],
    ];
    for (const [body, message] of cases) {
      const res = await moderator.post('/auth/corp/add_webhook', body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const bad = await moderator.post('/auth/corp/set_webhook', { id: 'nope', enabled: true });
    expect([bad.status, bad.body.message]).toEqual([400, DELIVERY_MESSAGES.badId]);
    for (let i = 1; i <= 10; i++) await addHook(moderator, `Вебхук ${i}`, `/hook/${i}`);
    const eleventh = await moderator.post('/auth/corp/add_webhook', { name: 'Лишний', url: `${receiver.url}/hook/11` });
    expect([eleventh.status, eleventh.body.message]).toEqual([400, 'Не больше 10 вебхуков на корпорацию']);
  });

  it('25 adds at once from five moderators on both instances store exactly 10 (the quota holds)', async () => {
    const mods = [
      moderator,
      ...(await Promise.all(
        [2, 3, 4, 5].map((n) => member(n % 2 ? a : b, `hook_racer_${n}`, ['corp', 'industrialist'], 2112000020 + n, CORP)),
      )),
    ];
    await Promise.all(mods.map((c) => c.csrf()));
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        mods[i % mods.length].post('/auth/corp/add_webhook', { name: `Гонка ${i}`, url: `${receiver.url}/race/${i}` }),
      ),
    );
    const added = results.filter((r) => r.status === 200).map((r) => (r.body as { webhook: CorpWebhook }).webhook.id);
    expect(added).toHaveLength(10);
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body.message])).toEqual(
      Array(15).fill([400, 'Не больше 10 вебхуков на корпорацию']),
    );
    expect(await db(a).collection('corp_webhooks').countDocuments({ corporation_id: CORP })).toBe(10);
    const listed = ((await moderator.get('/auth/corp/webhooks')).body as WebhooksResponse).webhooks;
    expect(listed.map((w) => w.id).sort()).toEqual([...added].sort());
  });

  it('webhooks stored before quota places existed count too', async () => {
    const key = secretKey(KEY, 'ping-webhooks');
    await db(a)
      .collection('corp_webhooks')
      .insertMany(
        Array.from({ length: 9 }, (_, i) => ({
          corporation_id: CORP,
          name: `Старый ${i}`,
          url_enc: encryptSecret(`${receiver.url}/old/${i}`, key),
          url_masked: `${receiver.url}/…${i}`,
          enabled: true,
          created_by: 'hook_mod',
          created_at: new Date(),
        })),
      );
    await addHook(moderator, 'Десятый', '/hook/10');
    const eleventh = await moderator.post('/auth/corp/add_webhook', { name: 'Лишний', url: `${receiver.url}/hook/11` });
    expect([eleventh.status, eleventh.body.message]).toEqual([400, 'Не больше 10 вебхуков на корпорацию']);
    expect(await db(a).collection('corp_webhooks').countDocuments({ corporation_id: CORP })).toBe(10);
  });

  it('switched off, a webhook gets no pings; deleted, it is gone', async () => {
    const hook = await addHook(moderator, 'Флот', '/hook/off');
    const off = await moderator.post('/auth/corp/set_webhook', { id: hook.id, enabled: false });
    expect(off.body.webhook.enabled).toBe(false);
    expect((await ping(fcA, 'Тихий пинг')).status).toBe(200);
    await settled();
    expect(receiver.received).toEqual([]);
    expect(await deliveries(a).countDocuments({})).toBe(0);
    expect((await moderator.post('/auth/corp/delete_webhook', { id: hook.id })).status).toBe(200);
    expect(((await moderator.get('/auth/corp/webhooks')).body as WebhooksResponse).webhooks).toEqual([]);
    expect((await moderator.post('/auth/corp/delete_webhook', { id: hook.id })).status).toBe(404);
  });
});

describe('delivery', () => {
  it('a new ping reaches the webhook in Discord format, and the ping answer does not wait for it', async () => {
    const hook = await addHook(moderator, 'Флот', '/api/webhooks/1/format');
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    receiver.answer = (req) => (req.body.content?.startsWith('**Новый пинг') ? { status: 204, hold } : { status: 204 });
    // The receiver holds its answer until released; the ping is answered regardless.
    const res = await ping(fcA, 'Роум в Тенерифис', { desc: '@everyone берём фрегаты', type: 'roam' });
    expect(res.status).toBe(200);
    // The webhook's request arrives and stays unanswered (its row leased, not sent) while the ping has its answer.
    await receiver.waitForArrival(1);
    expect(
      await deliveries(a)
        .find({}, { projection: { status: 1, _id: 0 } })
        .toArray(),
    ).toEqual([{ status: 'pending' }]);
    release();
    const [got] = await receiver.waitFor(1);
    expect(got.path).toBe('/api/webhooks/1/format');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.body.content).toBe('**Новый пинг:** Роум в Тенерифис');
    expect(got.body.allowed_mentions).toEqual({ parse: [] });
    expect(got.body.embeds).toHaveLength(1);
    expect(got.body.embeds![0]).toMatchObject({
      title: 'Роум в Тенерифис',
      description: '@everyone берём фрегаты',
      timestamp: AT.toISOString(),
      footer: { text: 'Автор: hook_fc_a' },
    });
    expect(got.body.embeds![0].fields.slice(0, 2)).toEqual([
      { name: 'Время', value: `${AT_DATE} 18:30 ET\n<t:${AT.getTime() / 1000}:F> (<t:${AT.getTime() / 1000}:R>)`, inline: false },
      { name: 'Тип', value: 'Роум', inline: true },
    ]);
    await settled();
    const log = ((await moderator.get('/auth/corp/webhooks')).body as WebhooksResponse).deliveries;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      event_name: 'Роум в Тенерифис',
      kind: 'created',
      status: 'sent',
      attempts: 1,
      code: 204,
      error: null,
    });
    expect(log[0].event_id).toBe(res.body.event.id);
    // Marker: a test message sent after it, and all settled: the ping went out once.
    expect((await moderator.post('/auth/corp/test_webhook', { id: hook.id })).status).toBe(200);
    await settled();
    expect(receiver.arrived.map((r) => r.body.content)).toEqual([
      '**Новый пинг:** Роум в Тенерифис',
      '**Проверка вебхука «Флот»:** сюда будут приходить новые, изменённые и отменённые пинги корпорации.',
    ]);
  });

  it("429 and 5xx are retried, honouring Retry-After and Discord's retry_after", async () => {
    await addHook(moderator, 'Флот', '/hook/retry');
    receiver.answer = (_req, i) =>
      i === 0
        ? {
            status: 429,
            headers: { 'retry-after': '1', 'content-type': 'application/json' },
            body: '{"message":"You are being rate limited.","retry_after":0.4,"global":false}',
          }
        : i === 1
          ? { status: 503, body: 'Service Unavailable' }
          : { status: 204 };
    expect((await ping(fcA, 'Повтор')).status).toBe(200);
    const got = await receiver.waitFor(3);
    expect(got.map((r) => r.status)).toEqual([429, 503, 204]);
    // Retry-After: 1 (longer than retry_after 0.4) was honoured; then the backoff (100 ms).
    expect(got[1].at - got[0].at).toBeGreaterThanOrEqual(1000);
    expect(got[2].at - got[1].at).toBeGreaterThanOrEqual(100);
    expect(new Set(got.map((r) => r.body.content))).toEqual(new Set(['**Новый пинг:** Повтор']));
    await settled();
    const [row] = ((await moderator.get('/auth/corp/webhooks')).body as WebhooksResponse).deliveries;
    expect(row).toMatchObject({ status: 'sent', attempts: 3, code: 204, error: null });
  });

  it('gives up after the last attempt and says why in the log; a 4xx is not retried', async () => {
    await addHook(moderator, 'Сломанный', '/hook/broken');
    receiver.answer = () => ({ status: 500, body: 'boom' });
    expect((await ping(fcA, 'Не дойдёт')).status).toBe(200);
    await settled();
    expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 500]);
    let [row] = ((await moderator.get('/auth/corp/webhooks')).body as WebhooksResponse).deliveries;
    expect(row).toMatchObject({ status: 'failed', attempts: 3, code: 500, error: 'Сервер ответил 500: boom' });

    receiver.received.length = 0;
    receiver.answer = () => ({ status: 404, body: '{"message": "Unknown Webhook", "code": 10015}' });
    expect((await ping(fcA, 'Удалённый вебхук')).status).toBe(200);
    await settled();
    expect(receiver.received.map((r) => r.status)).toEqual([404]);
    [row] = ((await moderator.get('/auth/corp/webhooks')).body as WebhooksResponse).deliveries;
    expect(row).toMatchObject({ event_name: 'Удалённый вебхук', status: 'failed', attempts: 1, code: 404 });
  });

  it('redirects are not followed', async () => {
    await addHook(moderator, 'Перенаправление', '/hook/redirect');
    receiver.answer = (req) =>
      req.path === '/hook/redirect' ? { status: 307, headers: { location: '/hook/elsewhere' } } : { status: 204 };
    expect((await ping(fcA, 'Перенаправь')).status).toBe(200);
    await settled();
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook/redirect']);
    const [row] = ((await moderator.get('/auth/corp/webhooks')).body as WebhooksResponse).deliveries;
    expect(row).toMatchObject({ status: 'failed', code: 307, error: DELIVERY_MESSAGES.redirect });
  });

  it('two instances: every ping change is delivered exactly once', async () => {
    await addHook(moderator, 'Флот', '/hook/once');
    // Each ping's first request fails (503), so its retry is open to both instances' workers.
    const seen = new Map<string, number>();
    receiver.answer = (req) => {
      const n = (seen.get(req.body.content!) ?? 0) + 1;
      seen.set(req.body.content!, n);
      return { status: n === 1 ? 503 : 204 };
    };
    const names = Array.from({ length: 8 }, (_, i) => `Пинг ${i + 1}`);
    // Half the pings are made on each instance (each writes its own rows and starts sending).
    for (const [i, n] of names.entries()) expect((await ping(i % 2 ? fcB : fcA, n)).status).toBe(200);
    await settled();
    const delivered = receiver.received.filter((r) => r.status === 204).map((r) => r.body.content);
    expect(delivered.sort()).toEqual(names.map((n) => `**Новый пинг:** ${n}`).sort());
    expect(receiver.received).toHaveLength(16);
    const rows = await deliveries(a).find({}).toArray();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(names.map(() => ['sent', 2]));
  });

  it('a row whose instance died mid-send (lease expired) is sent by another instance; a live lease is left alone', async () => {
    const hook = await addHook(moderator, 'Флот', '/hook/crash');
    const row = (past: boolean, name: string) => ({
      corporation_id: CORP,
      webhook_id: new ObjectId(hook.id),
      webhook_name: 'Флот',
      event_id: null,
      event_name: name,
      kind: 'test',
      change_key: `crash:${name}`,
      message: { content: name, embeds: [], allowed_mentions: { parse: [] } },
      status: 'pending',
      attempts: 1,
      code: null,
      error: null,
      next_at: new Date(Date.now() - 60_000),
      lease_owner: 'a-dead-instance',
      lease_until: new Date(Date.now() + (past ? -1_000 : 600_000)),
      created_at: new Date(),
      updated_at: new Date(),
    });
    await deliveries(a).insertMany([row(true, 'осиротевшая'), row(false, 'чужая живая')]);
    // Whichever live instance claims it first sends it (both work the outbox).
    await receiver.waitFor(1);
    await Promise.all([a.app.get(WebhookOutbox).drain(), b.app.get(WebhookOutbox).drain()]);
    expect(receiver.received.map((r) => r.body.content)).toEqual(['осиротевшая']);
    const rows = await deliveries(a)
      .find({}, { sort: { event_name: 1 } })
      .toArray();
    expect(rows.map((r) => [r.event_name, r.status, r.attempts, r.lease_owner])).toEqual([
      ['осиротевшая', 'sent', 2, null],
      ['чужая живая', 'pending', 1, 'a-dead-instance'],
    ]);
  });

  it('an edit and a cancellation are sent too; answers (RSVP) are not', async () => {
    await addHook(moderator, 'Флот', '/hook/changes');
    const created = await ping(fcA, 'Защита', { type: 'home def', doctrine: 'Ferox', comms: 'Mumble #1', srp: true, fc: 'Ivan' });
    const id = created.body.event.id as string;
    await receiver.waitFor(1);
    expect((await plain.post('/auth/corp/rsvp_event', { id, answer: 'yes' })).status).toBe(200);
    const edited = await fcA.post('/auth/corp/update_event', { id, name: 'Защита дома', doctrine: 'Caracal' });
    expect(edited.status).toBe(200);
    await receiver.waitFor(2);
    expect((await fcA.post('/auth/corp/delete_event', { id })).status).toBe(200);
    const got = await receiver.waitFor(3);
    await settled();
    expect(receiver.received).toHaveLength(3);
    expect(got.map((r) => [r.body.content, r.body.embeds![0].title])).toEqual([
      ['**Новый пинг:** Защита', 'Защита'],
      ['**Пинг изменён:** Защита дома', 'Защита дома'],
      ['**Пинг отменён:** Защита дома', '~~Защита дома~~'],
    ]);
    expect(got[1].body.embeds![0].fields.filter((f) => f.name !== 'Время')).toEqual([
      { name: 'Тип', value: 'Защита дома', inline: true },
      { name: 'Доктрина', value: 'Caracal', inline: true },
      { name: 'Связь', value: 'Mumble #1', inline: true },
      { name: 'СРП', value: 'Да', inline: true },
      { name: 'ФК', value: 'Ivan', inline: true },
    ]);
    const log = ((await moderator.get('/auth/corp/webhooks')).body as WebhooksResponse).deliveries;
    expect(log.map((d) => [d.kind, d.status, d.event_id])).toEqual([
      ['cancelled', 'sent', id],
      ['updated', 'sent', id],
      ['created', 'sent', id],
    ]);
  });

  it('the test button sends a test message to that webhook only, even when it is off', async () => {
    const hook = await addHook(moderator, 'Проверочный', '/hook/test-one');
    await addHook(moderator, 'Другой', '/hook/test-other');
    await moderator.post('/auth/corp/set_webhook', { id: hook.id, enabled: false });
    const res = await moderator.post('/auth/corp/test_webhook', { id: hook.id });
    expect(res.status).toBe(200);
    expect(res.body.delivery).toMatchObject({ webhook_name: 'Проверочный', kind: 'test', status: 'pending', event_id: null });
    await settled();
    expect(receiver.received.map((r) => [r.path, r.body.content])).toEqual([
      [
        '/hook/test-one',
        '**Проверка вебхука «Проверочный»:** сюда будут приходить новые, изменённые и отменённые пинги корпорации.',
      ],
    ]);
  });
});

describe('no server-side request forgery', () => {
  let strict: RunningApp;
  let mod: TestClient;
  beforeAll(async () => {
    // The defaults (https only, public addresses only), with loopback names on the allow-list.
    strict = await instance(
      { ...testDatabase(), uri: server.database.uri },
      {
        ...LOOPBACK,
        hosts: ['discord.com', 'localhost', '127.0.0.1'],
        allowPrivate: false,
        allowHttp: false,
      },
    );
    await strict.app.get(CorporationsService).create({ id: CORP, name: 'Demo Mining Syndicate', corp_type: 0 });
    mod = await member(strict, 'strict_mod', ['corp', 'industrialist', 'fc'], 2112000010, CORP);
  });
  afterAll(() => strict?.close());

  it.each([
    ['http', 'http://discord.com/api/webhooks/1/x', DELIVERY_MESSAGES.httpsOnly],
    [
      'a host not on the list',
      'https://webhooks.attacker.example/api/webhooks/1/x',
      DELIVERY_MESSAGES.hostNotAllowed('discord.com, localhost, 127.0.0.1'),
    ],
    ['a private address', 'https://127.0.0.1:8443/api/webhooks/1/x', DELIVERY_MESSAGES.privateAddress],
    ['a name resolving to loopback', 'https://localhost:8443/api/webhooks/1/x', DELIVERY_MESSAGES.privateAddress],
    ['credentials', 'https://me:pw@discord.com/api/webhooks/1/x', DELIVERY_MESSAGES.credentials],
  ])('%s: 400 with a Russian message', async (_case, url, message) => {
    const res = await mod.post('/auth/corp/add_webhook', { name: 'Чужой', url });
    expect([res.status, res.body.message]).toEqual([400, message]);
    expect(await db(strict).collection('corp_webhooks').countDocuments({})).toBe(0);
  });

  it('checked again where the connection is made: a name that now resolves to loopback gets nothing', async () => {
    // As if localhost had resolved to a public address when it was added (DNS rebinding).
    await db(strict)
      .collection('corp_webhooks')
      .insertOne({
        corporation_id: CORP,
        name: 'Перепривязанный',
        url_enc: encryptSecret(`https://localhost:${receiver.port}/hook/rebound`, secretKey(KEY, 'ping-webhooks')),
        url_masked: 'https://localhost/…ound',
        enabled: true,
        created_by: 'strict_mod',
        created_at: new Date(),
      });
    expect((await ping(mod, 'Перепривязка')).status).toBe(200);
    for (;;) {
      await strict.app.get(WebhookOutbox).drain();
      if ((await db(strict).collection('corp_webhook_deliveries').countDocuments({ status: 'failed' })) === 1) break;
    }
    const [row] = ((await mod.get('/auth/corp/webhooks')).body as WebhooksResponse).deliveries;
    expect(row).toMatchObject({ status: 'failed', attempts: 1, code: null, error: DELIVERY_MESSAGES.privateAddress });
    expect(receiver.received).toEqual([]);
  });
});
