/**
 * The admin area over real HTTP and real Socket.IO clients: statistics and visitor counts, users
 * (search, paging, roles, switching off), corporations, the ban list, market categories and
 * items (the market list reflects them at once), role requests decided live and once, the
 * sessions reset and the update_libs job with live progress.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { io, type Socket } from 'socket.io-client';
import { startFakeEsi, type FakeEsi } from '@eve-toolkit/fake-esi';
import {
  ADMIN_MESSAGES,
  HUBS,
  ROLE_REQUEST_MESSAGES,
  type AdminMainStats,
  type AdminMarketCategoriesResponse,
  type AdminUsersResponse,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type UpdateLibsJob,
} from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { SESSION_TTL_SECONDS } from '../src/common/auth/session.middleware';
import { RealtimeGateway } from '../src/realtime/realtime.gateway';
import { Rooms } from '../src/common/realtime/rooms';
import { UpdateLibsService } from '../src/admin/update-libs.service';
import { createTestApp } from './app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs } from './fixtures/mini-sde';
import { signedIn } from './support/accounts';
import { client, type TestClient } from './support/client';

jest.setTimeout(60_000);
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const MINI = { typeIds: [34, 35, 36, 587], blueprintIds: [], systemIds: [30000142], schematicIds: [] };

let esi: FakeEsi;
let running: RunningApp;
let db: Connection;
let admin: TestClient;
let sdeDir: string;

beforeAll(async () => {
  esi = await startFakeEsi({ dataDir: null, ordersPerRegion: 0 });
  sdeDir = await buildMiniSde(MINI);
  running = await createTestApp({
    esi: { baseUrl: esi.url, userAgent: 'eve-toolkit-tests', compatibilityDate: '2025-09-30' },
    sde: { path: sdeDir, autoImport: false },
  });
  db = running.app.get<Connection>(getConnectionToken());
  await importSdeInto(running, sdeDir);
  admin = await signedIn(running, 'adm_boss', ['admin']);
}, 180_000);
afterAll(async () => {
  await running?.app.get(UpdateLibsService).whenIdle();
  await running?.close();
  await esi?.close();
  removeMiniSdeDirs();
});

/** The session cookie a browser would send along with the handshake. */
async function cookieOf(c: TestClient): Promise<string> {
  await c.get('/auth/get_session').expect(200);
  const jar = (c.agent as unknown as { jar: { getCookies(o: object): { name: string; value: string }[] } }).jar;
  return jar
    .getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false })
    .map((k) => `${k.name}=${k.value}`)
    .join('; ');
}

async function connect(c: TestClient): Promise<ClientSocket> {
  const cookie = await cookieOf(c);
  return new Promise((resolve, reject) => {
    const s: ClientSocket = io(running.url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: { cookie },
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => {
      s.close();
      reject(e);
    });
  });
}

const once = <E extends keyof ServerToClientEvents>(s: ClientSocket, event: E) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => s.once(event, ((p: never) => resolve(p)) as never));

const session = async (c: TestClient) =>
  (await c.get('/auth/get_session').expect(200)).body as { isAuthenticated: boolean; roles: string[] };

describe('main statistics', () => {
  it('counts registrations per day and visitors of the last 24 hours (guests by session, accounts once each)', async () => {
    const before = (await admin.get('/api/admin/stats/main').expect(200)).body as AdminMainStats;
    const guest = client(running.url);
    await guest.csrf(); // a guest's first visit: the SPA asks for a CSRF token, which starts a session
    const pilot = await signedIn(running, 'adm_visitor');
    const pilotSecondDevice = client(running.url);
    const { login } = await import('./support/accounts');
    expect((await login(running, pilotSecondDevice, 'adm_visitor')).body.ok).toBe(true);
    // A guest who was last here 25 hours ago is not counted.
    const stale = client(running.url);
    await stale.csrf();
    const staleSid = (await cookieOf(stale)).match(/sid=s%3A([^.]+)\./)![1];
    await db
      .collection('sessions')
      .updateOne(
        { _id: staleSid as never },
        { $set: { expires: new Date(Date.now() + SESSION_TTL_SECONDS * 1000 - 25 * 3600_000) } },
      );

    const after = (await admin.get('/api/admin/stats/main').expect(200)).body as AdminMainStats;
    // pilot registered as a guest session that became the signed-in one; the guest above is new.
    expect(after.auth - before.auth).toBe(1);
    expect(after.unauth - before.unauth).toBe(1);
    expect(after.window_hours).toBe(24);

    const users = await db
      .collection('users')
      .find({}, { sort: { created_at: 1 } })
      .toArray();
    expect(after.users.dates).toEqual(users.map((u) => (u.created_at as Date).toISOString()));
    const perDay = new Map<string, number>();
    for (const u of users)
      perDay.set(
        (u.created_at as Date).toISOString().slice(0, 10),
        (perDay.get((u.created_at as Date).toISOString().slice(0, 10)) ?? 0) + 1,
      );
    expect(after.users.per_day).toEqual([...perDay].map(([date, count]) => ({ date, count })));
    void pilot;
  });
});

