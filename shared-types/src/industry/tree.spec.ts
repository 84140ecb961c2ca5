import {
  appraisalLink,
  carryChoices,
  cheapestChoice,
  countNodes,
  decryptorChoices,
  multibuyText,
  nodeAt,
  missingPrices,
  nodeCost,
  priceWarnings,
  recalcTree,
  setAll,
  setBuild,
  setPay,
  shoppingList,
  summarize,
  type InventionStep,
  type JobNode,
} from './tree';
import { jobNode as node } from '../testing';

/**
 *   Product ×2 (fee 100, 1 000 s)
 *   ├─ A ×4 (fee 10 = 6 index + 1 tax + 3 scc, 300 s) ── X ×40, Y ×8
 *   ├─ B ×3 (no BUY orders)
 *   └─ X ×5
 */
function fixture(): JobNode {
  const x = (quantity: number) => node({ id: 10, quantity, market_sell: 2, market_buy: 1.5, volume: 0.01 });
  const a = node({
    id: 2,
    quantity: 4,
    market_sell: 100,
    market_buy: 90,
    work_price_total: 10,
    work_price_parts: { eiv: 200, index: 6, tax: 1, scc: 3 },
    time: 300,
    materials: [x(40), node({ id: 11, quantity: 8, market_sell: 5, market_buy: 4, volume: 0.1 })],
  });
  const b = node({ id: 3, quantity: 3, market_sell: 50, market_buy: null, volume: 2 });
  return recalcTree(
    node({
      id: 1,
      quantity: 2,
      market_sell: 1000,
      market_buy: 800,
      volume: 10,
      work_price_total: 100,
      work_price_parts: { eiv: 2000, index: 20, tax: 0, scc: 80 },
      time: 1000,
      materials: [a, b, x(5)],
    }),
  );
}

describe('totals', () => {
  it('a built node costs its materials + job fee + payout × runs, at sell and at buy prices', () => {
    const root = fixture();
    expect(nodeAt(root, [0])).toMatchObject({
      materials_total_sell: 40 * 2 + 8 * 5 + 10,
      materials_total_buy: 40 * 1.5 + 8 * 4 + 10,
    });
    expect(root.materials_total_sell).toBe(130 + 3 * 50 + 5 * 2 + 100);
    // B has no BUY order: the total at buy prices is unknown, never B counted as 0
    expect(root.materials_total_buy).toBeNull();
    expect(missingPrices(root, 'buy')).toEqual([3]);
    expect(missingPrices(root, 'sell')).toEqual([]);
    expect(nodeCost(nodeAt(root, [1])!, 'sell')).toBe(150);
    expect(countNodes(root)).toBe(6);
  });

  it('toggling a node to buy updates it and every total above, and back', () => {
    const root = fixture();
    const bought = setBuild(root, [0], false);
    expect(bought.materials[0].build).toBe(false);
    expect(bought.materials_total_sell).toBe(4 * 100 + 150 + 10 + 100);
    expect(bought.materials_total_buy).toBeNull();
    // the node keeps what building it would cost, for comparison
    expect(bought.materials[0].materials_total_sell).toBe(130);
    // unchanged siblings are shared, not copied
    expect(bought.materials[1]).toBe(root.materials[1]);
    expect(setBuild(bought, [0], true)).toEqual(root);
    // the root is always built; leaves cannot be toggled
    expect(setBuild(root, [], false)).toBe(root);
    expect(setBuild(root, [1], true)).toBe(root);
    expect(setBuild(root, [9, 9], true)).toBe(root);
  });

  it('payout per run adds payout × runs to the node and everything above; negative input is ignored', () => {
    const root = fixture();
    const paid = setPay(root, [0], 5);
    expect(paid.materials[0].materials_total_sell).toBe(130 + 5 * 4);
    expect(paid.materials_total_sell).toBe(390 + 20);
    expect(setPay(paid, [0], -1)).toBe(paid);
    expect(setPay(paid, [0], Number.NaN)).toBe(paid);
    expect(setPay(paid, [], 7).materials_total_sell).toBe(410 + 7 * 2);
    expect(setPay(paid, [0], 0)).toEqual(root);
  });

  it('setAll builds or buys everything below the root', () => {
    const root = fixture();
    expect(setAll(root, false).materials_total_sell).toBe(660);
    expect(setAll(setAll(root, false), true)).toEqual(root);
  });
});

