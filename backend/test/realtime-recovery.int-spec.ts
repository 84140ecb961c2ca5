/**
 * Connection-state recovery replayed as an attacker would, through real socket.io clients: a
 * corporation member's socket receives an event, its TCP connection drops (no disconnect packet),
 * its access ends while it is away (logout, role removed, sessions reset, account deactivated or
 * deleted, character unlinked or banned, corporation blocked), and a client reconnects with the
 * old `auth: { pid, offset }`, without a cookie or with the old one. It must get nothing it
 * missed, no room, and `recovered === false`; a member whose access did not change recovers
 * everything. On one instance (in-memory adapter) and across two instances on one Redis (the
 * Redis Streams adapter restores the session on the instance the client lands on).
 */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { io } from 'socket.io-client';
import type { ServerToClientEvents } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { SessionResolver } from '../src/common/auth/session-resolver.service';
import { CorporationsService } from '../src/corporations/corporations.service';
import { RealtimeGateway } from '../src/realtime/realtime.gateway';
import { checkedRecoveryOf } from '../src/realtime/recovery';
import { Rooms } from '../src/common/realtime/rooms';
import { createTestApp, startTestInstance, testDatabase } from './app';
import { corpMember, login, signedIn, solvedCaptcha } from './support/accounts';
import type { TestClient } from './support/client';
import { startRedis, type TestRedis } from './support/redis';
import { cookieOf, EventLog, type ClientSocket } from './support/sockets';

jest.setTimeout(60_000);

let redis: TestRedis;
let single: RunningApp;
let a: RunningApp;
let b: RunningApp;
const opened: ClientSocket[] = [];

beforeAll(async () => {
  redis = await startRedis();
  single = await createTestApp();
  const database = testDatabase();
  const instance = () => startTestInstance(database, { redisUrl: redis.url });
  a = await instance();
  b = await instance();
}, 120_000);

afterAll(async () => {
  opened.forEach((s) => s.close());
  await single?.close();
  await a?.app
    .get<Connection>(getConnectionToken())
    .dropDatabase()
    .catch(() => undefined);
  await a?.close();
  await b?.close();
  await redis?.stop();
});

const gateway = (app: RunningApp) => app.app.get(RealtimeGateway);
const db = (app: RunningApp) => app.app.get<Connection>(getConnectionToken());

let seq = 0;
/** A fresh corporation with a member (the victim, corp role) and an fc who posts pings in it. */
async function corporation(app: RunningApp) {
  seq += 1;
  const corporationId = 98_500_000 + seq;
  const characterId = 2_120_000_000 + seq * 2;
  await app.app.get(CorporationsService).create({ id: corporationId, name: `Recovery ${seq}`, corp_type: 0 });
  const enrol = async (name: string, roles: ('corp' | 'fc')[], charId: number) => {
    const c = await corpMember(app, name, roles, charId, corporationId);
    const user = await db(app).collection('users').findOne({ username_lower: name });
    return { client: c, userId: String(user!._id) };
  };
  const victim = await enrol(`rec_victim_${seq}`, ['corp'], characterId);
  const author = await enrol(`rec_author_${seq}`, ['corp', 'fc'], characterId + 1);
  return { corporationId, characterId, victim, author, authorName: `rec_author_${seq}`, blocked: false };
}

const admins = new Map<RunningApp, Promise<TestClient>>();
/** One admin per database (a sessions reset keeps the caller's own session). */
function adminOf(app: RunningApp): Promise<TestClient> {
  if (!admins.has(app)) admins.set(app, signedIn(app, `rec_admin_${admins.size + 1}`, ['admin']));
  return admins.get(app)!;
}

/**
 * A ping in the corporation: posted by its fc over HTTP; once the corporation is blocked nobody can
 * post there, so the same event goes to its room straight from the gateway (as any later event
 * for that room would).
 */
const ping = async (app: RunningApp, s: Setup, name: string) => {
  const res = await s.author.client.post('/auth/corp/add_event', { name, date: '2030-01-01', time: '12:00' });
  if (res.status === 200) return;
  expect(s.blocked).toBe(true);
  const ping = { id: `blocked-${++seq}`, name } as unknown as Parameters<ServerToClientEvents['corp:ping-created']>[0]['ping'];
  gateway(app).emitTo(Rooms.corp(s.corporationId), 'corp:ping-created', { corporationId: s.corporationId, ping });
};

