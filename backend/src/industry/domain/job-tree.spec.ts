import { ALL_SKILLS_V, NO_STRUCTURE_BONUS } from '@eve-toolkit/shared-types';
import { buildJobTree, JobTreeError, type TreeBlueprint, type TreeCatalog, type TreeSettings } from './job-tree';

/** A synthetic chain: item n is made from 2 × item n+1; the last one is bought. */
function chain(levels: number, fanOut = 1): TreeCatalog {
  const bp = (n: number): TreeBlueprint => ({
    id: 100_000 + n,
    activity: 'manufacturing',
    time: 60,
    materials: Array.from({ length: fanOut }, () => ({ typeId: n + 1, quantity: 2 })),
    product: { typeId: n, quantity: 1 },
    requiredSkillTimeBonuses: [],
  });
  return {
    blueprintFor: (id) => (id > 0 && id < levels ? bp(id) : undefined),
    type: (id) => ({ id, name: `Предмет ${id}`, nameEn: `Item ${id}`, groupId: 1, volume: 1 }),
    adjustedPrice: () => 10,
    hubPrice: () => ({ sell: 5, buy: 4 }),
    icon: (id) => `icon:${id}`,
    inventionFor: () => undefined,
  };
}

const settings: TreeSettings = {
  me: 0,
  te: 0,
  // every blueprint of the chain at ME 0 (components default to a researched original otherwise)
  componentMe: 0,
  componentTe: 0,
  facilityTax: 0,
  manufacturing: { structure: NO_STRUCTURE_BONUS, rigs: [] },
  reaction: { structure: NO_STRUCTURE_BONUS, rigs: [] },
  science: { structure: NO_STRUCTURE_BONUS, rigs: [] },
  secClass: 2,
  skills: ALL_SKILLS_V,
  costIndex: { manufacturing: 0.01, reaction: 0.01, invention: 0.01, copying: 0.01 },
  decryptors: [],
};

describe('tree limits', () => {
  it.each([
    [10, 10],
    [33, 33],
  ])('a %i-level chain builds (%i nodes)', (levels, nodes) => {
    const catalog = chain(levels);
    const built = buildJobTree(catalog.blueprintFor(1)!, 1, catalog, settings);
    expect(built.nodes).toBe(nodes);
  });

  it('a 100-level deep tree is refused in Russian', () => {
    const catalog = chain(101);
    expect(() => buildJobTree(catalog.blueprintFor(1)!, 1, catalog, settings)).toThrow(
      new JobTreeError('Дерево материалов слишком глубокое: больше 32 уровней'),
    );
  });

  it('a tree with too many nodes is refused in Russian', () => {
    const catalog = chain(12, 3); // 3^11 leaves
    expect(() => buildJobTree(catalog.blueprintFor(1)!, 1, catalog, settings, { maxDepth: 32, maxNodes: 50_000 })).toThrow(
      new JobTreeError('Дерево материалов слишком большое: больше 50 000 узлов'),
    );
  });

  it('a cycle two levels apart names the whole loop', () => {
    const catalog = chain(3);
    const looping: TreeCatalog = {
      ...catalog,
      blueprintFor: (id) =>
        id === 2 ? { ...catalog.blueprintFor(2)!, materials: [{ typeId: 1, quantity: 1 }] } : catalog.blueprintFor(id),
    };
    expect(() => buildJobTree(looping.blueprintFor(1)!, 1, looping, settings)).toThrow(
      new JobTreeError('Дерево материалов зациклено: Предмет 1 → Предмет 2 → Предмет 1'),
    );
  });

  it('quantities double per level, prices and warnings come from the catalogue', () => {
    const catalog = chain(3);
    const { root, warnings } = buildJobTree(catalog.blueprintFor(1)!, 3, catalog, settings);
    // the components' default: ME 10 (2 × 0.9 per unit: 6 -> 11 at the next level)
    const researched = buildJobTree(catalog.blueprintFor(1)!, 3, catalog, {
      ...settings,
      componentMe: undefined,
      componentTe: undefined,
    });
    expect([researched.root.me, researched.root.materials[0].me, researched.root.materials[0].materials[0].quantity]).toEqual([
      0, 10, 11,
    ]);
    expect([root.quantity, root.materials[0].quantity, root.materials[0].materials[0].quantity]).toEqual([3, 6, 12]);
    expect(root.materials[0].materials[0]).toMatchObject({ id: 3, runs: 0, activity_id: null, market_sell: 5, market_buy: 4 });
    // Fee: EIV 2 × 10 × 3 runs = 60; index 0.6 -> 1; SCC 2.4 -> 2.
    expect(root.work_price_parts).toEqual({ eiv: 60, index: 1, tax: 0, scc: 2 });
    expect(root.work_price_total).toBe(3);
    expect(warnings).toEqual([]);
  });
});
