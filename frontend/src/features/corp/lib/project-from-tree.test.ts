import { recalcTree } from '@eve-toolkit/shared-types';
import { jobPay, projectFromTree } from './project-from-tree';
import { jobNode as node } from '@eve-toolkit/shared-types/testing';

const trit = (quantity: number) => node({ id: 34, name: 'Tritanium', quantity, market_sell: 4, market_buy: 3.456 });
/** The same component built in two branches, one bought component, Tritanium everywhere. */
const widget = (runs: number, build: boolean, pay: number) =>
  node({
    id: 100,
    name: 'Widget',
    quantity: runs * 10,
    runs,
    quantity_per_run: 10,
    activity_id: 1,
    blueprint_id: 101,
    build,
    pay,
    materials: [trit(runs * 50)],
  });

const TREE = recalcTree(
  node({
    id: 587,
    name: 'Rifter',
    quantity: 3,
    runs: 3,
    activity_id: 1,
    blueprint_id: 691,
    build: true,
    pay: 1000.004,
    materials: [
      widget(2, true, 50),
      widget(1, true, 70),
      node({
        id: 200,
        name: 'Gadget',
        quantity: 5,
        runs: 5,
        activity_id: 11,
        blueprint_id: 201,
        build: false,
        market_buy: null,
        materials: [trit(1)],
      }),
      trit(100),
    ],
  }),
);

describe('projectFromTree', () => {
  it('built nodes as jobs summed per product, the shopping list at BUY price rounded to 0.01 as materials', () => {
    expect(projectFromTree(TREE, '  Рифтеры ', ' для академии ')).toEqual({
      name: 'Рифтеры',
      desc: 'для академии',
      jobs: [
        { id: 587, blueprint_id: 691, runs: 3, pay: 1000 },
        { id: 100, blueprint_id: 101, runs: 3, pay: 70 },
      ],
      materials: [
        { id: 34, quantity: 250, pay: 3.46 },
        // no BUY order for the Gadget: no pay offered, not 0
        { id: 200, quantity: 5, pay: null },
      ],
    });
  });

  it('sub-jobs without their own payout take the form’s rate; without a rate they have no pay (null), never 0', () => {
    const unpaid = recalcTree({ ...TREE, pay: 50_000, materials: [widget(2, true, 0), ...TREE.materials.slice(2)] });
    // only the root has a payout: the widget inherits the rate
    expect(projectFromTree(unpaid, 'x', '', { amount: 1_000, per: 'run' }).jobs).toEqual([
      { id: 587, blueprint_id: 691, runs: 3, pay: 50_000 },
      { id: 100, blueprint_id: 101, runs: 2, pay: 1_000 },
    ]);
    // per unit: × the 10 widgets a run makes
    expect(projectFromTree(unpaid, 'x', '', { amount: 150, per: 'unit' }).jobs[1]).toEqual({
      id: 100,
      blueprint_id: 101,
      runs: 2,
      pay: 1_500,
    });
    expect(projectFromTree(unpaid, 'x', '').jobs[1].pay).toBeNull();
    expect(jobPay(node({ id: 1, quantity: 1 }), { amount: 0, per: 'run' })).toBeNull();
  });

  it('a root that cannot be built is a plain purchase', () => {
    expect(projectFromTree(trit(10), 'x', '')).toEqual({
      name: 'x',
      desc: '',
      jobs: [],
      materials: [{ id: 34, quantity: 10, pay: 3.46 }],
    });
  });
});
