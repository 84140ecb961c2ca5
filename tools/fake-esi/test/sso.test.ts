import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, errors } from 'jose';
import { startFakeSso, type FakeSso } from '../src';

const REDIRECT = 'http://127.0.0.1:9/auth/esi/callback';

describe('fake EVE SSO', () => {
  let sso: FakeSso;
  beforeAll(async () => {
    sso = await startFakeSso();
  });
  afterAll(() => sso.close());

  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };
  const authorize = (params: Record<string, string>) =>
    fetch(`${sso.url}/v2/oauth/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
  const token = (form: Record<string, string>, secret = sso.clientSecret) =>
    fetch(`${sso.url}/v2/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${sso.clientId}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams(form),
    });
  const verify = (jwt: string, audience = sso.clientId) =>
    jwtVerify(jwt, createRemoteJWKSet(new URL(`${sso.url}/oauth/jwks`)), { issuer: sso.url, audience });

  /** Authorize as a character, exchange the code: the token response. */
  async function login(characterId: number) {
    const { verifier, challenge } = pkce();
    const base = {
      response_type: 'code',
      client_id: sso.clientId,
      redirect_uri: REDIRECT,
      scope: 'esi-wallet.read_character_wallet.v1',
      state: 'st-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const res = await authorize({ ...base, character_id: String(characterId) });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-1');
    const answer = await token({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      code_verifier: verifier,
    });
    return { answer, code: back.searchParams.get('code')!, verifier };
  }

  it('lists the characters on its login page', async () => {
    const { challenge } = pkce();
    const res = await authorize({
      response_type: 'code',
      client_id: sso.clientId,
      redirect_uri: REDIRECT,
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const html = await res.text();
    expect(res.status).toBe(200);
    for (const c of sso.characters) expect(html).toContain(c.name);
  });

  it('issues RS256 JWTs with CCP claims that verify against its JWKS', async () => {
    const ivan = sso.characters[0];
    const { answer } = await login(ivan.id);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { access_token: string; refresh_token: string; expires_in: number; token_type: string };
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 1200 });
    const { payload, protectedHeader } = await verify(body.access_token);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: 'JWT-Signature-Key' });
    expect(payload).toMatchObject({
      sub: `CHARACTER:EVE:${ivan.id}`,
      name: ivan.name,
      aud: [sso.clientId, 'EVE Online'],
      iss: sso.url,
      scp: ['esi-wallet.read_character_wallet.v1'],
    });
  });

  it('refuses a used code, a wrong PKCE verifier and a wrong client secret', async () => {
    const { code, verifier } = await login(sso.characters[1].id);
    expect((await token({ grant_type: 'authorization_code', code, code_verifier: verifier })).status).toBe(400);
    const { challenge } = pkce();
    const res = await authorize({
      response_type: 'code',
      client_id: sso.clientId,
      redirect_uri: REDIRECT,
      state: 'x',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      character_id: String(sso.characters[1].id),
    });
    const fresh = new URL(res.headers.get('location')!).searchParams.get('code')!;
    expect(await (await token({ grant_type: 'authorization_code', code: fresh, code_verifier: 'wrong' })).json()).toMatchObject({
      error: 'invalid_grant',
    });
    expect((await token({ grant_type: 'refresh_token', refresh_token: 'x' }, 'bad-secret')).status).toBe(401);
  });

  it('refreshes until the refresh token is revoked', async () => {
    const first = (await (await login(sso.characters[2].id)).answer.json()) as { refresh_token: string };
    const second = (await (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).json()) as {
      refresh_token: string;
      access_token: string;
    };
    expect((await verify(second.access_token)).payload.name).toBe(sso.characters[2].name);
    sso.revoke(second.refresh_token);
    expect(await (await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).json()).toMatchObject({
      error: 'invalid_grant',
    });
  });

  it.each([
    ['forged', errors.JWSSignatureVerificationFailed],
    ['expired', errors.JWTExpired],
    ['wrong-audience', errors.JWTClaimValidationFailed],
  ] as const)('can hand out a %s token that verification refuses', async (fault, error) => {
    sso.setTokenFault(fault);
    const body = (await (await login(sso.characters[3].id)).answer.json()) as { access_token: string };
    await expect(verify(body.access_token)).rejects.toBeInstanceOf(error);
  });
});

