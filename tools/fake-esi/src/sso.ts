/**
 * A local stand-in for EVE SSO (OAuth 2.0 authorization code with PKCE, JWT access tokens signed
 * with RS256 and published as a JWKS), speaking the real endpoints and formats:
 *   GET  /v2/oauth/authorize   login page listing the fake's characters (or `character_id=` to pick one)
 *   POST /v2/oauth/token       authorization_code (+ code_verifier) and refresh_token grants, Basic client auth
 *   POST /v2/oauth/revoke      revokes a refresh token (token_type_hint=refresh_token)
 *   GET  /oauth/jwks           the signing keys
 *   GET  /.well-known/oauth-authorization-server
 * Tests can revoke refresh tokens (one, or every token of a character), make the next access
 * token forged, expired or for another audience, and make the token endpoint fail.
 *
 * Refresh tokens are self-contained (HMAC-signed with `refreshTokenSecret`), so a fake restarted
 * with the same secret (the demo after a restart) still honours the tokens it issued before.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { cloneCharacters, DEFAULT_SSO_CHARACTERS, type FakeSsoCharacter } from './sso-characters';

export { DEFAULT_SSO_CHARACTERS };
export type { FakeSsoCharacter };

export type TokenFault = 'forged' | 'expired' | 'wrong-audience' | null;

export interface FakeSsoOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  characters?: readonly FakeSsoCharacter[];
  /** Access token lifetime (CCP: 20 minutes). */
  accessTokenSeconds?: number;
  /** `iss` of the tokens and the metadata (CCP: https://login.eveonline.com); default the fake's own URL. */
  issuer?: string;
  /** Signs refresh tokens; a restarted fake with the same secret accepts earlier tokens (default: random). */
  refreshTokenSecret?: string;
  now?: () => number;
}

/** Claims of a verified access token (what the fake ESI needs). */
export interface FakeAccessClaims extends JWTPayload {
  sub: string;
  name: string;
  scp: string[];
  characterId: number;
}

export interface FakeSsoStats {
  authorizationCodeGrants: number;
  refreshGrants: number;
  refusedRefreshGrants: number;
  revocations: number;
}

export interface FakeSso {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly issuer: string;
  readonly characters: readonly FakeSsoCharacter[];
  readonly stats: FakeSsoStats;
  character(id: number): FakeSsoCharacter | undefined;
  /** Changes what the fake ESI reports for a character (location, wallet, mail ...). */
  updateCharacter(id: number, patch: Partial<Omit<FakeSsoCharacter, 'id'>>): void;
  /** The next access token issued is forged / expired / for another audience. */
  setTokenFault(fault: TokenFault): void;
  /** The next `times` token requests answer `status` (default 503: the SSO is down). */
  failTokenRequests(times: number, status?: number): void;
  /** A revoked refresh token is refused with invalid_grant. */
  revoke(refreshToken: string): void;
  /** Every refresh token issued so far for this character is refused (the player revoked the app). */
  revokeCharacter(characterId: number): void;
  /**
   * Resolves once `stats.revocations` has reached `count` (at once if it has) with the tokens
   * handed back so far, in order: a test waits for an app's revocation after its answer (best
   * effort, in the background) instead of polling.
   */
  revocationsReach(count: number): Promise<string[]>;
  /** Verifies an access token like ESI does (signature, issuer, expiry; any client). */
  verifyAccessToken(jwt: string): Promise<FakeAccessClaims | { error: 'expired' | 'invalid' }>;
  close(): Promise<void>;
}

interface PendingCode {
  characterId: number;
  challenge: string;
  redirectUri: string;
  scopes: string[];
}

interface RefreshGrant {
  /** character id */
  c: number;
  /** scopes */
  s: string[];
  /** issued at (ms) */
  i: number;
  /** nonce */
  n: string;
}

