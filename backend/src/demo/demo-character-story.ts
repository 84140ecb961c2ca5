import { DEFAULT_SSO_CHARACTERS, FAKE_CORPORATIONS, defaultSkills, type FakeSso } from '@eve-toolkit/fake-esi';

const JOHN = 2112000011; // demo_user's pilot (no corporation role: moving him changes no access)
const OLGA = 2112000006; // demo_security's pilot (stays in the demo corporation)
const NORTHERN_FREIGHT = 98000002;
const CYNOSURAL_FIELD_THEORY = 21603;

/**
 * Demo mode: what happens in the (stand-in) game after the first run of the scheduled character
 * checks, so that the admin's next run shows flags: John Carter joins Northern Freight Union and
 * turns outlaw (security -5.2), Olga Smirnova trains Cynosural Field Theory and moves 80 % of her
 * ISK away. Nobody's corporation access changes. Returns the log line (Russian).
 */
export function demoCharacterStory(sso: FakeSso): string {
  const original = (id: number) => sso.character(id) ?? DEFAULT_SSO_CHARACTERS.find((c) => c.id === id)!;
  const john = original(JOHN);
  const olga = original(OLGA);
  sso.updateCharacter(JOHN, { corporationId: NORTHERN_FREIGHT, securityStatus: -5.2 });
  sso.updateCharacter(OLGA, {
    wallet: Math.round(olga.wallet * 0.2),
    check: {
      ...olga.check,
      skills: [
        ...(olga.check?.skills ?? defaultSkills(olga)),
        { skill_id: CYNOSURAL_FIELD_THEORY, active_skill_level: 2, trained_skill_level: 2, skillpoints_in_skill: 1415 },
      ],
    },
  });
  const corp = FAKE_CORPORATIONS.find((c) => c.id === NORTHERN_FREIGHT)!.name;
  return `Демо-режим: после первой проверки персонажей ${john.name} ушёл в ${corp} (статус -5,2), ${olga.name} изучила Cynosural Field Theory и вывела 80 % ISK — следующая проверка это отметит`;
}
