import { createHash } from 'node:crypto';

/**
 * Pure pieces of the EVE SSO flow (OAuth 2.0 authorization code + PKCE, JWT access tokens):
 * https://developers.eveonline.com/docs/services/sso/
 */

/** `CHARACTER:EVE:<id>` -> the character id; null for anything else. */
export function characterIdFromSubject(sub: unknown): number | null {
  const m = typeof sub === 'string' ? /^CHARACTER:EVE:([1-9]\d{0,15})$/.exec(sub) : null;
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

/** `scp` is a string for one scope and an array for several (CCP's tokens do both). */
export function scopesFromClaim(scp: unknown): string[] {
  if (Array.isArray(scp)) return scp.filter((s): s is string => typeof s === 'string');
  return typeof scp === 'string' && scp ? [scp] : [];
}

/** PKCE S256: BASE64URL(SHA256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export interface AuthorizeParams {
  ssoBase: string;
  clientId: string;
  callbackUrl: string;
  scopes: readonly string[];
  state: string;
  verifier: string;
}

/** The SSO's authorization URL (`/v2/oauth/authorize`) with state and the PKCE challenge. */
export function authorizeUrl(p: AuthorizeParams): string {
  const url = new URL('/v2/oauth/authorize', p.ssoBase);
  url.search = new URLSearchParams({
    response_type: 'code',
    redirect_uri: p.callbackUrl,
    client_id: p.clientId,
    scope: p.scopes.join(' '),
    state: p.state,
    code_challenge: pkceChallenge(p.verifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** Where the SSO sends the browser back: SSO_CALLBACK_URL, else PUBLIC_URL's, else this request's origin. */
export function callbackUrl(configured: string | undefined, publicUrl: string | undefined, requestOrigin: string): string {
  return configured ?? `${(publicUrl ?? requestOrigin).replace(/\/$/, '')}/auth/esi/callback`;
}

/** A pending login kept in the session: single use, and only until it expires. */
export interface PendingLogin {
  state: string;
  verifier: string;
  expires: number;
}

export function pendingLoginValid(pending: PendingLogin | undefined, state: unknown, code: unknown, now: number): boolean {
  return (
    !!pending &&
    typeof state === 'string' &&
    typeof code === 'string' &&
    code.length > 0 &&
    code.length <= 512 &&
    state === pending.state &&
    now <= pending.expires
  );
}

/** An access token is reused while it has more than `marginMs` left (CCP tokens live 20 minutes). */
export function accessTokenUsable(expiresAt: Date | null | undefined, now: number, marginMs = 60_000): boolean {
  return !!expiresAt && expiresAt.getTime() - marginMs > now;
}
