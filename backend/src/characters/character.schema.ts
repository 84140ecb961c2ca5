import { Schema } from 'mongoose';

/** A game character linked to an account through EVE SSO (`characters`, _id = character id). */
export interface CharacterDoc {
  _id: number;
  user_id: string;
  name: string;
  corporation_id: number | null;
  owner_hash: string;
  scopes: string[];
  /** AES-256-GCM (common/crypto/secret-box.ts); never the plain token. */
  refresh_token_enc: string;
  /** The latest access token (also AES-256-GCM) and when it expires; shared by every instance. */
  access_token_enc: string | null;
  access_expires_at: Date | null;
  /** The refresh token was refused (revoked): the player must link the character again. */
  needs_relink: boolean;
  linked_at: Date;
  /** The card, as last read from ESI (null until known). */
  system_id: number | null;
  wallet: number | null;
  new_mails: number | null;
  /** Last successful read from ESI; the scheduled refresh picks the oldest first. */
  synced_at: Date | null;
  /** Why the last read failed (Russian, for admins and logs), null after a success. */
  sync_error: string | null;
}

export const CharacterSchema = new Schema<CharacterDoc>(
  {
    _id: { type: Number, required: true },
    user_id: { type: String, required: true },
    name: { type: String, required: true },
    corporation_id: { type: Number, default: null },
    owner_hash: { type: String, required: true },
    scopes: { type: [String], default: [] },
    refresh_token_enc: { type: String, required: true },
    access_token_enc: { type: String, default: null },
    access_expires_at: { type: Date, default: null },
    needs_relink: { type: Boolean, default: false },
    linked_at: { type: Date, required: true },
    system_id: { type: Number, default: null },
    wallet: { type: Number, default: null },
    new_mails: { type: Number, default: null },
    synced_at: { type: Date, default: null },
    sync_error: { type: String, default: null },
  },
  { collection: 'characters', versionKey: false },
);
CharacterSchema.index({ user_id: 1 });
// The scheduled refresh: linked, not waiting for a re-link, least recently read first.
CharacterSchema.index({ needs_relink: 1, synced_at: 1 });
// The corporation area finds its members by corporation.
CharacterSchema.index({ corporation_id: 1 });

/** Characters that may not be linked (`banned_characters`; the admin area manages it). */
export interface BannedCharacterDoc {
  _id: number;
  name: string;
  reason: string;
}

export const BannedCharacterSchema = new Schema<BannedCharacterDoc>(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    reason: { type: String, required: true },
  },
  { collection: 'banned_characters', versionKey: false },
);

export const CHARACTER_MODELS = { character: 'Character', banned: 'BannedCharacter' } as const;
