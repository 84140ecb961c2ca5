import { skillsFromEsi } from './skills';
import { SKILL_KEY_IDS } from '../industry.mapper';

const esi = (pairs: [number, number, number?][]) => ({
  skills: pairs.map(([skill_id, active, trained]) => ({
    skill_id,
    active_skill_level: active,
    trained_skill_level: trained ?? active,
    skillpoints_in_skill: 0,
  })),
  total_sp: 0,
});

describe('skillsFromEsi', () => {
  it.each([
    [
      'an industrialist: named skills by type id, invention skills by id, untrained ones at 0',
      esi([
        [3380, 5],
        [3388, 4],
        [45746, 3],
        [3402, 5],
        [16622, 4],
        [3446, 2],
        [11453, 4],
        [21790, 3],
      ]),
      {
        industry: 5,
        advanced_industry: 4,
        reactions: 3,
        science: 5,
        accounting: 4,
        broker_relations: 2,
        invention: { '11453': 4, '11449': 0, '21790': 3 },
      },
    ],
    [
      'an alpha clone: the active level, not the trained one',
      esi([
        [3380, 4, 5],
        [3388, 0, 3],
      ]),
      {
        industry: 4,
        advanced_industry: 0,
        reactions: 0,
        science: 0,
        accounting: 0,
        broker_relations: 0,
        invention: { '11453': 0, '11449': 0, '21790': 0 },
      },
    ],
    [
      'a malformed answer reads as no skills',
      { skills: null, total_sp: 0 } as unknown as ReturnType<typeof esi>,
      {
        industry: 0,
        advanced_industry: 0,
        reactions: 0,
        science: 0,
        accounting: 0,
        broker_relations: 0,
        invention: { '11453': 0, '11449': 0, '21790': 0 },
      },
    ],
  ])('%s', (_name, answer, expected) => {
    // Science (3402) is an invention skill of a few blueprints, but it has its own field.
    expect(skillsFromEsi(answer, SKILL_KEY_IDS, [11453, 11449, 21790, 3402])).toEqual(expected);
  });
});