const KID = 'JWT-Signature-Key';
const CODE_TTL_MS = 5 * 60_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startFakeSso(opts: FakeSsoOptions = {}): Promise<FakeSso> {
  const clientId = opts.clientId ?? 'eve-toolkit-demo';
  const clientSecret = opts.clientSecret ?? 'demo-secret';
  const characters = cloneCharacters(opts.characters ?? DEFAULT_SSO_CHARACTERS);
  const lifetime = opts.accessTokenSeconds ?? 1200;
  const now = opts.now ?? (() => Date.now());
  const refreshSecret = opts.refreshTokenSecret ?? randomBytes(32).toString('hex');
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const forger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode & { expires: number }>();
  const revoked = new Set<string>();
  const revokedCharacters = new Map<number, number>();
  const stats: FakeSsoStats = { authorizationCodeGrants: 0, refreshGrants: 0, refusedRefreshGrants: 0, revocations: 0 };
  const handedBack: string[] = [];
  let revocationWaiters: { count: number; resolve: (tokens: string[]) => void }[] = [];
  let fault: TokenFault = null;
  let tokenFailures: { times: number; status: number } = { times: 0, status: 503 };
  let url = '';
  const issuer = () => opts.issuer ?? url;
  const byId = (id: number) => characters.find((c) => c.id === id);

  const signRefresh = (grant: RefreshGrant): string => {
    const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${body}.${createHmac('sha256', refreshSecret).update(body).digest('base64url')}`;
  };
  const readRefresh = (token: string): RefreshGrant | null => {
    const [body, mac] = token.split('.');
    if (!body || !mac || !safeEqual(mac, createHmac('sha256', refreshSecret).update(body).digest('base64url'))) return null;
    try {
      const grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as RefreshGrant;
      if (revoked.has(token) || grant.i <= (revokedCharacters.get(grant.c) ?? -Infinity) || !byId(grant.c)) return null;
      return grant;
    } catch {
      return null;
    }
  };

  const accessToken = async (character: FakeSsoCharacter, scopes: string[]): Promise<string> => {
    const f = fault;
    fault = null;
    const iat = Math.floor(now() / 1000);
    const key: CryptoKey = f === 'forged' ? forger.privateKey : privateKey;
    return new SignJWT({
      scp: scopes,
      jti: randomBytes(16).toString('hex'),
      kid: KID,
      sub: `CHARACTER:EVE:${character.id}`,
      azp: clientId,
      tenant: 'tranquility',
      tier: 'live',
      region: 'world',
      name: character.name,
      owner: createHash('sha1').update(`owner:${character.id}`).digest('base64'),
    })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setIssuer(issuer())
      .setAudience(f === 'wrong-audience' ? ['someone-else', 'EVE Online'] : [clientId, 'EVE Online'])
      .setIssuedAt(iat)
      .setExpirationTime(f === 'expired' ? iat - 60 : iat + lifetime)
      .sign(key);
  };

  const tokens = async (res: ServerResponse, characterId: number, scopes: string[]) => {
    const character = byId(characterId)!;
    const refreshToken = signRefresh({ c: characterId, s: scopes, i: now(), n: randomBytes(9).toString('base64url') });
    json(res, 200, {
      access_token: await accessToken(character, scopes),
      expires_in: lifetime,
      token_type: 'Bearer',
      refresh_token: refreshToken,
    });
  };

  const clientAuthorized = (req: IncomingMessage) =>
    safeEqual(req.headers.authorization ?? '', `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`);

  const loginPage = (u: URL): string => {
    const items = characters
      .map((c) => {
        const next = new URL(u.toString());
        next.searchParams.set('character_id', String(c.id));
        const initials = c.name
          .split(' ')
          .map((w) => w[0])
          .join('');
        return `<li><span class="pic" aria-hidden="true">${escapeHtml(initials)}</span><a href="${escapeHtml(next.pathname + next.search)}">${escapeHtml(c.name)}</a></li>`;
      })
      .join('');
    const style =
      'body{font-family:system-ui,sans-serif;background:#101418;color:#e8e8e8;margin:0;padding:40px}' +
      'main{max-width:520px;margin:auto;background:#1b2229;border:1px solid #2c3742;border-radius:8px;padding:24px}' +
      'ul{list-style:none;padding:0;margin:0}li{display:flex;align-items:center;gap:12px;padding:8px 0;border-top:1px solid #2c3742}' +
      '.pic{width:36px;height:36px;border-radius:4px;background:#2f6f8f;display:grid;place-items:center;font-weight:600}' +
      'a{color:#8fd3ff;text-decoration:none;font-size:16px}a:hover{text-decoration:underline}p{color:#9aa7b3}';
    return (
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>EVE SSO (локальная заглушка)</title><style>${style}</style></head>` +
      `<body><main><h1>Выберите персонажа</h1><p>Локальная заглушка EVE Online SSO: выберите, каким персонажем войти.</p><ul>${items}</ul></main></body></html>`
    );
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', url);
      if (req.method === 'GET' && u.pathname === '/.well-known/oauth-authorization-server') {
        return json(res, 200, {
          issuer: issuer(),
          authorization_endpoint: `${url}/v2/oauth/authorize`,
          token_endpoint: `${url}/v2/oauth/token`,
          revocation_endpoint: `${url}/v2/oauth/revoke`,
          jwks_uri: `${url}/oauth/jwks`,
          response_types_supported: ['code', 'token'],
          subject_types_supported: ['public'],
          revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'client_secret_jwt'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'client_secret_jwt'],
          id_token_signing_alg_values_supported: ['HS256'],
          token_endpoint_auth_signing_alg_values_supported: ['HS256'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (req.method === 'GET' && u.pathname === '/oauth/jwks')
        return json(res, 200, { keys: [jwk], SkipUnresolvedJsonWebKeys: true });
      if (req.method === 'GET' && u.pathname === '/v2/oauth/authorize') {
        const q = u.searchParams;
        const redirectUri = q.get('redirect_uri');
        if (q.get('response_type') !== 'code' || q.get('client_id') !== clientId || !redirectUri || !q.get('state')) {
          return json(res, 400, {
            error: 'invalid_request',
            error_description: 'response_type, client_id, redirect_uri and state are required',
          });
        }
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
          return json(res, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
        }
        const character = byId(Number(q.get('character_id')));
        if (!character) {
          // The login page: one link per character (the real SSO shows the account's characters).
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
          return res.end(loginPage(u));
        }
        const code = randomBytes(18).toString('base64url');
        codes.set(code, {
          characterId: character.id,
          challenge: q.get('code_challenge')!,
          redirectUri,
          scopes: (q.get('scope') ?? '').split(' ').filter(Boolean),
          expires: now() + CODE_TTL_MS,
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state')!);
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }
      if (req.method === 'POST' && (u.pathname === '/v2/oauth/token' || u.pathname === '/v2/oauth/revoke')) {
        if (tokenFailures.times > 0) {
          tokenFailures = { ...tokenFailures, times: tokenFailures.times - 1 };
          return json(res, tokenFailures.status, { error: 'temporarily_unavailable' });
        }
        if (!clientAuthorized(req)) return json(res, 401, { error: 'invalid_client' });
        const form = new URLSearchParams(await readBody(req));
        if (u.pathname === '/v2/oauth/revoke') {
          // RFC 7009: 200 whatever the token was.
          const token = form.get('token') ?? '';
          if (token) revoked.add(token);
          stats.revocations += 1;
          handedBack.push(token);
          revocationWaiters = revocationWaiters.filter((w) => {
            if (stats.revocations < w.count) return true;
            w.resolve([...handedBack]);
            return false;
          });
          res.writeHead(200);
          return res.end();
        }
        if (form.get('grant_type') === 'authorization_code') {
          const code = form.get('code') ?? '';
          const pending = codes.get(code);
          codes.delete(code); // single use
          const verifier = form.get('code_verifier') ?? '';
          if (!pending || pending.expires < now())
            return json(res, 400, { error: 'invalid_grant', error_description: 'Unknown or used code' });
          if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
            return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
          }
          stats.authorizationCodeGrants += 1;
          return tokens(res, pending.characterId, pending.scopes);
        }
        if (form.get('grant_type') === 'refresh_token') {
          const grant = readRefresh(form.get('refresh_token') ?? '');
          if (!grant) {
            stats.refusedRefreshGrants += 1;
            return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid refresh token. Token not found.' });
          }
          stats.refreshGrants += 1;
          return tokens(res, grant.c, grant.s);
        }
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      json(res, 404, { error: 'Not found' });
    })().catch((err: unknown) => json(res, 500, { error: String(err) }));
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get url() {
      return url;
    },
    clientId,
    clientSecret,
    get issuer() {
      return issuer();
    },
    characters,
    stats,
    character: byId,
    updateCharacter(id, patch) {
      const c = byId(id);
      if (!c) throw new Error(`fake SSO: no character ${id}`);
      Object.assign(c, patch);
    },
    setTokenFault: (f) => void (fault = f),
    failTokenRequests: (times, status = 503) => void (tokenFailures = { times, status }),
    revoke: (t) => void revoked.add(t),
    revokeCharacter: (id) => void revokedCharacters.set(id, now()),
    revocationsReach: (count) =>
      stats.revocations >= count
        ? Promise.resolve([...handedBack])
        : new Promise((resolve) => revocationWaiters.push({ count, resolve })),
    async verifyAccessToken(jwt) {
      try {
        const { payload } = await jwtVerify(jwt, publicKey, { issuer: issuer(), audience: 'EVE Online', algorithms: ['RS256'] });
        const characterId = Number(/^CHARACTER:EVE:(\d+)$/.exec(String(payload.sub))?.[1]);
        if (!Number.isSafeInteger(characterId)) return { error: 'invalid' };
        const scp = Array.isArray(payload.scp) ? payload.scp.map(String) : payload.scp ? [String(payload.scp)] : [];
        return { ...payload, sub: String(payload.sub), name: String(payload.name), scp, characterId };
      } catch (err) {
        return { error: (err as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
