import { Injectable, Logger } from '@nestjs/common';
import { CORP_MESSAGES } from '@eve-toolkit/shared-types';
import { CharacterTokens } from '../characters/character-tokens.service';
import { apiError } from '../common/errors/api-error';
import { EsiClient } from '../esi/esi.client';
import type { EsiContract, EsiContractItem, EsiIndustryJob } from './domain/candidates';

/** NPC stations have ids below this; above are Upwell structures (read with a character's token). */
const NPC_STATION_MAX_ID = 100_000_000;
/** How long a facility's name (or the refusal to tell it) is kept, and how many are kept. */
export const FACILITY_NAME_TTL_MS = { known: 24 * 3_600_000, unknown: 10 * 60_000 } as const;
const FACILITY_NAME_CACHE_SIZE = 5_000;

/**
 * What the corporation area reads about a member's characters through the one ESI client, with
 * each character's own access token: industry jobs, contracts and contract items. A failed read
 * is a clear 502 in Russian (the member retries); nothing is credited from a partial read.
 * Facility names (where a job runs) are a courtesy: resolved and cached, never an error.
 */
@Injectable()
export class CorpEsi {
  private readonly logger = new Logger('CorpEsi');
  /**
   * Facility id -> name (null: not readable) and until when. A structure's name is the same for
   * every pilot who may dock there; one that refused (no docking access) is asked again later,
   * possibly with another pilot's token. Per process: a cache, nothing another instance needs.
   */
  private readonly facilityNames = new Map<number, { name: string | null; until: number }>();

  constructor(
    private readonly esi: EsiClient,
    private readonly tokens: CharacterTokens,
  ) {}

  async industryJobs(characterId: number): Promise<EsiIndustryJob[]> {
    return this.read(characterId, async (accessToken) => {
      const res = await this.esi.get<EsiIndustryJob[]>(`/characters/${characterId}/industry/jobs`, {
        accessToken,
        query: { include_completed: true },
      });
      return Array.isArray(res.data) ? res.data : [];
    });
  }

  async contracts(characterId: number): Promise<EsiContract[]> {
    return this.read(characterId, async (accessToken) => {
      const res = await this.esi.getAllPages<EsiContract>(`/characters/${characterId}/contracts`, { accessToken });
      return res.data;
    });
  }

  async contractItems(characterId: number, contractId: number): Promise<EsiContractItem[]> {
    return this.read(characterId, async (accessToken) => {
      const res = await this.esi.get<EsiContractItem[]>(`/characters/${characterId}/contracts/${contractId}/items`, {
        accessToken,
      });
      return Array.isArray(res.data) ? res.data : [];
    });
  }

  /**
   * The name of the station or Upwell structure a job runs in: NPC stations from the public
   * /universe/stations/, structures from /universe/structures/ with the character's token (ESI
   * answers 403 to pilots without docking access). Null when it cannot be read.
   */
  async facilityName(characterId: number, facilityId: number): Promise<string | null> {
    const now = Date.now();
    const hit = this.facilityNames.get(facilityId);
    if (hit && hit.until > now) return hit.name;
    let name: string | null = null;
    try {
      if (facilityId < NPC_STATION_MAX_ID) {
        const res = await this.esi.get<{ name?: string }>(`/universe/stations/${facilityId}`);
        name = res.data?.name ?? null;
      } else {
        const accessToken = await this.tokens.accessToken(characterId);
        const res = await this.esi.get<{ name?: string }>(`/universe/structures/${facilityId}`, { accessToken });
        name = res.data?.name ?? null;
      }
    } catch (err) {
      this.logger.debug(`Название сооружения ${facilityId} (персонаж ${characterId}) не прочитано: ${String(err)}`);
    }
    if (this.facilityNames.size >= FACILITY_NAME_CACHE_SIZE) {
      const oldest = this.facilityNames.keys().next().value;
      if (oldest !== undefined) this.facilityNames.delete(oldest);
    }
    this.facilityNames.delete(facilityId);
    this.facilityNames.set(facilityId, { name, until: now + (name ? FACILITY_NAME_TTL_MS.known : FACILITY_NAME_TTL_MS.unknown) });
    return name;
  }

  private async read<T>(characterId: number, fn: (accessToken: string) => Promise<T>): Promise<T> {
    try {
      return await fn(await this.tokens.accessToken(characterId));
    } catch (err) {
      this.logger.warn(`ESI для персонажа ${characterId}: ${String(err)}`);
      throw apiError(502, CORP_MESSAGES.esiFailed);
    }
  }
}
