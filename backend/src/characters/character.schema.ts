import { Schema } from 'mongoose';

/** A game character linked to an account through EVE SSO (`characters`, _id = character id). */
export interface CharacterDoc {
  _id: number;
  user_id: string;
  name: string;
  corporation_id: number | null;
  owner_hash: string;
  scopes: string[];
  /** AES-256-GCM (domain/token-crypto.ts); never the plain token. */
  refresh_token_enc: string;
  /** The refresh token was refused (revoked): the player must link the character again. */
  needs_relink: boolean;
  linked_at: Date;
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
    needs_relink: { type: Boolean, default: false },
    linked_at: { type: Date, required: true },
  },
  { collection: 'characters', versionKey: false },
);
CharacterSchema.index({ user_id: 1 });

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
