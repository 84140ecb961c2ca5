import { Injectable, Logger } from '@nestjs/common';
import {
  CHARACTER_MESSAGES,
  INDUSTRY_MESSAGES,
  type IndustryCharacterSkillsResponse,
  type IndustryCharactersResponse,
} from '@eve-toolkit/shared-types';
import { CharacterNeedsRelinkError, CharacterTokens } from '../characters/character-tokens.service';
import { CharactersService } from '../characters/characters.service';
import type { SessionUser } from '../common/auth/session-user';
import { apiError } from '../common/errors/api-error';
import { EsiClient } from '../esi/esi.client';
import { GameData } from '../game-data/game-data.contract';
import { skillsFromEsi, type EsiSkillsAnswer } from './domain/skills';
import { SKILL_KEY_IDS } from './industry.mapper';

/**
 * The skills panel's "load from a character": the caller's own linked characters, and one
 * character's skills read through ESI with its own token (esi-skills.read_skills.v1). Another
 * account's character is "not found", whoever owns it.
 */
@Injectable()
export class IndustrySkillsService {
  private readonly logger = new Logger('IndustrySkills');

  constructor(
    private readonly characters: CharactersService,
    private readonly tokens: CharacterTokens,
    private readonly esi: EsiClient,
    private readonly gameData: GameData,
  ) {}

  async characterList(user: SessionUser): Promise<IndustryCharactersResponse> {
    const cards = await this.characters.cardsFor(user.id);
    return { characters: cards.map((c) => ({ id: c.id, name: c.name })) };
  }

  async skills(user: SessionUser, characterId: number): Promise<IndustryCharacterSkillsResponse> {
    const card = (await this.characters.cardsFor(user.id)).find((c) => c.id === characterId);
    if (!card) throw apiError(404, INDUSTRY_MESSAGES.characterNotYours);
    if (card.needs_relink) throw apiError(409, CHARACTER_MESSAGES.needsRelink);
    let answer: EsiSkillsAnswer;
    try {
      const accessToken = await this.tokens.accessToken(characterId);
      answer = (await this.esi.get<EsiSkillsAnswer>(`/characters/${characterId}/skills/`, { accessToken })).data;
    } catch (err) {
      if (err instanceof CharacterNeedsRelinkError) throw apiError(409, CHARACTER_MESSAGES.needsRelink);
      this.logger.warn(`Навыки персонажа ${characterId}: ${String(err)}`);
      throw apiError(502, INDUSTRY_MESSAGES.skillsEsiFailed);
    }
    const inventionSkills = await this.gameData.inventionSkills();
    return {
      character: { id: card.id, name: card.name },
      skills: skillsFromEsi(
        answer,
        SKILL_KEY_IDS,
        inventionSkills.map((s) => s.id),
      ),
    };
  }
}
