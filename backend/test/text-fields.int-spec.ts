/**
 * What people type and others read: look-alike and mixed-script usernames are refused (TR39
 * skeletons, stored and unique), and no text field takes an invisible or control character
 * (zero-width space, NUL, a lone surrogate, a bidi override…): 400 in Russian, nothing stored.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AUTH_MESSAGES } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { AccountsService } from '../src/accounts/accounts.service';
import { usernameSkeleton } from '../src/accounts/domain/username';
import { CorporationsService } from '../src/corporations/corporations.service';
import { createTestApp } from './app';
import { register, signedIn } from './support/accounts';
import { client, type TestClient } from './support/client';

jest.setTimeout(60_000);

let running: RunningApp;
let db: Connection;
beforeAll(async () => {
  running = await createTestApp();
  db = running.app.get<Connection>(getConnectionToken());
});
afterAll(() => running?.close());

const users = () => db.collection('users');

describe('usernames', () => {
  it('refuses a name that looks like an existing one (demo_аdmin with a Cyrillic а is mixed, rnike looks like mike)', async () => {
    expect((await register(running, client(running.url), 'tf_admin')).status).toBe(200);
    expect((await register(running, client(running.url), 'mike')).status).toBe(200);

    const mixed = await register(running, client(running.url), 'tf_аdmin');
    expect([mixed.status, mixed.body.message]).toEqual([400, AUTH_MESSAGES.loginMixedScript]);
    for (const name of ['rnike', 'tf_adrnin', 'Tf_Adrnin']) {
      const res = await register(running, client(running.url), name);
      expect({ name, status: res.status, message: res.body.message }).toEqual({
        name,
        status: 409,
        message: AUTH_MESSAGES.loginLookAlike,
      });
    }
    // A Cyrillic name that looks like a Cyrillic one.
    expect((await register(running, client(running.url), 'Сокол')).status).toBe(200);
    expect((await register(running, client(running.url), 'C0кол'.replace('C', 'С'))).body.message).toBe(
      AUTH_MESSAGES.loginLookAlike,
    );
    // The same name in another case is the same name, as before.
    expect((await register(running, client(running.url), 'MIKE')).body.message).toBe(AUTH_MESSAGES.userExists);
    expect(await users().countDocuments({ username_skeleton: usernameSkeleton('mike') })).toBe(1);
  });

  it('two look-alikes registered at once: one account', async () => {
    const results = await Promise.all(['twin_pilot', 'twin_pi1ot'].map((n) => register(running, client(running.url), n)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await users().countDocuments({ username_skeleton: usernameSkeleton('twin_pilot') })).toBe(1);
  });

  it('accounts from before the rule get their skeleton at start; of two look-alikes the older keeps it', async () => {
    const base = { email: null, password_hash: 'scrypt$x', roles: ['user'], is_active: true, last_active: null };
    await users().insertMany([
      { ...base, username: 'legacy_admin', username_lower: 'legacy_admin', created_at: new Date('2025-01-01T00:00:00Z') },
      { ...base, username: 'legacy_аdmin', username_lower: 'legacy_аdmin', created_at: new Date('2025-06-01T00:00:00Z') },
    ]);
    expect(await running.app.get(AccountsService).backfillSkeletons()).toBe(1);
    const [older, newer] = await Promise.all(
      ['legacy_admin', 'legacy_аdmin'].map((n) =>
        users().findOne({ username_lower: n }, { projection: { username_skeleton: 1 } }),
      ),
    );
    expect(older?.username_skeleton).toBe(usernameSkeleton('legacy_admin'));
    expect(newer?.username_skeleton).toBeNull();
    expect((await register(running, client(running.url), 'Iegacy_admin')).body.message).toBe(AUTH_MESSAGES.loginLookAlike);
    // Done once: a second start has nothing left to do.
    expect(await running.app.get(AccountsService).backfillSkeletons()).toBe(0);
  });
});

describe('hidden characters in text fields', () => {
  const CORP = 98_700_001;
  let fc: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    fc = await signedIn(running, 'tf_fc', ['corp', 'fc']);
    admin = await signedIn(running, 'tf_boss', ['admin']);
    await running.app.get(CorporationsService).create({ id: CORP, name: 'Text Corp', corp_type: 0 });
    const user = await users().findOne({ username_lower: 'tf_fc' });
    await db.collection('characters').insertOne({
      _id: 2_130_000_001 as never,
      user_id: String(user!._id),
      name: 'TF FC',
      corporation_id: CORP,
      owner_hash: 'x',
      scopes: [],
      refresh_token_enc: 'x',
      needs_relink: false,
      linked_at: new Date(),
    });
  });

  const HIDDEN: [string, string, string][] = [
    ['zero-width space', '\u200b', 'U+200B'],
    ['NUL', '\u0000', 'U+0000'],
    ['a lone surrogate', '\ud800', 'U+D800'],
    ['a right-to-left override', '\u202e', 'U+202E'],
    ['a Hangul filler', '\u3164', 'U+3164'],
  ];
  const FIELDS: [string, () => TestClient, string, string, (v: string) => object][] = [
    [
      'ping title',
      () => fc,
      '/auth/corp/add_event',
      'corp_events',
      (v) => ({ name: `Сбор${v}`, date: '2030-01-01', time: '12:00' }),
    ],
    [
      'ping description',
      () => fc,
      '/auth/corp/add_event',
      'corp_events',
      (v) => ({ name: 'Сбор', desc: `a${v}`, date: '2030-01-01', time: '12:00' }),
    ],
    [
      'project name',
      () => fc,
      '/auth/corp/add_project',
      'corp_projects',
      (v) => ({ name: `Проект${v}`, jobs: [], materials: [] }),
    ],
    ['feedback title', () => fc, '/api/post_debug', 'feedback', (v) => ({ title: `a${v}`, msg: 'b' })],
    ['feedback message', () => fc, '/api/post_debug', 'feedback', (v) => ({ title: 'a', msg: `строка\n${v}` })],
    [
      'corporation name',
      () => admin,
      '/api/admin/corps',
      'corporations',
      (v) => ({ type: 'new', id: 98_700_002, name: `Corp${v}` }),
    ],
    [
      'banned pilot name',
      () => admin,
      '/api/admin/ban_chars',
      'banned_characters',
      (v) => ({ type: 'new', id: 5, name: `P${v}`, reason: 'r' }),
    ],
    [
      'ban reason',
      () => admin,
      '/api/admin/ban_chars',
      'banned_characters',
      (v) => ({ type: 'new', id: 5, name: 'P', reason: `r${v}` }),
    ],
    [
      'market category name',
      () => admin,
      '/api/admin/market_categories',
      'market_categories',
      (v) => ({ type: 'new', name: `Кат${v}` }),
    ],
  ];

  describe.each(FIELDS)('%s', (_field, who, path, collection, body) => {
    it.each(HIDDEN)('with %s: 400 naming it, nothing stored', async (_name, ch, codePoint) => {
      const before = await db.collection(collection).countDocuments();
      const res = await who().post(path, body(ch));
      expect([res.status, res.body.message]).toEqual([
        400,
        `Текст содержит невидимый или управляющий символ ${codePoint}: удалите его`,
      ]);
      expect(await db.collection(collection).countDocuments()).toBe(before);
    });
  });

  // A form's fields travel as UTF-8, where a lone surrogate cannot be written (it arrives as U+FFFD).
  it.each(HIDDEN.filter(([name]) => name !== 'a lone surrogate'))(
    'a username with %s is refused at registration',
    async (_name, ch, codePoint) => {
      const res = await register(running, client(running.url), `pilot${ch}x`);
      expect([res.status, res.body.message]).toEqual([
        400,
        `Текст содержит невидимый или управляющий символ ${codePoint}: удалите его`,
      ]);
      expect(await users().countDocuments({ username: { $regex: '^pilot' } })).toBe(0);
    },
  );

  it('emoji with their joiners and variation selectors are text, not hidden characters', async () => {
    const res = await fc.post('/auth/corp/add_event', {
      name: 'Сбор ❤️ 👩🏽‍🚀',
      desc: 'строка\nвторая',
      date: '2030-01-01',
      time: '12:00',
    });
    expect(res.status).toBe(200);
    expect(await db.collection('corp_events').countDocuments({ name: 'Сбор ❤️ 👩🏽‍🚀' })).toBe(1);
  });
});
