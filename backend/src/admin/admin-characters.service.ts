import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminCharacter,
  type AdminCharactersResponse,
  type AdminListQuery,
  type BannedCharacter,
  type BannedCharacterSave,
} from '@eve-toolkit/shared-types';
import { UsersService } from '../accounts/users.service';
import { CharacterRoster, type LinkedCharacter } from '../characters/character-roster.service';
import { portraitUrl } from '../characters/characters.mapper';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import { CorporationsService } from '../corporations/corporations.service';
import { EsiClient } from '../esi/esi.client';
import { CharacterFlagsService } from './character-flags.service';

/** A corporation name read from ESI for the list waits at most this long (the list never hangs on ESI). */
const CORP_NAME_TIMEOUT_MS = 3_000;

/**
 * Linked characters and the ban list, as the admin area shows and edits them. Both collections
 * are the characters module's (CharacterRoster): banning a linked character takes effect at once
 * (its owner's corporation access is recomputed) and the character can no longer be linked.
 */
@Injectable()
export class AdminCharactersService {
  constructor(
    private readonly characters: CharacterRoster,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly corporations: CorporationsService,
    private readonly esi: EsiClient,
    private readonly flags: CharacterFlagsService,
  ) {}

  async list(query: AdminListQuery): Promise<AdminCharactersResponse> {
    const page = query.page ?? 1;
    const { total, chars } = await this.characters.page(query.q, page, ADMIN_LIMITS.pageSize);
    return { chars: await this.toCharacters(chars), total, page, page_size: ADMIN_LIMITS.pageSize };
  }

  async get(id: number): Promise<AdminCharacter> {
    const doc = await this.characters.get(id);
    if (!doc) throw apiError(404, ADMIN_MESSAGES.charNotFound);
    return (await this.toCharacters([doc]))[0];
  }

  async bannedList(): Promise<BannedCharacter[]> {
    const docs = await this.characters.bannedList();
    return docs.map((d) => ({ id: d._id, name: d.name, reason: d.reason }));
  }

  async saveBanned(save: BannedCharacterSave): Promise<void> {
    if (save.type === 'new') await this.characters.ban({ id: save.id, name: save.name, reason: save.reason });
    else await this.characters.unban(save.id);
  }

  private async toCharacters(docs: LinkedCharacter[]): Promise<AdminCharacter[]> {
    const [usernames, banned, corps, openFlags] = await Promise.all([
      this.users.usernames(docs.map((d) => d.user_id)),
      this.characters.bannedAmong(docs.map((d) => d._id)),
      this.corporations.list(),
      this.flags.openCounts(docs.map((d) => d._id)),
    ]);
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
      open_flags: openFlags.get(d._id) ?? 0,
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
