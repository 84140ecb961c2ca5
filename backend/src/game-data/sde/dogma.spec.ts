import { derivePlanetResources, deriveRigs, deriveStructures, keepDogma, requiredSkillsOf, toDogmaDoc } from './dogma';
import { toDogmaAttributes } from './transforms';
import type { DogmaDoc } from './sde.types';

/** Builds a dogma doc from [attributeID, value] pairs (values copied from typeDogma.jsonl). */
function dogma(id: number, groupId: number, pairs: [number, number][]): DogmaDoc {
  return toDogmaDoc(id, groupId, new Map(pairs));
}

// Extractor pins (group 1026): 709 harvesterType = P0, 1632 planetRestriction = planet type.
const extractor = (id: number, p0: number, planet: number) =>
  dogma(id, 1026, [
    [15, 800],
    [709, p0],
    [1632, planet],
  ]);
const BARREN_EXTRACTORS = [
  extractor(2409, 2268, 2016), // Barren Aqueous Liquid Extractor
  extractor(2410, 2073, 2016),
  extractor(2411, 2267, 2016),
  extractor(2412, 2270, 2016),
  extractor(2413, 2288, 2016),
];
const GAS_EXTRACTORS = [
  extractor(3000, 2268, 13),
  extractor(3001, 2267, 13),
  extractor(3002, 2309, 13),
  extractor(3003, 2310, 13),
  extractor(3004, 2311, 13),
];
// The Barren ECU (group 1063) carries 1632 only: not an extractor head.
const BARREN_ECU = dogma(2848, 1063, [
  [15, 2600],
  [1632, 2016],
  [1690, 110],
]);

describe('derivePlanetResources', () => {
  it('planet type -> its 5 P0 types, from the extractor pins only', () => {
    expect(derivePlanetResources([...GAS_EXTRACTORS, BARREN_ECU, ...BARREN_EXTRACTORS, extractor(2409, 2268, 2016)])).toEqual([
      { _id: 13, resourceTypeIds: [2267, 2268, 2309, 2310, 2311] },
      { _id: 2016, resourceTypeIds: [2073, 2267, 2268, 2270, 2288] },
    ]);
  });
});

const names = (en: string) => ({ en, ru: en, published: true });
const TYPES: Record<number, ReturnType<typeof names>> = {
  35825: names('Raitaru'),
  35826: names('Azbel'),
  35835: names('Athanor'),
  35836: names('Tatara'),
  35832: names('Astrahus'),
  43920: names('Standup M-Set Equipment Manufacturing Material Efficiency I'),
  46484: names('Standup M-Set Composite Reactor Time Efficiency I'),
};
const typeOf = (id: number) => TYPES[id];

// Values from typeDogma.jsonl.
const MANUFACTURING_PLANT = dogma(35878, 1415, [
  [1298, 1657],
  [1299, 1404],
  [1300, 1406],
]);
const COMPOSITE_REACTOR = dogma(45537, 1415, [[1298, 1406]]);
// Standup Invention Lab I fits citadels, engineering complexes and refineries (typeDogma 1298-1300).
const INVENTION_LAB = dogma(35886, 1415, [
  [1298, 1657],
  [1299, 1404],
  [1300, 1406],
]);
const RAITARU = dogma(35825, 1404, [
  [1547, 2],
  [2600, 0.99],
  [2601, 0.97],
  [2602, 0.85],
]);
const AZBEL = dogma(35826, 1404, [
  [1547, 3],
  [2600, 0.99],
  [2601, 0.96],
  [2602, 0.8],
]);
const ATHANOR = dogma(35835, 1406, [[1547, 2]]);
const TATARA = dogma(35836, 1406, [
  [1547, 3],
  [2721, 0.75],
]);
const ASTRAHUS = dogma(35832, 1657, [[1547, 1]]);
const ME_RIG = dogma(43920, 1816, [
  [1298, 1657],
  [1299, 1404],
  [1300, 1406],
  [1547, 2],
  [2355, 1],
  [2356, 1.9],
  [2357, 2.1],
  [2593, 0],
  [2594, -2],
  [2595, 0],
]);
const REACTOR_RIG = dogma(46484, 1933, [
  [1300, 1406],
  [1547, 2],
  [2356, 1],
  [2357, 1.1],
  [2713, -20],
]);
const ALL = [
  MANUFACTURING_PLANT,
  COMPOSITE_REACTOR,
  INVENTION_LAB,
  RAITARU,
  AZBEL,
  ATHANOR,
  TATARA,
  ASTRAHUS,
  ME_RIG,
  REACTOR_RIG,
  BARREN_ECU,
];

