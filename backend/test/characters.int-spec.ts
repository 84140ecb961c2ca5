/** Linking game characters through the (fake) EVE SSO over real HTTP, JWTs checked against its JWKS. */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { startFakeSso, type FakeSso, type TokenFault } from '@eve-toolkit/fake-esi';
import type { RunningApp } from '../src/bootstrap';
import { createTestApp } from './app';
import { signedIn, solvedCaptcha } from './support/accounts';
import type { TestClient } from './support/client';

jest.setTimeout(30_000);

let sso: FakeSso;
let running: RunningApp;
let db: Connection;

beforeAll(async () => {
  sso = await startFakeSso();
  running = await createTestApp({
    sso: {
      baseUrl: sso.url,
      clientId: sso.clientId,
      clientSecret: sso.clientSecret,
      callbackUrl: 'http://127.0.0.1:1/auth/esi/callback',
    },
    imageServerUrl: 'https://images.example',
  });
  db = running.app.get<Connection>(getConnectionToken());
});
afterAll(async () => {
  await running?.close();
  await sso?.close();
});

/** The player's round trip: our auth_link -> the SSO picks a character -> back to our callback. */
async function link(c: TestClient, characterId: number, options: { fault?: TokenFault; tamperState?: boolean } = {}) {
  const { redirect } = (await c.get('/auth/esi/auth_link').expect(200)).body as { redirect: string };
  const authorize = new URL(redirect);
  authorize.searchParams.set('character_id', String(characterId));
  if (options.fault) sso.setTokenFault(options.fault);
  const atSso = await fetch(authorize, { redirect: 'manual' });
  expect(atSso.status).toBe(302);
  const back = new URL(atSso.headers.get('location')!);
  const state = options.tamperState ? 'forged-state' : back.searchParams.get('state')!;
  const res = await c.get(
    `/auth/esi/callback?code=${encodeURIComponent(back.searchParams.get('code')!)}&state=${encodeURIComponent(state)}`,
  );
  expect(res.status).toBe(303);
  return {
    location: decodeURIComponent(res.headers.location as string),
    state: back.searchParams.get('state')!,
    code: back.searchParams.get('code')!,
  };
}

it('asks for the product scopes with state and PKCE S256', async () => {
  const c = await signedIn(running, 'sso_scopes');
  const { redirect } = (await c.get('/auth/esi/auth_link').expect(200)).body;
  const u = new URL(redirect);
  expect(u.origin + u.pathname).toBe(`${sso.url}/v2/oauth/authorize`);
  expect(Object.fromEntries(u.searchParams)).toMatchObject({
    response_type: 'code',
    client_id: sso.clientId,
    redirect_uri: 'http://127.0.0.1:1/auth/esi/callback',
    code_challenge_method: 'S256',
  });
  expect(u.searchParams.get('scope')!.split(' ')).toEqual(
    expect.arrayContaining([
      'esi-wallet.read_character_wallet.v1',
      'esi-mail.read_mail.v1',
      'esi-industry.read_character_jobs.v1',
    ]),
  );
  expect(u.searchParams.get('state')).toMatch(/^[\w-]{24}$/);
});

it("links a character: it shows on the owner's page, its refresh token is stored encrypted", async () => {
  const c = await signedIn(running, 'sso_owner');
  const ivan = sso.characters[0];
  const { location } = await link(c, ivan.id);
  expect(location).toBe(`/account/user/sso_owner?linked=${ivan.id}`);
  const page = (await c.get('/auth/user/sso_owner').expect(200)).body;
  expect(page.chars).toEqual([
    {
      id: ivan.id,
      name: ivan.name,
      icon: `https://images.example/characters/${ivan.id}/portrait?size=64`,
      system: null,
      wallet: null,
      new_mails: null,
    },
  ]);
  const stored = await db.collection('characters').findOne({ _id: ivan.id as never });
  expect(String(stored!.refresh_token_enc)).toMatch(/^v1:/);
  // another user sees the roles, not the characters
  const other = await signedIn(running, 'sso_other');
  expect((await other.get('/auth/user/sso_owner').expect(200)).body).toEqual({
    username: 'sso_owner',
    roles: ['user'],
    chars: null,
    is_self: false,
  });
});

it.each([
  ['forged', 'Ответ EVE Online не прошёл проверку подписи'],
  ['expired', 'Ответ EVE Online не прошёл проверку подписи'],
  ['wrong-audience', 'Ответ EVE Online не прошёл проверку подписи'],
] as const)('refuses a %s token and links nothing', async (fault, message) => {
  const c = await signedIn(running, `sso_${fault.replace('-', '_')}`);
  const { location } = await link(c, sso.characters[1].id, { fault });
  expect(location).toContain(`sso_error=${message}`);
  expect(await db.collection('characters').countDocuments({ _id: sso.characters[1].id as never })).toBe(0);
});

it('refuses a foreign state, and a replayed one', async () => {
  const c = await signedIn(running, 'sso_state');
  const forged = await link(c, sso.characters[1].id, { tamperState: true });
  expect(forged.location).toContain('sso_error=Ссылка входа через EVE Online устарела или уже использована');
  const ok = await link(c, sso.characters[1].id);
  expect(ok.location).toContain('linked=');
  const replay = await c.get(`/auth/esi/callback?code=${ok.code}&state=${ok.state}`);
  expect(decodeURIComponent(replay.headers.location as string)).toContain('sso_error=Ссылка входа через EVE Online устарела');
});

it('refuses a banned character and one linked to another account', async () => {
  const first = await signedIn(running, 'sso_first');
  await link(first, sso.characters[2].id);
  const second = await signedIn(running, 'sso_second');
  expect((await link(second, sso.characters[2].id)).location).toContain(
    'sso_error=Этот персонаж уже привязан к другому аккаунту',
  );
  await db
    .collection('banned_characters')
    .insertOne({ _id: sso.characters[3].id as never, name: sso.characters[3].name, reason: 'тест' });
  expect((await link(second, sso.characters[3].id)).location).toContain('sso_error=Этот персонаж заблокирован');
});

it('unlinks only your own characters; account deletion takes them along', async () => {
  await db.collection('characters').deleteMany({});
  const owner = await signedIn(running, 'sso_unlink');
  const stranger = await signedIn(running, 'sso_stranger');
  const ivan = sso.characters[0];
  await link(owner, ivan.id);
  expect((await stranger.delete(`/auth/esi/del_char/${ivan.id}`)).status).toBe(404);
  expect((await owner.delete(`/auth/esi/del_char/${ivan.id}`)).body).toEqual({ ok: true });
  expect(await db.collection('characters').countDocuments({ _id: ivan.id as never })).toBe(0);

  await link(owner, ivan.id);
  const captchaId = await solvedCaptcha(running, owner);
  expect((await owner.post('/auth/delete', (r) => r.field('captcha_id', captchaId))).body).toEqual({ ok: true });
  expect(await db.collection('characters').countDocuments({ user_id: { $exists: true } })).toBe(0);
});