/** A socket created without connecting, its event log attached first (missed events come before `connect`). */
function socketTo(app: RunningApp, options: { cookie?: string; auth?: object; reconnection?: boolean }) {
  const socket: ClientSocket = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    autoConnect: false,
    reconnection: options.reconnection ?? false,
    extraHeaders: options.cookie ? { cookie: options.cookie } : {},
    auth: options.auth ?? {},
  });
  opened.push(socket);
  const log = new EventLog(socket);
  /** What came after each corporation event's payload: its offset, the one argument Socket.IO appends. */
  const offsets: unknown[][] = [];
  socket.onAny((name: string, _payload: unknown, ...rest: unknown[]) => {
    if (name.startsWith('corp:ping')) offsets.push(rest);
  });
  /** The events it had when it saw `connect` (a recovered socket: everything it missed). */
  const atConnect: string[] = [];
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => {
      atConnect.push(...namesOf(log));
      resolve();
    });
    socket.once('connect_error', reject);
  });
  socket.connect();
  return { socket, log, offsets, connected, atConnect };
}

/** The log as `event ping-name` lines, without the markers. */
const namesOf = (log: EventLog) =>
  log.events
    .filter((e) => !(e.name === 'market:prices-updated' && (e.payload as { hubId: number }).hubId > 900_000))
    .map((e) => `${e.name} ${(e.payload as { ping?: { name: string } }).ping?.name ?? ''}`.trim());

/** The private session id and last offset a client keeps for recovery (what it sends back). */
const recoveryState = (s: ClientSocket) => {
  const internal = s as unknown as { _pid?: string; _lastOffset?: string };
  return { pid: internal._pid!, offset: internal._lastOffset! };
};

/**
 * The network drops under the socket: no disconnect packet, so the server keeps its session for
 * recovery. Resolves once the server has seen it go (the session is stored then).
 */
async function dropConnection(app: RunningApp, s: ClientSocket): Promise<void> {
  const onServer = gateway(app).server.sockets.sockets.get(s.id!);
  if (!onServer) throw new Error('the socket is not on this instance');
  const gone = new Promise<string>((resolve) => onServer.once('disconnect', (reason) => resolve(reason)));
  s.io.engine.close();
  expect(await gone).toBe('transport close');
}

/**
 * A public event sent to every socket after everything else, from the instance the pings went
 * through (one Redis connection: the stream keeps their order): what came before it is all there is.
 */
async function marker(app: RunningApp, log: EventLog): Promise<string[]> {
  const hubId = 900_000 + ++seq;
  gateway(app).emitToAll('market:prices-updated', { hubId, updatedAt: new Date(0).toISOString() });
  await log.next('market:prices-updated', (p) => p.hubId === hubId);
  return namesOf(log);
}

const roomsOn = async (app: RunningApp, socketId: string) => {
  const [s] = await gateway(app).server.in(socketId).fetchSockets();
  return [...s.rooms].filter((r) => r !== socketId).sort();
};

type Setup = Awaited<ReturnType<typeof corporation>>;
interface Revocation {
  name: string;
  /** Whether the victim's old cookie still signs it in afterwards (it keeps its own user room). */
  stillSignedIn: boolean;
  revoke: (app: RunningApp, s: Setup, admin: TestClient) => Promise<void>;
}

const REVOCATIONS: Revocation[] = [
  {
    name: 'logout',
    stillSignedIn: false,
    revoke: async (_app, s) => void expect((await s.victim.client.act('/auth/logout')).status).toBe(200),
  },
  {
    name: 'corp role removed',
    stillSignedIn: true,
    revoke: async (_app, s, admin) =>
      void expect(
        (await admin.post(`/api/admin/stats/users/${s.victim.userId}`, { type: 'del_role', role: 'corp' })).status,
      ).toBe(200),
  },
  {
    name: 'sessions reset by an admin',
    stillSignedIn: false,
    revoke: async (app, s, admin) => {
      expect((await admin.act('/api/admin/kill')).status).toBe(200);
      // Every other session ended, the author's too: it signs in again (a new session, a new token).
      s.author.client.forgetCsrf();
      await login(app, s.author.client, s.authorName);
    },
  },
  {
    name: 'account deactivated',
    stillSignedIn: false,
    revoke: async (_app, s, admin) =>
      void expect(
        (await admin.post(`/api/admin/stats/users/${s.victim.userId}`, { type: 'active', is_active: false })).status,
      ).toBe(200),
  },
  {
    name: 'account deleted',
    stillSignedIn: false,
    revoke: async (app, s) => {
      const captchaId = await solvedCaptcha(app, s.victim.client);
      expect((await s.victim.client.post('/auth/delete', (r) => r.field('captcha_id', captchaId))).status).toBe(200);
    },
  },
  {
    name: 'character unlinked',
    stillSignedIn: true,
    revoke: async (_app, s) =>
      void expect((await s.victim.client.delete(`/auth/esi/del_char/${s.characterId}`)).status).toBe(200),
  },
  {
    name: 'character banned',
    stillSignedIn: true,
    revoke: async (_app, s, admin) =>
      void expect(
        (await admin.post('/api/admin/ban_chars', { type: 'new', id: s.characterId, name: 'Шпион', reason: 'Шпионаж' })).status,
      ).toBe(200),
  },
  {
    name: 'corporation blocked',
    stillSignedIn: true,
    revoke: async (_app, s, admin) => {
      expect((await admin.post('/api/admin/corps', { type: 'type', id: s.corporationId, corp_type: 2 })).status).toBe(200);
      s.blocked = true;
    },
  },
];