describe('users', () => {
  it('searches from 2 characters and pages by 10', async () => {
    // Listed accounts only (nobody signs in as them): written straight to the database.
    const at = new Date();
    await db.collection('users').insertMany(
      Array.from({ length: 12 }, (_, i) => {
        const username = `pager_${String(i).padStart(2, '0')}`;
        return {
          username,
          username_lower: username,
          email: null,
          password_hash: 'x',
          roles: ['user'],
          is_active: true,
          created_at: at,
          last_active: at,
        };
      }),
    );
    const page1 = (await admin.get('/api/admin/stats/users?q=PAGER_&page=1').expect(200)).body as AdminUsersResponse;
    expect(page1).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(page1.users.map((u) => u.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `pager_${String(i).padStart(2, '0')}`),
    );
    const page2 = (await admin.get('/api/admin/stats/users?q=pager_&page=2').expect(200)).body as AdminUsersResponse;
    expect(page2.users.map((u) => u.username)).toEqual(['pager_10', 'pager_11']);
    expect(page2.users[0]).toMatchObject({ roles: [{ name: 'user' }], chars: [], is_active: true });
    expect(page2.users[0].last_active).not.toBeNull();
    // One character is no search: the whole list.
    const all = (await admin.get('/api/admin/stats/users?q=p').expect(200)).body as AdminUsersResponse;
    expect(all.total).toBe(await db.collection('users').countDocuments());
    const bad = await admin.get('/api/admin/stats/users?page=0').expect(400);
    expect(bad.body.message).toBe(ADMIN_MESSAGES.badPage);
  });

  it('grants and revokes roles and switches an account off; the user sees it on the next request', async () => {
    const pilot = await signedIn(running, 'adm_roles');
    const { body } = await admin.get('/api/admin/stats/users?q=adm_roles').expect(200);
    const id = (body as AdminUsersResponse).users[0].id;
    expect((await admin.post(`/api/admin/stats/users/${id}`, { type: 'add_role', role: 'fc' })).body.user.roles).toEqual([
      { name: 'user' },
      { name: 'fc' },
    ]);
    expect((await session(pilot)).roles).toEqual(['user', 'fc']);
    await admin.post(`/api/admin/stats/users/${id}`, { type: 'del_role', role: 'user' });
    expect((await session(pilot)).roles).toEqual(['fc']);
    const detail = await admin.get(`/api/admin/stats/users/${id}`).expect(200);
    expect(detail.body.user).toMatchObject({ username: 'adm_roles', roles: [{ name: 'fc' }], is_active: true });

    const off = await admin.post(`/api/admin/stats/users/${id}`, { type: 'active', is_active: false });
    expect(off.body.user.is_active).toBe(false);
    expect((await session(pilot)).isAuthenticated).toBe(false);

    const bad = await admin.post(`/api/admin/stats/users/${id}`, { type: 'add_role', role: 'king' });
    expect([bad.status, bad.body.message]).toEqual([400, ROLE_REQUEST_MESSAGES.unknownRole]);
    const missing = await admin.post('/api/admin/stats/users/0123456789abcdef01234567', { type: 'active', is_active: true });
    expect([missing.status, missing.body.message]).toEqual([404, ADMIN_MESSAGES.userNotFound]);
  });

  it('refuses to take the admin role from oneself or to switch oneself off', async () => {
    const me = (await admin.get('/api/admin/stats/users?q=adm_boss').expect(200)).body.users[0].id as string;
    const a = await admin.post(`/api/admin/stats/users/${me}`, { type: 'del_role', role: 'admin' });
    expect([a.status, a.body.message]).toEqual([409, ADMIN_MESSAGES.ownAdminRole]);
    const b = await admin.post(`/api/admin/stats/users/${me}`, { type: 'active', is_active: false });
    expect([b.status, b.body.message]).toEqual([409, ADMIN_MESSAGES.ownAccount]);
  });
});

