import {
  isKnownSpace,
  names,
  planetName,
  RecordError,
  roman,
  toBlueprint,
  toBuild,
  toPlanet,
  toSchematic,
  toSystem,
  toType,
} from './transforms';

// Real lines of CCP's SDE (tools/sde-subset/data/sde-jsonl; descriptions shortened).
const TRITANIUM = {
  _key: 34,
  basePrice: 2.0,
  groupID: 18,
  iconID: 22,
  marketGroupID: 1857,
  mass: 0.0,
  name: { en: 'Tritanium', ru: 'Tritanium' },
  portionSize: 1,
  published: true,
  volume: 0.01,
};
const RIFTER = {
  _key: 587,
  groupID: 25,
  marketGroupID: 64,
  name: { en: 'Rifter', ru: 'Rifter' },
  packagedVolume: 2500.0,
  portionSize: 1,
  published: true,
  volume: 27289.0,
};
const RIFTER_BP = {
  _key: 691,
  activities: {
    copying: { time: 4800 },
    invention: {
      materials: [
        { quantity: 2, typeID: 20172 },
        { quantity: 2, typeID: 20424 },
      ],
      products: [
        { probability: 0.3, quantity: 1, typeID: 11372 },
        { probability: 0.3, quantity: 1, typeID: 11401 },
      ],
      skills: [{ level: 1, typeID: 11445 }],
      time: 63900,
    },
    manufacturing: {
      materials: [
        { quantity: 32000, typeID: 34 },
        { quantity: 6000, typeID: 35 },
        { quantity: 2500, typeID: 36 },
        { quantity: 500, typeID: 37 },
      ],
      products: [{ quantity: 1, typeID: 587 }],
      skills: [{ level: 1, typeID: 3380 }],
      time: 6000,
    },
    research_material: { time: 2100 },
    research_time: { time: 2100 },
  },
  blueprintTypeID: 691,
  maxProductionLimit: 30,
};
const FORMULA = {
  _key: 46166,
  activities: {
    reaction: {
      materials: [
        { quantity: 5, typeID: 4312 },
        { quantity: 100, typeID: 16643 },
        { quantity: 100, typeID: 16647 },
      ],
      products: [{ quantity: 200, typeID: 16663 }],
      skills: [{ level: 2, typeID: 45746 }],
      time: 10800,
    },
  },
  blueprintTypeID: 46166,
  maxProductionLimit: 1000,
};
const BACTERIA = {
  _key: 131,
  cycleTime: 1800,
  name: { en: 'Bacteria', ru: 'Bacteria' },
  pins: [2469, 2471, 2473, 2481, 2483, 2490, 2492, 2493],
  types: [
    { _key: 2073, isInput: true, quantity: 3000 },
    { _key: 2393, isInput: false, quantity: 20 },
  ],
};
const JITA = {
  _key: 30000142,
  border: true,
  constellationID: 20000020,
  hub: true,
  name: { en: 'Jita' },
  planetIDs: [40009077, 40009078, 40009080, 40009082, 40009098, 40009116, 40009119, 40009123],
  regionID: 10000002,
  securityClass: 'B',
  securityStatus: 0.945913,
  starID: 40009076,
};

const categoryOf = (g: number) => ({ 18: 4, 25: 6 })[g];

describe('names', () => {
  it.each([
    [{ name: { en: 'Tritanium', ru: 'Tritanium' } }, { en: 'Tritanium', ru: 'Tritanium' }],
    [{ name: { en: 'Mineral', ru: 'Минералы' } }, { en: 'Mineral', ru: 'Минералы' }],
    [{ name: { en: 'Only English' } }, { en: 'Only English', ru: 'Only English' }],
    [{ name: { ru: 'Только русский' } }, { en: 'Только русский', ru: 'Только русский' }],
    [{ name: { en: 'Empty ru', ru: '' } }, { en: 'Empty ru', ru: 'Empty ru' }],
  ])('%p -> %p', (r, expected) => expect(names(r)).toEqual(expected));

  it('rejects a record without a name', () => {
    expect(() => names({ _key: 1 })).toThrow(RecordError);
  });
});

describe('toType', () => {
  it.each([
    [
      TRITANIUM,
      {
        _id: 34,
        nameEn: 'Tritanium',
        groupId: 18,
        categoryId: 4,
        marketGroupId: 1857,
        volume: 0.01,
        packagedVolume: 0.01,
        portionSize: 1,
        published: true,
        iconId: 22,
      },
    ],
    [RIFTER, { _id: 587, groupId: 25, categoryId: 6, volume: 27289, packagedVolume: 2500, iconId: null, basePrice: null }],
  ])('type %#', (r, expected) => expect(toType(r, categoryOf)).toMatchObject(expected));

  it('keeps lower-cased unique names for exact lookups', () => {
    expect(toType(TRITANIUM, categoryOf).nameKeys).toEqual(['tritanium']);
  });

  it.each([
    [{ ...TRITANIUM, groupID: 999999 }, 'неизвестная группа 999999'],
    [{ ...TRITANIUM, groupID: '18' }, 'поле groupID должно быть целым числом'],
    [{ ...TRITANIUM, volume: 'big' }, 'поле volume должно быть числом'],
  ])('rejects %#', (r, message) => expect(() => toType(r, categoryOf)).toThrow(message));
});

