import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import request from 'supertest';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { RunningApp } from '../src/bootstrap';
import { Feedback } from '../src/feedback/feedback.schema';
import { DEMO_ACCOUNTS } from '../src/demo/demo-accounts';
import { createTestApp } from './app';
import { csrfClient } from './support/client';

const PAGE_JS = `export const page = ${JSON.stringify('x'.repeat(3000))};`;
const PAGE_JS_BR = brotliCompressSync(PAGE_JS);

/** A tiny stand-in for frontend/dist so SPA serving is tested without a frontend build. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'eve-dist-'));
  mkdirSync(join(dir, 'assets'));
  const padding = `<!-- ${'x'.repeat(4000)} -->`; // above compression's 1 kB threshold
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="ru"><body><div id="root">SPA</div>${padding}</body></html>`);
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  // A build's brotli copy (frontend/vite.config.ts, precompress) of a larger asset.
  writeFileSync(join(dir, 'assets', 'page-def456.js'), PAGE_JS);
  writeFileSync(join(dir, 'assets', 'page-def456.js.br'), PAGE_JS_BR);
  return dir;
}

describe('foundation: health, errors, SPA serving, feedback', () => {
  let running: RunningApp;
  let feedback: Model<Feedback>;

  beforeAll(async () => {
    running = await createTestApp({ frontendDist: fakeDist() });
    feedback = running.app.get(getModelToken(Feedback.name));
  });
  afterAll(() => running.close());

  it('GET api/health reports version, status and database mode', async () => {
    const res = await request(running.url).get('/api/health').expect(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      demo: true,
      database: { mode: process.env.MONGODB_URI ? 'external' : 'embedded', ok: true },
      realtime: { adapter: 'local', redis: null },
    });
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('an unknown API path gets a JSON 404, not the SPA', async () => {
    for (const path of ['/api/nope', '/data/market/nope', '/auth/nope']) {
      const res = await request(running.url).get(path).expect(404);
      expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' });
    }
  });

  it('serves the SPA with 200 for every route in the route table', async () => {
    for (const path of ['/', '/news', '/market/list', '/market/detail/34', '/best_admin', '/corp/main', '/account/user/bob']) {
      const res = await request(running.url).get(path).expect(200);
      expect(res.text).toContain('<div id="root">SPA</div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses responses for clients that accept gzip', async () => {
    const res = await request(running.url).get('/news').set('accept-encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toContain('<div id="root">SPA</div>');
  });

  it('serves the SPA with 404 status for unknown pages (the SPA renders its 404 page)', async () => {
    const res = await request(running.url).get('/no/such/page').expect(404);
    expect(res.text).toContain('<div id="root">SPA</div>');
  });

  it('serves hashed assets with a long cache and security headers', async () => {
    const res = await request(running.url).get('/assets/app-abc123.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("sends the build's brotli copy of an asset to a browser that takes brotli, the file itself otherwise", async () => {
    // The raw bytes (HTTP clients undo the encoding themselves).
    const br = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
      httpGet(`${running.url}/assets/page-def456.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject),
    );
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    // The build's copy byte for byte (not compressed again on the way out).
    expect(br.body.equals(PAGE_JS_BR)).toBe(true);
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE_JS);

    const plain = await request(running.url).get('/assets/page-def456.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(PAGE_JS);
  });

  it('a missing hashed asset is a plain 404, not the SPA', async () => {
    const res = await request(running.url).get('/assets/app-old999.js').expect(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('Not found');
  });

  it('GET api/client_config tells the SPA about demo mode and the image server', async () => {
    const res = await request(running.url).get('/api/client_config').expect(200);
    expect(res.body).toEqual({
      version: expect.any(String),
      demo: true,
      imageServerUrl: 'https://images.evetech.net',
      demoAccounts: DEMO_ACCOUNTS.map(({ username, password, role }) => ({ username, password, role })),
    });
  });

  it('GET auth/get_session says guest without a session', async () => {
    const res = await request(running.url).get('/auth/get_session').expect(200);
    expect(res.body).toEqual({ isAuthenticated: false, username: null, roles: [] });
  });

  it('POST api/post_debug stores the feedback', async () => {
    const res = await (
      await csrfClient(running.url)
    )
      .unsafeTest('post', '/api/post_debug')
      .send({ title: '  Ошибка  ', msg: 'Не грузится график' })
      .expect(200);
    expect(res.body).toEqual({ ok: true });
    const saved = await feedback.find({ msg: 'Не грузится график' }).lean();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ title: 'Ошибка', msg: 'Не грузится график', username: null });
    expect(saved[0].createdAt).toBeInstanceOf(Date);
  });

  it('POST api/post_debug rejects bad input with Russian messages and stores nothing', async () => {
    const before = await feedback.countDocuments();
    const empty = await (
      await csrfClient(running.url)
    )
      .unsafeTest('post', '/api/post_debug')
      .send({ title: '', msg: '' })
      .expect(400);
    expect(empty.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Введите заголовок',
      errors: ['Введите заголовок', 'Введите сообщение'],
    });
    const long = await (
      await csrfClient(running.url)
    )
      .unsafeTest('post', '/api/post_debug')
      .send({ title: 'x', msg: 'y'.repeat(5001) })
      .expect(400);
    expect(long.body.message).toBe('Сообщение не длиннее 5000 символов');
    const longTitle = await (
      await csrfClient(running.url)
    )
      .unsafeTest('post', '/api/post_debug')
      .send({ title: 'т'.repeat(201), msg: 'y' })
      .expect(400);
    expect(longTitle.body.message).toBe('Заголовок не длиннее 200 символов');
    await (
      await csrfClient(running.url)
    )
      .unsafeTest('post', '/api/post_debug')
      .send({ title: 'т'.repeat(200), msg: 'граница' })
      .expect(200);
    expect(await feedback.countDocuments({ msg: 'граница' })).toBe(1);
    await feedback.deleteMany({ msg: 'граница' });
    const broken = await (
      await csrfClient(running.url)
    )
      .unsafeTest('post', '/api/post_debug')
      .set('content-type', 'application/json')
      .send('{"title": ')
      .expect(400);
    expect(broken.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Некорректный JSON в запросе' });
    const huge = await (
      await csrfClient(running.url)
    )
      .unsafeTest('post', '/api/post_debug')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ title: 'x', msg: 'z'.repeat(2_000_000) }))
      .expect(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await feedback.countDocuments()).toBe(before);
  });

  it('rate-limits feedback to 5 messages per 10 minutes per client', async () => {
    // One message was accepted above; validation failures count too, so use a fresh app.
    const fresh = await createTestApp({ rateLimitScale: 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await (await csrfClient(fresh.url)).unsafeTest('post', '/api/post_debug').send({ title: `t${i}`, msg: 'm' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const res = await (
        await csrfClient(fresh.url)
      )
        .unsafeTest('post', '/api/post_debug')
        .send({ title: 't', msg: 'm' })
        .expect(429);
      expect(res.body).toEqual({
        statusCode: 429,
        code: 'TOO_MANY_REQUESTS',
        message: 'Слишком много запросов, попробуйте позже',
      });
    } finally {
      await fresh.close();
    }
  });
});
