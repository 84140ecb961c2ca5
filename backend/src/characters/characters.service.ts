import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import type { Request } from 'express';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Model } from 'mongoose';
import type { CharacterCard } from '@eve-toolkit/shared-types';
import { ACCOUNT_EVENTS, type AccountDeletedEvent } from '../accounts/accounts.events';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-exception.filter';
import type { SessionUser } from '../common/auth/session-user';
import { encryptToken, tokenKey } from './domain/token-crypto';
import { CHARACTER_MODELS, type BannedCharacterDoc, type CharacterDoc } from './character.schema';

/** Scopes the product uses (location, wallet, mail, skills, assets, industry jobs, contracts). */
export const SSO_SCOPES = [
  'esi-location.read_location.v1',
  'esi-wallet.read_character_wallet.v1',
  'esi-mail.read_mail.v1',
  'esi-skills.read_skills.v1',
  'esi-assets.read_assets.v1',
  'esi-industry.read_character_jobs.v1',
  'esi-contracts.read_character_contracts.v1',
] as const;

/** A login attempt is valid this long (state + PKCE verifier kept in the session). */
const STATE_TTL_MS = 10 * 60_000;

export const SSO_MESSAGES = {
  notConfigured: 'Вход через EVE Online не настроен на этом сервере',
  badState: 'Ссылка входа через EVE Online устарела или уже использована, начните привязку заново',
  failed: 'EVE Online не подтвердил вход, попробуйте ещё раз',
  badToken: 'Ответ EVE Online не прошёл проверку подписи',
  banned: 'Этот персонаж заблокирован и не может быть привязан',
  otherAccount: 'Этот персонаж уже привязан к другому аккаунту',
  notYours: 'Персонаж не найден среди ваших',
} as const;

declare module 'express-session' {
  interface SessionData {
    sso?: { state: string; verifier: string; expires: number };
  }
}

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

@Injectable()
export class CharactersService {
  private jwks: JWTVerifyGetKey | null = null;
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CHARACTER_MODELS.character) private readonly characters: Model<CharacterDoc>,
    @InjectModel(CHARACTER_MODELS.banned) private readonly banned: Model<BannedCharacterDoc>,
  ) {
    this.key = tokenKey(config.tokenEncryptionKey);
  }

  private get sso() {
    const { clientId, clientSecret } = this.config.sso;
    if (!clientId || !clientSecret) throw apiError(503, SSO_MESSAGES.notConfigured);
    return { base: this.config.sso.baseUrl, clientId, clientSecret };
  }

  /** The SSO authorization URL, with a single-use state and a PKCE challenge bound to the session. */
  authLink(req: Request): { redirect: string } {
    const sso = this.sso;
    // SSO_CALLBACK_URL, else PUBLIC_URL's, else the address this request came to.
    const callback =
      this.config.sso.callbackUrl ?? `${this.config.publicUrl ?? `${req.protocol}://${req.get('host')}`}/auth/esi/callback`;
    const state = randomBytes(18).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    req.session.sso = { state, verifier, expires: Date.now() + STATE_TTL_MS };
    const url = new URL('/v2/oauth/authorize', sso.base);
    url.search = new URLSearchParams({
      response_type: 'code',
      redirect_uri: callback,
      client_id: sso.clientId,
      scope: SSO_SCOPES.join(' '),
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    return { redirect: url.toString() };
  }

  /** The SSO's redirect: exchange, verify, link. Returns the linked character. */
  async callback(req: Request, user: SessionUser, code: string | undefined, state: string | undefined): Promise<CharacterDoc> {
    const pending = req.session.sso;
    delete req.session.sso; // single use, whatever happens next
    if (!pending || !state || pending.state !== state || pending.expires < Date.now() || !code) {
      throw apiError(400, SSO_MESSAGES.badState);
    }
    const sso = this.sso;
    const res = await fetch(new URL('/v2/oauth/token', sso.base), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`${sso.clientId}:${sso.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: pending.verifier }),
      signal: AbortSignal.timeout(15_000),
    }).catch(() => null);
    if (!res?.ok) throw apiError(502, SSO_MESSAGES.failed);
    const tokens = (await res.json()) as TokenAnswer;
    const claims = await this.verify(tokens.access_token);
    const characterId = Number(/^CHARACTER:EVE:(\d+)$/.exec(String(claims.sub))?.[1]);
    if (!Number.isSafeInteger(characterId)) throw apiError(400, SSO_MESSAGES.badToken);
    if (await this.banned.exists({ _id: characterId })) throw apiError(403, SSO_MESSAGES.banned);
    const doc: CharacterDoc = {
      _id: characterId,
      user_id: user.id,
      name: String(claims.name),
      corporation_id: null,
      owner_hash: String(claims.owner ?? ''),
      scopes: Array.isArray(claims.scp) ? claims.scp.map(String) : claims.scp ? [String(claims.scp)] : [],
      refresh_token_enc: encryptToken(tokens.refresh_token, this.key),
      needs_relink: false,
      linked_at: new Date(),
    };
    // One conditional write: link a new character, or re-link one of this user's; never another's.
    const linked = await this.characters
      .findOneAndUpdate({ _id: characterId, user_id: user.id }, { $set: doc }, { returnDocument: 'after' })
      .lean();
    if (linked) return linked;
    try {
      await this.characters.create(doc);
    } catch (err) {
      if ((err as { code?: number }).code === 11000) throw apiError(409, SSO_MESSAGES.otherAccount);
      throw err;
    }
    return doc;
  }

  private async verify(jwt: string) {
    this.jwks ??= createRemoteJWKSet(new URL('/oauth/jwks', this.sso.base));
    try {
      const { payload } = await jwtVerify(jwt, this.jwks, {
        issuer: [this.sso.base, new URL(this.sso.base).host],
        audience: this.sso.clientId,
        algorithms: ['RS256'],
      });
      return payload;
    } catch {
      throw apiError(400, SSO_MESSAGES.badToken);
    }
  }

  async unlink(user: SessionUser, characterId: number): Promise<{ ok: true }> {
    const res = await this.characters.deleteOne({ _id: characterId, user_id: user.id });
    if (res.deletedCount !== 1) throw apiError(404, SSO_MESSAGES.notYours);
    return { ok: true };
  }

  async cardsFor(userId: string): Promise<CharacterCard[]> {
    const docs = await this.characters.find({ user_id: userId }).sort({ linked_at: 1 }).lean<CharacterDoc[]>();
    return docs.map((d) => ({
      id: d._id,
      name: d.name,
      icon: `${this.config.imageServerUrl}/characters/${d._id}/portrait?size=64`,
      system: null,
      wallet: null,
      new_mails: null,
    }));
  }

  /** An account's characters and their tokens go with it. */
  @OnEvent(ACCOUNT_EVENTS.deleted)
  async onAccountDeleted(event: AccountDeletedEvent): Promise<void> {
    await this.characters.deleteMany({ user_id: event.userId });
  }
}