describe('corporations and banned characters', () => {
  it('creates (type 2 by default), changes the type of and deletes corporations; the list reloads in each answer', async () => {
    expect((await admin.get('/api/admin/corps').expect(200)).body).toEqual({ corps: [] });
    const created = await admin.post('/api/admin/corps', { type: 'new', id: 98000002, name: 'Northern Freight Union' });
    expect(created.body).toEqual({ corps: [{ id: 98000002, name: 'Northern Freight Union', tag_id: 2, corp_type: 2 }] });
    await admin.post('/api/admin/corps', { type: 'new', id: 98000001, name: 'Demo Mining Syndicate', corp_type: 0 });
    const typed = await admin.post('/api/admin/corps', { type: 'type', id: 98000002, corp_type: 1 });
    expect(typed.body.corps).toEqual([
      { id: 98000001, name: 'Demo Mining Syndicate', tag_id: 0, corp_type: 0 },
      { id: 98000002, name: 'Northern Freight Union', tag_id: 1, corp_type: 1 },
    ]);
    const dup = await admin.post('/api/admin/corps', { type: 'new', id: 98000001, name: 'Again' });
    expect([dup.status, dup.body.message]).toEqual([409, 'Корпорация с таким ID уже зарегистрирована']);
    const noName = await admin.post('/api/admin/corps', { type: 'new', id: 5, name: '  ' });
    expect([noName.status, noName.body.message]).toEqual([400, ADMIN_MESSAGES.corpNameRequired]);
    const noId = await admin.post('/api/admin/corps', { type: 'new', name: 'X' });
    expect([noId.status, noId.body.message]).toEqual([400, ADMIN_MESSAGES.corpIdRequired]);
    const badType = await admin.post('/api/admin/corps', { type: 'new', id: 7, name: 'X', corp_type: 3 });
    expect([badType.status, badType.body.message]).toEqual([400, ADMIN_MESSAGES.corpTypeInvalid]);
    const deleted = await admin.post('/api/admin/corps', { type: 'del', id: 98000002 });
    expect(deleted.body.corps.map((c: { id: number }) => c.id)).toEqual([98000001]);
    expect((await admin.post('/api/admin/corps', { type: 'del', id: 98000002 })).status).toBe(404);
  });

  it('bans and unbans characters (id, name and reason required)', async () => {
    const banned = await admin.post('/api/admin/ban_chars', { type: 'new', id: 2112000003, name: 'Jon Doe', reason: 'Шпион' });
    expect(banned.body).toEqual({ banned_chars: [{ id: 2112000003, name: 'Jon Doe', reason: 'Шпион' }] });
    const dup = await admin.post('/api/admin/ban_chars', { type: 'new', id: 2112000003, name: 'Jon Doe', reason: 'Ещё раз' });
    expect([dup.status, dup.body.message]).toEqual([409, ADMIN_MESSAGES.alreadyBanned]);
    const noReason = await admin.post('/api/admin/ban_chars', { type: 'new', id: 1, name: 'A', reason: '' });
    expect([noReason.status, noReason.body.message]).toEqual([400, ADMIN_MESSAGES.reasonRequired]);
    const badType = await admin.post('/api/admin/ban_chars', { type: 'ban', id: 1 });
    expect([badType.status, badType.body.message]).toEqual([400, ADMIN_MESSAGES.badType]);
    expect((await admin.post('/api/admin/ban_chars', { type: 'del', id: 2112000003 })).body).toEqual({ banned_chars: [] });
    expect((await admin.post('/api/admin/ban_chars', { type: 'del', id: 2112000003 })).status).toBe(404);
  });
});

