/**
 * Game characters through the (fake) EVE SSO and ESI over real HTTP: the full link flow with
 * JWTs checked against the SSO's JWKS, the refusals, encrypted tokens, the cards read from ESI
 * (on link, on demand, on the schedule under its lease), revocation, unlinking and who sees what.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { type FakeEsi, type FakeSso, type TokenFault } from '@eve-toolkit/fake-esi';
import {
  CHARACTER_MESSAGES,
  ROLES,
  SSO_SCOPES,
  type CharacterCard,
  type Role,
  type UserProfileResponse,
} from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { CHARACTER_REFRESH_LEASE, CharacterSync } from '../src/characters/character-sync.service';
import { decryptToken, tokenKey } from '../src/common/crypto/secret-box';
import { LeaseService } from '../src/common/scheduling/lease.service';
import { DEMO_ACCOUNTS } from '../src/demo/demo-accounts';
import { DEMO_CHARACTER_BY_ROLE, DEMO_CORPORATION_ID } from '../src/demo/demo-seed';
import { DemoSeedService } from '../src/demo/demo-seed.service';
import { createTestApp } from './app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs } from './fixtures/mini-sde';
import { login, signedIn, solvedCaptcha } from './support/accounts';
import { client, type TestClient } from './support/client';
import { startStandIns, type StandIns } from './support/stand-ins';

jest.setTimeout(60_000);

const JITA = 30000142; // 0.945913
const UEDAMA = 30002768; // 0.50544
const TAMA = 30002813; // 0.282556
const ONE_DQ = 30004759; // -0.385782
const TOKEN_KEY = 'a test deployment token key';

let standIns: StandIns;
let sso: FakeSso;
let esi: FakeEsi;
let running: RunningApp;
let db: Connection;

beforeAll(async () => {
  standIns = await startStandIns();
  ({ sso, esi } = standIns);
  running = await createTestApp(standIns.config());
  db = running.app.get<Connection>(getConnectionToken());
  await importSdeInto(
    running,
    await buildMiniSde({ typeIds: [34], blueprintIds: [], systemIds: [JITA, UEDAMA, TAMA, ONE_DQ], schematicIds: [] }),
  );
}, 180_000);
afterAll(async () => {
  await running?.close();
  await standIns?.close();
  removeMiniSdeDirs();
});

const characters = () => db.collection('characters');
const stored = (id: number) => characters().findOne({ _id: id as never });
/** Makes the stored access token due for a refresh and the card due for a read. */
const makeStale = (id: number) =>
  characters().updateOne({ _id: id as never }, { $set: { access_expires_at: new Date(0), synced_at: new Date(0) } });

