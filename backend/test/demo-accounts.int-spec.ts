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
