import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ADMIN_MESSAGES } from '@eve-toolkit/shared-types';
import { ACCESS_EVENTS, type AccessChangedEvent } from '../common/access/access.events';
import { uniqueOr409 } from '../common/database/duplicate-key';
import { apiError } from '../common/errors/api-error';
import { CHARACTER_MODELS, type BannedCharacterDoc, type CharacterDoc } from './character.schema';
import { escapeRegex } from '../common/database/escape-regex';

/** A linked character as other modules see it (never its tokens). */
export type LinkedCharacter = Pick<
  CharacterDoc,
  '_id' | 'user_id' | 'name' | 'corporation_id' | 'needs_relink' | 'linked_at' | 'synced_at' | 'sync_error'
>;

const SUMMARY = { _id: 1, user_id: 1, name: 1, corporation_id: 1, needs_relink: 1, linked_at: 1, synced_at: 1, sync_error: 1 };

/**
 * The `characters` and `banned_characters` collections for other modules: who has which
 * characters, in which corporations, and the ban list. Banning or unbanning a linked character
 * recomputes its owner's access at once (ACCESS_EVENTS.changed); a banned character gives no
 * corporation membership and no credit, and cannot be linked.
 */
@Injectable()
export class CharacterRoster {
  constructor(
    @InjectModel(CHARACTER_MODELS.character) private readonly characters: Model<CharacterDoc>,
    @InjectModel(CHARACTER_MODELS.banned) private readonly banned: Model<BannedCharacterDoc>,
    private readonly events: EventEmitter2,
  ) {}

  /** The characters linked to each of these accounts, by name. */
  async linkedTo(userIds: readonly string[]): Promise<Map<string, { id: number; name: string }[]>> {
    const out = new Map<string, { id: number; name: string }[]>();
    const docs = await this.characters
      .find({ user_id: { $in: [...userIds] } }, { _id: 1, name: 1, user_id: 1 })
      .sort({ name: 1 })
      .lean<Pick<CharacterDoc, '_id' | 'name' | 'user_id'>[]>();
    for (const c of docs) out.set(c.user_id, [...(out.get(c.user_id) ?? []), { id: c._id, name: c.name }]);
    return out;
  }

  /**
   * The account's linked characters that are not banned (those that count for corporation
   * membership and credit), by id; only those in `corporationIds` when given.
   */
  async memberCharacters(
    userId: string,
    corporationIds?: readonly number[],
  ): Promise<{ id: number; name: string; corporationId: number }[]> {
    const docs = await this.characters
      .find(
        { user_id: userId, corporation_id: corporationIds ? { $in: [...corporationIds] } : { $ne: null } },
        { _id: 1, name: 1, corporation_id: 1 },
      )
      .sort({ _id: 1 })
      .lean<Pick<CharacterDoc, '_id' | 'name' | 'corporation_id'>[]>();
    const banned = await this.bannedAmong(docs.map((d) => d._id));
    return docs.filter((d) => !banned.has(d._id)).map((d) => ({ id: d._id, name: d.name, corporationId: d.corporation_id! }));
  }

  /**
   * The corporation's linked, not banned characters (only `userId`'s when given), by name, with
   * their owner and whether they may be read through ESI (the SSO scopes granted, a working token).
   */
  async pilotsIn(
    corporationId: number,
    userId?: string,
  ): Promise<{ id: number; name: string; userId: string; scopes: string[]; needsRelink: boolean }[]> {
    const docs = await this.characters
      .find(
        { corporation_id: corporationId, ...(userId !== undefined ? { user_id: userId } : {}) },
        { _id: 1, name: 1, user_id: 1, scopes: 1, needs_relink: 1 },
      )
      .sort({ name: 1, _id: 1 })
      .lean<Pick<CharacterDoc, '_id' | 'name' | 'user_id' | 'scopes' | 'needs_relink'>[]>();
    const banned = await this.bannedAmong(docs.map((d) => d._id));
    return docs
      .filter((d) => !banned.has(d._id))
      .map((d) => ({ id: d._id, name: d.name, userId: d.user_id, scopes: d.scopes ?? [], needsRelink: d.needs_relink }));
  }

  /** Accounts with a character in the corporation (to recompute their access). */
  async ownersIn(corporationId: number): Promise<string[]> {
    const docs = await this.characters
      .find({ corporation_id: corporationId }, { user_id: 1 })
      .lean<Pick<CharacterDoc, 'user_id'>[]>();
    return [...new Set(docs.map((c) => c.user_id))];
  }

  /** A page of linked characters by name, optionally those whose name contains `q`. */
  async page(q: string | undefined, page: number, pageSize: number): Promise<{ total: number; chars: LinkedCharacter[] }> {
    const filter = q ? { name: { $regex: escapeRegex(q), $options: 'i' } } : {};
    const [total, chars] = await Promise.all([
      this.characters.countDocuments(filter),
      this.characters
        .find(filter, SUMMARY)
        .sort({ name: 1, _id: 1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<LinkedCharacter[]>(),
    ]);
    return { total, chars };
  }

  /** Linked characters by id after `afterId`, at most `limit` (a scheduled job walking the whole roster). */
  idsAfter(afterId: number, limit: number): Promise<Pick<CharacterDoc, '_id' | 'name'>[]> {
    return this.characters
      .find({ _id: { $gt: afterId } }, { _id: 1, name: 1 })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<Pick<CharacterDoc, '_id' | 'name'>[]>()
      .exec();
  }

  get(characterId: number): Promise<LinkedCharacter | null> {
    return this.characters.findById(characterId, SUMMARY).lean<LinkedCharacter>().exec();
  }

  /** Names of those of `ids` that are linked characters. */
  async names(ids: readonly number[]): Promise<Map<number, string>> {
    const docs = await this.characters
      .find({ _id: { $in: [...ids] } }, { _id: 1, name: 1 })
      .lean<Pick<CharacterDoc, '_id' | 'name'>[]>();
    return new Map(docs.map((c) => [c._id, c.name]));
  }

  /** The ban list, by name. */
  bannedList(): Promise<BannedCharacterDoc[]> {
    return this.banned.find().sort({ name: 1, _id: 1 }).lean<BannedCharacterDoc[]>().exec();
  }

  /** Those of `ids` on the ban list. */
  async bannedAmong(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const docs = await this.banned.find({ _id: { $in: [...ids] } }, { _id: 1 }).lean<{ _id: number }[]>();
    return new Set(docs.map((b) => b._id));
  }

  /** Bans a character (409 when it already is); its owner, if linked, loses what it gave at once. */
  async ban(character: { id: number; name: string; reason: string }): Promise<void> {
    await uniqueOr409(
      () => this.banned.create({ _id: character.id, name: character.name, reason: character.reason }),
      ADMIN_MESSAGES.alreadyBanned,
    );
    await this.accessChanged(character.id);
  }

  /** Takes a character off the ban list (404 when it is not on it). */
  async unban(characterId: number): Promise<void> {
    const res = await this.banned.deleteOne({ _id: characterId });
    if (res.deletedCount === 0) throw apiError(404, ADMIN_MESSAGES.notBanned);
    await this.accessChanged(characterId);
  }

  private async accessChanged(characterId: number): Promise<void> {
    const owner = await this.characters.findById(characterId, { user_id: 1 }).lean<Pick<CharacterDoc, 'user_id'>>();
    if (!owner) return;
    const event: AccessChangedEvent = { userIds: [owner.user_id] };
    this.events.emit(ACCESS_EVENTS.changed, event);
  }
}
