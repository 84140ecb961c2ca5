/**
 * Multipart forms have the same bounds as JSON bodies (fields, field size, parts, total), replayed
 * as the attack was: an unauthenticated login form with a valid CSRF token and 150 extra 1 MB
 * fields. The server answers 413 in Russian before reading it, instead of reading 157 MB.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { BODY_LIMITS } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { createTestApp } from './app';
import { client, type TestClient } from './support/client';
import { cookieOf } from './support/sockets';

jest.setTimeout(60_000);

const TOO_LARGE = `Слишком большая форма: не больше ${BODY_LIMITS.formFields} полей по 64 КБ, всего не больше 1 МБ`;

let running: RunningApp;
let c: TestClient;
let headers: Record<string, string>;
beforeAll(async () => {
  running = await createTestApp();
  c = client(running.url);
  const token = (await c.csrf())!; // starts the session the cookie names
  headers = { cookie: await cookieOf(c), 'x-csrf-token': token };
});
afterAll(() => running?.close());

const BOUNDARY = 'formboundary1234';
const field = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const end = Buffer.from(`--${BOUNDARY}--\r\n`);
const loginForm = (...extra: Buffer[]) =>
  Buffer.concat([field('username', 'nobody'), field('password', 'wrong-password'), field('captcha_id', 'x'), ...extra, end]);

interface Answer {
  status: number;
  body: { message?: string };
  /** Body bytes the client had written when the answer came. */
  sent: number;
  connection: string | undefined;
}

/**
 * Sends a multipart POST to `path`, declaring `declared` bytes (or none: chunked) and writing
 * `body` in 64 KB pieces for as long as the server has not answered; resolves with the answer.
 */
function postForm(path: string, body: Buffer | (() => Buffer | null), declared?: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${running.url}${path}`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(declared !== undefined ? { 'content-length': String(declared) } : {}),
      },
    });
    let sent = 0;
    let answered = false;
    req.on('response', (res: IncomingMessage) => {
      answered = true;
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode!, body: JSON.parse(text || '{}'), sent, connection: res.headers.connection }),
      );
    });
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const next =
      typeof body === 'function'
        ? body
        : (() => {
            let offset = 0;
            return () => (offset < body.length ? body.subarray(offset, (offset += 64 * 1024)) : null);
          })();
    const pump = () => {
      while (!answered) {
        const chunk = next();
        if (!chunk) return void req.end();
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

it('the attack: a login form declaring 150 extra 1 MB fields is refused with 413 before it is read', async () => {
  const megabyte = 'x'.repeat(1024 * 1024);
  let index = 0;
  const head = loginForm().subarray(0, -end.length);
  const declared = head.length + 150 * field(`extra${100}`, megabyte).length + end.length;
  // The body, produced as it is sent: the login fields, then the 150 big fields, then the end.
  const pieces = (function* () {
    yield head;
    for (; index < 150; index++) yield field(`extra${100 + index}`, megabyte);
    yield end;
  })();
  const answer = await postForm('/auth/login', () => pieces.next().value ?? null, declared);
  expect(answer.status).toBe(413);
  expect(answer.body).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE });
  expect(answer.connection).toBe('close');
  // Answered while the client was still at the start of its 157 MB.
  expect(answer.sent).toBeLessThan(20 * 1024 * 1024);
});

it.each([
  ['too many fields (150 small ones)', () => loginForm(...Array.from({ length: 150 }, (_, i) => field(`f${i}`, 'x')))],
  ['a field over 64 KB', () => loginForm(field('password2', 'x'.repeat(BODY_LIMITS.formFieldBytes + 1)))],
  ['a long field name', () => loginForm(field('n'.repeat(BODY_LIMITS.formFieldNameBytes + 1), 'x'))],
])('a form within 1 MB but with %s gets 413 in Russian', async (_name, make) => {
  const body = make();
  expect(body.length).toBeLessThan(BODY_LIMITS.jsonBytes);
  const answer = await postForm('/auth/login', body, body.length);
  expect([answer.status, answer.body.message]).toEqual([413, TOO_LARGE]);
});

it('a form over 1 MB in all (17 fields of 63 KB each) gets 413 at once', async () => {
  const body = loginForm(...Array.from({ length: 17 }, (_, i) => field(`f${i}`, 'x'.repeat(63 * 1024))));
  const answer = await postForm('/auth/registration', body, body.length);
  expect([answer.status, answer.body.message]).toEqual([413, TOO_LARGE]);
});

it("a login form declaring 1.5 MB (under the loot upload's bound, over a form's) gets 413 and the connection closed", async () => {
  const body = Buffer.alloc(1.5 * 1024 * 1024, 120);
  const answer = await postForm('/auth/login', body, body.length);
  expect([answer.status, answer.body.message, answer.connection]).toEqual([413, TOO_LARGE, 'close']);
});

it('a form without a declared size (chunked) gets 411 without being read', async () => {
  const answer = await postForm('/auth/login', loginForm());
  expect(answer.status).toBe(411);
  expect(answer.body.message).toBe('Форма отправлена без размера (Content-Length)');
});

it('a multipart body to a JSON route is bounded too', async () => {
  const answer = await postForm('/api/post_debug', () => Buffer.alloc(64 * 1024, 120), 50 * 1024 * 1024);
  expect([answer.status, answer.body.message]).toEqual([413, TOO_LARGE]);
  expect(answer.sent).toBeLessThan(20 * 1024 * 1024);
});

it('a well-formed login form is still read (the captcha decides)', async () => {
  const body = loginForm();
  const answer = await postForm('/auth/login', body, body.length);
  expect(answer.status).toBe(400);
  expect(answer.body.message).toBe('Проверка картинкой не пройдена или устарела, пройдите её снова');
});
