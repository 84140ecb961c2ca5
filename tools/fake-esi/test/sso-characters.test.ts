/** The fake ESI's character routes, authorised by the fake SSO's tokens like ESI does. */
import { createHash, randomBytes } from 'node:crypto';
import {
  CHARACTER_CACHE_SECONDS,
  DEFAULT_SSO_CHARACTERS,
  FAKE_DEMO_CORPORATION,
  startFakeEsi,
  startFakeSso,
  type FakeEsi,
  type FakeSso,
  type TokenFault,
} from '../src';

const REDIRECT = 'http://127.0.0.1:9/callback';
const ALL_SCOPES = ['esi-location.read_location.v1', 'esi-wallet.read_character_wallet.v1', 'esi-mail.read_mail.v1'];

let sso: FakeSso;
let esi: FakeEsi;
beforeAll(async () => {
  sso = await startFakeSso();
  esi = await startFakeEsi({ dataDir: null, ordersPerRegion: 0, sso });
});
afterAll(async () => {
  await esi.close();
  await sso.close();
});

/** The product's round trip at the SSO (authorize with PKCE, exchange the code): an access token. */
async function accessToken(characterId: number, scopes = ALL_SCOPES, fault: TokenFault = null): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${sso.url}/v2/oauth/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: sso.clientId,
    redirect_uri: REDIRECT,
    scope: scopes.join(' '),
    state: 's',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    character_id: String(characterId),
  }).toString();
  const code = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
  if (fault) sso.setTokenFault(fault);
  const res = await fetch(`${sso.url}/v2/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${sso.clientId}:${sso.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function get(path: string, token?: string) {
  const res = await fetch(`${esi.url}/latest${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

it('has a dozen deterministic pilots, some in the demo corporation', () => {
  expect(DEFAULT_SSO_CHARACTERS).toHaveLength(12);
  expect(new Set(DEFAULT_SSO_CHARACTERS.map((c) => c.id)).size).toBe(12);
  expect(DEFAULT_SSO_CHARACTERS.filter((c) => c.corporationId === FAKE_DEMO_CORPORATION.id).length).toBeGreaterThanOrEqual(6);
  for (const c of DEFAULT_SSO_CHARACTERS) expect(c.name).toMatch(/^[A-Za-z][A-Za-z' -]{2,36}$/);
});

it('answers public character info in ESI format, no token needed', async () => {
  const ivan = DEFAULT_SSO_CHARACTERS[0];
  const before = Date.now();
  const res = await get(`/characters/${ivan.id}/`);
  const after = Date.now();
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    birthday: ivan.birthday,
    bloodline_id: ivan.bloodlineId,
    corporation_id: FAKE_DEMO_CORPORATION.id,
    description: '',
    gender: 'male',
    name: 'Ivan Petrov',
    race_id: ivan.raceId,
    security_status: ivan.securityStatus,
  });
  // Cached for an hour from the moment it was answered (an HTTP date: whole seconds).
  const expires = new Date(res.headers.get('expires')!).getTime();
  expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + CHARACTER_CACHE_SECONDS.public * 1000);
  expect(expires).toBeLessThanOrEqual(after + CHARACTER_CACHE_SECONDS.public * 1000);
  expect((await get('/characters/1/')).status).toBe(404);
  const corp = await get(`/corporations/${FAKE_DEMO_CORPORATION.id}/`);
  expect(corp.body).toMatchObject({ name: FAKE_DEMO_CORPORATION.name, ticker: 'DEMO', ceo_id: FAKE_DEMO_CORPORATION.ceoId });
  const history = (await get(`/characters/${ivan.id}/corporationhistory/`)).body as { corporation_id: number }[];
  expect(history.map((h) => h.corporation_id)).toEqual([FAKE_DEMO_CORPORATION.id, 1000044]);
});

it('answers location, wallet and mail for the token of that character', async () => {
  const jon = DEFAULT_SSO_CHARACTERS[2];
  const token = await accessToken(jon.id);
  expect((await get(`/characters/${jon.id}/location/`, token)).body).toEqual({ solar_system_id: 30002813 });
  expect((await get(`/characters/${jon.id}/wallet/`, token)).body).toBe(5000);
  const labels = (await get(`/characters/${jon.id}/mail/labels/`, token)).body as { total_unread_count: number };
  expect(labels.total_unread_count).toBe(12);
  const mails = (await get(`/characters/${jon.id}/mail/`, token)).body as { mail_id: number; is_read: boolean }[];
  expect(mails).toHaveLength(12);
  expect(mails.every((m) => !m.is_read)).toBe(true);
  expect(mails[0]).toEqual(
    expect.objectContaining({ recipients: [{ recipient_id: jon.id, recipient_type: 'character' }], labels: [1] }),
  );

  // What tests change is what ESI answers next.
  sso.updateCharacter(jon.id, { wallet: 7_777.5, solarSystemId: 30000142, stationId: 60003760 });
  expect((await get(`/characters/${jon.id}/wallet/`, token)).body).toBe(7777.5);
  expect((await get(`/characters/${jon.id}/location/`, token)).body).toEqual({ solar_system_id: 30000142, station_id: 60003760 });
});

it('answers the industrialist’s skills in ESI’s format (esi-skills.read_skills.v1): an inventor’s levels, SP by rank', async () => {
  const elena = DEFAULT_SSO_CHARACTERS.find((c) => c.name === 'Elena Fedorova')!;
  const token = await accessToken(elena.id, ['esi-skills.read_skills.v1']);
  const res = await get(`/characters/${elena.id}/skills/`, token);
  expect(res.status).toBe(200);
  const body = res.body as {
    skills: { skill_id: number; active_skill_level: number; trained_skill_level: number; skillpoints_in_skill: number }[];
    total_sp: number;
    unallocated_sp: number;
  };
  const level = (id: number) => body.skills.find((s) => s.skill_id === id);
  // Industry V (rank 1: 256 000 SP), Advanced Industry IV (rank 3: 3 × 45 255), Caldari Encryption Methods IV (rank 5)
  expect(level(3380)).toEqual({ skill_id: 3380, active_skill_level: 5, trained_skill_level: 5, skillpoints_in_skill: 256_000 });
  expect(level(3388)).toEqual({ skill_id: 3388, active_skill_level: 4, trained_skill_level: 4, skillpoints_in_skill: 135_765 });
  expect(level(21790)).toMatchObject({ active_skill_level: 4, skillpoints_in_skill: 226_275 });
  expect(body.total_sp).toBe(body.skills.reduce((a, s) => a + s.skillpoints_in_skill, 0));
  expect(body.skills.map((s) => s.skill_id)).toEqual([...body.skills.map((s) => s.skill_id)].sort((a, b) => a - b));
  // the scope is required
  const other = await accessToken(elena.id, ['esi-wallet.read_character_wallet.v1']);
  expect((await get(`/characters/${elena.id}/skills/`, other)).status).toBe(403);
});

it('refuses a missing, forged or expired token, another character and a missing scope', async () => {
  const [ivan, anna] = DEFAULT_SSO_CHARACTERS;
  const ivanToken = await accessToken(ivan.id);
  expect(await get(`/characters/${ivan.id}/wallet/`)).toMatchObject({
    status: 401,
    body: { error: 'authorization not provided' },
  });
  expect(await get(`/characters/${anna.id}/wallet/`, ivanToken)).toMatchObject({
    status: 403,
    body: { error: 'token not valid for this character' },
  });
  const walletOnly = await accessToken(ivan.id, ['esi-wallet.read_character_wallet.v1']);
  expect(await get(`/characters/${ivan.id}/mail/labels/`, walletOnly)).toMatchObject({
    status: 403,
    body: { error: 'token not valid for scope' },
  });
  expect((await get(`/characters/${ivan.id}/wallet/`, walletOnly)).status).toBe(200);
  const forged = await accessToken(ivan.id, ALL_SCOPES, 'forged');
  expect(await get(`/characters/${ivan.id}/wallet/`, forged)).toMatchObject({
    status: 401,
    body: { error: 'authentication failure' },
  });
  const expired = await accessToken(ivan.id, ALL_SCOPES, 'expired');
  expect(await get(`/characters/${ivan.id}/wallet/`, expired)).toMatchObject({
    status: 403,
    body: { error: 'token is expired' },
  });
});

it('honours the fault injection of the fake ESI on character routes', async () => {
  const ivan = DEFAULT_SSO_CHARACTERS[0];
  const token = await accessToken(ivan.id);
  const remove = esi.setFault(`/characters/${ivan.id}/wallet`, { status: 503, times: 1 });
  expect((await get(`/characters/${ivan.id}/wallet/`, token)).status).toBe(503);
  expect((await get(`/characters/${ivan.id}/wallet/`, token)).status).toBe(200);
  remove();
});