describe('market categories and items', () => {
  const categories = async () =>
    ((await admin.get('/api/admin/stats/market_categories').expect(200)).body as AdminMarketCategoriesResponse).categories;
  const marketList = async () =>
    (
      (await client(running.url).get('/data/market/items?hub=2').expect(200)).body.data as {
        name: string;
        items: { id: number }[];
      }[]
    ).map((c) => [c.name, c.items.map((i) => i.id)]);

  it('creates, renames, reorders and deletes categories, adds and removes items; the market list reflects each at once', async () => {
    await marketList(); // fills the market's list cache: the changes below must still show at once
    const before = await categories();
    const created = (await admin.post('/api/admin/market_categories', { type: 'new', name: 'Тест' }))
      .body as AdminMarketCategoriesResponse;
    const cat = created.categories.at(-1)!;
    expect(cat).toMatchObject({ name: 'Тест', order: before.length + 1, items: [] });
    expect((await marketList()).at(-1)).toEqual(['Тест', []]);

    await admin
      .post('/api/admin/market_items', { type: 'new', id: 587, category_id: cat.id })
      .then((r) => expect(r.status).toBe(200));
    await admin.post('/api/admin/market_items', { type: 'new', id: 34, category_id: cat.id });
    expect((await marketList()).at(-1)).toEqual(['Тест', [587, 34]]);
    const dup = await admin.post('/api/admin/market_items', { type: 'new', id: 34, category_id: cat.id });
    expect([dup.status, dup.body.message]).toEqual([409, ADMIN_MESSAGES.itemExists]);
    const unknown = await admin.post('/api/admin/market_items', { type: 'new', id: 999999, category_id: cat.id });
    expect([unknown.status, unknown.body.message]).toEqual([400, ADMIN_MESSAGES.itemUnknown]);

    const items = (await admin.get('/api/admin/stats/market_items?q=rif').expect(200)).body;
    expect(items.items).toContainEqual({ id: 587, name: 'Rifter', category_id: cat.id, category_name: 'Тест' });

    await admin.post('/api/admin/market_categories', { type: 'rename', id: cat.id, name: 'Корабли и руда' });
    await admin.post('/api/admin/market_categories', { type: 'move', id: cat.id, direction: 'up' });
    const list = await marketList();
    expect(list.at(-2)).toEqual(['Корабли и руда', [587, 34]]);
    expect((await categories()).map((c) => c.order)).toEqual(Array.from({ length: before.length + 1 }, (_, i) => i + 1));

    await admin.post('/api/admin/market_items', { type: 'del', id: 587, category_id: cat.id });
    expect((await marketList()).find(([n]) => n === 'Корабли и руда')).toEqual(['Корабли и руда', [34]]);
    const clash = await admin.post('/api/admin/market_categories', { type: 'rename', id: cat.id, name: before[0].name });
    expect([clash.status, clash.body.message]).toEqual([409, ADMIN_MESSAGES.categoryExists]);
    await admin.post('/api/admin/market_categories', { type: 'del', id: cat.id });
    expect((await marketList()).map(([n]) => n)).toEqual(before.map((c) => c.name));
    const gone = await admin.post('/api/admin/market_categories', { type: 'del', id: cat.id });
    expect([gone.status, gone.body.message]).toEqual([404, ADMIN_MESSAGES.categoryNotFound]);
  });

  it('a change reaches open market pages as market:list-changed (prices are not announced)', async () => {
    const visitor = await connect(client(running.url)); // a guest's socket: the market is public
    try {
      const events: string[] = [];
      visitor.on('market:prices-updated', () => events.push('market:prices-updated'));
      const changed = once(visitor, 'market:list-changed');
      expect((await admin.post('/api/admin/market_categories', { type: 'new', name: 'Событие' })).status).toBe(200);
      expect(Date.parse((await changed).changedAt)).not.toBeNaN();
      // A marker after it: every event of the change has arrived by then.
      const marker = once(visitor, 'market:list-changed');
      const id = (await categories()).find((c) => c.name === 'Событие')!.id;
      expect((await admin.post('/api/admin/market_categories', { type: 'del', id })).status).toBe(200);
      await marker;
      expect(events).toEqual([]);
    } finally {
      visitor.disconnect();
    }
  });
});

