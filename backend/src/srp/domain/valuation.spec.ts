import { valueLoss, type PricedType } from './valuation';

const RIFTER = 587;
const prices = (rows: [number, number, PricedType['source']][]) =>
  new Map(rows.map(([id, price, source]) => [id, { price, source }]));

describe('valueLoss: hull + items, destroyed and dropped, at the hub', () => {
  it.each([
    ['the hull alone', [], prices([[RIFTER, 500_000, 'history']]), { total: 500_000, missing: [], source: 'history' }],
    [
      'hull + destroyed + dropped (both count)',
      [
        { typeId: 2488, destroyed: 3, dropped: 2 },
        { typeId: 28668, destroyed: 0, dropped: 10 },
      ],
      prices([
        [RIFTER, 500_000, 'history'],
        [2488, 40_768.5, 'history'],
        [28668, 6_500, 'history'],
      ]),
      // 500 000 + 5 × 40 768.5 + 10 × 6 500 = 768 842.5 -> 768 843
      { total: 768_843, missing: [], source: 'history' },
    ],
    [
      'history for some, today for others',
      [{ typeId: 34, destroyed: 1000, dropped: 500 }],
      prices([
        [RIFTER, 500_000, 'history'],
        [34, 4.2, 'now'],
      ]),
      { total: 506_300, missing: [], source: 'mixed' },
    ],
    [
      'an unpriced item: unknown, named with its quantity (never 0)',
      [
        { typeId: 2488, destroyed: 1, dropped: 0 },
        { typeId: 99999, destroyed: 2, dropped: 1 },
      ],
      prices([
        [RIFTER, 500_000, 'now'],
        [2488, 40_000, 'now'],
      ]),
      { total: null, missing: [{ typeId: 99999, quantity: 3 }], source: 'now' },
    ],
    ['an unpriced hull', [], prices([]), { total: null, missing: [{ typeId: RIFTER, quantity: 1 }], source: 'now' }],
    [
      'the hull type also in cargo (a packaged spare): counted twice',
      [{ typeId: RIFTER, destroyed: 0, dropped: 1 }],
      prices([[RIFTER, 500_000, 'now']]),
      { total: 1_000_000, missing: [], source: 'now' },
    ],
  ])('%s', (_name, items, p, expected) => {
    expect(valueLoss(RIFTER, items, p)).toEqual(expected);
  });
});
