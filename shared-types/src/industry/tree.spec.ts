import {
  appraisalLink,
  cheapestChoice,
  countNodes,
  multibuyText,
  nodeAt,
  nodeCost,
  priceWarnings,
  recalcTree,
  setAll,
  setBuild,
  setPay,
  shoppingList,
  summarize,
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
    expect(root.materials_total_buy).toBe(102 + 0 + 5 * 1.5 + 100);
    expect(nodeCost(nodeAt(root, [1])!, 'sell')).toBe(150);
    expect(countNodes(root)).toBe(6);
  });

  it('toggling a node to buy updates it and every total above, and back', () => {
    const root = fixture();
    const bought = setBuild(root, [0], false);
    expect(bought.materials[0].build).toBe(false);
    expect(bought.materials_total_sell).toBe(4 * 100 + 150 + 10 + 100);
    expect(bought.materials_total_buy).toBe(4 * 90 + 0 + 7.5 + 100);
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
      purchases_buy: 60 + 32 + 0 + 7.5,
      fees: 110,
      fee_index: 26,
      fee_tax: 1,
      fee_scc: 83,
      payouts: 20,
      cost_sell: 280 + 110 + 20,
      cost_buy: 99.5 + 110 + 20,
      volume_product: 20,
      time_total: 1300,
      time_critical: 1300,
      jobs: 2,
    });
    expect(s.margin_sell).toBeCloseTo(((2000 - 410) / 2000) * 100, 12);
    expect(s.margin_buy).toBeCloseTo(((1600 - 229.5) / 1600) * 100, 12);
    expect(s.volume_purchases).toBeCloseTo(0.4 + 0.8 + 6 + 0.05, 10);
  });

  it('warns about bought items without a hub price', () => {
    expect(priceWarnings(fixture())).toEqual(['Нет ордеров на покупку (BUY) в хабе, цена взята как 0: Item 3']);
  });
});
