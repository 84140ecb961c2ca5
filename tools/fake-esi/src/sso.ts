/**
 * A local stand-in for EVE SSO (OAuth 2.0 authorization code with PKCE, JWT access tokens signed
 * with RS256 and published as a JWKS), speaking the real endpoints and formats:
 *   GET  /v2/oauth/authorize   login page listing the fake's characters (or `character_id=` to pick one)
 *   POST /v2/oauth/token       authorization_code (+ code_verifier) and refresh_token grants, Basic client auth
 *   GET  /oauth/jwks           the signing keys
 *   GET  /.well-known/oauth-authorization-server
 * Tests can revoke refresh tokens and make the next access token forged, expired or for another audience.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type CryptoKey } from 'jose';

export interface FakeSsoCharacter {
  id: number;
  name: string;
  corporationId: number;
}

export const DEFAULT_SSO_CHARACTERS: readonly FakeSsoCharacter[] = [
  { id: 2112000001, name: 'Ivan Petrov', corporationId: 98000001 },
  { id: 2112000002, name: 'Anna Sokolova', corporationId: 98000001 },
  { id: 2112000003, name: 'Jon Doe', corporationId: 98000002 },
  { id: 2112000004, name: 'Mira Kestrel', corporationId: 98000001 },
];

export type TokenFault = 'forged' | 'expired' | 'wrong-audience' | null;

export interface FakeSsoOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  characters?: readonly FakeSsoCharacter[];
  /** Access token lifetime (CCP: 20 minutes). */
  accessTokenSeconds?: number;
  now?: () => number;
}

export interface FakeSso {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly characters: readonly FakeSsoCharacter[];
  /** The next access token issued is forged / expired / for another audience. */
  setTokenFault(fault: TokenFault): void;
  /** A revoked refresh token is refused with invalid_grant. */
  revoke(refreshToken: string): void;
  close(): Promise<void>;
}

interface PendingCode {
  characterId: number;
  challenge: string;
  redirectUri: string;
  scopes: string[];
}

const KID = 'JWT-Signature-Key';

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

export async function startFakeSso(opts: FakeSsoOptions = {}): Promise<FakeSso> {
  const clientId = opts.clientId ?? 'eve-toolkit-demo';
  const clientSecret = opts.clientSecret ?? 'demo-secret';
  const characters = opts.characters ?? DEFAULT_SSO_CHARACTERS;
  const lifetime = opts.accessTokenSeconds ?? 1200;
  const now = opts.now ?? (() => Date.now());
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const forger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const refresh = new Map<string, { characterId: number; scopes: string[] }>();
  const revoked = new Set<string>();
  let fault: TokenFault = null;
  let url = '';

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
      .setIssuer(url)
      .setAudience(f === 'wrong-audience' ? ['someone-else', 'EVE Online'] : [clientId, 'EVE Online'])
      .setIssuedAt(iat)
      .setExpirationTime(f === 'expired' ? iat - 60 : iat + lifetime)
      .sign(key);
  };

  const tokens = async (res: ServerResponse, characterId: number, scopes: string[]) => {
    const character = characters.find((c) => c.id === characterId)!;
    const refreshToken = randomBytes(24).toString('base64url');
    refresh.set(refreshToken, { characterId, scopes });
    json(res, 200, {
      access_token: await accessToken(character, scopes),
      expires_in: lifetime,
      token_type: 'Bearer',
      refresh_token: refreshToken,
    });
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', url);
      if (req.method === 'GET' && u.pathname === '/.well-known/oauth-authorization-server') {
        return json(res, 200, {
          issuer: url,
          authorization_endpoint: `${url}/v2/oauth/authorize`,
          token_endpoint: `${url}/v2/oauth/token`,
          jwks_uri: `${url}/oauth/jwks`,
          response_types_supported: ['code', 'token'],
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
        const picked = Number(q.get('character_id'));
        const character = characters.find((c) => c.id === picked);
        if (!character) {
          // The login page: one link per character (the real SSO shows the account's characters).
          const links = characters
            .map((c) => {
              const next = new URL(u.toString());
              next.searchParams.set('character_id', String(c.id));
              return `<li><a href="${escapeHtml(next.pathname + next.search)}">${escapeHtml(c.name)}</a></li>`;
            })
            .join('');
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          return res.end(
            `<!doctype html><html lang="ru"><head><title>EVE SSO (локальная заглушка)</title></head><body><h1>Выберите персонажа</h1><ul>${links}</ul></body></html>`,
          );
        }
        const code = randomBytes(18).toString('base64url');
        codes.set(code, {
          characterId: character.id,
          challenge: q.get('code_challenge')!,
          redirectUri,
          scopes: (q.get('scope') ?? '').split(' ').filter(Boolean),
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state')!);
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }
      if (req.method === 'POST' && u.pathname === '/v2/oauth/token') {
        const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
        if (req.headers.authorization !== `Basic ${basic}`) return json(res, 401, { error: 'invalid_client' });
        const form = new URLSearchParams(await readBody(req));
        if (form.get('grant_type') === 'authorization_code') {
          const pending = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          if (!pending) return json(res, 400, { error: 'invalid_grant', error_description: 'Unknown or used code' });
          if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
            return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
          }
          return tokens(res, pending.characterId, pending.scopes);
        }
        if (form.get('grant_type') === 'refresh_token') {
          const token = form.get('refresh_token') ?? '';
          const grant = refresh.get(token);
          if (!grant || revoked.has(token))
            return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid refresh token' });
          refresh.delete(token);
          return tokens(res, grant.characterId, grant.scopes);
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
    characters,
    setTokenFault: (f) => void (fault = f),
    revoke: (t) => void revoked.add(t),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
