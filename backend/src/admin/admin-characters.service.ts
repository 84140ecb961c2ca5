import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Types, type Model } from 'mongoose';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminCharacter,
  type AdminCharactersResponse,
  type AdminListQuery,
  type BannedCharacter,
  type BannedCharacterSave,
} from '@eve-toolkit/shared-types';
import { USER_MODEL, type UserDoc } from '../accounts/user.schema';
import { CHARACTER_MODELS, type BannedCharacterDoc, type CharacterDoc } from '../characters/character.schema';
import { portraitUrl } from '../characters/characters.mapper';
import { ACCESS_EVENTS, type AccessChangedEvent } from '../common/access/access.events';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-exception.filter';
import { CorporationsService } from '../corporations/corporations.service';
import { EsiClient } from '../esi/esi.client';
import { escapeRegex } from './admin-users.service';

/** A corporation name read from ESI for the list waits at most this long (the list never hangs on ESI). */
const CORP_NAME_TIMEOUT_MS = 3_000;

/**
 * Linked characters and the ban list. Banning a linked character takes effect at once: the owner's
 * corporation access is recomputed (ACCESS_EVENTS.changed), and the character can no longer be
 * linked (the characters module refuses banned ids).
 */
@Injectable()
export class AdminCharactersService {
  constructor(
    @InjectModel(CHARACTER_MODELS.character) private readonly characters: Model<CharacterDoc>,
    @InjectModel(CHARACTER_MODELS.banned) private readonly banned: Model<BannedCharacterDoc>,
    @InjectModel(USER_MODEL) private readonly users: Model<UserDoc>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly corporations: CorporationsService,
    private readonly events: EventEmitter2,
    private readonly esi: EsiClient,
  ) {}

  async list(query: AdminListQuery): Promise<AdminCharactersResponse> {
    const page = query.page ?? 1;
    const filter = query.q ? { name: { $regex: escapeRegex(query.q), $options: 'i' } } : {};
    const [total, docs] = await Promise.all([
      this.characters.countDocuments(filter),
      this.characters
        .find(filter)
        .sort({ name: 1, _id: 1 })
        .skip((page - 1) * ADMIN_LIMITS.pageSize)
        .limit(ADMIN_LIMITS.pageSize)
        .lean<CharacterDoc[]>(),
    ]);
    return { chars: await this.toCharacters(docs), total, page, page_size: ADMIN_LIMITS.pageSize };
  }

  async get(id: number): Promise<AdminCharacter> {
    const doc = await this.characters.findById(id).lean<CharacterDoc>();
    if (!doc) throw apiError(404, ADMIN_MESSAGES.charNotFound);
    return (await this.toCharacters([doc]))[0];
  }

  async bannedList(): Promise<BannedCharacter[]> {
    const docs = await this.banned.find().sort({ name: 1, _id: 1 }).lean<BannedCharacterDoc[]>();
    return docs.map((d) => ({ id: d._id, name: d.name, reason: d.reason }));
  }

  async saveBanned(save: BannedCharacterSave): Promise<void> {
    if (save.type === 'new') {
      try {
        await this.banned.create({ _id: save.id, name: save.name, reason: save.reason });
      } catch (err) {
        if ((err as { code?: number }).code === 11000) throw apiError(409, ADMIN_MESSAGES.alreadyBanned);
        throw err;
      }
    } else {
      const res = await this.banned.deleteOne({ _id: save.id });
      if (res.deletedCount === 0) throw apiError(404, ADMIN_MESSAGES.notBanned);
    }
    const owner = await this.characters.findById(save.id, { user_id: 1 }).lean<Pick<CharacterDoc, 'user_id'>>();
    if (owner) {
      const event: AccessChangedEvent = { userIds: [owner.user_id] };
      this.events.emit(ACCESS_EVENTS.changed, event);
    }
  }

  private async toCharacters(docs: CharacterDoc[]): Promise<AdminCharacter[]> {
    const userIds = [...new Set(docs.map((d) => d.user_id))].filter((id) => Types.ObjectId.isValid(id));
    const [users, bannedIds, corps] = await Promise.all([
      this.users.find({ _id: { $in: userIds } }, { username: 1 }).lean<Pick<UserDoc, '_id' | 'username'>[]>(),
      this.banned.find({ _id: { $in: docs.map((d) => d._id) } }, { _id: 1 }).lean<{ _id: number }[]>(),
      this.corporations.list(),
    ]);
    const usernames = new Map(users.map((u) => [String(u._id), u.username]));
    const banned = new Set(bannedIds.map((b) => b._id));
    const corpNames = new Map(corps.map((c) => [c._id, c.name]));
    await this.addGameCorporationNames(
      corpNames,
      docs.map((d) => d.corporation_id),
    );
    return docs.map((d) => ({
      id: d._id,
      name: d.name,
      icon: portraitUrl(this.config.imageServerUrl, d._id),
      corporation_id: d.corporation_id,
      corporation_name: d.corporation_id !== null ? (corpNames.get(d.corporation_id) ?? null) : null,
      user: usernames.has(d.user_id) ? { id: d.user_id, username: usernames.get(d.user_id)! } : null,
      banned: banned.has(d._id),
      needs_relink: d.needs_relink,
      linked_at: d.linked_at.toISOString(),
      synced_at: d.synced_at?.toISOString() ?? null,
      sync_error: d.sync_error,
    }));
  }

  /**
   * Names of corporations nobody registered here, from ESI's public /corporations/{id}/ (the ESI
   * client caches them as long as ESI says, an hour). One that cannot be read keeps its id.
   */
  private async addGameCorporationNames(names: Map<number, string>, ids: (number | null)[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id): id is number => id !== null && !names.has(id));
    await Promise.all(
      missing.map(async (id) => {
        try {
          const res = await this.esi.get<{ name?: string }>(`/corporations/${id}/`, {
            signal: AbortSignal.timeout(CORP_NAME_TIMEOUT_MS),
          });
          if (res.data?.name) names.set(id, res.data.name);
        } catch {
          /* ESI down or a closed corporation: the list shows its id */
        }
      }),
    );
  }
}