describe('cheapest choice', () => {
  it('builds where building (with fees) is cheaper, buys where buying is', () => {
    const root = fixture();
    expect(cheapestChoice(setAll(root, false), 'sell')).toEqual(root); // 130 to build < 400 to buy
    const cheapA = recalcTree({ ...root, materials: [{ ...root.materials[0], market_sell: 20 }, ...root.materials.slice(1)] });
    const chosen = cheapestChoice(cheapA, 'sell');
    expect(chosen.materials[0].build).toBe(false); // 4 × 20 = 80 < 130
    expect(chosen.materials_total_sell).toBe(80 + 150 + 10 + 100);
    // at buy prices A costs 4 × 90 = 360 to buy against 102 to build
    expect(cheapestChoice(cheapA, 'buy').materials[0].build).toBe(true);
  });

  it('builds items the hub has no price for, and never buys the root', () => {
    const root = fixture();
    const noPrice = recalcTree({
      ...root,
      market_sell: 1,
      materials: [{ ...root.materials[0], market_sell: null }, ...root.materials.slice(1)],
    });
    const chosen = cheapestChoice(noPrice, 'sell');
    expect(chosen.build).toBe(true);
    expect(chosen.materials[0].build).toBe(true);
  });
});

describe('shopping list and summary', () => {
  it('sums what is bought per item, most valuable first, in multibuy and appraisal-link form', () => {
    const list = shoppingList(fixture());
    expect(list.map((i) => [i.id, i.quantity])).toEqual([
      [3, 3],
      [10, 45],
      [11, 8],
    ]);
    expect(list[1].volume).toBeCloseTo(0.45, 10);
    expect(multibuyText(list)).toBe('Item 3\t3\nItem 10\t45\nItem 11\t8');
    expect(appraisalLink(list)).toBe(`/market/appraisal?data=${encodeURIComponent('Item 3\\t3\\nItem 10\\t45\\nItem 11\\t8')}`);
    const bought = shoppingList(setBuild(fixture(), [0], false));
    expect(bought.map((i) => [i.id, i.quantity])).toEqual([
      [2, 4],
      [3, 3],
      [10, 5],
    ]);
  });

  it('summary: fees, payouts, purchases, margin = (sell − cost) / sell × 100, volumes and times', () => {
    const s = summarize(setPay(fixture(), [0], 5));
    expect(s).toMatchObject({
      product_sell: 2000,
      product_buy: 1600,
      purchases_sell: 40 * 2 + 8 * 5 + 150 + 10,
      purchases_buy: null,
      missing_sell: [],
      missing_buy: [3],
      fees: 110,
      fee_index: 26,
      fee_tax: 1,
      fee_scc: 83,
      payouts: 20,
      cost_sell: 280 + 110 + 20,
      cost_buy: null,
      margin_buy: null,
      profit_buy: null,
      volume_product: 20,
      time_jobs: 1300,
      time_sequential: 1300,
      time_critical: 1300,
      jobs: 2,
    });
    expect(s.margin_sell).toBeCloseTo(((2000 - 410) / 2000) * 100, 12);
    // with B's BUY price known the BUY side is counted
    const priced = summarize(
      setPay(
        recalcTree({ ...fixture(), materials: fixture().materials.map((m) => (m.id === 3 ? { ...m, market_buy: 40 } : m)) }),
        [0],
        5,
      ),
    );
    expect(priced.cost_buy).toBe(60 + 32 + 120 + 7.5 + 110 + 20);
    expect(priced.margin_buy).toBeCloseTo(((1600 - 349.5) / 1600) * 100, 12);
    expect(priced.missing_buy).toEqual([]);
    expect(s.volume_purchases).toBeCloseTo(0.4 + 0.8 + 6 + 0.05, 10);
  });

  it('warns about bought items without a hub price', () => {
    expect(priceWarnings(fixture())).toEqual(['Нет цены BUY в хабе: Item 3 — затраты и маржа по BUY неизвестны']);
  });
});

/**
 * The fixture with A invented: 2 datacores (sell 10, buy 8) per attempt, chance 0.5, 2 runs per
 * copy -> 2 copies for A's 4 runs, 4 attempts; the chosen option costs 30 a run at sell, 24 at buy.
 */
