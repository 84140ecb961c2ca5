/**
 * Who can fly a fit (pure): the skills a hull and its modules require (dogma requiredSkill1-6 with
 * their levels) and, recursively, what those skills require to be trained at all; then, for a
 * pilot's trained levels, what is missing.
 */

export interface SkillRequirement {
  typeId: number;
  level: number;
}

/** Type id -> the skills it requires directly (a skill's own prerequisites are its entry). */
export type RequirementsOf = ReadonlyMap<number, readonly SkillRequirement[]>;

/**
 * Every skill `typeIds` need, prerequisites included, at the highest level anything asks for
 * (skill id -> level), in ascending skill id. A skill one of the types requires is also trained to
 * its own prerequisites' levels; cycles (none in the game) end the walk.
 */
export function requiredSkillLevels(typeIds: readonly number[], requirements: RequirementsOf): Map<number, number> {
  const levels = new Map<number, number>();
  const expanded = new Set<number>();
  const queue: SkillRequirement[] = [];
  for (const id of new Set(typeIds)) queue.push(...(requirements.get(id) ?? []));
  while (queue.length > 0) {
    const r = queue.pop()!;
    if (r.level > (levels.get(r.typeId) ?? 0)) levels.set(r.typeId, r.level);
    else if (!levels.has(r.typeId)) levels.set(r.typeId, r.level);
    if (expanded.has(r.typeId)) continue;
    expanded.add(r.typeId);
    queue.push(...(requirements.get(r.typeId) ?? []));
  }
  return new Map([...levels].sort((a, b) => a[0] - b[0]));
}

/** The ids whose requirements a walk still needs after `known` were read (the next round of a lookup). */
export function unreadRequirements(typeIds: Iterable<number>, requirements: RequirementsOf, read: ReadonlySet<number>): number[] {
  const out = new Set<number>();
  for (const id of typeIds) for (const r of requirements.get(id) ?? []) if (!read.has(r.typeId)) out.add(r.typeId);
  return [...out];
}

export interface MissingSkill {
  skillId: number;
  /** The level needed. */
  level: number;
  /** The level trained (0: not at all). */
  have: number;
}

/** What a pilot with `trained` (skill id -> level) misses of `required`, in ascending skill id. */
export function missingSkills(required: ReadonlyMap<number, number>, trained: ReadonlyMap<number, number>): MissingSkill[] {
  const out: MissingSkill[] = [];
  for (const [skillId, level] of required) {
    const have = trained.get(skillId) ?? 0;
    if (have < level) out.push({ skillId, level, have });
  }
  return out.sort((a, b) => a.skillId - b.skillId);
}
