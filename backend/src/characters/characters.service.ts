import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import type { Request } from 'express';
import type { Model } from 'mongoose';
import { CHARACTER_MESSAGES, SSO_SCOPES, type CharacterCard } from '@eve-toolkit/shared-types';
import { ACCOUNT_EVENTS, type AccountDeletedEvent } from '../common/auth/account.events';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import type { SessionUser } from '../common/auth/session-user';
import { GameData } from '../game-data/game-data.contract';
import { CHARACTER_MODELS, type BannedCharacterDoc, type CharacterDoc } from './character.schema';
import { CharacterSync } from './character-sync.service';
import { CharacterTokens } from './character-tokens.service';
import { toCharacterCard } from './characters.mapper';
import { CHARACTER_EVENTS, type CharacterLinkedEvent, type CharacterUnlinkedEvent } from './characters.events';
import { authorizeUrl, callbackUrl, pendingLoginValid, type PendingLogin } from './domain/sso';
import { SsoClient, SsoGrantRefusedError, SsoTokenInvalidError, type SsoTokens } from './sso.client';
import { uniqueOr409 } from '../common/database/duplicate-key';

export { SSO_SCOPES };
/** Kept for callers of the first version; the messages live in shared-types. */
export const SSO_MESSAGES = CHARACTER_MESSAGES;

/** A login attempt is valid this long (state + PKCE verifier kept in the session). */
const STATE_TTL_MS = 10 * 60_000;

declare module 'express-session' {
  interface SessionData {
    sso?: PendingLogin;
  }
}

/**
 * Linking game characters through EVE SSO: the authorization link (single-use state and PKCE
 * verifier kept server-side in the session, expiring), the callback (code exchange, JWT
 * verification, banned and foreign characters refused, one conditional write), unlinking your
 * own characters, and the cards the profile shows.
 */
