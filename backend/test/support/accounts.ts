/**
 * Test helpers for accounts: solve a captcha the way a person would (the test reads the answer
 * from the database, which only tests can), register and log in through the real endpoints.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { Role } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../../src/bootstrap';
import { client, type TestClient } from './client';

export async function captchaAnswer(running: RunningApp, id: string): Promise<string> {
  const doc = await running.app
    .get<Connection>(getConnectionToken())
    .collection('captchas')
    .findOne({ _id: id as never });
  if (!doc) throw new Error(`no captcha ${id}`);
  return doc.answer as string;
}

/** Asks for a captcha and answers it correctly; returns the captcha id a form may spend. */
export async function solvedCaptcha(running: RunningApp, c: TestClient): Promise<string> {
  const { body } = await c.get('/auth/generate_captcha').expect(200);
  const res = await c.post('/auth/validate_captcha', { captcha_id: body.id, answer: await captchaAnswer(running, body.id) });
  if (res.body.ok !== true) throw new Error(`captcha not accepted: ${res.status} ${JSON.stringify(res.body)}`);
  return body.id as string;
}

export async function register(running: RunningApp, c: TestClient, username: string, password = 'секрет-123') {
  const captchaId = await solvedCaptcha(running, c);
  return c.post('/auth/registration', (r) =>
    r.field('username', username).field('password', password).field('email', 'user@example.com').field('captcha_id', captchaId),
  );
}

export async function login(running: RunningApp, c: TestClient, username: string, password = 'секрет-123') {
  const captchaId = await solvedCaptcha(running, c);
  const res = await c.post('/auth/login', (r) =>
    r.field('username', username).field('password', password).field('captcha_id', captchaId),
  );
  c.forgetCsrf(); // a new session: the next unsafe call fetches its token
  return res;
}

/** A signed-in client of a new account with these roles (roles set directly: admins grant them). */
export async function signedIn(running: RunningApp, username: string, roles: Role[] = ['user']): Promise<TestClient> {
  const c = client(running.url);
  const reg = await register(running, c, username);
  if (reg.status !== 200) throw new Error(`registration failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  await running.app
    .get<Connection>(getConnectionToken())
    .collection('users')
    .updateOne({ username_lower: username.toLowerCase() }, { $set: { roles } });
  const res = await login(running, c, username);
  if (res.body.ok !== true) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return c;
}

/**
 * A signed-in account (these roles) whose character is in `corporationId`, stored as the SSO link
 * and ESI would have left it (no token exchange): the corporation area's member in one call.
 */
export async function corpMember(
  running: RunningApp,
  username: string,
  roles: Role[],
  characterId: number,
  corporationId: number,
): Promise<TestClient> {
  const c = await signedIn(running, username, roles);
  const db = running.app.get<Connection>(getConnectionToken());
  const user = await db.collection('users').findOne({ username_lower: username.toLowerCase() });
  await db.collection('characters').insertOne({
    _id: characterId as never,
    user_id: String(user!._id),
    name: username,
    corporation_id: corporationId,
    owner_hash: 'x',
    scopes: [],
    refresh_token_enc: 'x',
    needs_relink: false,
    linked_at: new Date(),
  });
  return c;
}
