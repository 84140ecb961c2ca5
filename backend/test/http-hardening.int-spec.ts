/**
 * The HTTP surface that exists: bad input gets a Russian 4xx (never a 500), strict integers,
 * short request logs with a correlation id, security headers, health when the database is down.
 */
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import request from 'supertest';
import { startEmbeddedMongo } from '@eve-toolkit/embedded-mongo';
import type { RunningApp } from '../src/bootstrap';
import { bootstrap } from '../src/bootstrap';
import { loadConfig } from '../src/common/config/config';
import { MarketService } from '../src/market/market.service';
import { createTestApp } from './app';
import { csrfClient } from './support/client';

/** Collects the app's JSON log lines and tells whoever waits for one. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const written = new Set<() => void>();
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      written.forEach((tell) => tell());
      done();
    },
  });
  return { stream, lines, raw, written };
}

let running: RunningApp;
const log = logSink();

beforeAll(async () => {
  running = await createTestApp({ logLevel: 'info', logDestination: log.stream });
});
afterAll(() => running?.close());
beforeEach(() => {
  log.lines.length = 0;
  log.raw.length = 0;
});

/**
 * The first log line matching `pred`, already written or when it is (the request log is written
 * after the answer): waits for the writes, not a clock; a line that never comes reaches the test's
 * timeout.
 */
function logged(pred: (l: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const look = () => {
      const hit = log.lines.find(pred);
      if (!hit) return;
      log.written.delete(look);
      resolve(hit);
    };
    log.written.add(look);
    look();
  });
}

describe.each([
  ['gzip', 'Тело запроса не удалось распаковать: данные не соответствуют заголовку Content-Encoding'],
  ['br', 'Тело запроса не удалось распаковать: данные не соответствуют заголовку Content-Encoding'],
  ['deflate', 'Тело запроса не удалось распаковать: данные не соответствуют заголовку Content-Encoding'],
  ['x-unknown', 'Неподдерживаемая кодировка тела запроса'],
])('a JSON body declared %s that is not such data', (encoding, message) => {
  it('answers a Russian 4xx and logs the refusal once, briefly', async () => {
    const res = await (
      await csrfClient(running.url)
    )
      .unsafeTest('post', '/api/post_debug')
      .set('content-type', 'application/json')
      .set('content-encoding', encoding)
      .send(Buffer.from('{"title":"x","msg":"y"}'));
    expect(res.body).toEqual({
      statusCode: encoding === 'x-unknown' ? 415 : 400,
      code: encoding === 'x-unknown' ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION_FAILED',
      message,
    });
    expect(res.status).toBe(res.body.statusCode);
    const line = await logged((l) => String(l.msg).startsWith('Тело запроса отклонено'));
    expect(line.msg).toMatch(new RegExp(`^Тело запроса отклонено: POST /api/post_debug -> ${res.status} \\(`));
    expect(log.lines.filter((l) => String(l.msg).startsWith('Тело запроса отклонено'))).toHaveLength(1);
  });
});

it('answers Russian messages where the framework would speak English', async () => {
  const plain = await (
    await csrfClient(running.url)
  )
    .unsafeTest('post', '/api/post_debug')
    .set('content-type', 'text/plain')
    .send('hello');
  expect(plain.status).toBe(400);
  expect(plain.body).toMatchObject({ message: 'Ожидается тело запроса в формате JSON' });
  const badPath = await request(running.url).get('/data/market/detail/%E0%A4%A');
  expect(badPath.status).toBe(400);
  expect(badPath.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Некорректный адрес запроса' });
});

it('a JSON array, even 50 000 levels deep, where an object is expected gets a Russian 400', async () => {
  const c = await csrfClient(running.url);
  const deep = '['.repeat(50_000) + ']'.repeat(50_000);
  for (const body of [deep, '[]', '[{"title":"a","msg":"b"}]']) {
    const res = await c.unsafeTest('post', '/api/post_debug').set('content-type', 'application/json').send(body);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Ожидается JSON-объект, а не массив',
        errors: ['Ожидается JSON-объект, а не массив'],
      },
    });
  }
});

it.each([
  ['/data/market/detail/0x22', 'Некорректный идентификатор предмета'],
  ['/data/market/detail/034', 'Некорректный идентификатор предмета'],
  ['/data/market/detail/34.0', 'Некорректный идентификатор предмета'],
  ['/data/market/items?hub=2e0', 'Неизвестный торговый хаб'],
  ['/data/market/items?hub=%202%20', 'Неизвестный торговый хаб'],
  ['/data/market/items?hub=2&hub=3', 'Неизвестный торговый хаб'],
  ['/data/industry/items?q=Tritanium&limit=0x10', 'limit должен быть целым числом'],
  ['/data/universe/systems/1e3', 'Некорректный идентификатор'],
  // Past 2^53 a number loses its last digit: still the schema's own message, not zod's English.
  ['/data/market/detail/9007199254740993', 'Некорректный идентификатор предмета'],
])('accepts only canonical decimal integers: %s -> 400', async (path, message) => {
  const res = await request(running.url).get(path);
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(message);
});