@Injectable()
export class CharactersService {
  private readonly logger = new Logger('Characters');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CHARACTER_MODELS.character) private readonly characters: Model<CharacterDoc>,
    @InjectModel(CHARACTER_MODELS.banned) private readonly banned: Model<BannedCharacterDoc>,
    private readonly sso: SsoClient,
    private readonly tokens: CharacterTokens,
    private readonly sync: CharacterSync,
    private readonly gameData: GameData,
    private readonly events: EventEmitter2,
  ) {}

  /** The SSO authorization URL, with a single-use state and a PKCE challenge bound to the session. */
  authLink(req: Request): { redirect: string } {
    const sso = this.sso.settings();
    const state = randomBytes(18).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    req.session.sso = { state, verifier, expires: Date.now() + STATE_TTL_MS };
    const redirect = authorizeUrl({
      ssoBase: sso.base,
      clientId: sso.clientId,
      callbackUrl: callbackUrl(this.config.sso.callbackUrl, this.config.publicUrl, `${req.protocol}://${req.get('host')}`),
      scopes: SSO_SCOPES,
      state,
      verifier,
    });
    return { redirect };
  }

  /** The SSO's redirect: exchange, verify, link. Returns the linked character. */
  async callback(req: Request, user: SessionUser, code: unknown, state: unknown): Promise<CharacterDoc> {
    const pending = req.session.sso;
    delete req.session.sso; // single use, whatever happens next
    if (!pendingLoginValid(pending, state, code, Date.now())) throw apiError(400, CHARACTER_MESSAGES.badState);
    let tokens: SsoTokens;
    try {
      tokens = await this.sso.exchangeCode(code as string, pending!.verifier);
    } catch (err) {
      if (err instanceof SsoTokenInvalidError) {
        this.logger.warn(err.message);
        throw apiError(400, CHARACTER_MESSAGES.badToken);
      }
      if (err instanceof SsoGrantRefusedError) throw apiError(400, CHARACTER_MESSAGES.badState);
      this.logger.warn(`Обмен кода SSO не удался: ${String(err)}`);
      throw apiError(502, CHARACTER_MESSAGES.failed);
    }
    return this.link(user.id, tokens);
  }

  /** Links the verified character to the account (also used by the demo seed). */
  async link(userId: string, tokens: SsoTokens): Promise<CharacterDoc> {
    const characterId = tokens.characterId;
    if (await this.banned.exists({ _id: characterId })) throw apiError(403, CHARACTER_MESSAGES.banned);
    const fields = {
      user_id: userId,
      name: tokens.name,
      owner_hash: tokens.owner,
      scopes: tokens.scopes,
      ...this.tokens.tokenFields(tokens),
      needs_relink: false,
    };
    // One conditional write: re-link one of this user's characters (fresh tokens, same card) ...
    let linked = await this.characters
      .findOneAndUpdate({ _id: characterId, user_id: userId }, { $set: fields }, { returnDocument: 'after' })
      .lean<CharacterDoc>();
    if (!linked) {
      // ... or link a new one; the _id decides between two accounts racing for one character.
      const doc: CharacterDoc = {
        _id: characterId,
        ...fields,
        corporation_id: null,
        linked_at: new Date(),
        system_id: null,
        wallet: null,
        new_mails: null,
        synced_at: null,
        sync_error: null,
      };
      await uniqueOr409(() => this.characters.create(doc), CHARACTER_MESSAGES.otherAccount);
      linked = doc;
    }
    const event: CharacterLinkedEvent = { userId, characterId };
    this.events.emit(CHARACTER_EVENTS.linked, event);
    // The card right away (best effort: a failure is recorded and the schedule tries again).
    await this.sync.sync(characterId).catch((err: unknown) => this.logger.warn(`Персонаж ${characterId}: ${String(err)}`));
    return linked;
  }

  /** Who holds the character, if anyone (the demo seed links only free or stale demo characters). */
  async linkOf(characterId: number): Promise<{ userId: string; needsRelink: boolean } | null> {
    const doc = await this.characters
      .findById(characterId, { user_id: 1, needs_relink: 1 })
      .lean<Pick<CharacterDoc, 'user_id' | 'needs_relink'>>();
    return doc ? { userId: doc.user_id, needsRelink: doc.needs_relink } : null;
  }

  /** Unlinks one of the caller's own characters (another's is "not found", whoever owns it). */
  async unlink(user: SessionUser, characterId: number): Promise<{ ok: true }> {
    const doc = await this.characters
      .findOneAndDelete({ _id: characterId, user_id: user.id }, { projection: { refresh_token_enc: 1 } })
      .lean<Pick<CharacterDoc, 'refresh_token_enc'>>();
    if (!doc) throw apiError(404, CHARACTER_MESSAGES.notYours);
    this.revokeQuietly([doc]);
    const event: CharacterUnlinkedEvent = { userId: user.id, characterId };
    this.events.emit(CHARACTER_EVENTS.unlinked, event);
    return { ok: true };
  }

  /** POST auth/esi/refresh: reads the caller's characters from ESI now, then their cards. */
  async refreshMine(user: SessionUser): Promise<{ chars: CharacterCard[] }> {
    await this.sync.refreshUser(user.id);
    return { chars: await this.cardsFor(user.id) };
  }

  async cardsFor(userId: string): Promise<CharacterCard[]> {
    const docs = await this.characters.find({ user_id: userId }).sort({ linked_at: 1, _id: 1 }).lean<CharacterDoc[]>();
    const systemIds = [...new Set(docs.map((d) => d.system_id).filter((id): id is number => id !== null))];
    const systems = new Map(
      (await Promise.all(systemIds.map((id) => this.gameData.system(id).catch(() => null))))
        .filter((s) => s !== null)
        .map((s) => [s.id, s] as const),
    );
    return docs.map((d) =>
      toCharacterCard(d, this.config.imageServerUrl, d.system_id === null ? null : systems.get(d.system_id)),
    );
  }

  /** An account's characters and their tokens go with it (tokens revoked at the SSO, best effort). */
  @OnEvent(ACCOUNT_EVENTS.deleted)
  async onAccountDeleted(event: AccountDeletedEvent): Promise<void> {
    const docs = await this.characters
      .find({ user_id: event.userId }, { refresh_token_enc: 1 })
      .lean<Pick<CharacterDoc, 'refresh_token_enc'>[]>();
    await this.characters.deleteMany({ user_id: event.userId });
    this.revokeQuietly(docs);
  }

  private revokeQuietly(docs: Pick<CharacterDoc, 'refresh_token_enc'>[]): void {
    for (const doc of docs) {
      const token = this.tokens.refreshTokenOf(doc);
      if (token) void this.sso.revoke(token).catch(() => undefined);
    }
  }
}
