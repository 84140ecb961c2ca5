import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CORP_MESSAGES, CORP_PERMISSIONS } from '@eve-toolkit/shared-types';
import { requireCorpMember } from '../common/access/access';
import type { SessionUser } from '../common/auth/session-user';
import { CHARACTER_MODELS, type BannedCharacterDoc, type CharacterDoc } from '../characters/character.schema';
import { CorporationsService } from '../corporations/corporations.service';

export interface CorpMember {
  user: SessionUser;
  /** Every corporation the user belongs to, main ones first. */
  corporationIds: number[];
  /** Where new projects, pings and buy rows go: the first of `corporationIds`. */
  corporationId: number;
}

/**
 * Who belongs to which corporation, computed on the server from stored character data (refreshed
 * through ESI): a user belongs to a corporation when one of their linked, not banned characters
 * is in a corporation registered by admins and not blocked. Used by HTTP handlers and by the
 * socket gateway alike.
 */
@Injectable()
export class CorpMembership {
  constructor(
    @InjectModel(CHARACTER_MODELS.character) private readonly characters: Model<CharacterDoc>,
    @InjectModel(CHARACTER_MODELS.banned) private readonly banned: Model<BannedCharacterDoc>,
    private readonly corporations: CorporationsService,
  ) {}

  /** The user's corporations (registered, not blocked), main type first, then by id. */
  async corporationsOf(userId: string): Promise<number[]> {
    const chars = await this.characters
      .find({ user_id: userId, corporation_id: { $ne: null } }, { _id: 1, corporation_id: 1 })
      .lean<Pick<CharacterDoc, '_id' | 'corporation_id'>[]>();
    const candidates = [...new Set((await this.withoutBanned(chars)).map((c) => c.corporation_id as number))];
    if (candidates.length === 0) return [];
    // Only the user's own corporations are read (one or a few), not the whole registry.
    const found = await Promise.all(candidates.map((id) => this.corporations.get(id)));
    const typeOf = new Map(found.filter((c) => c !== null).map((c) => [c._id, c.corp_type]));
    return candidates
      .filter((id) => typeOf.get(id) === 0 || typeOf.get(id) === 1)
      .sort((a, b) => (typeOf.get(a) ?? 9) - (typeOf.get(b) ?? 9) || a - b);
  }

  /** The caller, checked for the corporation area (401/403 in Russian otherwise). */
  async require(user: SessionUser | null | undefined): Promise<CorpMember> {
    const ids = user ? await this.corporationsOf(user.id) : [];
    const member = requireCorpMember(user, ids, CORP_PERMISSIONS.member, CORP_MESSAGES);
    return { ...member, corporationId: member.corporationIds[0] };
  }

  /** The user's characters in one of `corporationIds` (those whose game jobs and contracts count). */
  async charactersIn(
    userId: string,
    corporationIds: readonly number[],
  ): Promise<Pick<CharacterDoc, '_id' | 'name' | 'corporation_id'>[]> {
    const chars = await this.characters
      .find({ user_id: userId, corporation_id: { $in: [...corporationIds] } }, { _id: 1, name: 1, corporation_id: 1 })
      .sort({ _id: 1 })
      .lean<Pick<CharacterDoc, '_id' | 'name' | 'corporation_id'>[]>();
    return this.withoutBanned(chars);
  }

  /** Banned characters give no membership and no credit. */
  private async withoutBanned<T extends { _id: number }>(chars: T[]): Promise<T[]> {
    if (chars.length === 0) return chars;
    const banned = await this.banned.find({ _id: { $in: chars.map((c) => c._id) } }, { _id: 1 }).lean<{ _id: number }[]>();
    const ids = new Set(banned.map((b) => b._id));
    return chars.filter((c) => !ids.has(c._id));
  }

  /** Users with a character in the corporation (to recompute their socket rooms). */
  async userIdsIn(corporationId: number): Promise<string[]> {
    const chars = await this.characters
      .find({ corporation_id: corporationId }, { user_id: 1 })
      .lean<Pick<CharacterDoc, 'user_id'>[]>();
    return [...new Set(chars.map((c) => c.user_id))];
  }
}
