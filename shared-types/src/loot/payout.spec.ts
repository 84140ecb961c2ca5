import { evenShare, groupValue, lootAppraisalLink, lootItemsText, payoutTable, payoutText, type LootPriceInfo } from './payout';

const prices = new Map<number, LootPriceInfo>([
  [34, { sell: 4.52, buy: 3.98, blueprint_copy: false }],
  [2488, { sell: 1_250_000, buy: 1_010_000.5, blueprint_copy: false }],
  [35, { sell: 10.01, buy: null, blueprint_copy: false }],
  [691, { sell: 850_000, buy: 600_000, blueprint_copy: true }],
]);

describe('groupValue', () => {
  it('a type without a price makes that side unknown (null), never the others summed; it is listed; copies are not valued', () => {
    expect(
      groupValue(
        [
          [34, 12_345],
          [2488, 3],
          [35, 7],
          [691, 2],
          [999_999, 1],
        ],
        prices,
      ),
    ).toEqual({ sell: null, buy: null, unpricedSell: [999_999], unpricedBuy: [35, 999_999], blueprints: [691] });
  });

  it('sums SELL and BUY to the cent when every type is priced, or priced instead (a price chosen for the missing side)', () => {
    const items: [number, number][] = [
      [34, 12_345],
      [2488, 3],
      [35, 7],
      [691, 2],
    ];
    expect(groupValue(items, prices, new Map([[35, { price: 9, source: { kind: 'manual' as const } }]]))).toEqual({
      // 12 345 × 4.52 = 55 799.40; 3 × 1 250 000 = 3 750 000; 7 × 10.01 = 70.07
      sell: 3_805_869.47,
      // 12 345 × 3.98 = 49 133.10; 3 × 1 010 000.50 = 3 030 001.50; 7 × 9 (typed in) = 63
      buy: 3_079_197.6,
      unpricedSell: [],
      unpricedBuy: [],
      blueprints: [691],
    });
  });

  it('an empty group is worth nothing', () => {
    expect(groupValue([], prices)).toEqual({ sell: 0, buy: 0, unpricedSell: [], unpricedBuy: [], blueprints: [] });
  });
});

describe('evenShare', () => {
  it.each([
    [3_805_869.47, 3, 1_268_623.15, 0.02],
    [100, 4, 25, 0],
    [0.05, 2, 0.02, 0.01],
    [10, 1, 10, 0],
    [10, 0, 0, 10],
  ])('%d ISK for %d pilots -> %d each, %d left', (value, pilots, share, remainder) => {
    expect(evenShare(value, pilots)).toEqual({ share, remainder });
  });
});

describe('payout table', () => {
  const names = ['Ivan Petrov', 'Anna Sokolova', 'Jon Doe'];
  const values = [groupValue([[2488, 3]], prices), groupValue([[34, 1000]], prices)];
  const groups = [[0, 2], [1]];

  it('one row per pilot, by group, with the even share of the chosen basis', () => {
    expect(payoutTable(names, groups, values, 'sell')).toEqual([
      { pilot: 'Ivan Petrov', group: 1, share: 1_875_000 },
      { pilot: 'Jon Doe', group: 1, share: 1_875_000 },
      { pilot: 'Anna Sokolova', group: 2, share: 4520 },
    ]);
    expect(payoutTable(names, groups, values, 'buy').map((r) => r.share)).toEqual([1_515_000.75, 1_515_000.75, 3980]);
  });

  it('copies as tab-separated lines with a header, for a Russian spreadsheet (decimal comma, no grouping)', () => {
    expect(payoutText(payoutTable(names, groups, values, 'buy'))).toBe(
      'Пилот\tГруппа\tДоля, ISK\nIvan Petrov\t1\t1515000,75\nJon Doe\t1\t1515000,75\nAnna Sokolova\t2\t3980,00',
    );
  });
});

describe('item list', () => {
  const items = [
    { name_en: 'Garde II', quantity: 5 },
    { name_en: 'Tritanium', quantity: 12_345 },
  ];
  it('copies as name<TAB>quantity lines', () => {
    expect(lootItemsText(items)).toBe('Garde II\t5\nTritanium\t12345');
  });
  it('links to the appraisal with literal \\t and \\n', () => {
    const link = lootAppraisalLink(items);
    expect(link).toBe('/market/appraisal?data=Garde%20II%5Ct5%5CnTritanium%5Ct12345');
    expect(decodeURIComponent(link.split('data=')[1])).toBe('Garde II\\t5\\nTritanium\\t12345');
  });
});