describe('fake EVE SSO: revocation, restarts and outages', () => {
  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };
  const basic = (sso: FakeSso) => `Basic ${Buffer.from(`${sso.clientId}:${sso.clientSecret}`).toString('base64')}`;
  const post = (sso: FakeSso, path: string, form: Record<string, string>) =>
    fetch(`${sso.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(sso) },
      body: new URLSearchParams(form),
    });
  async function refreshTokenFor(sso: FakeSso, characterId: number): Promise<string> {
    const { verifier, challenge } = pkce();
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: sso.clientId,
      redirect_uri: REDIRECT,
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      character_id: String(characterId),
    });
    const res = await fetch(`${sso.url}/v2/oauth/authorize?${params}`, { redirect: 'manual' });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const answer = await post(sso, '/v2/oauth/token', { grant_type: 'authorization_code', code, code_verifier: verifier });
    return ((await answer.json()) as { refresh_token: string }).refresh_token;
  }
  const refresh = (sso: FakeSso, token: string) =>
    post(sso, '/v2/oauth/token', { grant_type: 'refresh_token', refresh_token: token });

  it('publishes its metadata with the configured issuer and signs tokens with it', async () => {
    const sso = await startFakeSso({ issuer: 'https://login.eveonline.com' });
    try {
      const meta = (await (await fetch(`${sso.url}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
      expect(meta).toMatchObject({
        issuer: 'https://login.eveonline.com',
        token_endpoint: `${sso.url}/v2/oauth/token`,
        jwks_uri: `${sso.url}/oauth/jwks`,
        revocation_endpoint: `${sso.url}/v2/oauth/revoke`,
        code_challenge_methods_supported: ['S256'],
      });
      const token = await refreshTokenFor(sso, sso.characters[0].id);
      const answer = (await (await refresh(sso, token)).json()) as { access_token: string };
      const { payload } = await jwtVerify(answer.access_token, createRemoteJWKSet(new URL(`${sso.url}/oauth/jwks`)), {
        issuer: 'https://login.eveonline.com',
        audience: 'EVE Online',
      });
      expect(payload.sub).toBe(`CHARACTER:EVE:${sso.characters[0].id}`);
    } finally {
      await sso.close();
    }
  });

  it('revokes through /v2/oauth/revoke and all of a character at once', async () => {
    const sso = await startFakeSso();
    try {
      const a = await refreshTokenFor(sso, sso.characters[0].id);
      const b = await refreshTokenFor(sso, sso.characters[1].id);
      expect((await post(sso, '/v2/oauth/revoke', { token_type_hint: 'refresh_token', token: a })).status).toBe(200);
      expect(await (await refresh(sso, a)).json()).toMatchObject({ error: 'invalid_grant' });
      expect((await refresh(sso, b)).status).toBe(200);
      sso.revokeCharacter(sso.characters[1].id);
      expect((await refresh(sso, b)).status).toBe(400);
      // Linking again after a revocation gives a working token.
      const again = await refreshTokenFor(sso, sso.characters[1].id);
      expect((await refresh(sso, again)).status).toBe(200);
      expect(sso.stats).toMatchObject({ revocations: 1, refusedRefreshGrants: 2 });
    } finally {
      await sso.close();
    }
  });

  it('keeps honouring its refresh tokens after a restart with the same secret, not with another', async () => {
    const first = await startFakeSso({ refreshTokenSecret: 'demo-secret-1' });
    const token = await refreshTokenFor(first, first.characters[4].id);
    await first.close();
    const same = await startFakeSso({ refreshTokenSecret: 'demo-secret-1' });
    const other = await startFakeSso({ refreshTokenSecret: 'another-secret' });
    try {
      const answer = await refresh(same, token);
      expect(answer.status).toBe(200);
      const claims = await same.verifyAccessToken(((await answer.json()) as { access_token: string }).access_token);
      expect(claims).toMatchObject({ characterId: first.characters[4].id, name: 'Dmitri Volkov' });
      expect((await refresh(other, token)).status).toBe(400);
      expect(
        (
          await refresh(
            same,
            token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
          )
        ).status,
      ).toBe(400);
    } finally {
      await same.close();
      await other.close();
    }
  });

  it('can be down for a number of token requests', async () => {
    const sso = await startFakeSso();
    try {
      const token = await refreshTokenFor(sso, sso.characters[0].id);
      sso.failTokenRequests(1);
      expect((await refresh(sso, token)).status).toBe(503);
      expect((await refresh(sso, token)).status).toBe(200);
    } finally {
      await sso.close();
    }
  });

  it('refuses an expired authorization code', async () => {
    let clock = Date.parse('2026-03-01T12:00:00Z');
    const sso = await startFakeSso({ now: () => clock });
    try {
      const { verifier, challenge } = pkce();
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: sso.clientId,
        redirect_uri: REDIRECT,
        state: 's',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        character_id: String(sso.characters[0].id),
      });
      const res = await fetch(`${sso.url}/v2/oauth/authorize?${params}`, { redirect: 'manual' });
      const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
      clock += 5 * 60_000 + 1;
      const answer = await post(sso, '/v2/oauth/token', { grant_type: 'authorization_code', code, code_verifier: verifier });
      expect(await answer.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      await sso.close();
    }
  });
});
