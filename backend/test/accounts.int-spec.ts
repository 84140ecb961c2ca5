/** Accounts over real HTTP: registration, captcha, login, logout, deletion, CSRF, sessions. */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import type { RunningApp } from '../src/bootstrap';
import { createTestApp } from './app';
import { captchaAnswer, login, register, solvedCaptcha } from './support/accounts';
import { client } from './support/client';

// Each captcha is drawn for real (17 PNG tiles): a few hundred ms per flow under jest.
jest.setTimeout(30_000);

let running: RunningApp;
let db: Connection;
beforeAll(async () => {
  running = await createTestApp();
  db = running.app.get<Connection>(getConnectionToken());
});
afterAll(() => running?.close());

const sidOf = (res: { headers: Record<string, unknown> }) =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('sid='))?.split(';')[0];

describe('registration and login', () => {
  it('registers, logs in through the captcha, shows the session, logs out', async () => {
    const c = client(running.url);
    expect((await c.get('/auth/get_session').expect(200)).body).toEqual({ isAuthenticated: false, username: null, roles: [] });
    expect((await register(running, c, 'Пилот_1')).body).toEqual({ ok: true });
    const stored = await db.collection('users').findOne({ username_lower: 'пилот_1' });
    expect(stored).toMatchObject({ username: 'Пилот_1', roles: ['user'], email: 'user@example.com' });
    expect(String(stored!.password_hash)).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored)).not.toContain('секрет-123');

    expect((await login(running, c, 'пилот_1')).body).toEqual({ ok: true });
    expect((await c.get('/auth/get_session').expect(200)).body).toEqual({
      isAuthenticated: true,
      username: 'Пилот_1',
      roles: ['user'],
    });
    expect((await c.act('/auth/logout', 200)).body).toEqual({ ok: true });
    expect((await c.get('/auth/get_session').expect(200)).body.isAuthenticated).toBe(false);
  });

  it('answers the same for an unknown user and a wrong password', async () => {
    const c = client(running.url);
    await register(running, c, 'known_user');
    expect((await login(running, c, 'known_user', 'wrong-password')).body).toEqual({ ok: false, msg: 'invalid' });
    expect((await login(running, c, 'nobody_here', 'wrong-password')).body).toEqual({ ok: false, msg: 'invalid' });
  });

  it('refuses a taken name case-insensitively, also when two register at once', async () => {
    const a = client(running.url);
    await register(running, a, 'Twin');
    const again = await register(running, client(running.url), 'tWIN');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Пользователь с таким ником уже существует');

    const [x, y] = [client(running.url), client(running.url)];
    const results = await Promise.all([register(running, x, 'SameTime'), register(running, y, 'sametime')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db.collection('users').countDocuments({ username_lower: 'sametime' })).toBe(1);
  });

  it('validates fields with the spec messages', async () => {
    const c = client(running.url);
    const captchaId = await solvedCaptcha(running, c);
    const res = await c.post('/auth/registration', (r) =>
      r.field('username', 'abc').field('password', '').field('captcha_id', captchaId),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['Поле логин должно быть длиннее 3 символов', 'Поле пароль должно быть заполнено!']);
  });

  it('regenerates the session id on login', async () => {
    const c = client(running.url);
    await register(running, c, 'fixation');
    const before = sidOf(await c.get('/auth/get_csrf'));
    const captchaId = await solvedCaptcha(running, c);
    const res = await c.post('/auth/login', (r) =>
      r.field('username', 'fixation').field('password', 'секрет-123').field('captcha_id', captchaId),
    );
    const after = sidOf(res);
    expect(before).toBeDefined();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });
});

