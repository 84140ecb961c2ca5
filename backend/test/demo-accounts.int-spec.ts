/** Demo mode's accounts: one per role, idempotent, public credentials only in demo mode. */
import request from 'supertest';
import { ROLES } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { DEMO_ACCOUNTS } from '../src/demo/demo-accounts';
import { DemoSeedService } from '../src/demo/demo-seed.service';
import { createTestApp } from './app';
import { login } from './support/accounts';
import { client } from './support/client';

jest.setTimeout(30_000);

let running: RunningApp;
beforeAll(async () => {
  running = await createTestApp();
});
afterAll(() => running?.close());

it('creates one account per role once, and each can log in with the published password', async () => {
  const seed = running.app.get(DemoSeedService);
  expect(await seed.seed()).toBe(ROLES.length);
  expect(await seed.seed()).toBe(0);
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
  const c = client(running.url);
  expect((await login(running, c, admin.username, admin.password)).body).toEqual({ ok: true });
  expect((await c.get('/auth/get_session')).body).toEqual({
    isAuthenticated: true,
    username: 'demo_admin',
    roles: ['admin', 'user'],
  });
});

it('publishes the credentials in client_config only in demo mode', async () => {
  const demo = (await request(running.url).get('/api/client_config').expect(200)).body;
  expect(demo.demoAccounts).toHaveLength(ROLES.length);
  expect(demo.demoAccounts[0]).toEqual({ username: 'demo_admin', password: 'demo-admin-pass', role: 'admin' });
  const production = await createTestApp({ demo: false });
  try {
    const body = (await request(production.url).get('/api/client_config').expect(200)).body;
    expect(body).not.toHaveProperty('demoAccounts');
    expect(body.demo).toBe(false);
  } finally {
    await production.close();
  }
});

it('the demo corporation gets projects in every status, pings and a buy list, once, for its members', async () => {
  const { getConnectionToken } = await import('@nestjs/mongoose');
  const { CorpDemoSeed } = await import('../src/demo/corp-demo.seed');
  const { DEMO_CHARACTER_BY_ROLE, DEMO_CORPORATION_ID } = await import('../src/demo/demo-seed');
  const { buildMiniSde, importSdeInto, removeMiniSdeDirs } = await import('./fixtures/mini-sde');
  const { DEMO_INDUSTRY } = await import('@eve-toolkit/fake-esi');
  await running.app.get(DemoSeedService).seed(); // the accounts (idempotent)
  const corpSeed = running.app.get(CorpDemoSeed);
  expect(await corpSeed.seed(new Date('2026-03-01T12:00:00Z'))).toBe(false); // no game data yet
  await importSdeInto(
    running,
    await buildMiniSde({
      typeIds: [
        DEMO_INDUSTRY.tritanium,
        DEMO_INDUSTRY.pyerite,
        DEMO_INDUSTRY.fuelBlock.typeId,
        DEMO_INDUSTRY.hobgoblin.typeId,
        DEMO_INDUSTRY.rifter.typeId,
        // The demo doctrines' fits (backend/src/demo/demo-doctrines.ts): Ferox and the Rifter's fittings.
        16227,
        10190,
        2046,
        12058,
        3841,
        2281,
        3082,
        23025,
        31790,
        230,
        28668,
        523,
        520,
        439,
        447,
        526,
        2889,
        21898,
        31668,
        185,
      ],
      blueprintIds: [
        DEMO_INDUSTRY.fuelBlock.blueprintTypeId,
        DEMO_INDUSTRY.hobgoblin.blueprintTypeId,
        DEMO_INDUSTRY.rifter.blueprintTypeId,
      ],
      systemIds: [30000142],
      schematicIds: [],
    }),
  );
  removeMiniSdeDirs();
  // Pings are seeded days after "now" (the demo always shows upcoming ones): today's clock, faked by the date sweep.
  const now = new Date();
  expect(await corpSeed.seed(now)).toBe(true);
  expect(await corpSeed.seed(now)).toBe(false);
  const day = (n: number, hhmm: string) =>
    `${new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10)}T${hhmm}:00.000Z`;

  // demo_fc (fc + corp) with the demo pilot ESI reports in the demo corporation.
  const db = running.app.get(getConnectionToken());
  const fc = await db.collection('users').findOne({ username_lower: 'demo_fc' });
  expect(fc.roles).toEqual(['fc', 'corp', 'user']);
  await db.collection('characters').insertOne({
    _id: DEMO_CHARACTER_BY_ROLE.fc,
    user_id: String(fc._id),
    name: 'Sergei Morozov',
    corporation_id: DEMO_CORPORATION_ID,
    owner_hash: 'x',
    scopes: [],
    refresh_token_enc: 'x',
    needs_relink: false,
    linked_at: new Date(),
  });
  const c = client(running.url);
  await login(running, c, 'demo_fc', 'demo-fc-pass');
  const projects = (await c.get('/auth/corp/projects').expect(200)).body.projects as {
    name: string;
    status: string;
    jobs: { type: string }[];
  }[];
  expect(projects.map((p) => p.status).sort()).toEqual(['ready', 'sale', 'waiting', 'working']);
  expect(projects.find((p) => p.status === 'waiting')!.jobs.map((j) => j.type)).toEqual(['build', 'buy', 'buy']);
  const events = (await c.get('/auth/corp/events').expect(200)).body;
  expect(events.can_create).toBe(true);
  expect(events.events.map((e: { date: string }) => e.date)).toEqual([
    // Ship replacement's demo fleet (issue 39): two days back, 19:00 ET, where the stand-in's losses are; once.
    day(-2, '19:00'),
    day(1, '18:00'),
    day(2, '16:30'),
    day(3, '19:00'),
    day(5, '20:00'),
  ]);
  // The doctrine library (issue 38, by name): a Rifter roam and a Ferox fleet, each named by a ping.
  const doctrines = (await c.get('/auth/corp/doctrines').expect(200)).body.doctrines as {
    id: string;
    name: string;
    fits: { ship: { name: string } }[];
  }[];
  expect(doctrines.map((d) => [d.name, d.fits.map((f) => f.ship.name)])).toEqual([
    ['Рифтеры: роум', ['Rifter']],
    ['Ферроксы', ['Ferox']],
  ]);
  expect(events.events.map((e: { doctrine_ref: { name: string } | null }) => e.doctrine_ref?.name ?? null)).toEqual([
    'Ферроксы',
    'Ферроксы',
    null,
    'Рифтеры: роум',
    null,
  ]);
  expect((await c.get('/auth/corp/buys').expect(200)).body.buys).toHaveLength(3);
});
