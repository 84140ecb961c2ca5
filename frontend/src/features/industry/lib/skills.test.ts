import { ALL_INDUSTRY_SKILLS_V } from '@eve-toolkit/shared-types';
import { inventionLevel, sanitizeSkills, skillsChangeTree, tradeFeesOf } from './skills';

describe('skills panel helpers', () => {
  it.each([
    ['nothing stored', null, ALL_INDUSTRY_SKILLS_V],
    ['an older version without the new skills', { industry: 3 }, { ...ALL_INDUSTRY_SKILLS_V, industry: 3 }],
    [
      'levels out of 0..5, fractions and junk fall back to V; bad skill ids are dropped',
      { industry: 7, reactions: -1, science: 2.5, accounting: '4', invention: { '11453': 2, '11449': 9, abc: 1, '0': 3 } },
      { ...ALL_INDUSTRY_SKILLS_V, invention: { '11453': 2, '11449': 5 } },
    ],
  ])('sanitizes %s', (_name, raw, expected) => expect(sanitizeSkills(raw)).toEqual(expected));

  it('trade fees: sales tax from Accounting, broker fee from Broker Relations', () => {
    expect(tradeFeesOf(ALL_INDUSTRY_SKILLS_V)).toEqual({ salesTax: 0.08 * (1 - 0.55), brokerFee: 0.03 - 0.015 });
    const none = tradeFeesOf({ ...ALL_INDUSTRY_SKILLS_V, accounting: 0, broker_relations: 0 });
    expect(none).toEqual({ salesTax: 0.08, brokerFee: 0.03 });
  });

  it('an invention skill not set is at V', () => {
    expect(inventionLevel({ ...ALL_INDUSTRY_SKILLS_V, invention: { '11453': 2 } }, 11453)).toBe(2);
    expect(inventionLevel(ALL_INDUSTRY_SKILLS_V, 11449)).toBe(5);
  });

  it('the tree is stale when a skill it uses changed; the trade skills only move the margin', () => {
    const v = ALL_INDUSTRY_SKILLS_V;
    expect(skillsChangeTree(v, { ...v, accounting: 0, broker_relations: 1 })).toBe(false);
    expect(skillsChangeTree(v, { ...v, advanced_industry: 4 })).toBe(true);
    expect(skillsChangeTree(v, { ...v, invention: { '11453': 4 } })).toBe(true);
    expect(skillsChangeTree(v, { ...v, invention: { '11453': 5 } })).toBe(false);
  });
});
