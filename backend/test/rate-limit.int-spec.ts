/** Request budgets: keyed on the real client, one overall budget across routes, shared and durable. */
import request, { type Test } from 'supertest';
import type { RunningApp } from '../src/bootstrap';
import { limitMessage, type LoginLimitResponse } from '@eve-toolkit/shared-types';
import { budget, type BudgetName } from '../src/common/rate-limit/rate-limit';
import { createTestApp, testDatabase } from './app';
import { client } from './support/client';

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

/**
 * Spellings the router takes for the same route: letter case after the first segment, a trailing
 * slash, and for other methods than GET also an upper-case first segment (GETs with one go to
 * the SPA's page handler, never to the API).
 */
const spellings = (method: 'get' | 'post', path: string) => {
  const [, prefix, ...rest] = path.split('/');
  const last = rest.pop()!;
  const variants = [
    path,
    `/${prefix}/${[...rest, last].join('/').toUpperCase()}`,
    `${path}/`,
    `/${prefix}/${[...rest, last[0].toUpperCase() + last.slice(1)].join('/')}/`,
  ];
  if (method !== 'get') variants.push(path.toUpperCase(), `/${prefix.toUpperCase()}/${[...rest, last].join('/')}/`);
  return variants;
};

describe('a budget counts the route the router matched, however its path is spelled', () => {
  let app: RunningApp;
  beforeAll(async () => {
    // Scaled to a tenth; each case from its own forwarded address (its own counters).
    app = await createTestApp({ rateLimitScale: 0.1, trustProxy: 'loopback' });
  });
  afterAll(() => app?.close());

  const CASES: [BudgetName, 'get' | 'post', string, (r: Test) => Test][] = [
    ['login', 'post', '/auth/login', (r) => r.field('username', 'nobody').field('password', 'wrong')],
    ['registration', 'post', '/auth/registration', (r) => r.field('username', 'somebody').field('password', 'secret')],
    ['captcha', 'get', '/auth/generate_captcha', (r) => r],
    ['feedback', 'post', '/api/post_debug', (r) => r.send({ title: 'Проверка', msg: 'Проверка бюджета' })],
    ['appraisal', 'post', '/data/market/appraisal', (r) => r.send({ appraisal: 'Tritanium 1', hub: 2 })],
  ];

  it.each(CASES)('%s: spent through every spelling, then refused through every spelling', async (name, method, path, body) => {
    const points = Math.max(1, Math.round(budget(name).points * 0.1));
    const ip = `198.51.100.${CASES.findIndex((c) => c[0] === name) + 10}`;
    const c = client(app.url);
    const call = (p: string) =>
      method === 'get' ? body(c.get(p).set('x-forwarded-for', ip)) : c.post(p, (r) => body(r.set('x-forwarded-for', ip)));
    const variants = spellings(method, path);
    // Every spelling reaches the handler while the budget lasts (none is a 404 or a 429).
    const spent: { p: string; status: number }[] = [];
    for (let i = 0; i < points; i++) {
      const p = variants[i % variants.length];
      spent.push({ p, status: (await call(p)).status });
    }
    expect(spent.filter((s) => s.status === 404 || s.status === 429)).toEqual([]);
    for (const p of variants) {
      const res = await call(p);
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      // The account forms' budgets say how long to wait, in minutes; the others the generic text.
      const message =
        name === 'login' || name === 'registration' ? limitMessage(name, wait) : 'Слишком много запросов, попробуйте позже';
      expect({ p, status: res.status, message: res.body.message }).toEqual({ p, status: 429, message });
    }
  });
});

it('the overall budget spans the API however its paths are spelled; the health check is never counted', async () => {
  const app = await createTestApp(SMALL);
  try {
    await request(app.url).get('/data/MARKET/Hubs').expect(200);
    await request(app.url).get('/auth/Get_Session/').expect(200);
    for (const health of ['/api/health', '/api/Health/', '/api/health/']) await request(app.url).get(health).expect(200);
    await request(app.url).get('/data/market/hubs/').expect(200);
    expect((await request(app.url).get('/data/Market/hubs')).status).toBe(429);
    expect((await request(app.url).post('/AUTH/Login/')).status).toBe(429);
    // Unknown API paths count too (their 404s are still API traffic).
    expect((await request(app.url).get('/api/nothing-here')).status).toBe(429);
    await request(app.url).get('/api/health').expect(200);
  } finally {
    await app.close();
  }
});

