/**
 * The appraisal endpoint under random and hostile input over real HTTP: hundreds of generated
 * bodies (random pastes, wrong shapes, odd hubs, huge or broken values) never get a 5xx and each
 * is answered (a hang reaches the test's timeout; no request is timed: the parser's speed is
 * measured in bench/); and the appraisal's own request budget answers 429 in Russian.
 */
import request from 'supertest';
import { MESSAGES, seededRandom } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { budget } from '../src/common/rate-limit/rate-limit';

const APPRAISAL_BUDGET = budget('appraisal');
import { createTestApp } from './app';
import { buildMiniSde, importSdeInto } from './fixtures/mini-sde';
import { client } from './support/client';

/** Tritanium, Pyerite, Rifter, Warrior II, Cybernetics (Кибернетика), Drake Blueprint, Giant Secure Container, PLEX. */
const APPRAISAL_SDE_TYPES = [34, 35, 587, 2488, 3411, 24699, 11489, 44992];

const FRAGMENTS = [
  'Tritanium',
  'Rifter',
  'Кибернетика',
  'PLEX',
  ' x ',
  'x',
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '1',
  '000',
  '1,000',
  "1'000",
  '99999999999999999999',
  '(Copy)',
  '[Rifter, fit]',
  '03:21:19 a has looted ',
  'Destroyed items:',
  ', Qty: ',
  '(4662 Units)',
  '2024.05.01 10:00',
  'ISK',
  '\u0000',
  '😀',
  '\ud800',
  '__proto__',
];

describe('appraisal endpoint fuzz', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await createTestApp();
    await importSdeInto(
      running,
      await buildMiniSde({ typeIds: APPRAISAL_SDE_TYPES, blueprintIds: [], systemIds: [], schematicIds: [] }),
    );
  }, 120_000);
  afterAll(async () => {
    await running?.close();
  });

  it('400 random and hostile bodies: 200, 400 or 413, never a 5xx', async () => {
    const c = client(running.url);
    const r = seededRandom(2026);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
    const paste = () => {
      let s = '';
      const n = Math.floor(r() * 60);
      for (let i = 0; i < n; i++) s += pick(FRAGMENTS);
      return s;
    };
    const hubs = [2, 1, 3, 4, 5, 0, -1, 2.5, 1e308, '2', null, true, [], {}, undefined];
    const shapes = [
      () => ({ appraisal: paste(), hub: pick(hubs) }),
      () => ({ appraisal: paste() }),
      () => ({ appraisal: [paste()], hub: 2 }),
      () => ({ appraisal: { text: paste() }, hub: 2 }),
      () => ({ appraisal: paste().repeat(50), hub: 2 }),
      () => ({ appraisal: pick(FRAGMENTS).repeat(Math.floor(r() * 5000)), hub: 2 }),
      () => [paste()],
      () => ({}),
    ];
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    for (let i = 0; i < 400; i++) {
      const body = pick(shapes)();
      const res = await c.post('/data/market/appraisal', body);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (![200, 400, 413].includes(res.status)) problems.push(`${res.status} for ${JSON.stringify(body).slice(0, 120)}`);
      if (res.status !== 200 && typeof res.body?.message !== 'string') problems.push(`no message for ${res.status}`);
    }
    expect(problems).toEqual([]);
    // The generator reaches both outcomes often.
    expect(statuses.get(200)).toBeGreaterThan(50);
    expect(statuses.get(400)).toBeGreaterThan(50);
  }, 300_000);

  it('raw hostile bodies (broken JSON, wrong content types, nested depth): 4xx in Russian', async () => {
    const c = client(running.url);
    await c.csrf();
    const cases: [string, string][] = [
      ['application/json', '{"appraisal": "Tritanium 1", "hub": 2'],
      ['application/json', '"just a string"'],
      ['application/json', `{"appraisal": ${'['.repeat(5000)}${']'.repeat(5000)}}`],
      ['text/plain', 'Tritanium 1'],
      ['application/x-www-form-urlencoded', 'appraisal=Tritanium%201&hub=2'],
    ];
    for (const [type, body] of cases) {
      const res = await c.unsafeTest('post', '/data/market/appraisal').set('Content-Type', type).send(body);
      expect([400, 413, 415]).toContain(res.status);
      expect(res.body.message).toMatch(/[а-яА-Я]/);
    }
  });
});

describe('appraisal request budget', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await createTestApp({ rateLimitScale: 1 });
  }, 120_000);
  afterAll(async () => {
    await running?.close();
  });

  it(`${APPRAISAL_BUDGET.points} appraisals a minute per client, then 429 in Russian with Retry-After; opening saved ones is not counted`, async () => {
    const c = client(running.url);
    for (let i = 0; i < APPRAISAL_BUDGET.points; i++) {
      // No game data in this app: each answer is the 503, but each counts against the budget.
      const res = await c.post('/data/market/appraisal', { appraisal: 'Tritanium 1', hub: 2 });
      expect(res.status).toBe(503);
    }
    const refused = await c.post('/data/market/appraisal', { appraisal: 'Tritanium 1', hub: 2 });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await request(running.url).get('/data/market/appraisal/AAAAAAAAAA').expect(404);
  });
});
