import { Inject, Injectable, Logger } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { CHARACTER_MESSAGES } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import { characterIdFromSubject, scopesFromClaim } from './domain/sso';

/** The SSO refused the grant (`invalid_grant`: revoked or unknown refresh token, used code). */
export class SsoGrantRefusedError extends Error {
  constructor(readonly description: string) {
    super(`SSO refused the grant: ${description}`);
    this.name = 'SsoGrantRefusedError';
  }
}

/** The SSO could not be reached or answered something other than a token. */
export class SsoUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SsoUnavailableError';
  }
}

/** The access token did not pass verification (signature, issuer, audience, expiry, subject). */
export class SsoTokenInvalidError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SsoTokenInvalidError';
  }
}

export interface SsoTokens {
  accessToken: string;
  refreshToken: string;
  /** From the verified JWT's `exp`. */
  expiresAt: Date;
  characterId: number;
  name: string;
  owner: string;
  scopes: string[];
}

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  error?: unknown;
  error_description?: unknown;
}

const TIMEOUT_MS = 15_000;

/**
 * EVE SSO over HTTP (https://developers.eveonline.com/docs/services/sso/): the token endpoint
 * (authorization_code with the PKCE verifier, refresh_token), Basic client authentication, and
 * the verification of every access token with jose against the SSO's JWKS: RS256 signature,
 * issuer (the SSO's URL or host, as CCP issues both), audience (our client id and "EVE Online"),
 * expiry, and a `CHARACTER:EVE:<id>` subject.
 */
@Injectable()
export class SsoClient {
  private readonly logger = new Logger('EveSso');
  private jwks: JWTVerifyGetKey | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The SSO's settings; 503 in Russian when this deployment has none. */
  settings(): { base: string; clientId: string; clientSecret: string } {
    const { baseUrl, clientId, clientSecret } = this.config.sso;
    if (!clientId || !clientSecret) throw apiError(503, CHARACTER_MESSAGES.notConfigured);
    return { base: baseUrl, clientId, clientSecret };
  }

  exchangeCode(code: string, verifier: string): Promise<SsoTokens> {
    return this.grant({ grant_type: 'authorization_code', code, code_verifier: verifier });
  }

  refresh(refreshToken: string): Promise<SsoTokens> {
    return this.grant({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** Best effort (RFC 7009): tells the SSO we no longer hold this refresh token. */
  async revoke(refreshToken: string): Promise<void> {
    const sso = this.settings();
    await fetch(new URL('/v2/oauth/revoke', sso.base), {
      method: 'POST',
      headers: this.headers(sso),
      body: new URLSearchParams({ token_type_hint: 'refresh_token', token: refreshToken }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
      .then((res) => res.body?.cancel())
      .catch((err: unknown) => this.logger.warn(`Не удалось отозвать токен в SSO: ${String(err)}`));
  }

  private headers(sso: { clientId: string; clientSecret: string }): Record<string, string> {
    return {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${sso.clientId}:${sso.clientSecret}`).toString('base64')}`,
      'User-Agent': this.config.esi.userAgent,
    };
  }

  private async grant(form: Record<string, string>): Promise<SsoTokens> {
    const sso = this.settings();
    let res: Response;
    try {
      res = await fetch(new URL('/v2/oauth/token', sso.base), {
        method: 'POST',
        headers: this.headers(sso),
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new SsoUnavailableError(`SSO недоступен: ${String(err)}`);
    }
    const answer = (await res.json().catch(() => ({}))) as TokenAnswer;
    if (res.status === 400 && answer.error === 'invalid_grant') {
      throw new SsoGrantRefusedError(String(answer.error_description ?? 'invalid_grant'));
    }
    if (!res.ok || typeof answer.access_token !== 'string' || typeof answer.refresh_token !== 'string') {
      throw new SsoUnavailableError(`SSO ответил ${res.status}: ${String(answer.error ?? 'без токена')}`);
    }
    return { ...(await this.verify(answer.access_token)), refreshToken: answer.refresh_token };
  }

  /** Verifies an access token; throws SsoTokenInvalidError when it does not pass. */
  async verify(accessToken: string): Promise<Omit<SsoTokens, 'refreshToken'>> {
    const sso = this.settings();
    this.jwks ??= createRemoteJWKSet(new URL('/oauth/jwks', sso.base), { timeoutDuration: TIMEOUT_MS });
    try {
      const { payload } = await jwtVerify(accessToken, this.jwks, {
        issuer: [sso.base, new URL(sso.base).host],
        audience: sso.clientId,
        algorithms: ['RS256'],
        clockTolerance: 5,
      });
      const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!audience.includes('EVE Online')) throw new Error('audience lacks "EVE Online"');
      const characterId = characterIdFromSubject(payload.sub);
      if (characterId === null) throw new Error(`unexpected subject ${String(payload.sub)}`);
      if (typeof payload.name !== 'string' || !payload.name || typeof payload.exp !== 'number') throw new Error('no name or exp');
      return {
        accessToken,
        expiresAt: new Date(payload.exp * 1000),
        characterId,
        name: payload.name,
        owner: typeof payload.owner === 'string' ? payload.owner : '',
        scopes: scopesFromClaim(payload.scp),
      };
    } catch (err) {
      throw new SsoTokenInvalidError(`Токен SSO не прошёл проверку: ${(err as Error).message}`);
    }
  }
}
