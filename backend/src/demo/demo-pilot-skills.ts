import { SP_PER_LEVEL, defaultSkills, DEFAULT_SSO_CHARACTERS, type FakeSso } from '@eve-toolkit/fake-esi';

/** Skill id -> rank (SDE dogma 275) of the skills the demo doctrines need. */
const RANK: Record<number, number> = {
  3300: 1,
  3301: 1,
  3302: 1,
  3304: 3,
  3311: 2,
  3312: 2,
  3318: 2,
  3327: 1,
  3329: 2,
  3330: 2,
  3334: 5,
  3392: 1,
  3393: 1,
  3394: 2,
  3402: 1,
  3413: 1,
  3420: 4,
  3425: 2,
  3426: 1,
  3435: 3,
  3436: 1,
  3449: 1,
  3450: 1,
  11084: 3,
  12206: 5,
  33092: 2,
  33096: 6,
};

/** What the demo «Rifter roam» needs (hull, T2 autocannons, tackle, armour, gyro), prerequisites included. */
const RIFTER_ROAM: Record<number, number> = {
  3327: 3,
  3329: 4,
  3300: 4,
  3302: 5,
  3312: 3,
  11084: 2,
  3318: 2,
  3449: 3,
  3450: 3,
  3426: 3,
  3435: 2,
  3392: 3,
  3393: 3,
  3394: 2,
};
/** And the «Ferox fleet» on top (Caldari line to battlecruisers, medium rails, shields). */
const FEROX_FLEET: Record<number, number> = {
  3330: 3,
  33092: 3,
  3334: 4,
  33096: 3,
  3301: 3,
  3304: 5,
  3311: 4,
  12206: 2,
  3318: 4,
  3402: 1,
  3413: 4,
  3425: 4,
  3420: 4,
  3450: 4,
};

const SERGEI = 2112000007; // demo_fc: flies both
const NATALIA = 2112000009; // demo_corp: the Rifter, not the Ferox (no Caldari ships)
const PAVEL = 2112000008; // demo_miner: the Rifter one level short (Small Projectile Turret IV, T2 guns need V)

/**
 * Demo mode: the stand-in ESI's demo pilots get skill sets for the demo corporation's two
 * doctrines, so the readiness table has pilots who are ready and pilots who are not (the others
 * keep their default skills and fly neither).
 */
export function demoPilotSkills(sso: FakeSso): void {
  const give = (id: number, ...sets: Record<number, number>[]) => {
    const pilot = sso.character(id) ?? DEFAULT_SSO_CHARACTERS.find((c) => c.id === id)!;
    const byId = new Map((pilot.check?.skills ?? defaultSkills(pilot)).map((s) => [s.skill_id, s]));
    for (const set of sets)
      for (const [key, level] of Object.entries(set)) {
        const skillId = Number(key);
        const have = byId.get(skillId)?.trained_skill_level ?? 0;
        if (level <= have) continue;
        const sp = SP_PER_LEVEL[level] * (RANK[skillId] ?? 1);
        byId.set(skillId, { skill_id: skillId, active_skill_level: level, trained_skill_level: level, skillpoints_in_skill: sp });
      }
    sso.updateCharacter(id, { check: { ...pilot.check, skills: [...byId.values()].sort((a, b) => a.skill_id - b.skill_id) } });
  };
  give(SERGEI, RIFTER_ROAM, FEROX_FLEET);
  give(NATALIA, RIFTER_ROAM);
  give(PAVEL, { ...RIFTER_ROAM, 3302: 4 });
}