describe('role requests', () => {
  it('reach admins live, are decided once when two admins answer at once, and the requester sees the decision live', async () => {
    const pilot = await signedIn(running, 'adm_requester');
    const second = await signedIn(running, 'adm_second', ['admin']);
    const [pilotSocket, adminSocket] = await Promise.all([connect(pilot), connect(admin)]);
    try {
      const created = once(adminSocket, 'roles:request-created');
      expect((await pilot.post('/auth/corp/new_role_request', { role: 'fc' })).status).toBe(200);
      const { request } = await created;
      expect(request).toMatchObject({ user: { username: 'adm_requester' }, role: 'fc' });
      const listed = (await admin.get('/api/admin/stats/role_requests').expect(200)).body.requests;
      expect(listed).toEqual([request]);

      const decided = once(pilotSocket, 'roles:request-decided');
      const [a, b] = await Promise.all([
        admin.post('/api/admin/stats/role_requests', { req_id: request.id, type: 'add' }),
        second.post('/api/admin/stats/role_requests', { req_id: request.id, type: 'del' }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const winner = a.status === 200 ? a : b;
      const loser = a.status === 200 ? b : a;
      expect(loser.body.message).toBe(ROLE_REQUEST_MESSAGES.alreadyDecided);
      const granted = winner === a;
      expect(winner.body).toEqual({ ok: true, id: request.id, status: granted ? 'granted' : 'refused' });
      expect(await decided).toEqual({ requestId: request.id, role: 'fc', granted });
      expect((await session(pilot)).roles).toEqual(granted ? ['user', 'fc'] : ['user']);
      expect(await db.collection('role_requests').countDocuments({ status: { $ne: 'pending' } })).toBe(1);
      expect((await admin.get('/api/admin/stats/role_requests').expect(200)).body).toEqual({ requests: [] });
    } finally {
      pilotSocket.disconnect();
      adminSocket.disconnect();
    }
  });

  it('refuses malformed and unknown requests in Russian', async () => {
    const malformed = await admin.post('/api/admin/stats/role_requests', { req_id: 'nope', type: 'add' });
    expect([malformed.status, malformed.body.message]).toEqual([400, ROLE_REQUEST_MESSAGES.badId]);
    const unknown = await admin.post('/api/admin/stats/role_requests', { req_id: '0123456789abcdef01234567', type: 'add' });
    expect([unknown.status, unknown.body.message]).toEqual([404, ROLE_REQUEST_MESSAGES.notFound]);
    const badType = await admin.post('/api/admin/stats/role_requests', { req_id: '0123456789abcdef01234567', type: 'maybe' });
    expect([badType.status, badType.body.message]).toEqual([400, ROLE_REQUEST_MESSAGES.badType]);
  });
});

describe('update_libs', () => {
  it('runs one job at a time with live progress to admins; a second start is refused', async () => {
    const socket = await connect(admin);
    try {
      const seen: UpdateLibsJob[] = [];
      const finished = new Promise<void>((resolve) =>
        socket.on('admin:update-libs', ({ job }) => {
          seen.push(job);
          if (job.state !== 'running') resolve();
        }),
      );
      // The first hub's order book answers slowly, so the job is surely still running below.
      esi.setFault(/^\/markets\/\d+\/orders/, { delayMs: 1500, times: 1 });
      const started = await admin.act('/api/admin/update_libs', 200);
      expect(started.body.job).toMatchObject({ state: 'running', done: 0, total: 1 + HUBS.length + 1, started_by: 'adm_boss' });
      const refused = await admin.act('/api/admin/update_libs');
      expect([refused.status, refused.body.message]).toEqual([409, ADMIN_MESSAGES.updateRunning]);
      await finished;

      const last = seen.at(-1)!;
      expect(last).toMatchObject({
        id: started.body.job.id,
        state: 'done',
        step: 'Готово',
        done: 7,
        total: 7,
        error: null,
        warnings: [],
      });
      const steps = seen.map((j) => j.step);
      expect(steps).toEqual(
        expect.arrayContaining(['Импорт игровых данных (SDE)', ...HUBS.map((h) => `Цены: ${h.label}`), 'Готово']),
      );
      expect(seen.map((j) => j.done)).toEqual([...seen.map((j) => j.done)].sort((x, y) => x - y));
      // Beside the job, the game data it imported: the build served and the import's outcome.
      expect((await admin.get('/api/admin/update_libs/status').expect(200)).body).toEqual({
        job: last,
        game_data: {
          build: { buildNumber: 0, releaseDate: expect.any(String), importedAt: expect.any(String) },
          status: { state: 'ready', step: null, reason: null, since: expect.any(String) },
        },
      });
      await running.app.get(UpdateLibsService).whenIdle();
      // Finished: a new start is accepted.
      expect((await admin.act('/api/admin/update_libs', 200)).body.job.state).toBe('running');
      await running.app.get(UpdateLibsService).whenIdle();
    } finally {
      socket.disconnect();
    }
  });
});

describe('state-changing GETs (kill, update_libs) without the CSRF header', () => {
  it('are refused with 403 and change nothing, as from a link on another site', async () => {
    const victim = await signedIn(running, 'adm_bystander');
    const sessionsBefore = await db.collection('sessions').countDocuments();
    const jobBefore = (await admin.get('/api/admin/update_libs/status').expect(200)).body;
    for (const path of ['/api/admin/kill', '/api/admin/update_libs']) {
      // The admin's own cookie, as a top-level navigation would carry it, but no header.
      const res = await admin.get(path).set('referer', 'https://evil.example/').set('sec-fetch-site', 'cross-site');
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 403,
        body: {
          statusCode: 403,
          code: 'FORBIDDEN',
          message: 'Недействительный CSRF-токен: обновите страницу и повторите действие',
        },
      });
      // Another session's token does not do either.
      const other = await admin.get(path).set('x-csrf-token', (await victim.csrf())!);
      expect(other.status).toBe(403);
    }
    expect(await db.collection('sessions').countDocuments()).toBe(sessionsBefore);
    expect((await session(victim)).isAuthenticated).toBe(true);
    expect((await admin.get('/api/admin/update_libs/status').expect(200)).body).toEqual(jobBefore);
  });
});

describe('sessions reset', () => {
  it("ends every session but the caller's and disconnects their sockets", async () => {
    const victim = await signedIn(running, 'adm_victim');
    const [victimSocket, adminSocket] = await Promise.all([connect(victim), connect(admin)]);
    const adminId = (await admin.get('/api/admin/stats/users?q=adm_boss').expect(200)).body.users[0].id as string;
    try {
      const dropped = new Promise<string>((resolve) => victimSocket.once('disconnect', (reason) => resolve(reason)));
      const dry = await admin.act('/api/admin/kill?dry_run=1', 200);
      const res = await admin.act('/api/admin/kill', 200);
      expect(res.body).toEqual({ ok: true, sessions: dry.body.sessions });
      expect(res.body.sessions).toBeGreaterThan(0);
      expect(await dropped).toBe('io server disconnect');
      expect((await session(victim)).isAuthenticated).toBe(false);
      expect((await session(admin)).isAuthenticated).toBe(true);
      expect(await db.collection('sessions').countDocuments()).toBe(1);
      const adminSockets = await running.app.get(RealtimeGateway).server.in(Rooms.user(adminId)).fetchSockets();
      expect(adminSockets.map((s) => s.id)).toEqual([adminSocket.id]);
    } finally {
      victimSocket.disconnect();
      adminSocket.disconnect();
    }
  });
});

describe('demo mode', () => {
  it("registers the demo corporation once, as 'Основа'", async () => {
    const { DemoSeedService } = await import('../src/demo/demo-seed.service');
    const { DEMO_CORPORATION_ID } = await import('../src/demo/demo-seed');
    const seed = running.app.get(DemoSeedService);
    await seed.registerDemoCorporation();
    await seed.registerDemoCorporation();
    const corps = (await admin.get('/api/admin/corps').expect(200)).body.corps as { id: number }[];
    expect(corps.filter((c) => c.id === DEMO_CORPORATION_ID)).toEqual([
      { id: DEMO_CORPORATION_ID, name: 'Demo Mining Syndicate', tag_id: 0, corp_type: 0 },
    ]);
  });
});