function invented(): JobNode {
  const root = fixture();
  const step: InventionStep = {
    source_id: 500,
    source_name: 'T1 blueprint',
    source_icon: '',
    copy: true,
    decryptor_id: null,
    probability: 0.5,
    runs_per_copy: 2,
    me: 2,
    te: 4,
    copies: 2,
    attempts: 4,
    time: 4000,
    copy_time: 200,
    materials: [
      {
        id: 20,
        name: 'Datacore',
        name_en: 'Datacore',
        icon: '',
        quantity: 2,
        market_sell: 10,
        market_buy: 8,
        price_source: null,
        volume: 0.1,
      },
    ],
    fee: 12,
    copy_fee: 4,
    cost_sell: 4 * 30,
    cost_buy: 4 * 24,
    options: [
      // no decryptor: A's materials as they are (40 X, 8 Y)
      {
        decryptor_id: null,
        name: 'Без декриптора',
        probability: 0.5,
        runs_per_copy: 2,
        me: 2,
        te: 4,
        attempts: 4,
        per_run_sell: 30,
        per_run_buy: 24,
        materials: [40, 8],
      },
      // a decryptor that saves materials (36 X, 7 Y) but costs more per run
      {
        decryptor_id: 7,
        name: 'Decryptor',
        probability: 0.6,
        runs_per_copy: 3,
        me: 5,
        te: 2,
        attempts: 4,
        per_run_sell: 33,
        per_run_buy: 40,
        materials: [36, 7],
      },
    ],
  };
  return recalcTree({ ...root, materials: [{ ...root.materials[0], invention: step }, ...root.materials.slice(1)] });
}

describe('invention in the tree', () => {
  it('adds the expected invention cost to the invented node and every total above', () => {
    const root = invented();
    expect(root.materials[0].materials_total_sell).toBe(130 + 120);
    expect(root.materials[0].materials_total_buy).toBe(102 + 96);
    expect(root.materials_total_sell).toBe(390 + 120);
    // bought, the invention is not needed
    expect(setBuild(root, [0], false).materials_total_sell).toBe(660);
  });

  it('the shopping list carries what the planned attempts consume; the summary the invention and the science time', () => {
    const root = invented();
    expect(shoppingList(root).find((i) => i.id === 20)).toMatchObject({ quantity: 8, volume: 0.8 });
    const s = summarize(root);
    expect(s).toMatchObject({
      invention_sell: 120,
      invention_buy: 96,
      cost_sell: 280 + 110 + 120,
      time_science: 4200,
      time_jobs: 1300,
      time_sequential: 5500,
    });
    // the critical path waits for copy + invention before A's job: 1 000 + 300 + 4 200
    expect(s.time_critical).toBe(5500);
    expect(s.volume_purchases).toBeCloseTo(1.2 + 6 + 0.05 + 0.8, 10);
    expect(shoppingList(setBuild(root, [0], false)).some((i) => i.id === 20)).toBe(false);
  });

  it('decryptor choices: per unit with the materials at each ME valued as they cost now; the cheapest marked', () => {
    const root = invented();
    const a = root.materials[0];
    // X 2 a unit, Y 5 a unit at sell; fee 10; 4 units
    const none = (40 * 2 + 8 * 5 + 10 + 30 * 4) / 4;
    const dec = (36 * 2 + 7 * 5 + 10 + 33 * 4) / 4;
    const sell = decryptorChoices(a, 'sell');
    expect(sell.map((c) => [c.decryptor_id, c.per_unit, c.cheapest, c.chosen])).toEqual([
      [null, none, false, true],
      [7, dec, true, false],
    ]);
    // at buy prices the decryptor's 40 a run outweighs the saved materials
    expect(decryptorChoices(a, 'buy').map((c) => c.cheapest)).toEqual([true, false]);
    expect(decryptorChoices(root, 'sell')).toEqual([]);
  });
});

describe('trade fees, profit and ISK per hour', () => {
  it('sell orders pay sales tax and broker fee, selling into buy orders only the sales tax', () => {
    const s = summarize(fixture(), { salesTax: 0.036, brokerFee: 0.015 });
    // product 2 000 at sell, 1 600 at buy; cost 390 at sell, unknown at buy (B has no BUY order)
    expect(s.trade_fees_sell).toBeCloseTo(2000 * 0.051, 10);
    expect(s.trade_fees_buy).toBeCloseTo(1600 * 0.036, 10);
    expect(s.profit_sell).toBeCloseTo(2000 - 102 - 390, 10);
    expect(s.profit_buy).toBeNull();
    expect(s.margin_sell).toBeCloseTo(((2000 - 102 - 390) / 2000) * 100, 10);
    // 1 300 s of jobs
    expect(s.isk_per_hour_sell).toBeCloseTo((2000 - 102 - 390) / (1300 / 3600), 8);
    // without fees the margin is the spec's formula
    expect(summarize(fixture()).margin_sell).toBeCloseTo(((2000 - 390) / 2000) * 100, 12);
  });

  it('no price, no profit', () => {
    const s = summarize(recalcTree({ ...fixture(), market_sell: null, market_buy: null }), { salesTax: 0.036, brokerFee: 0.015 });
    expect([s.trade_fees_sell, s.profit_sell, s.margin_sell, s.isk_per_hour_buy]).toEqual([null, null, null, null]);
  });
});

