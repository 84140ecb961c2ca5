import { Injectable, Logger } from '@nestjs/common';
import { CORP_MESSAGES } from '@eve-toolkit/shared-types';
import { CharacterTokens } from '../characters/character-tokens.service';
import { apiError } from '../common/errors/api-exception.filter';
import { EsiClient } from '../esi/esi.client';
import type { EsiContract, EsiContractItem, EsiIndustryJob } from './domain/candidates';

/**
 * What the corporation area reads about a member's characters through the one ESI client, with
 * each character's own access token: industry jobs, contracts and contract items. A failed read
 * is a clear 502 in Russian (the member retries); nothing is credited from a partial read.
 */
@Injectable()
export class CorpEsi {
  private readonly logger = new Logger('CorpEsi');

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

  private async read<T>(characterId: number, fn: (accessToken: string) => Promise<T>): Promise<T> {
    try {
      return await fn(await this.tokens.accessToken(characterId));
    } catch (err) {
      this.logger.warn(`ESI для персонажа ${characterId}: ${String(err)}`);
      throw apiError(502, CORP_MESSAGES.esiFailed);
    }
  }
}
