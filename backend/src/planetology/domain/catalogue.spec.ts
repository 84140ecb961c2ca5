/**
 * The catalogue derived from the real SDE matches the game's tables (game-mechanics §5.1-5.5):
 * 15 raw resources + 68 schematic products, volumes of the current data (0.005 / 0.19 / 0.75 / 3 / 50),
 * the pin type of each kind per planet type, command-centre levels and link dogma.
 */
import type { PiPinKind, PlanetologyCatalogueResponse } from '@eve-toolkit/shared-types';
import { realCatalogue } from '../../../test/fixtures/planetology-sde';
import { buildCatalogue, CatalogueError } from './catalogue';
import { DEFAULT_RICHNESS, RICHNESS, richness } from './richness';

let catalogue: PlanetologyCatalogueResponse;
beforeAll(async () => {
  catalogue = await realCatalogue();
}, 120_000);

describe('products', () => {
  it('15 raw resources, 15 P1, 24 P2, 21 P3, 8 P4, ordered by tier then name', () => {
    const byTier = [0, 1, 2, 3, 4].map((t) => catalogue.blueprints.filter((b) => b.tier === t).length);
    expect(byTier).toEqual([15, 15, 24, 21, 8]);
    expect(catalogue.blueprints.slice(0, 3).map((b) => b.name)).toEqual(['Aqueous Liquids', 'Autotrophs', 'Base Metals']);
  });

  it.each([
    [0, 0.005, 3000, 0],
    [1, 0.19, 20, 1800],
    [2, 0.75, 5, 3600],
    [3, 3, 3, 3600],
    [4, 50, 1, 3600],
  ])('tier %d: volume %d m³, output %d per %d s', (tier, volume, output, cycle) => {
    const products = catalogue.blueprints.filter((b) => b.tier === tier);
    expect(products.every((p) => p.volume === volume && p.output === output && p.cycleTime === cycle)).toBe(true);
  });

  it('Robotics (schematic 97) and a raw resource, as the spec shapes them', () => {
    expect(catalogue.blueprints.find((b) => b.id === 9848)).toEqual({
      id: 9848,
      name: 'Robotics',
      icon: 'https://images.example/types/9848/icon?size=64',
      output: 3,
      volume: 3,
      requirements: [
        { id: 3689, quantity: 10 },
        { id: 9836, quantity: 10 },
      ],
      tier: 3,
      cycleTime: 3600,
      schematicId: 97,
      pins: [2470, 2472, 2474, 2480, 2484, 2485, 2491, 2494],
    });
    expect(catalogue.blueprints.find((b) => b.id === 2267)).toMatchObject({
      name: 'Base Metals',
      output: 3000,
      volume: 0.005,
      requirements: [],
      tier: 0,
      schematicId: null,
      pins: [],
    });
  });

  it('a P4 taking a P1 is still P4 (Sterile Conduits: Smartfab Units, Water, Vaccines)', () => {
    expect(catalogue.blueprints.find((b) => b.id === 2875)).toMatchObject({ tier: 4, pins: [2475, 2482] });
  });
});

describe('planet types', () => {
  it('the eight PI planet types in the spec order, five resources each, with richness', () => {
    expect(catalogue.planetTypes.map((t) => t.id)).toEqual([2063, 2014, 2015, 2016, 2017, 13, 12, 11]);
    const barren = catalogue.planetTypes.find((t) => t.id === 2016)!;
    expect(barren.resources).toEqual([
      { id: 2073, richness: 0.6 },
      { id: 2267, richness: 0.8 },
      { id: 2268, richness: 0.3 },
      { id: 2270, richness: 0.8 },
      { id: 2288, richness: 0.5 },
    ]);
    expect(catalogue.planetTypes.every((t) => t.resources.length === 5)).toBe(true);
    expect(catalogue.planetTypes.every((t) => t.typicalDiameter > 1000 && t.typicalDiameter < 200000)).toBe(true);
  });

  it('the richness table covers exactly the resources the game data gives each planet type', () => {
    const fromData = catalogue.planetTypes.map((t) => [t.id, t.resources.map((r) => r.id)]);
    const fromTable = catalogue.planetTypes.map((t) => [t.id, [...(RICHNESS.get(t.id)?.keys() ?? [])].sort((a, b) => a - b)]);
    expect(fromTable).toEqual(fromData);
    expect(richness(2016, 2311)).toBe(DEFAULT_RICHNESS);
  });
});

