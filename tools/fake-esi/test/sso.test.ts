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
