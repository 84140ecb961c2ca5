import { PiRulesIndex, validateTemplateText, type GeneratorContext } from '@eve-toolkit/shared-types';
import { CATALOGUE, PLANETS } from './catalogue.fixture';
import { build, planetTypeHighlight, searchProducts, templateFor, templateTarget } from './planetology';

const ctx: GeneratorContext = { ...CATALOGUE, rules: new PiRulesIndex(CATALOGUE.rules) };
const [jitaI, jitaIV, jitaVI] = PLANETS;

describe('searchProducts', () => {
  it.each([
    ['Ro', []],
    ['rob', ['Robotics']],
    ['  METALS ', ['Base Metals', 'Heavy Metals', 'Noble Metals', 'Precious Metals', 'Reactive Metals', 'Toxic Metals']],
    ['ics', ['Consumer Electronics', 'Robotics']],
    ['xyz', []],
  ])('%j -> %j (from 3 characters, case-insensitive substring)', (q, names) => {
    expect(searchProducts(CATALOGUE.blueprints, q).map((p) => p.name)).toEqual(names);
  });

  it('names starting with the query come first', () => {
    const metalsFirst = [...CATALOGUE.blueprints, { ...CATALOGUE.blueprints[0], id: 1, name: 'Metals Plus' }];
    expect(searchProducts(metalsFirst, 'metals').map((p) => p.name)[0]).toBe('Metals Plus');
  });
});

describe('build', () => {
  it.each([
    [null, 'Вы должны выбрать что хотите произвести'],
    [2267, 'Невозможно построить схему для базового ресурса'],
  ])('%s -> alert %s', (id, message) => {
    expect(build(CATALOGUE, id)).toEqual({ ok: false, message });
  });

  it('Robotics -> the chain', () => {
    const r = build(CATALOGUE, 9848);
    expect(r.ok && r.chain.factories.map((f) => [f.name, f.factories])).toEqual([
      ['Chiral Structures', 2],
      ['Precious Metals', 2],
      ['Reactive Metals', 2],
      ['Toxic Metals', 2],
      ['Consumer Electronics', 2],
      ['Mechanical Parts', 2],
      ['Robotics', 1],
    ]);
  });
});

describe('planetTypeHighlight', () => {
  it.each([
    [2016, PLANETS, 'match'],
    [2063, PLANETS, 'miss'],
    [2016, [], 'none'],
    [2016, undefined, 'none'],
  ] as const)('type %d -> %s', (type, planets, expected) => {
    expect(planetTypeHighlight(type, planets)).toBe(expected);
  });
});

describe('templateTarget', () => {
  it.each([
    [
      'Robotics star, no planet: Barren (spec default) at its typical diameter',
      9848,
      'star',
      null,
      { planetTypeId: 2016, diameter: 5820 },
    ],
    ['Base Metals on Barren', 2267, 'normal8', null, { planetTypeId: 2016, diameter: 5820 }],
    [
      'Non-CS Crystals: Barren lacks it, Lava (richest offering it)',
      2306,
      'normal6',
      null,
      { planetTypeId: 2015, diameter: 7000 },
    ],
    [
      'a chosen planet: its type and real diameter',
      9848,
      'mega',
      jitaVI,
      { planetTypeId: 2015, diameter: 6880, planetName: 'Jita VI' },
    ],
  ] as const)('%s', (_name, productId, layout, planet, target) => {
    expect(templateTarget(ctx, productId, layout, planet)).toEqual(
      layout === 'mega'
        ? { ok: false, message: '«Мега» строится только для продуктов объёмом 0,75 м³ (второй уровень)' }
        : { ok: true, target },
    );
  });

  it('Mechanical Parts «Мега» on Jita VI', () => {
    expect(templateTarget(ctx, 3689, 'mega', jitaVI)).toEqual({
      ok: true,
      target: { planetTypeId: 2015, diameter: 6880, planetName: 'Jita VI' },
    });
  });

  it.each([
    [2270, 'normal6', jitaVI, 'На планете Lava нет ресурса «Noble Metals»'],
    [9848, 'star', jitaIV, 'Неизвестный тип планеты'],
  ] as const)('%d %s on a planet that cannot: %s', (productId, layout, planet, message) => {
    expect(templateTarget(ctx, productId, layout, planet)).toEqual({ ok: false, message });
  });
});

describe('templateFor', () => {
  it.each([
    [9848, 'star', null],
    [9848, 'star', jitaI],
    [3689, 'mega', jitaVI],
    [2267, 'normal6', null],
    [2306, 'normal8', jitaVI],
  ] as const)('%d %s: JSON the strict validator accepts', (productId, layout, planet) => {
    const r = templateFor(ctx, productId, layout, planet);
    if (!r.ok) throw new Error(r.message);
    const result = validateTemplateText(r.generated.text, ctx, { strict: true });
    expect(result.errors).toEqual([]);
    expect(result.template?.Pln).toBe(planet?.type_id ?? (productId === 2306 ? 2015 : 2016));
  });
});