describe('captcha', () => {
  it('sends 16 PNG tiles and a target, single use, bound to the session', async () => {
    const c = client(running.url);
    const { body } = await c.get('/auth/generate_captcha').expect(200);
    expect(body.options).toHaveLength(16);
    expect(body.target).toMatch(/^data:image\/png;base64,/);
    expect(new Set(body.options).size).toBe(16);
    const answer = await captchaAnswer(running, body.id);
    // another session cannot use it
    expect((await client(running.url).post('/auth/validate_captcha', { captcha_id: body.id, answer })).body).toEqual({
      ok: false,
    });
    expect((await c.post('/auth/validate_captcha', { captcha_id: body.id, answer })).body).toEqual({ ok: true });
    // a solved captcha is spent by one form only
    const reg = (name: string) =>
      c.post('/auth/registration', (r) => r.field('username', name).field('password', 'пароль1').field('captcha_id', body.id));
    expect((await reg('once_only')).status).toBe(200);
    const second = await reg('twice_no');
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('Проверка картинкой не пройдена или устарела, пройдите её снова');
  });

  it('a wrong answer spends the captcha', async () => {
    const c = client(running.url);
    const { body } = await c.get('/auth/generate_captcha').expect(200);
    const answer = await captchaAnswer(running, body.id);
    const wrong = answer.replace(/^./, (ch) => (ch === '1' ? '0' : '1'));
    expect((await c.post('/auth/validate_captcha', { captcha_id: body.id, answer: wrong })).body).toEqual({ ok: false });
    expect((await c.post('/auth/validate_captcha', { captcha_id: body.id, answer })).body).toEqual({ ok: false });
  });

  it('expires', async () => {
    const c = client(running.url);
    const { body } = await c.get('/auth/generate_captcha').expect(200);
    await db.collection('captchas').updateOne({ _id: body.id as never }, { $set: { expires_at: new Date(Date.now() - 1) } });
    const answer = await captchaAnswer(running, body.id);
    expect((await c.post('/auth/validate_captcha', { captcha_id: body.id, answer })).body).toEqual({ ok: false });
  });

  it('locks a client out after 5 wrong answers, server-side, and after ban_me', async () => {
    const app = await createTestApp();
    try {
      const c = client(app.url);
      for (let i = 0; i < 5; i++) {
        const { body } = await c.get('/auth/generate_captcha').expect(200);
        expect((await c.post('/auth/validate_captcha', { captcha_id: body.id, answer: '0'.repeat(16) })).status).toBe(200);
      }
      const refused = await c.get('/auth/generate_captcha');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Попробуйте позже');
    } finally {
      await app.close();
    }
  });
});

describe('CSRF', () => {
  it('refuses unsafe requests without a valid token, in Russian', async () => {
    for (const path of [
      '/api/post_debug',
      '/auth/login',
      '/auth/registration',
      '/auth/validate_captcha',
      '/auth/ban_me',
      '/auth/delete',
    ]) {
      const res = await request(running.url).post(path).set('origin', 'https://evil.example').type('form').send('title=x&msg=y');
      expect({ path, status: res.status, message: res.body.message }).toEqual({
        path,
        status: 403,
        message: 'Недействительный CSRF-токен: обновите страницу и повторите действие',
      });
    }
    expect(await db.collection('feedback').countDocuments({ title: 'x' })).toBe(0);
  });
});

describe('state-changing GETs', () => {
  it('logout and the SSO link without the CSRF header are refused and change nothing', async () => {
    const c = client(running.url);
    await register(running, c, 'stays_in');
    await login(running, c, 'stays_in');
    for (const path of ['/auth/logout', '/auth/esi/auth_link']) {
      const res = await c.get(path);
      expect({ path, status: res.status, message: res.body.message }).toEqual({
        path,
        status: 403,
        message: 'Недействительный CSRF-токен: обновите страницу и повторите действие',
      });
    }
    expect((await c.get('/auth/get_session')).body).toMatchObject({ isAuthenticated: true, username: 'stays_in' });
    const stored = await db
      .collection('sessions')
      .findOne({ 'session.userId': { $exists: true }, 'session.sso': { $exists: true } });
    expect(stored).toBeNull();
    expect((await c.act('/auth/logout', 200)).body).toEqual({ ok: true });
  });
});

describe('account deletion', () => {
  it('deletes the account and all its sessions after a captcha', async () => {
    const c = client(running.url);
    await register(running, c, 'leaving');
    await login(running, c, 'leaving');
    const other = client(running.url);
    await login(running, other, 'leaving');
    const captchaId = await solvedCaptcha(running, c);
    expect((await c.post('/auth/delete', (r) => r.field('captcha_id', captchaId))).body).toEqual({ ok: true });
    expect(await db.collection('users').countDocuments({ username_lower: 'leaving' })).toBe(0);
    expect((await other.get('/auth/get_session')).body.isAuthenticated).toBe(false);
    expect((await login(running, client(running.url), 'leaving')).body).toEqual({ ok: false, msg: 'invalid' });
  });

  it('needs a signed-in user', async () => {
    const c = client(running.url);
    const captchaId = await solvedCaptcha(running, c);
    const res = await c.post('/auth/delete', (r) => r.field('captcha_id', captchaId));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Требуется вход в аккаунт');
  });
});
