import { Injectable, Logger } from '@nestjs/common';
import { DOCTRINE_MESSAGES, type DoctrinePilot, type DoctrineReadinessResponse } from '@eve-toolkit/shared-types';
import { CharacterNeedsRelinkError, CharacterTokens } from '../../characters/character-tokens.service';
import { CharacterRoster } from '../../characters/character-roster.service';
import { EsiClient } from '../../esi/esi.client';
import { GameData } from '../../game-data/game-data.contract';
import type { CorpMember } from '../corp-access';
import { CorpDoctrinesService } from './corp-doctrines.service';
import { missingSkills, requiredSkillLevels, unreadRequirements, type SkillRequirement } from './domain/skills';

/** The scope the invention skills already use (characters' own tokens). */
export const SKILLS_SCOPE = 'esi-skills.read_skills.v1';
/** Pilots whose skills are read at once. */
const CONCURRENCY = 4;
/** Rounds of prerequisites read at most (the game's chains are a few deep). */
const MAX_DEPTH = 10;

/** GET /characters/{id}/skills/ as far as readiness needs it. */
interface EsiSkills {
  skills: { skill_id: number; active_skill_level: number; trained_skill_level: number }[];
}

type Trained = { levels: Map<number, number> } | { problem: string };

/**
 * Who can fly a doctrine's fits: the corporation's pilots (every linked, not banned character in
 * the doctrine's corporation for `manageDoctrines`, the viewer's own otherwise), their skills read
 * through ESI with each character's own token (the scope the invention skills use), against the
 * skills hull and modules require (the SDE's dogma, prerequisites included). A character without
 * the scope, needing a re-link, or whose ESI read failed is unknown, never guessed.
 */
@Injectable()
export class DoctrineReadiness {
  private readonly logger = new Logger('DoctrineReadiness');

  constructor(
    private readonly doctrines: CorpDoctrinesService,
    private readonly roster: CharacterRoster,
    private readonly tokens: CharacterTokens,
    private readonly esi: EsiClient,
    private readonly gameData: GameData,
  ) {}

  async of(member: CorpMember, doctrineId: string): Promise<DoctrineReadinessResponse> {
    const doc = await this.doctrines.find(member, doctrineId);
    const pilots = await this.roster.pilotsIn(doc.corporation_id, member.can.manageDoctrines ? undefined : member.user.id);
    const fitTypes = doc.fits.map((f) => [f.ship_id, ...f.items.map((i) => i.type_id)]);
    const requirements = await this.requirements(fitTypes.flat());
    const required = fitTypes.map((ids) => requiredSkillLevels(ids, requirements));
    const skillIds = new Set<number>();
    for (const r of required) for (const id of r.keys()) skillIds.add(id);
    const names = await this.gameData.typesByIds([...skillIds, ...doc.fits.map((f) => f.ship_id)]);
    const trained = await this.trainedOf(pilots);
    return {
      fits: doc.fits.map((f, i) => ({
        fit_id: f._id,
        name: f.name,
        ship: { id: f.ship_id, name: names.get(f.ship_id)?.name ?? `#${f.ship_id}` },
        pilots: pilots.map((p, j): DoctrinePilot => {
          const t = trained[j];
          const character = { id: p.id, name: p.name };
          const mine = p.userId === member.user.id;
          if ('problem' in t) return { character, can_fly: null, missing: [], problem: t.problem, mine };
          const missing = missingSkills(required[i], t.levels).map((m) => ({
            skill: { id: m.skillId, name: names.get(m.skillId)?.name ?? `#${m.skillId}` },
            level: m.level,
            have: m.have,
          }));
          return { character, can_fly: missing.length === 0, missing, problem: null, mine };
        }),
      })),
    };
  }

  /** The direct requirements of `typeIds` and, round by round, of every skill they lead to. */
  private async requirements(typeIds: readonly number[]): Promise<Map<number, SkillRequirement[]>> {
    const all = new Map<number, SkillRequirement[]>();
    const read = new Set<number>();
    let next = [...new Set(typeIds)];
    for (let depth = 0; next.length > 0 && depth < MAX_DEPTH; depth++) {
      const found = await this.gameData.requiredSkills(next);
      for (const id of next) read.add(id);
      for (const [id, r] of found) all.set(id, r);
      next = unreadRequirements(next, all, read);
    }
    return all;
  }

  private async trainedOf(pilots: readonly { id: number; scopes: string[]; needsRelink: boolean }[]): Promise<Trained[]> {
    const out: Trained[] = new Array(pilots.length);
    let at = 0;
    const worker = async () => {
      while (at < pilots.length) {
        const i = at++;
        out[i] = await this.trained(pilots[i]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pilots.length) }, worker));
    return out;
  }

  private async trained(p: { id: number; scopes: string[]; needsRelink: boolean }): Promise<Trained> {
    if (!p.scopes.includes(SKILLS_SCOPE)) return { problem: DOCTRINE_MESSAGES.noSkillsScope };
    if (p.needsRelink) return { problem: DOCTRINE_MESSAGES.needsRelink };
    try {
      const accessToken = await this.tokens.accessToken(p.id);
      const answer = (await this.esi.get<EsiSkills>(`/characters/${p.id}/skills/`, { accessToken })).data;
      // The level the character can use now (an Omega skill on an Alpha clone counts as its Alpha cap).
      return { levels: new Map(answer.skills.map((s) => [s.skill_id, s.active_skill_level])) };
    } catch (err) {
      if (err instanceof CharacterNeedsRelinkError) return { problem: DOCTRINE_MESSAGES.needsRelink };
      this.logger.warn(`Навыки персонажа ${p.id}: ${String(err)}`);
      return { problem: DOCTRINE_MESSAGES.skillsEsiFailed };
    }
  }
}