describe('carryChoices', () => {
  it('keeps build/buy and payouts where the recalculated tree has the same item at the same place', () => {
    const chosen = setPay(setBuild(fixture(), [0], false), [], 3);
    const next = carryChoices(chosen, fixture());
    expect(next.materials[0].build).toBe(false);
    expect(next.pay).toBe(3);
    expect(next).toEqual(chosen);
    // another item at a place: its own defaults
    const other = recalcTree({
      ...fixture(),
      materials: [{ ...fixture().materials[0], id: 99 }, ...fixture().materials.slice(1)],
    });
    expect(carryChoices(chosen, other).materials[0].build).toBe(true);
  });
});

describe('unknown prices are unknown, never 0', () => {
  /** The invented fixture with the datacore's SELL price gone (as the server sends it: cost and per-run unknown at sell). */
  function noDatacoreSell(): JobNode {
    const root = invented();
    const a = root.materials[0];
    const step = a.invention!;
    const unpriced: InventionStep = {
      ...step,
      materials: step.materials.map((m) => ({ ...m, market_sell: null })),
      cost_sell: null,
      options: step.options.map((o) => ({ ...o, per_run_sell: null })),
    };
    return recalcTree({ ...root, materials: [{ ...a, invention: unpriced }, ...root.materials.slice(1)] });
  }

  it('a datacore without a price makes the invented node, every total above and the summary unknown on that side', () => {
    const root = noDatacoreSell();
    expect(root.materials[0].materials_total_sell).toBeNull();
    expect(root.materials_total_sell).toBeNull();
    expect(root.materials_total_buy).toBeNull(); // B still has no BUY order
    expect(missingPrices(root, 'sell')).toEqual([20]);
    const s = summarize(root);
    expect([s.invention_sell, s.cost_sell, s.profit_sell, s.margin_sell, s.isk_per_hour_sell]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(s.missing_sell).toEqual([20]);
    expect(s.product_sell).toBe(2000); // the product's own price is still known
    expect(decryptorChoices(root.materials[0], 'sell').map((c) => [c.per_unit, c.cheapest])).toEqual([
      [null, false],
      [null, false],
    ]);
    expect(priceWarnings(root)[0]).toBe('Нет цены SELL в хабе: Datacore — затраты и маржа по SELL неизвестны');
  });

  it('bought, the unpriced invention does not matter any more', () => {
    const root = setBuild(noDatacoreSell(), [0], false);
    expect(root.materials_total_sell).toBe(660);
    expect(missingPrices(root, 'sell')).toEqual([]);
  });

  it('the cheapest choice buys an item whose build cost is unknown when its price is known', () => {
    const root = fixture();
    const unknownBelow = recalcTree({
      ...root,
      materials: [
        { ...root.materials[0], materials: root.materials[0].materials.map((m) => ({ ...m, market_sell: null })) },
        ...root.materials.slice(1),
      ],
    });
    expect(unknownBelow.materials[0].materials_total_sell).toBeNull();
    const chosen = cheapestChoice(unknownBelow, 'sell');
    expect(chosen.materials[0].build).toBe(false);
    expect(chosen.materials_total_sell).toBe(4 * 100 + 150 + 10 + 100);
  });

  it('the summary says which ME/TE the built jobs use', () => {
    const root = invented();
    const withMeTe = recalcTree({
      ...root,
      me: 0,
      te: 0,
      materials: [{ ...root.materials[0], me: 2, te: 4, blueprint_source: 'invent' }, ...root.materials.slice(1)],
    });
    expect(summarize(withMeTe).blueprints).toEqual([
      { me: 0, te: 0, source: 'owned', jobs: 1, names: ['Item 1'] },
      { me: 2, te: 4, source: 'invent', jobs: 1, names: ['Item 2'] },
    ]);
  });
});