/** The player's round trip: our auth_link -> the SSO picks a character -> back to our callback. */
async function link(c: TestClient, characterId: number, options: { fault?: TokenFault; tamperState?: boolean } = {}) {
  const { redirect } = (await c.act('/auth/esi/auth_link', 200)).body as { redirect: string };
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

const profile = async (c: TestClient, name: string) =>
  (await c.get(`/auth/user/${name}`).expect(200)).body as UserProfileResponse;

it('asks for the product scopes with a fresh state and PKCE S256', async () => {
  const c = await signedIn(running, 'sso_scopes');
  const first = new URL((await c.act('/auth/esi/auth_link', 200)).body.redirect);
  const second = new URL((await c.act('/auth/esi/auth_link', 200)).body.redirect);
  expect(first.origin + first.pathname).toBe(`${sso.url}/v2/oauth/authorize`);
  expect(Object.fromEntries(first.searchParams)).toEqual({
    response_type: 'code',
    client_id: sso.clientId,
    redirect_uri: 'http://127.0.0.1:1/auth/esi/callback',
    scope: SSO_SCOPES.join(' '),
    state: expect.stringMatching(/^[\w-]{24}$/),
    code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    code_challenge_method: 'S256',
  });
  expect(SSO_SCOPES).toEqual([
    'esi-location.read_location.v1',
    'esi-wallet.read_character_wallet.v1',
    'esi-mail.read_mail.v1',
    'esi-skills.read_skills.v1',
    'esi-assets.read_assets.v1',
    'esi-characters.read_corporation_roles.v1',
    'esi-industry.read_character_jobs.v1',
    'esi-contracts.read_character_contracts.v1',
    'esi-universe.read_structures.v1',
    'esi-killmails.read_killmails.v1',
  ]);
  expect(second.searchParams.get('state')).not.toBe(first.searchParams.get('state'));
  expect(second.searchParams.get('code_challenge')).not.toBe(first.searchParams.get('code_challenge'));
  // Anonymous visitors cannot start a link.
  expect((await request(running.url).get('/auth/esi/auth_link')).status).toBe(401);
});

it('links a character through the SSO: its card from ESI on the owner page, tokens encrypted at rest', async () => {
  const c = await signedIn(running, 'sso_owner');
  const ivan = sso.characters[0];
  const { location } = await link(c, ivan.id);
  expect(location).toBe(`/account/user/sso_owner?linked=${ivan.id}`);
  const page = await profile(c, 'sso_owner');
  expect(page).toMatchObject({ username: 'sso_owner', roles: ['user'], is_self: true });
  expect(page.chars).toEqual<CharacterCard[]>([
    {
      id: ivan.id,
      name: 'Ivan Petrov',
      icon: `https://images.example/characters/${ivan.id}/portrait?size=64`,
      system: { name: 'Jita', sec: 0.945913 },
      wallet: 1234567.89,
      new_mails: 3,
      needs_relink: false,
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    },
  ]);

  const doc = (await stored(ivan.id))!;
  expect(doc).toMatchObject({ user_id: expect.any(String), name: 'Ivan Petrov', corporation_id: 98000001, needs_relink: false });
  expect(doc.scopes).toEqual([...SSO_SCOPES]);
  // The stored refresh token is not the token: it decrypts (with the deployment's key only) to one the SSO honours.
  expect(String(doc.refresh_token_enc)).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
  const plain = decryptToken(String(doc.refresh_token_enc), tokenKey(TOKEN_KEY))!;
  expect(plain.length).toBeGreaterThan(20);
  expect(JSON.stringify(doc)).not.toContain(plain);
  expect(decryptToken(String(doc.refresh_token_enc), tokenKey('another key'))).toBeNull();
  const grant = await fetch(`${sso.url}/v2/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${sso.clientId}:${sso.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: plain }),
  });
  expect(grant.status).toBe(200);
  const access = decryptToken(String(doc.access_token_enc), tokenKey(TOKEN_KEY))!;
  expect(await sso.verifyAccessToken(access)).toMatchObject({ characterId: ivan.id });
  expect(JSON.stringify(doc)).not.toContain(access);
});

it.each([['forged'], ['expired'], ['wrong-audience']] as const)('refuses a %s token and links nothing', async (fault) => {
  const c = await signedIn(running, `sso_${fault.replace('-', '_')}`);
  const { location } = await link(c, sso.characters[1].id, { fault });
  expect(location).toBe(`/account/user/sso_${fault.replace('-', '_')}?sso_error=badToken`);
  expect(await characters().countDocuments({ _id: sso.characters[1].id as never })).toBe(0);
});

it("refuses a forged, replayed, expired or another session's state", async () => {
  const c = await signedIn(running, 'sso_state');
  const badState = `/account/user/sso_state?sso_error=badState`;
  expect((await link(c, sso.characters[1].id, { tamperState: true })).location).toBe(badState);

  const ok = await link(c, sso.characters[1].id);
  expect(ok.location).toBe(`/account/user/sso_state?linked=${sso.characters[1].id}`);
  const replay = await c.get(`/auth/esi/callback?code=${ok.code}&state=${ok.state}`);
  expect(decodeURIComponent(replay.headers.location as string)).toBe(badState);

  // A state that outlived its ten minutes.
  const { redirect } = (await c.act('/auth/esi/auth_link', 200)).body as { redirect: string };
  const state = new URL(redirect).searchParams.get('state')!;
  expect(
    (await db.collection('sessions').updateOne({ 'session.sso.state': state }, { $set: { 'session.sso.expires': 0 } }))
      .modifiedCount,
  ).toBe(1);
  const late = await c.get(`/auth/esi/callback?code=whatever&state=${state}`);
  expect(decodeURIComponent(late.headers.location as string)).toBe(badState);

  // Another account's login (its state and code) is useless in this session.
  const other = await signedIn(running, 'sso_state_other');
  const started = new URL((await other.act('/auth/esi/auth_link', 200)).body.redirect);
  started.searchParams.set('character_id', String(sso.characters[2].id));
  const back = new URL((await fetch(started, { redirect: 'manual' })).headers.get('location')!);
  await c.act('/auth/esi/auth_link', 200); // this session has a login of its own pending
  const foreign = await c.get(`/auth/esi/callback?${back.searchParams}`);
  expect(decodeURIComponent(foreign.headers.location as string)).toBe(badState);
  expect(await characters().countDocuments({ _id: sso.characters[2].id as never })).toBe(0);
});

it('refuses a banned character and one linked to another account', async () => {
  await characters().deleteMany({});
  const first = await signedIn(running, 'sso_first');
  await link(first, sso.characters[2].id);
  const second = await signedIn(running, 'sso_second');
  expect((await link(second, sso.characters[2].id)).location).toBe(`/account/user/sso_second?sso_error=otherAccount`);
  expect((await stored(sso.characters[2].id))!.user_id).not.toBe(undefined);
  expect((await profile(first, 'sso_first')).chars!.map((ch) => ch.id)).toEqual([sso.characters[2].id]);
  expect((await profile(second, 'sso_second')).chars).toEqual([]);

  await db
    .collection('banned_characters')
    .insertOne({ _id: sso.characters[3].id as never, name: sso.characters[3].name, reason: 'тест' });
  expect((await link(second, sso.characters[3].id)).location).toBe(`/account/user/sso_second?sso_error=banned`);
  expect(await characters().countDocuments({ _id: sso.characters[3].id as never })).toBe(0);
});

it('shows characters, wallet and mail to the owner and admins only', async () => {
  await characters().deleteMany({});
  const owner = await signedIn(running, 'vis_owner');
  const other = await signedIn(running, 'vis_other');
  const admin = await signedIn(running, 'vis_admin', ['admin', 'user']);
  await link(owner, sso.characters[2].id);
  const seen = await profile(owner, 'vis_owner');
  expect(seen.chars!.map((ch) => [ch.name, ch.system, ch.wallet, ch.new_mails])).toEqual([
    ['Jon Doe', { name: 'Tama', sec: 0.282556 }, 5000, 12],
  ]);
  expect(await profile(other, 'vis_owner')).toEqual({ username: 'vis_owner', roles: ['user'], chars: null, is_self: false });
  expect(await profile(admin, 'vis_owner')).toEqual({ ...seen, is_self: false });
  expect((await request(running.url).get('/auth/user/vis_owner')).status).toBe(401);
});

it('unlinks only your own characters (CSRF applies); account deletion takes them along', async () => {
  await characters().deleteMany({});
  const owner = await signedIn(running, 'sso_unlink');
  const stranger = await signedIn(running, 'sso_stranger');
  const admin = await signedIn(running, 'sso_unlink_admin', ['admin', 'user']);
  const ivan = sso.characters[0];
  await link(owner, ivan.id);
  const revocations = sso.stats.revocations;
  expect(await stranger.delete(`/auth/esi/del_char/${ivan.id}`)).toMatchObject({
    status: 404,
    body: { message: CHARACTER_MESSAGES.notYours },
  });
  expect((await admin.delete(`/auth/esi/del_char/${ivan.id}`)).status).toBe(404);
  // Without the CSRF token the owner's own request is refused too.
  expect((await owner.agent.delete(`/auth/esi/del_char/${ivan.id}`)).status).toBe(403);
  expect(await characters().countDocuments({ _id: ivan.id as never })).toBe(1);
  expect((await owner.delete(`/auth/esi/del_char/abc`)).status).toBe(400);
  expect((await owner.delete(`/auth/esi/del_char/${ivan.id}`)).body).toEqual({ ok: true });
  expect(await characters().countDocuments({ _id: ivan.id as never })).toBe(0);
  // The token was handed back to the SSO (best effort, after the answer): wait for it to arrive.
  const handedBack = await sso.revocationsReach(revocations + 1);
  expect(handedBack).toHaveLength(revocations + 1);
  expect(sso.stats.revocations).toBe(revocations + 1);

  await link(owner, ivan.id);
  await link(owner, sso.characters[1].id);
  const captchaId = await solvedCaptcha(running, owner);
  expect((await owner.post('/auth/delete', (r) => r.field('captcha_id', captchaId))).body).toEqual({ ok: true });
  expect(await characters().countDocuments({})).toBe(0);
});

it('refreshes an expiring access token with the encrypted refresh token, and reads the card on demand', async () => {
  await characters().deleteMany({});
  const c = await signedIn(running, 'sso_refresh');
  const anna = sso.characters[1];
  await link(c, anna.id);
  const before = (await stored(anna.id))!;
  sso.updateCharacter(anna.id, { wallet: 42_000.5, solarSystemId: ONE_DQ });

  // Read a moment ago: an on-demand refresh leaves it alone (no SSO or ESI call).
  const grants = sso.stats.refreshGrants;
  expect((await c.post('/auth/esi/refresh')).body.chars[0]).toMatchObject({ wallet: 98_765_432.1, system: { name: 'Uedama' } });
  expect(sso.stats.refreshGrants).toBe(grants);

  await makeStale(anna.id);
  const res = await c.post('/auth/esi/refresh');
  expect(res.status).toBe(200);
  expect(res.body.chars).toEqual([
    expect.objectContaining({ id: anna.id, wallet: 42_000.5, system: { name: '1DQ1-A', sec: -0.385782 }, new_mails: 0 }),
  ]);
  expect(sso.stats.refreshGrants).toBe(grants + 1);
  const after = (await stored(anna.id))!;
  expect(after.refresh_token_enc).not.toBe(before.refresh_token_enc);
  expect(after.access_expires_at.getTime()).toBeGreaterThan(Date.now() + 15 * 60_000);
  // Without a session and its CSRF token: refused.
  expect((await request(running.url).post('/auth/esi/refresh')).status).toBe(403);
});

it('marks a character whose refresh token was revoked as needing a re-link; linking again clears it', async () => {
  await characters().deleteMany({});
  const c = await signedIn(running, 'sso_revoked');
  const jon = sso.characters[2];
  await link(c, jon.id);
  sso.revokeCharacter(jon.id);
  await makeStale(jon.id);
  const refused = sso.stats.refusedRefreshGrants;
  const res = await c.post('/auth/esi/refresh');
  expect(res.body.chars).toEqual([expect.objectContaining({ id: jon.id, needs_relink: true, wallet: 5000 })]);
  expect(sso.stats.refusedRefreshGrants).toBe(refused + 1);
  expect(await stored(jon.id)).toMatchObject({ needs_relink: true, access_token_enc: null });
  // Waiting for a re-link: neither the schedule nor an on-demand refresh asks the SSO again.
  await running.app.get(CharacterSync).refreshStale(new Date(Date.now() + 3_600_000));
  await c.post('/auth/esi/refresh');
  expect(sso.stats.refusedRefreshGrants).toBe(refused + 1);

  expect((await link(c, jon.id)).location).toBe(`/account/user/sso_revoked?linked=${jon.id}`);
  expect((await profile(c, 'sso_revoked')).chars).toEqual([expect.objectContaining({ id: jon.id, needs_relink: false })]);
});

it('keeps the last known card when ESI or the SSO fail, and says why', async () => {
  await characters().deleteMany({});
  const c = await signedIn(running, 'sso_faults');
  const dmitri = sso.characters[4];
  await link(c, dmitri.id);
  sso.updateCharacter(dmitri.id, { wallet: 10 });
  const remove = esi.setFault(`/characters/${dmitri.id}/wallet`, { status: 403, body: { error: 'token not valid for scope' } });
  await makeStale(dmitri.id);
  const card = (await c.post('/auth/esi/refresh')).body.chars[0];
  remove();
  expect(card).toMatchObject({ wallet: 12_500_000_000, system: { name: 'Jita' }, needs_relink: false });
  expect(String((await stored(dmitri.id))!.sync_error)).toContain('кошелёк');

  // The SSO down while refreshing: not a revocation.
  sso.failTokenRequests(1);
  await makeStale(dmitri.id);
  await c.post('/auth/esi/refresh');
  expect(await stored(dmitri.id)).toMatchObject({
    needs_relink: false,
    wallet: 12_500_000_000,
    sync_error: expect.stringContaining('токен'),
  });
  // Next time it works again.
  await makeStale(dmitri.id);
  expect((await c.post('/auth/esi/refresh')).body.chars[0]).toMatchObject({ wallet: 10 });
  expect((await stored(dmitri.id))!.sync_error).toBeNull();
});

it('refreshes cards on the schedule under its lease, one instance at a time, and follows corporation changes', async () => {
  await characters().deleteMany({});
  const c = await signedIn(running, 'sso_schedule');
  const ivan = sso.characters[0];
  await link(c, ivan.id);
  sso.updateCharacter(ivan.id, { wallet: 777, corporationId: 98000002 });
  const sync = running.app.get(CharacterSync);
  const leases = running.app.get(LeaseService);
  const later = new Date(Date.now() + 10 * 60_000);

  // Another instance holds the lease: this one skips the pass.
  expect(await leases.acquire(CHARACTER_REFRESH_LEASE, 60_000, 'another-instance')).toBe(true);
  await sync.runScheduledOnce(later);
  expect(await stored(ivan.id)).toMatchObject({ wallet: 1234567.89, corporation_id: 98000001 });
  await leases.release(CHARACTER_REFRESH_LEASE, 'another-instance');

  await sync.runScheduledOnce(later);
  expect(await stored(ivan.id)).toMatchObject({ wallet: 777, corporation_id: 98000002 });
  expect((await profile(c, 'sso_schedule')).chars![0].wallet).toBe(777);
  sso.updateCharacter(ivan.id, { corporationId: 98000001, wallet: 1234567.89 });
});

it('demo mode: each demo account gets its character through the local SSO, once, never taking one from a visitor', async () => {
  await characters().deleteMany({});
  const seed = running.app.get(DemoSeedService);
  await seed.seed();
  // A visitor linked the plain user's demo pilot first.
  const visitor = await signedIn(running, 'demo_visitor');
  await link(visitor, DEMO_CHARACTER_BY_ROLE.user);

  expect(await seed.seedCharacters()).toBe(ROLES.length - 1);
  expect(await seed.seedCharacters()).toBe(0);
  expect((await profile(visitor, 'demo_visitor')).chars!.map((ch) => ch.id)).toEqual([DEMO_CHARACTER_BY_ROLE.user]);

  const miner = DEMO_ACCOUNTS.find((a) => a.role === 'miner')!;
  const c = client(running.url);
  expect((await login(running, c, miner.username, miner.password)).body).toEqual({ ok: true });
  expect((await profile(c, miner.username)).chars).toEqual([
    expect.objectContaining({ name: 'Pavel Kuznetsov', system: null, wallet: 45_200_000, new_mails: 1 }),
  ]);
  const corps = await characters()
    .find({ _id: { $in: Object.values(DEMO_CHARACTER_BY_ROLE) as never[] } })
    .toArray();
  const corpOf = (role: Role) => corps.find((d) => d._id === (DEMO_CHARACTER_BY_ROLE[role] as never))!.corporation_id;
  for (const role of ['admin', 'security', 'fc', 'miner', 'corp', 'industrialist'] as const)
    expect(corpOf(role)).toBe(DEMO_CORPORATION_ID);
  expect(corpOf('academy')).not.toBe(DEMO_CORPORATION_ID);

  // A demo link that went stale (e.g. the SSO's secret changed) is renewed at the next start.
  await characters().updateOne({ _id: DEMO_CHARACTER_BY_ROLE.fc as never }, { $set: { needs_relink: true } });
  expect(await seed.seedCharacters()).toBe(1);
  expect(await stored(DEMO_CHARACTER_BY_ROLE.fc)).toMatchObject({ needs_relink: false });
});
