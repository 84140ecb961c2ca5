import { Injectable, Logger } from '@nestjs/common';
import { SRP_MESSAGES } from '@eve-toolkit/shared-types';
import { CharacterNeedsRelinkError, CharacterTokens } from '../characters/character-tokens.service';
import { apiError } from '../common/errors/api-error';
import { EsiClient } from '../esi/esi.client';
import { EsiHttpError } from '../esi/esi.errors';
import type { EsiKillmailRef } from './domain/killmail';
import type { EsiInsurancePrice } from './domain/payout';

/**
 * What ship replacement reads from ESI through the one client: a character's recent killmails
 * (with its own token, scope esi-killmails.read_killmails.v1), a killmail by id and hash, and the
 * insurance prices. ESI's failures become Russian 4xx/502 answers, never a 500.
 */
@Injectable()
export class SrpEsi {
  private readonly logger = new Logger('SrpEsi');

  constructor(
    private readonly esi: EsiClient,
    private readonly tokens: CharacterTokens,
  ) {}

  /** The character's recent kills and losses (ids and hashes), newest first. */
  async recent(characterId: number): Promise<EsiKillmailRef[]> {
    try {
      const accessToken = await this.tokens.accessToken(characterId);
      const res = await this.esi.get<EsiKillmailRef[]>(`/characters/${characterId}/killmails/recent/`, { accessToken });
      return Array.isArray(res.data) ? res.data : [];
    } catch (err) {
      if (err instanceof CharacterNeedsRelinkError) throw apiError(409, SRP_MESSAGES.needsRelink);
      if (err instanceof EsiHttpError && err.status === 403) throw apiError(409, SRP_MESSAGES.noScope);
      this.logger.warn(`Потери персонажа ${characterId}: ${String(err)}`);
      throw apiError(502, SRP_MESSAGES.esiFailed);
    }
  }

  /** The killmail as ESI has it (404 in Russian when ESI does not know the id and hash). */
  async killmail(id: number, hash: string): Promise<unknown> {
    try {
      return (await this.esi.get<unknown>(`/killmails/${id}/${hash}/`)).data;
    } catch (err) {
      if (err instanceof EsiHttpError && (err.status === 404 || err.status === 422 || err.status === 400))
        throw apiError(404, SRP_MESSAGES.killmailNotFound);
      this.logger.warn(`Убийство ${id}: ${String(err)}`);
      throw apiError(502, SRP_MESSAGES.esiFailed);
    }
  }

  /** The insurance prices, or null when ESI could not be read (the payout is then not suggested). */
  async insurance(): Promise<EsiInsurancePrice[] | null> {
    try {
      const res = await this.esi.get<EsiInsurancePrice[]>('/insurance/prices/');
      return Array.isArray(res.data) ? res.data : null;
    } catch (err) {
      this.logger.warn(`Страховка: ${String(err)}`);
      return null;
    }
  }
}
