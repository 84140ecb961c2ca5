/**
 * Required skills against the real dogma of the repository's SDE subset (tools/sde-subset:
 * requiredSkill1-6 and their levels), prerequisites included.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { testSdeDir } from '../../../../../tools/sde-subset/paths';
import { requiredSkillsOf } from '../../../game-data/sde/dogma';
import { toDogmaAttributes } from '../../../game-data/sde/transforms';
import { missingSkills, requiredSkillLevels, unreadRequirements, type SkillRequirement } from './skills';

let REQ: Map<number, SkillRequirement[]>;

beforeAll(async () => {
  REQ = new Map();
  const rl = createInterface({ input: createReadStream(join(testSdeDir(), 'typeDogma.jsonl')), crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line) continue;
    const r = JSON.parse(line) as Record<string, unknown>;
    const skills = requiredSkillsOf(toDogmaAttributes(r));
    if (skills.length) REQ.set(r._key as number, skills);
  }
});

const RIFTER = 587;
const AUTOCANNON_I = 486;
const AUTOCANNON_II = 2889;
const WARP_SCRAMBLER_I = 447;
const FEROX = 16227;

describe('requiredSkillLevels: what a hull and its modules need, prerequisites included', () => {
  it.each([
    // Rifter: Minmatar Frigate I, which needs Spaceship Command I.
    [
      'the Rifter',
      [RIFTER],
      [
        [3327, 1],
        [3329, 1],
      ],
    ],
    // 200mm AutoCannon I: Small Projectile Turret I and Gunnery I (its prerequisite too).
    [
      'a T1 autocannon',
      [AUTOCANNON_I],
      [
        [3300, 1],
        [3302, 1],
      ],
    ],
    // T2: Small Projectile Turret V, Gunnery II, Small Autocannon Specialization I (which needs Motion
    // Prediction III, which needs Gunnery II).
    [
      'a T2 autocannon',
      [AUTOCANNON_II],
      [
        [3300, 2],
        [3302, 5],
        [3312, 3],
        [11084, 1],
      ],
    ],
    // Warp Scrambler I: Propulsion Jamming I (needs CPU Management III, Navigation II) and Navigation I.
    [
      'a warp scrambler: the highest level anything asks for',
      [WARP_SCRAMBLER_I],
      [
        [3426, 3],
        [3435, 1],
        [3449, 2],
      ],
    ],
    // Ferox: Caldari Battlecruiser I <- Spaceship Command III, Caldari Cruiser III <- Caldari Destroyer III <- Caldari Frigate III.
    [
      'the Ferox, three deep',
      [FEROX],
      [
        [3327, 3],
        [3330, 3],
        [3334, 3],
        [33092, 3],
        [33096, 1],
      ],
    ],
    [
      'the Rifter with both guns, once each',
      [RIFTER, AUTOCANNON_I, AUTOCANNON_II, AUTOCANNON_I],
      [
        [3300, 2],
        [3302, 5],
        [3312, 3],
        [3327, 1],
        [3329, 1],
        [11084, 1],
      ],
    ],
    ['a charge requires nothing', [185], []],
  ])('%s', (_what, ids, expected) => {
    expect([...requiredSkillLevels(ids, REQ)]).toEqual(expected);
  });

  it('asks the next round only for skills not read yet', () => {
    expect(unreadRequirements([AUTOCANNON_II], REQ, new Set([AUTOCANNON_II, 3300]))).toEqual([3302, 11084]);
  });
});

describe('missingSkills: a pilot against a fit', () => {
  it.each([
    [
      'ready',
      new Map([
        [3300, 2],
        [3302, 5],
        [3312, 3],
        [3327, 1],
        [3329, 4],
        [11084, 1],
      ]),
      [],
    ],
    [
      'one level short',
      new Map([
        [3300, 2],
        [3302, 4],
        [3312, 3],
        [3327, 1],
        [3329, 4],
        [11084, 1],
      ]),
      [{ skillId: 3302, level: 5, have: 4 }],
    ],
    [
      'a skill not trained at all is level 0',
      new Map([
        [3300, 2],
        [3302, 5],
        [3312, 3],
        [3327, 1],
        [3329, 4],
      ]),
      [{ skillId: 11084, level: 1, have: 0 }],
    ],
  ])('%s', (_what, trained, expected) => {
    const required = requiredSkillLevels([RIFTER, AUTOCANNON_II], REQ);
    expect(missingSkills(required, trained)).toEqual(expected);
  });
});