it('logs one short line per API request with method, path, status, time and correlation id; none for health', async () => {
  const res = await request(running.url).get('/data/market/hubs').expect(200);
  await request(running.url).get('/api/health').expect(200);
  const id = res.headers['x-request-id'];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const line = await logged((l) => (l.req as { url?: string } | undefined)?.url === '/data/market/hubs');
  expect(line).toMatchObject({
    level: 30,
    correlationId: id,
    req: { method: 'GET', url: '/data/market/hubs' },
    res: { statusCode: 200 },
    msg: expect.stringMatching(/^GET \/data\/market\/hubs 200 \d+ мс$/),
  });
  expect(typeof line.ms).toBe('number');
  expect(Object.keys(line.req as object)).toEqual(['method', 'url']);
  expect(log.raw.find((l) => l.includes('/data/market/hubs'))!.length).toBeLessThan(300);
  // The health check was answered before the marker below; it left no line.
  await request(running.url).get('/data/market/hubs?marker=1').expect(200);
  await logged((l) => (l.req as { url?: string } | undefined)?.url === '/data/market/hubs?marker=1');
  expect(log.raw.some((l) => l.includes('/api/health'))).toBe(false);
});

it('a 500 answers only a correlation id, and the same id is on the error in the log', async () => {
  // An unexpected failure inside a handler (fault injected into one service call).
  const spy = jest.spyOn(running.app.get(MarketService), 'hubs').mockImplementation(() => {
    throw new Error('boom: internal detail');
  });
  try {
    const res = await request(running.url).get('/data/market/hubs').expect(500);
    expect(res.body).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Внутренняя ошибка сервера',
      correlationId: res.headers['x-request-id'],
    });
    expect(JSON.stringify(res.body)).not.toContain('boom');
    const line = await logged((l) => l.msg === 'Unhandled error');
    expect(line).toMatchObject({ level: 50, correlationId: res.body.correlationId });
    expect(JSON.stringify(line)).toContain('boom: internal detail');
  } finally {
    spy.mockRestore();
  }
});

it('sends security headers on API and HTML responses', async () => {
  for (const path of ['/api/health', '/data/market/hubs']) {
    const res = await request(running.url).get(path);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  }
});

describe('api/health when the database is down', () => {
  it('answers 503 with database.ok false, within the probe timeout', async () => {
    const mongo = await startEmbeddedMongo({ port: 0 });
    const app = await bootstrap({
      database: { uri: mongo.uri, dbName: 'health_down', mode: 'embedded', close: async () => undefined },
      config: {
        ...loadConfig(),
        port: 0,
        host: '127.0.0.1',
        logLevel: 'silent',
        schedulerEnabled: false,
        sde: { autoImport: false },
      },
    });
    try {
      const up = await request(app.url).get('/api/health').expect(200);
      expect(up.body).toMatchObject({ status: 'ok', database: { ok: true } });
      await mongo.close();
      const down = await request(app.url).get('/api/health');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'degraded', database: { mode: 'embedded', ok: false } });
    } finally {
      await app.close().catch(() => undefined);
    }
  }, 30_000);
});

describe('HSTS only behind TLS, CSP connect-src only for our origins', () => {
  it('sends no HSTS over plain HTTP, even with a forged X-Forwarded-Proto', async () => {
    const res = await request(running.url).get('/api/health').set('x-forwarded-proto', 'https');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(/(^|;)connect-src 'self'(;|$)/);
  });

  it('sends HSTS when the public URL is https, or through a trusted proxy that says https', async () => {
    const publicHttps = await createTestApp({ publicUrl: 'https://eve.example' });
    const proxied = await createTestApp({ trustProxy: 'loopback', allowedOrigins: ['https://spa.example'] });
    try {
      const a = await request(publicHttps.url).get('/api/health');
      expect(a.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await request(proxied.url).get('/api/health');
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const b = await request(proxied.url).get('/api/health').set('x-forwarded-proto', 'https');
      expect(b.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(b.headers['content-security-policy']).toMatch(
        /(^|;)connect-src 'self' https:\/\/spa\.example wss:\/\/spa\.example(;|$)/,
      );
    } finally {
      await publicHttps.close();
      await proxied.close();
    }
  });
});

it('cuts off a client that declares a longer body than it sends (request timeout)', async () => {
  const app = await createTestApp({ httpRequestTimeoutMs: 1000 });
  try {
    const { port } = new URL(app.url);
    const socket = connect(Number(port), '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let got = '';
      socket.on('data', (d) => (got += d.toString()));
      socket.on('close', () => resolve(got));
    });
    socket.write(
      'POST /api/post_debug HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"title":',
    );
    // The server answers 408 and closes the connection; nothing else ends this (a server that
    // waited for the rest of the body would hold it until the test's timeout).
    const got = await answer;
    expect(got).toMatch(/^HTTP\/1\.1 408 /);
  } finally {
    await app.close();
  }
}, 20_000);