describe('deriveStructures', () => {
  const structures = deriveStructures(ALL, typeOf);

  it.each([
    [35825, 'Raitaru', ['manufacturing', 'science'], { material: 0.99, time: 0.85, cost: 0.97, reactionTime: 1 }, 2],
    [35826, 'Azbel', ['manufacturing', 'science'], { material: 0.99, time: 0.8, cost: 0.96, reactionTime: 1 }, 3],
    [35832, 'Astrahus', ['manufacturing', 'science'], { material: 1, time: 1, cost: 1, reactionTime: 1 }, 1],
    [35835, 'Athanor', ['manufacturing', 'reaction', 'science'], { material: 1, time: 1, cost: 1, reactionTime: 1 }, 2],
    [35836, 'Tatara', ['manufacturing', 'reaction', 'science'], { material: 1, time: 1, cost: 1, reactionTime: 0.75 }, 3],
  ])('%d %s', (id, name, activities, bonuses, rigSize) => {
    expect(structures.find((s) => s._id === id)).toEqual({
      _id: id,
      nameEn: name,
      nameRu: name,
      groupId: expect.any(Number),
      rigSize,
      activities,
      bonuses,
    });
  });

  it('lists only structures (no rigs or modules)', () => {
    expect(structures.map((s) => s._id)).toEqual([35825, 35826, 35832, 35835, 35836]);
  });
});

describe('deriveRigs', () => {
  const groupOf = (g: number) =>
    ({
      1816: { en: 'Structure Engineering Rig M - Equipment ME', ru: 'RU 1816' },
      1933: { en: 'Structure Composite Reactor Rig M - TE', ru: 'RU 1933' },
    })[g];
  const rigs = deriveRigs(ALL, typeOf, groupOf);

  it('engineering ME rig: -2 % materials, security 1.0 / 1.9 / 2.1', () => {
    expect(rigs[0]).toEqual({
      _id: 43920,
      nameEn: 'Standup M-Set Equipment Manufacturing Material Efficiency I',
      nameRu: 'Standup M-Set Equipment Manufacturing Material Efficiency I',
      groupId: 1816,
      groupNameEn: 'Structure Engineering Rig M - Equipment ME',
      groupNameRu: 'RU 1816',
      rigSize: 2,
      bonuses: { material: -2, time: null, cost: null, thukkerMaterial: null, reactionMaterial: null, reactionTime: null },
      securityModifiers: { hiSec: 1, lowSec: 1.9, nullSec: 2.1 },
      fitsGroups: [1657, 1404, 1406],
      effects: [],
    });
  });

  it('reactor rig: -20 % reaction time, no high-sec modifier', () => {
    expect(rigs[1]).toMatchObject({
      _id: 46484,
      bonuses: { material: null, time: null, cost: null, thukkerMaterial: null, reactionMaterial: null, reactionTime: -20 },
      securityModifiers: { hiSec: null, lowSec: 1, nullSec: 1.1 },
      fitsGroups: [1406],
    });
    expect(rigs).toHaveLength(2);
  });
});

describe('keepDogma', () => {
  it.each([
    [35878, undefined, [], true], // service module, even without a type record
    [35886, undefined, [], true], // the invention lab
    [34207, { groupId: 1304, published: true }, [[1112, 1.9]], true], // a decryptor
    [2409, { groupId: 1026, published: true }, [[709, 2268]], true],
    [2848, { groupId: 1063, published: true }, [], true],
    [35825, { groupId: 1404, published: true }, [], true],
    [43920, { groupId: 1816, published: true }, [[2594, -2]], true],
    [43921, { groupId: 1816, published: true }, [[2594, 0]], false],
    [587, { groupId: 25, published: true }, [[9, 350]], false],
    [99999, undefined, [[2594, -2]], false],
  ] as const)('type %d -> %p', (id, info, pairs, expected) => {
    expect(keepDogma(id, info, new Map(pairs as unknown as [number, number][]))).toBe(expected);
  });

  it('reads typeDogma attribute lists', () => {
    const m = toDogmaAttributes({
      _key: 2409,
      dogmaAttributes: [
        { attributeID: 709, value: 2268.0 },
        { attributeID: 1632, value: 2016.0 },
      ],
    });
    expect([...m]).toEqual([
      [709, 2268],
      [1632, 2016],
    ]);
  });
});

describe('requiredSkillsOf: requiredSkill1-6 with their levels', () => {
  it.each([
    // 200mm AutoCannon II (typeDogma.jsonl): 182 = 3302 at 277 = 5, 183 = 3300 at 278 = 2, 184 = 11084 at 279 = 1.
    [
      '3 slots',
      [
        [182, 3302],
        [277, 5],
        [183, 3300],
        [278, 2],
        [184, 11084],
        [279, 1],
        [50, 3],
      ],
      [
        { typeId: 3302, level: 5 },
        { typeId: 3300, level: 2 },
        { typeId: 11084, level: 1 },
      ],
    ],
    // Slots 4-6 pair 1285/1286, 1289/1287, 1290/1288.
    [
      'slots 4-6',
      [
        [1285, 10],
        [1286, 4],
        [1289, 11],
        [1287, 3],
        [1290, 12],
        [1288, 2],
      ],
      [
        { typeId: 10, level: 4 },
        { typeId: 11, level: 3 },
        { typeId: 12, level: 2 },
      ],
    ],
    ['none', [[50, 3]], []],
  ] as [string, [number, number][], { typeId: number; level: number }[]][])('%s', (_what, pairs, expected) => {
    expect(requiredSkillsOf(new Map(pairs))).toEqual(expected);
  });
});