/**
 * One replay. `home` is where the victim's socket lives and where everything is done over HTTP;
 * `away` is where the client reconnects (the same instance, or the other one).
 */
async function replay(home: RunningApp, away: RunningApp, revocation: Revocation | null, withCookie: boolean) {
  const admin = await adminOf(home);
  const s = await corporation(home);
  const cookie = await cookieOf(s.victim.client);
  const first = socketTo(home, { cookie });
  await first.connected;
  await ping(home, s, 'До обрыва');
  await first.log.next('corp:ping-created', (e) => e.ping.name === 'До обрыва');
  const { pid, offset } = recoveryState(first.socket);
  expect(pid).toEqual(expect.any(String));
  expect(offset).toEqual(expect.any(String));

  await dropConnection(home, first.socket);
  await ping(home, s, 'Пока не было связи');
  if (revocation) await revocation.revoke(home, s, admin);
  await ping(home, s, 'После отзыва доступа');

  const again = socketTo(away, { cookie: withCookie ? cookie : undefined, auth: { pid, offset } });
  await again.connected;
  const rooms = await roomsOn(away, again.socket.id!);
  await ping(home, s, 'После переподключения');
  // Socket.IO keeps the private id of a recovered session and gives a new one otherwise (a fresh
  // client's own `recovered` flag is false either way: it had no id to compare with).
  const recovered = recoveryState(again.socket).pid === pid;
  const events = await marker(home, again.log);
  return { recovered, events, rooms, victimId: s.victim.userId, offsets: again.offsets, atConnect: again.atConnect };
}

/**
 * Runs `during` once, inside the admission of the next socket handshake on `app` (while its
 * session is being resolved, before it joins its rooms): the window a recovering socket's missed
 * events used to fall through.
 */
function duringNextAdmission(app: RunningApp, during: () => Promise<void>): jest.SpyInstance {
  const resolver = app.app.get(SessionResolver);
  const resolve = resolver.resolve.bind(resolver);
  let fired = false;
  return jest.spyOn(resolver, 'resolve').mockImplementation(async (req) => {
    if (!fired && req.url?.startsWith('/socket.io/')) {
      fired = true;
      await during();
    }
    return resolve(req);
  });
}

const LIVE_EVENTS = [
  'corp:ping-created Пока не было связи',
  'corp:ping-created После отзыва доступа',
  'corp:ping-created После переподключения',
];

