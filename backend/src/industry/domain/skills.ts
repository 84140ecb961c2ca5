/**
 * A character's skills from ESI (`GET /characters/{id}/skills/`, scope esi-skills.read_skills.v1)
 * as the calculator's `skills` (pure). The active level counts: an alpha clone uses
 * `active_skill_level`, which may be below the trained one. A skill the character has not
 * trained is at 0, not at the calculator's default V.
 */
import { INDUSTRY_SKILL_KEYS, type IndustrySkillKey, type IndustrySkills } from '@eve-toolkit/shared-types';

/** `GET /characters/{id}/skills/` (the fields used). */
export interface EsiSkillsAnswer {
  skills: { skill_id: number; active_skill_level: number; trained_skill_level: number }[];
  total_sp: number;
}

export function skillsFromEsi(
  answer: EsiSkillsAnswer,
  keyIds: Readonly<Record<IndustrySkillKey, number>>,
  inventionSkillIds: readonly number[],
): IndustrySkills {
  const levels = new Map<number, number>();
  for (const s of Array.isArray(answer?.skills) ? answer.skills : []) {
    const level = Number.isInteger(s.active_skill_level) ? s.active_skill_level : 0;
    levels.set(s.skill_id, Math.max(0, Math.min(5, level)));
  }
  const named = Object.fromEntries(INDUSTRY_SKILL_KEYS.map((k) => [k, levels.get(keyIds[k]) ?? 0])) as Record<
    IndustrySkillKey,
    number
  >;
  const invention: Record<string, number> = {};
  for (const id of inventionSkillIds) if (id !== keyIds.science) invention[String(id)] = levels.get(id) ?? 0;
  return { ...named, invention };
}