describe('the login and registration budgets are known before the captcha', () => {
  it('GET auth/login_limit tells, spending nothing, whether this address may sign in now and how long to wait', async () => {
    // login: 20 per 10 minutes, scaled to 2.
    const app = await createTestApp({ rateLimitScale: 0.1, trustProxy: 'loopback' });
    try {
      const ip = '203.0.113.7';
      const c = client(app.url);
      const limit = async (from = ip) =>
        (await request(app.url).get('/auth/login_limit').set('x-forwarded-for', from).expect(200)).body as LoginLimitResponse;
      const login = () =>
        c.post('/auth/login', (r) => r.set('x-forwarded-for', ip).field('username', 'nobody').field('password', 'x'));

      expect(await limit()).toEqual({ limited: false, retry_after: 0, message: null });
      // Asking spends nothing: many asks, still two sign-ins allowed.
      for (let i = 0; i < 5; i++) await limit();
      expect((await login()).status).not.toBe(429);
      expect(await limit()).toEqual({ limited: false, retry_after: 0, message: null });
      expect((await login()).status).not.toBe(429);

      const state = await limit();
      expect(state.limited).toBe(true);
      expect(state.retry_after).toBeGreaterThan(0);
      expect(state.retry_after).toBeLessThanOrEqual(budget('login').durationSeconds);
      expect(state.message).toBe(limitMessage('login', state.retry_after));
      expect(state.message).toMatch(
        /^Слишком много попыток входа с вашего адреса: попробуйте через (10 минут|[1-9] минут[уы]?)$/,
      );

      // The sign-in itself is refused the same way, with Retry-After.
      const refused = await login();
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(refused.body).toEqual({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: limitMessage('login', wait) });
      // Another address is not limited.
      expect(await limit('203.0.113.8')).toEqual({ limited: false, retry_after: 0, message: null });
    } finally {
      await app.close();
    }
  });

  it('GET auth/registration_limit tells, spending nothing, whether this address may register now and how long to wait', async () => {
    // registration: 10 per hour, scaled to 1.
    const app = await createTestApp({ rateLimitScale: 0.1, trustProxy: 'loopback' });
    try {
      const ip = '203.0.113.9';
      const c = client(app.url);
      const limit = async (from = ip) =>
        (await request(app.url).get('/auth/registration_limit').set('x-forwarded-for', from).expect(200))
          .body as LoginLimitResponse;
      const register = () =>
        c.post('/auth/registration', (r) => r.set('x-forwarded-for', ip).field('username', 'newcomer').field('password', 'x'));

      expect(await limit()).toEqual({ limited: false, retry_after: 0, message: null });
      for (let i = 0; i < 5; i++) await limit();
      expect((await register()).status).not.toBe(429);
      // The login budget is another one: still open.
      expect((await request(app.url).get('/auth/login_limit').set('x-forwarded-for', ip).expect(200)).body).toEqual({
        limited: false,
        retry_after: 0,
        message: null,
      });

      const state = await limit();
      expect(state.limited).toBe(true);
      expect(state.retry_after).toBeGreaterThan(0);
      expect(state.retry_after).toBeLessThanOrEqual(budget('registration').durationSeconds);
      expect(state.message).toBe(limitMessage('registration', state.retry_after));
      expect(state.message).toMatch(/^Слишком много регистраций с вашего адреса: попробуйте через \d+ минут[уы]?$/);

      const refused = await register();
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(refused.body).toEqual({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: limitMessage('registration', wait) });
      expect(await limit('203.0.113.10')).toEqual({ limited: false, retry_after: 0, message: null });
    } finally {
      await app.close();
    }
  });
});
