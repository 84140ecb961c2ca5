/** Request budgets: keyed on the real client, one overall budget across routes, shared and durable. */
import request from 'supertest';
import type { RunningApp } from '../src/bootstrap';
import { createTestApp, testDatabase } from './app';

jest.setTimeout(30_000);

/** 300 per minute overall, scaled down to 3 for the test (rateLimitScale 0.01). */
const SMALL = { rateLimitScale: 0.01 };

it('one overall budget spans every API route, per client', async () => {
  const app = await createTestApp(SMALL);
  try {
    await request(app.url).get('/data/market/hubs').expect(200);
    await request(app.url).get('/auth/get_session').expect(200);
    await request(app.url).get('/data/market/hubs').expect(200);
    const refused = await request(app.url).get('/auth/get_csrf');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Слишком много запросов, попробуйте позже',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // health checks are not API traffic
    await request(app.url).get('/api/health').expect(200);
  } finally {
    await app.close();
  }
});

it('a spoofed X-Forwarded-For changes nothing without TRUST_PROXY', async () => {
  const app = await createTestApp(SMALL);
  try {
    for (let i = 0; i < 3; i++) await request(app.url).get('/data/market/hubs').set('x-forwarded-for', `10.0.0.${i}`).expect(200);
    await request(app.url).get('/data/market/hubs').set('x-forwarded-for', 'not-an-ip').expect(429);
  } finally {
    await app.close();
  }
});

it('behind a trusted proxy, each forwarded client has its own budget; trusted addresses are exempt', async () => {
  const proxied = await createTestApp({ ...SMALL, trustProxy: 'loopback' });
  const trusted = await createTestApp({ ...SMALL, rateLimitTrusted: ['127.0.0.1'] });
  try {
    for (let i = 0; i < 3; i++)
      await request(proxied.url).get('/data/market/hubs').set('x-forwarded-for', '203.0.113.7').expect(200);
    await request(proxied.url).get('/data/market/hubs').set('x-forwarded-for', '203.0.113.7').expect(429);
    await request(proxied.url).get('/data/market/hubs').set('x-forwarded-for', '203.0.113.8').expect(200);
    for (let i = 0; i < 10; i++) await request(trusted.url).get('/data/market/hubs').expect(200);
  } finally {
    await proxied.close();
    await trusted.close();
  }
});

it('a trusted load generator skips the load budgets (overall, appraisal) but not the account guards', async () => {
  const trusted = await createTestApp({ rateLimitScale: 0.1, rateLimitTrusted: ['127.0.0.1', '::ffff:127.0.0.1'] });
  try {
    const { client } = await import('./support/client');
    const c = client(trusted.url);
    // appraisal: 30 a minute, scaled to 3; no game data here, so each answer is the 503.
    for (let i = 0; i < 6; i++)
      expect((await c.post('/data/market/appraisal', { appraisal: 'Tritanium 1', hub: 2 })).status).toBe(503);
    // login: 20 per 10 minutes, scaled to 2; still refused for a trusted address.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await c.post('/auth/login', (r) => r.field('username', 'x').field('password', 'y'))).status);
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
    expect(statuses[2]).toBe(429);
  } finally {
    await trusted.close();
  }
});

it('counters survive a restart (they are in the database)', async () => {
  const database = testDatabase();
  const { bootstrap } = await import('../src/bootstrap');
  const { loadConfig } = await import('../src/common/config/config');
  const config = { ...loadConfig(), port: 0, host: '127.0.0.1', logLevel: 'silent' as const, schedulerEnabled: false, ...SMALL };
  let app: RunningApp = await bootstrap({ database, config: { ...config, sde: { autoImport: false } } });
  try {
    for (let i = 0; i < 3; i++) await request(app.url).get('/data/market/hubs').expect(200);
    await app.close();
    app = await bootstrap({ database, config: { ...config, sde: { autoImport: false } } });
    await request(app.url).get('/data/market/hubs').expect(429);
  } finally {
    await app.close();
  }
});
