import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { CHARACTER_MODELS, type CharacterDoc } from './character.schema';
import { accessTokenUsable } from './domain/sso';
import { decryptToken, encryptToken, tokenKey } from '../common/crypto/secret-box';
import { SsoClient, SsoGrantRefusedError, type SsoTokens } from './sso.client';

/** The character's link is gone (refresh token revoked or unreadable): only a new link helps. */
export class CharacterNeedsRelinkError extends Error {
  constructor(readonly characterId: number) {
    super(`character ${characterId} needs to be linked again`);
    this.name = 'CharacterNeedsRelinkError';
  }
}

/**
 * Per-character SSO tokens at rest: the refresh token and the current access token, both
 * AES-256-GCM encrypted in the character's document (so every instance shares them). An access
 * token is reused while it has more than a minute left, otherwise refreshed; a refused refresh
 * (revoked in the game) marks the character `needs_relink`.
 */
@Injectable()
export class CharacterTokens {
  private readonly logger = new Logger('CharacterTokens');
  private readonly key: Buffer;
  /** One refresh per character at a time in this process. */
  private readonly inFlight = new Map<number, Promise<string>>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectModel(CHARACTER_MODELS.character) private readonly characters: Model<CharacterDoc>,
    private readonly sso: SsoClient,
  ) {
    this.key = tokenKey(config.tokenEncryptionKey);
  }

  /** The fields a fresh token answer sets (encrypted). */
  tokenFields(tokens: SsoTokens): Pick<CharacterDoc, 'refresh_token_enc' | 'access_token_enc' | 'access_expires_at'> {
    return {
      refresh_token_enc: encryptToken(tokens.refreshToken, this.key),
      access_token_enc: encryptToken(tokens.accessToken, this.key),
      access_expires_at: tokens.expiresAt,
    };
  }

  refreshTokenOf(doc: Pick<CharacterDoc, 'refresh_token_enc'>): string | null {
    return decryptToken(doc.refresh_token_enc, this.key);
  }

  /** A usable access token for the character; refreshes it when near expiry. */
  async accessToken(characterId: number, now = Date.now()): Promise<string> {
    const doc = await this.characters
      .findById(characterId, { access_token_enc: 1, access_expires_at: 1, needs_relink: 1 })
      .lean<Pick<CharacterDoc, '_id' | 'access_token_enc' | 'access_expires_at' | 'needs_relink'>>();
    if (!doc || doc.needs_relink) throw new CharacterNeedsRelinkError(characterId);
    if (doc.access_token_enc && accessTokenUsable(doc.access_expires_at, now)) {
      const token = decryptToken(doc.access_token_enc, this.key);
      if (token) return token;
    }
    let pending = this.inFlight.get(characterId);
    if (!pending) {
      pending = this.refresh(characterId).finally(() => this.inFlight.delete(characterId));
      this.inFlight.set(characterId, pending);
    }
    return pending;
  }

  private async refresh(characterId: number): Promise<string> {
    const doc = await this.characters
      .findById(characterId, { refresh_token_enc: 1 })
      .lean<Pick<CharacterDoc, 'refresh_token_enc'>>();
    if (!doc) throw new CharacterNeedsRelinkError(characterId);
    const refreshToken = this.refreshTokenOf(doc);
    if (!refreshToken) {
      // Encrypted with another TOKEN_ENCRYPTION_KEY: unusable, like a revoked token.
      this.logger.warn(`Токен персонажа ${characterId} не расшифровывается этим ключом`);
      await this.markNeedsRelink(characterId, doc.refresh_token_enc);
      throw new CharacterNeedsRelinkError(characterId);
    }
    let tokens: SsoTokens;
    try {
      tokens = await this.sso.refresh(refreshToken);
    } catch (err) {
      if (err instanceof SsoGrantRefusedError) {
        this.logger.warn(`SSO отказал в обновлении токена персонажа ${characterId}: ${err.description}`);
        await this.markNeedsRelink(characterId, doc.refresh_token_enc);
        throw new CharacterNeedsRelinkError(characterId);
      }
      throw err;
    }
    if (tokens.characterId !== characterId) {
      throw new Error(`SSO вернул токен персонажа ${tokens.characterId} вместо ${characterId}`);
    }
    // Only if nobody re-linked or unlinked it meanwhile (the refresh token is still the one we used).
    await this.characters.updateOne(
      { _id: characterId, refresh_token_enc: doc.refresh_token_enc },
      { $set: { ...this.tokenFields(tokens), needs_relink: false } },
    );
    return tokens.accessToken;
  }

  private async markNeedsRelink(characterId: number, refreshTokenEnc: string): Promise<void> {
    await this.characters.updateOne(
      { _id: characterId, refresh_token_enc: refreshTokenEnc },
      { $set: { needs_relink: true, access_token_enc: null, access_expires_at: null } },
    );
  }
}