describe('toBlueprint', () => {
  const typeOf = (id: number) =>
    ({ 691: { names: { en: 'Rifter Blueprint', ru: 'Rifter Blueprint' }, published: true } })[id as 691];

  it('Rifter Blueprint: manufacturing 32000x34 + 6000x35 + 2500x36 + 500x37 -> 1x587, 6000 s, 30 runs', () => {
    const bp = toBlueprint(RIFTER_BP, typeOf);
    expect(bp).toMatchObject({
      _id: 691,
      nameEn: 'Rifter Blueprint',
      published: true,
      maxProductionLimit: 30,
      activity: 'manufacturing',
      productTypeId: 587,
      productQuantity: 1,
    });
    expect(bp.activities.manufacturing).toEqual({
      time: 6000,
      materials: [
        { typeId: 34, quantity: 32000 },
        { typeId: 35, quantity: 6000 },
        { typeId: 36, quantity: 2500 },
        { typeId: 37, quantity: 500 },
      ],
      products: [{ typeId: 587, quantity: 1 }],
      skills: [{ typeId: 3380, level: 1 }],
    });
    expect(bp.activities.invention?.products[0]).toEqual({ typeId: 11372, quantity: 1, probability: 0.3 });
    expect(bp.activities.copying).toEqual({ time: 4800, materials: [], products: [], skills: [] });
    expect(Object.keys(bp.activities).sort()).toEqual(['copying', 'invention', 'manufacturing']);
  });

  it('reaction formula 46166: 5x4312 + 100x16643 + 100x16647 -> 200x16663, 10800 s', () => {
    const bp = toBlueprint(FORMULA, () => undefined);
    expect(bp).toMatchObject({
      _id: 46166,
      activity: 'reaction',
      productTypeId: 16663,
      productQuantity: 200,
      maxProductionLimit: 1000,
      published: false,
      nameEn: 'Blueprint 46166',
    });
    expect(bp.activities.reaction?.materials).toEqual([
      { typeId: 4312, quantity: 5 },
      { typeId: 16643, quantity: 100 },
      { typeId: 16647, quantity: 100 },
    ]);
    expect(bp.activities.reaction?.time).toBe(10800);
  });

  it('a blueprint that makes nothing has no main activity', () => {
    expect(toBlueprint({ _key: 1, activities: { copying: { time: 1 } }, maxProductionLimit: 1 }, () => undefined)).toMatchObject({
      activity: null,
      productTypeId: null,
    });
  });
});

describe('toSchematic', () => {
  it('Bacteria 131: 3000x2073 -> 20x2393 per 1800 s on 8 pins', () => {
    expect(toSchematic(BACTERIA)).toEqual({
      _id: 131,
      nameEn: 'Bacteria',
      nameRu: 'Bacteria',
      cycleTime: 1800,
      inputs: [{ typeId: 2073, quantity: 3000 }],
      output: { typeId: 2393, quantity: 20 },
      pins: [2469, 2471, 2473, 2481, 2483, 2490, 2492, 2493],
    });
  });
  it('rejects a schematic without exactly one output', () => {
    expect(() => toSchematic({ ...BACTERIA, types: [BACTERIA.types[0]] })).toThrow('ожидается ровно один выход схемы, найдено 0');
  });
});

describe('systems and planets', () => {
  it('Jita keeps the raw security 0.945913 and its region/constellation names', () => {
    const doc = toSystem(
      JITA,
      () => 'The Forge',
      () => 'Kimotoro',
    );
    expect(doc).toEqual({
      _id: 30000142,
      name: 'Jita',
      nameLower: 'jita',
      security: 0.945913,
      securityClass: 'B',
      regionId: 10000002,
      regionName: 'The Forge',
      constellationId: 20000020,
      constellationName: 'Kimotoro',
      knownSpace: true,
    });
  });

  it.each([
    [1, 'I'],
    [4, 'IV'],
    [8, 'VIII'],
    [9, 'IX'],
    [14, 'XIV'],
    [19, 'XIX'],
    [40, 'XL'],
  ])('roman(%d) = %s', (n, r) => expect(roman(n)).toBe(r));

  it.each([
    ['Jita', 4, undefined, 'Jita IV'],
    ['Jita', 8, undefined, 'Jita VIII'],
    ['Uplingur', 4, 'Uplingur IV (Ndoria)', 'Uplingur IV (Ndoria)'],
  ])('planetName(%s, %d, %s) = %s', (sys, idx, unique, expected) => expect(planetName(sys, idx, unique)).toBe(expected));

  it('planet record -> doc', () => {
    const r = { _key: 40009082, celestialIndex: 4, orbitID: 40009076, solarSystemID: 30000142, typeID: 13, radius: 7000000 };
    expect(toPlanet(r, () => 'Jita')).toEqual({
      _id: 40009082,
      name: 'Jita IV',
      systemId: 30000142,
      typeId: 13,
      celestialIndex: 4,
      radius: 7000000,
    });
    expect(() => toPlanet(r, () => undefined)).toThrow('неизвестная система 30000142');
  });

  it.each([
    [30000142, true],
    [30100000, true],
    [31000005, false],
    [32000001, false],
    [34000001, false],
  ])('isKnownSpace(%d) = %p', (id, expected) => expect(isKnownSpace(id)).toBe(expected));
});

describe('toBuild', () => {
  it.each([
    [
      { _key: 'sde', buildNumber: 0, releaseDate: '2025-06-24T00:00:00Z' },
      { buildNumber: 0, releaseDate: '2025-06-24T00:00:00Z' },
    ],
    [
      { _key: 'sde', buildNumber: 3484357 },
      { buildNumber: 3484357, releaseDate: null },
    ],
  ])('%p', (r, expected) => expect(toBuild(r)).toEqual(expected));
  it('rejects a missing build number', () => expect(() => toBuild({ _key: 'sde' })).toThrow('buildNumber'));
});