describe.each([
  ['one instance', () => [single, single] as const],
  ['two instances on Redis', () => [a, b] as const],
])('%s', (_topology, apps) => {
  it('a member whose access did not change recovers every event it missed, then gets new ones', async () => {
    const [home, away] = apps();
    const r = await replay(home, away, null, true);
    expect(r.recovered).toBe(true);
    expect(r.events).toEqual(LIVE_EVENTS);
    // What it missed came before its `connect` (as Socket.IO's own recovery delivers it).
    expect(r.atConnect).toEqual(LIVE_EVENTS.slice(0, 2));
    expect(r.rooms).toEqual([expect.stringMatching(/^corp:/), `user:${r.victimId}`]);
    // Recovered or live, each event came once with its own offset (written to the client as it was
    // stored, not published again with a second one).
    expect(r.offsets.map((rest) => rest.length)).toEqual([1, 1, 1]);
    expect(new Set(r.offsets.map(([offset]) => offset)).size).toBe(3);
  });

  it('the same pid and offset without the cookie recover nothing: a guest socket', async () => {
    const [home, away] = apps();
    const r = await replay(home, away, null, false);
    expect(r.recovered).toBe(false);
    expect(r.events).toEqual([]);
    expect(r.rooms).toEqual([]);
  });

  describe.each(REVOCATIONS.map((rv) => [rv.name, rv] as const))('after %s while away', (_name, revocation) => {
    it.each([
      ['without a cookie', false],
      ['with the old cookie', true],
    ])('a reconnect %s gets no missed event, no corporation room and starts afresh', async (_how, withCookie) => {
      const [home, away] = apps();
      const r = await replay(home, away, revocation, withCookie);
      expect(r.recovered).toBe(false);
      expect(r.events).toEqual([]);
      expect(r.rooms).toEqual(withCookie && revocation.stillSignedIn ? [`user:${r.victimId}`] : []);
    });
  });

  it('an event published while the reconnecting socket is admitted is recovered, once and in order', async () => {
    const [home, away] = apps();
    const s = await corporation(home);
    const cookie = await cookieOf(s.victim.client);
    const first = socketTo(home, { cookie });
    await first.connected;
    // Another member's socket where the victim comes back: it shows when that instance has the event.
    const witness = socketTo(away, { cookie: await cookieOf(s.author.client) });
    await witness.connected;
    await ping(home, s, 'До обрыва');
    await first.log.next('corp:ping-created', (e) => e.ping.name === 'До обрыва');
    const { pid, offset } = recoveryState(first.socket);
    await dropConnection(home, first.socket);
    await ping(home, s, 'Пока не было связи');

    const spy = duringNextAdmission(away, async () => {
      await ping(home, s, 'Во время допуска');
      await witness.log.next('corp:ping-created', (e) => e.ping.name === 'Во время допуска');
    });
    try {
      const again = socketTo(away, { cookie, auth: { pid, offset } });
      await again.connected;
      expect(recoveryState(again.socket).pid).toBe(pid);
      expect(again.atConnect).toEqual(['corp:ping-created Пока не было связи', 'corp:ping-created Во время допуска']);
      await ping(home, s, 'После переподключения');
      expect(await marker(home, again.log)).toEqual([
        'corp:ping-created Пока не было связи',
        'corp:ping-created Во время допуска',
        'corp:ping-created После переподключения',
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('an event published after it joined its rooms and before its missed events are read arrives once, in order', async () => {
    const [home, away] = apps();
    const s = await corporation(home);
    const cookie = await cookieOf(s.victim.client);
    const first = socketTo(home, { cookie });
    await first.connected;
    const witness = socketTo(away, { cookie: await cookieOf(s.author.client) });
    await witness.connected;
    await ping(home, s, 'До обрыва');
    await first.log.next('corp:ping-created', (e) => e.ping.name === 'До обрыва');
    const { pid, offset } = recoveryState(first.socket);
    await dropConnection(home, first.socket);
    await ping(home, s, 'Пока не было связи');

    // Both live (held back while recovering) and in the read of what it missed: delivered once.
    const recovery = checkedRecoveryOf(gateway(away).server.sockets.adapter);
    const read = recovery.readMissed.bind(recovery);
    const spy = jest.spyOn(recovery, 'readMissed').mockImplementationOnce(async (held) => {
      await ping(home, s, 'Между входом и чтением');
      await witness.log.next('corp:ping-created', (e) => e.ping.name === 'Между входом и чтением');
      return read(held);
    });
    try {
      const again = socketTo(away, { cookie, auth: { pid, offset } });
      await again.connected;
      expect(recoveryState(again.socket).pid).toBe(pid);
      // Connected only once the read is done and everything it missed written: an event published
      // from now on (as this test's next one) is published after those and comes after them.
      expect(again.atConnect).toEqual(['corp:ping-created Пока не было связи', 'corp:ping-created Между входом и чтением']);
      await ping(home, s, 'После переподключения');
      expect(await marker(home, again.log)).toEqual([
        'corp:ping-created Пока не было связи',
        'corp:ping-created Между входом и чтением',
        'corp:ping-created После переподключения',
      ]);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("a refused recovery gets a new socket id: what is sent to the old socket's id never reaches it", async () => {
    const [home, away] = apps();
    const s = await corporation(home);
    const first = socketTo(home, { cookie: await cookieOf(s.victim.client) });
    await first.connected;
    await ping(home, s, 'До обрыва');
    await first.log.next('corp:ping-created', (e) => e.ping.name === 'До обрыва');
    const { pid, offset } = recoveryState(first.socket);
    const oldId = first.socket.id!;
    await dropConnection(home, first.socket);

    // Another member of the same corporation comes back with the victim's pid and offset.
    const other = socketTo(away, { cookie: await cookieOf(s.author.client), auth: { pid, offset } });
    await other.connected;
    expect(recoveryState(other.socket).pid).not.toBe(pid);
    expect(other.socket.recovered).toBe(false);
    expect(other.socket.id).not.toBe(oldId);
    // A message for the old socket id (from either instance) is not the other member's.
    gateway(home)
      .server.to(oldId)
      .emit('corp:access-changed', { corporationIds: [s.corporationId] });
    gateway(away)
      .server.to(oldId)
      .emit('corp:access-changed', { corporationIds: [s.corporationId] });
    expect(await marker(home, other.log)).toEqual([]);
  });
});