describe('PI rules from dogma', () => {
  // game-mechanics §5.4 (CLIENT planetConst.py)
  it.each<[number, Partial<Record<PiPinKind, number>>]>([
    [11, { commandCenter: 2254, extractor: 3068, basic: 2481, advanced: 2480, highTech: 2482, storage: 2562, launchpad: 2256 }],
    [12, { commandCenter: 2533, extractor: 3061, basic: 2493, advanced: 2491, storage: 2257, launchpad: 2552 }],
    [13, { commandCenter: 2534, extractor: 3060, basic: 2492, advanced: 2494, storage: 2536, launchpad: 2543 }],
    [2014, { commandCenter: 2525, extractor: 3063, basic: 2490, advanced: 2485, storage: 2535, launchpad: 2542 }],
    [2015, { commandCenter: 2549, extractor: 3062, basic: 2469, advanced: 2470, storage: 2558, launchpad: 2555 }],
    [2016, { commandCenter: 2524, extractor: 2848, basic: 2473, advanced: 2474, highTech: 2475, storage: 2541, launchpad: 2544 }],
    [2017, { commandCenter: 2550, extractor: 3067, basic: 2483, advanced: 2484, storage: 2561, launchpad: 2557 }],
    [2063, { commandCenter: 2551, extractor: 3064, basic: 2471, advanced: 2472, storage: 2560, launchpad: 2556 }],
  ])('planet type %d', (planetTypeId, expected) => {
    const pins = Object.fromEntries(
      catalogue.rules.pins.filter((p) => p.planetTypeId === planetTypeId).map((p) => [p.kind, p.id]),
    );
    expect(pins).toEqual(expected);
  });

  it('fitting: Basic 200 tf / 800 MW, Advanced 500 / 700, High-Tech 1100 / 400, ECU 400 / 2600 + 110 / 550 per head, storage 500 / 700, launchpad 3600 / 700', () => {
    const fit = (id: number) => {
      const p = catalogue.rules.pins.find((x) => x.id === id)!;
      return [p.cpu, p.power, p.headCpu, p.headPower];
    };
    expect([2473, 2474, 2475, 2848, 2541, 2544].map(fit)).toEqual([
      [200, 800, 0, 0],
      [500, 700, 0, 0],
      [1100, 400, 0, 0],
      [400, 2600, 110, 550],
      [500, 700, 0, 0],
      [3600, 700, 0, 0],
    ]);
  });

  it('command-centre levels 0..5 and the link type', () => {
    expect(catalogue.rules.commandCenterLevels).toEqual([
      { level: 0, cpu: 1675, power: 6000 },
      { level: 1, cpu: 7057, power: 9000 },
      { level: 2, cpu: 12136, power: 12000 },
      { level: 3, cpu: 17215, power: 15000 },
      { level: 4, cpu: 21315, power: 17000 },
      { level: 5, cpu: 25415, power: 19000 },
    ]);
    expect(catalogue.rules.link).toEqual({
      cpu: 15,
      power: 10,
      cpuPerKm: 0.2,
      powerPerKm: 0.15,
      cpuLevelModifier: 1.4,
      powerLevelModifier: 1.2,
      bandwidth: 1250,
    });
  });

  it('refuses data without a link type or with a commodity it cannot name', () => {
    const base = {
      schematics: [],
      types: new Map(),
      pins: [],
      planetResources: new Map(),
      diameters: new Map(),
      icon: () => '',
    };
    expect(() => buildCatalogue(base)).toThrow(new CatalogueError('no planetary link type in the game data'));
    expect(() => buildCatalogue({ ...base, planetResources: new Map([[2016, [2267]]]) })).toThrow(
      'type 2267 missing from the game data',
    );
  });
});
