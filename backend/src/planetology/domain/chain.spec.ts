/**
 * Golden chains on the real SDE: factory counts and inputs follow the schematics' whole ratios
 * (P1 20 per 30 min, P2 5 per hour from 40 + 40, P3 3 per hour from 10 + 10 (+ 10), P4 1 per hour
 * from 6 + 6 + 6 or 6 + 6 + 40 P1), e.g. one Robotics plant takes 10 Mechanical Parts an hour,
 * which two P2 plants make (5 each).
 */
import { PLANETOLOGY_MESSAGES, planChain, PlanetologyError, type PlanetologyCatalogueResponse } from '@eve-toolkit/shared-types';
import { realCatalogue } from '../../../test/fixtures/planetology-sde';

let catalogue: PlanetologyCatalogueResponse;
beforeAll(async () => {
  catalogue = await realCatalogue();
}, 120_000);

/** [name, factories, perHour] of the chain's factories, and [name, perHour] of its raw resources. */
function summary(targetId: number) {
  const chain = planChain(catalogue, targetId);
  return {
    factories: chain.factories.map((f) => [f.name, f.factories, f.perHour]),
    extractors: chain.extractors.map((e) => [e.name, e.perHour]),
  };
}

describe('planChain', () => {
  it('P1 Water: one Basic Industry Facility (40 an hour) on 6000 Aqueous Liquids an hour', () => {
    const chain = planChain(catalogue, 3645);
    expect(chain.target).toMatchObject({ id: 3645, tier: 1, factories: 1, perHour: 40, unitsPerCycle: 666 });
    expect(chain.target.inputs).toEqual([{ id: 2268, name: 'Aqueous Liquids', icon: expect.any(String), quantity: 3000 }]);
    expect(chain.extractors).toHaveLength(1);
    expect(chain.extractors[0]).toMatchObject({
      id: 2268,
      tier: 0,
      factories: 0,
      perHour: 6000,
      inputs: [],
      unitsPerCycle: null,
      feeds: [3645],
    });
    // Aqueous Liquids: Barren, Gas, Ice, Oceanic, Storm, Temperate (richest first).
    expect(chain.extractors[0].planetTypes.map((t) => t.id).sort((a, b) => a - b)).toEqual([11, 12, 13, 2014, 2016, 2017]);
    const rich = chain.extractors[0].planetTypes.map((t) => t.richness);
    expect([...rich].sort((a, b) => b - a)).toEqual(rich);
  });

  it('P3 Robotics: 1 plant <- 2 Mechanical Parts + 2 Consumer Electronics <- 2 of each P1 <- 12000 of each P0 an hour', () => {
    expect(summary(9848)).toEqual({
      factories: [
        ['Chiral Structures', 2, 80],
        ['Precious Metals', 2, 80],
        ['Reactive Metals', 2, 80],
        ['Toxic Metals', 2, 80],
        ['Consumer Electronics', 2, 10],
        ['Mechanical Parts', 2, 10],
        ['Robotics', 1, 3],
      ],
      extractors: [
        ['Base Metals', 12000],
        ['Heavy Metals', 12000],
        ['Noble Metals', 12000],
        ['Non-CS Crystals', 12000],
      ],
    });
    const chain = planChain(catalogue, 9848);
    expect(chain.target.inputs.map((i) => [i.id, i.quantity])).toEqual([
      [3689, 10],
      [9836, 10],
    ]);
    const mech = chain.factories.find((f) => f.id === 3689)!;
    expect(mech.inputs.map((i) => [i.name, i.quantity])).toEqual([
      ['Reactive Metals', 40],
      ['Precious Metals', 40],
    ]);
    expect(mech.feeds).toEqual([9848]);
    // floor(10000 / (10 * 0.75 + 10 * 0.75)) = 666; P2: floor(10000 / (40 * 0.19 * 2)) = 657
    expect(chain.target.unitsPerCycle).toBe(666);
    expect(mech.unitsPerCycle).toBe(657);
  });

  it('P4 Wetware Mainframe: shared P1 inputs add up (Water for three P2, 12 plants)', () => {
    expect(summary(2876)).toEqual({
      factories: [
        ['Bacteria', 12, 480],
        ['Biofuels', 4, 160],
        ['Chiral Structures', 4, 160],
        ['Electrolytes', 8, 320],
        ['Oxygen', 4, 160],
        ['Proteins', 8, 320],
        ['Reactive Metals', 12, 480],
        ['Toxic Metals', 8, 320],
        ['Water', 12, 480],
        ['Construction Blocks', 4, 20],
        ['Consumer Electronics', 4, 20],
        ['Coolant', 4, 20],
        ['Fertilizer', 4, 20],
        ['Livestock', 4, 20],
        ['Nanites', 4, 20],
        ['Synthetic Oil', 4, 20],
        ['Test Cultures', 4, 20],
        ['Water-Cooled CPU', 4, 20],
        ['Biotech Research Reports', 2, 6],
        ['Cryoprotectant Solution', 2, 6],
        ['Supercomputers', 2, 6],
        ['Wetware Mainframe', 1, 1],
      ],
      extractors: [
        ['Aqueous Liquids', 72000],
        ['Base Metals', 72000],
        ['Carbon Compounds', 24000],
        ['Complex Organisms', 48000],
        ['Heavy Metals', 48000],
        ['Ionic Solutions', 48000],
        ['Microorganisms', 72000],
        ['Noble Gas', 24000],
        ['Non-CS Crystals', 24000],
      ],
    });
    const target = planChain(catalogue, 2876).target;
    expect(target.inputs.map((i) => [i.name, i.quantity])).toEqual([
      ['Supercomputers', 6],
      ['Biotech Research Reports', 6],
      ['Cryoprotectant Solution', 6],
    ]);
    // floor(10000 / (3 * 6 * 3)) = 185
    expect(target.unitsPerCycle).toBe(185);
  });

  it('P4 Nano-Factory takes a P1 directly: 40 Reactive Metals an hour, one Basic facility', () => {
    const chain = planChain(catalogue, 2869);
    expect(chain.target.inputs.map((i) => [i.name, i.quantity])).toEqual([
      ['Industrial Explosives', 6],
      ['Reactive Metals', 40],
      ['Ukomi Superconductors', 6],
    ]);
    expect(chain.factories.find((f) => f.id === 2398)).toMatchObject({ factories: 1, perHour: 40, feeds: [2869] });
    expect(chain.factories.find((f) => f.id === 2360)).toMatchObject({ factories: 2, perHour: 6 });
    expect(chain.factories.find((f) => f.id === 3693)).toMatchObject({ factories: 4, perHour: 20 });
    expect(chain.extractors.find((e) => e.id === 2267)).toMatchObject({ perHour: 6000 });
    // floor(10000 / (6 * 3 + 40 * 0.19 + 6 * 3)) = floor(10000 / 43.6) = 229
    expect(chain.target.unitsPerCycle).toBe(229);
  });

  it('scales with the number of target factories', () => {
    const chain = planChain(catalogue, 9848, 3);
    expect(chain.target).toMatchObject({ factories: 3, perHour: 9 });
    expect(chain.factories.find((f) => f.id === 3689)).toMatchObject({ factories: 6, perHour: 30 });
  });

  it.each([
    [0, PLANETOLOGY_MESSAGES.chooseProduct],
    [34, PLANETOLOGY_MESSAGES.chooseProduct],
    [2268, PLANETOLOGY_MESSAGES.rawResource],
  ])('product %d is refused: %s', (id, message) => {
    expect(() => planChain(catalogue, id)).toThrow(new PlanetologyError(message));
  });

  it('every product P1..P4 has a chain ending in raw resources only', () => {
    for (const p of catalogue.blueprints.filter((b) => b.tier > 0)) {
      const chain = planChain(catalogue, p.id);
      expect(chain.target.id).toBe(p.id);
      expect(chain.extractors.length).toBeGreaterThan(0);
      expect(chain.extractors.every((e) => e.planetTypes.length > 0)).toBe(true);
      expect(chain.factories.every((f) => f.factories >= 1)).toBe(true);
    }
  });
});
