import { HubBookAccumulator } from './hub-book';
import {
  buyStats,
  dayKey,
  median,
  sellOnDay,
  sellStats,
  shiftDay,
  trimHistory,
  windowMedians,
  type LastPrices,
} from './price-stats';

const o = (price: number, volume: number) => ({ price, volume });

describe('sellStats / buyStats', () => {
  it.each([
    ['empty side', [], { best: null, robust: null, top: null, volume: 0, orders: 0 }],
    ['one order', [o(5.5, 100)], { best: 5.5, robust: 5.5, top: 5.5, volume: 100, orders: 1 }],
    // a 1-unit bait far below the market: lowest stays what the game shows, robust ignores it
    [
      'tiny outlier below',
      [o(1, 1), o(5, 1_000_000), o(5.2, 500_000)],
      { best: 1, robust: 5, top: 5, volume: 1_500_001, orders: 3 },
    ],
    // several small orders in front: together 0.9 % of the volume (< 1 %), skipped
    [
      'small orders in front',
      [o(4.9, 3000), o(4.95, 6000), o(5.0, 991_000)],
      { best: 4.9, robust: 5, top: 4.99, volume: 1_000_000, orders: 3 },
    ],
    // the front orders reach exactly 1 %: the order that reaches it sets the robust price
    [
      'exactly 1 %',
      [o(4.9, 4000), o(4.95, 6000), o(5.0, 990_000)],
      { best: 4.9, robust: 4.95, top: 4.99, volume: 1_000_000, orders: 3 },
    ],
    ['ties at the best price', [o(7, 10), o(7, 10), o(8, 10)], { best: 7, robust: 7, top: 7, volume: 30, orders: 3 }],
    ['unsorted input', [o(9, 50), o(3, 50), o(6, 50)], { best: 3, robust: 3, top: 3, volume: 150, orders: 3 }],
    [
      'invalid rows ignored',
      [o(0, 10), o(5, 0), o(Number.NaN, 5), o(6, 2)],
      { best: 6, robust: 6, top: 6, volume: 2, orders: 1 },
    ],
  ])('sell: %s', (_name, orders, expected) => {
    expect(sellStats(orders)).toEqual(expected);
  });

  it.each([
    ['empty side', [], { best: null, robust: null, top: null, volume: 0, orders: 0 }],
    ['one order', [o(4.2, 7)], { best: 4.2, robust: 4.2, top: 4.2, volume: 7, orders: 1 }],
    // a tiny "scam" buy far above the market
    [
      'tiny outlier above',
      [o(100, 2), o(4, 800_000), o(3.9, 200_000)],
      { best: 100, robust: 4, top: 4, volume: 1_000_002, orders: 3 },
    ],
    ['ties', [o(4, 5), o(4, 5), o(3, 990)], { best: 4, robust: 4, top: 3.2, volume: 1000, orders: 3 }],
  ])('buy: %s', (_name, orders, expected) => {
    expect(buyStats(orders)).toEqual(expected);
  });
});

describe('top 5 % of the book (volume-weighted)', () => {
  it.each([
    // 5 % of 100 units = 5: all from the best order
    ['the best order holds the 5 %', [o(10, 10), o(11, 10), o(12, 80)], 10],
    // 2 units at 10, 2 at 11, 1 of the order at 12: (20 + 22 + 12) / 5
    ['the 5 % spans three orders, the last one in part', [o(12, 96), o(10, 2), o(11, 2)], 10.8],
    // a 1-unit bait below the market barely moves it: (1 + 4 999 × 5) / 5 000
    ['a bait order is one unit of the 5 %', [o(0.01, 1), o(5, 99_999)], 5],
    ['rounded to the cent', [o(1, 1), o(2, 59)], 1.67],
  ])('sell: %s', (_name, orders, top) => {
    expect(sellStats(orders).top).toBe(top);
  });

  it('buy: walks from the highest price', () => {
    // 5 % of 200 = 10: 4 at 9, 6 at 8
    expect(buyStats([o(7, 190), o(9, 4), o(8, 6)]).top).toBe(8.4);
  });
});

describe('median', () => {
  it.each([
    [[], null],
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[2, 2, 2, 9], 2],
    [[2.73, 2.74], 2.735],
    [[0.2, 0.1], 0.15],
  ])('%j -> %s', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe('history window', () => {
  const today = '2025-10-31';
  const days = (entries: Array<[string, number | null, number | null]>): LastPrices =>
    Object.fromEntries(entries.map(([d, S, B]) => [d, { S, B }]));

  it('shifts and formats UTC days', () => {
    expect(shiftDay('2025-03-01', -1)).toBe('2025-02-28');
    expect(shiftDay(today, -29)).toBe('2025-10-02');
    expect(dayKey(Date.parse('2025-10-31T23:59:59Z'))).toBe('2025-10-31');
  });

  it('takes medians over the 30 days ending today, per side, skipping empty values', () => {
    const lp = days([
      ['2025-10-01', 1000, 1000], // 30 days before today: outside the window
      ['2025-10-02', 10, 8],
      ['2025-10-15', 12, null],
      ['2025-10-30', 11, 9],
      ['2025-10-31', 20, 7],
      ['2025-11-01', 500, 500], // in the future: ignored
    ]);
    expect(windowMedians(lp, today)).toEqual({ sell: 11.5, buy: 8 });
    expect(windowMedians({}, today)).toEqual({ sell: null, buy: null });
  });

  it('keeps the last 90 days, oldest first', () => {
    const lp = days([
      ['2025-10-31', 3, 2],
      ['2025-08-02', 1, 1], // the 91st day counting back from today (inclusive): dropped
      ['2025-08-03', 2, 1], // the 90th: kept
    ]);
    expect(Object.keys(trimHistory(lp, today))).toEqual(['2025-08-03', '2025-10-31']);
  });
});

describe('HubBookAccumulator', () => {
  it('keeps only the hub station and splits sides per type', () => {
    const acc = new HubBookAccumulator(60003760);
    const order = (type_id: number, location_id: number, is_buy_order: boolean, price: number, volume_remain: number) => ({
      type_id,
      location_id,
      is_buy_order,
      price,
      volume_remain,
    });
    acc.add([order(34, 60003760, false, 5, 100), order(34, 60003760, true, 4, 50), order(34, 60000001, false, 1, 1000)]);
    acc.add([order(35, 60003760, false, 10, 1), order(34, 60003760, false, 4.5, 10)]);
    expect([acc.seen, acc.kept]).toEqual([5, 4]);
    expect(acc.finish()).toEqual([
      {
        typeId: 34,
        sell: { best: 4.5, robust: 4.5, top: 4.5, volume: 110, orders: 2 },
        buy: { best: 4, robust: 4, top: 4, volume: 50, orders: 1 },
      },
      {
        typeId: 35,
        sell: { best: 10, robust: 10, top: 10, volume: 1, orders: 1 },
        buy: { best: null, robust: null, top: null, volume: 0, orders: 0 },
      },
    ]);
    acc.reset();
    expect(acc.finish()).toEqual([]);
  });
});

describe('sellOnDay: the price of a loss day (SRP)', () => {
  const history: LastPrices = { '2026-11-20': { B: 90, S: 100 }, '2026-11-21': { B: 95, S: null }, '2026-11-22': { B: 1, S: 0 } };
  it.each([
    ['the day has a snapshot', '2026-11-20', 120, { price: 100, source: 'history' }],
    ['the day has only a buy side: today', '2026-11-21', 120, { price: 120, source: 'now' }],
    ['a zero snapshot is no price: today', '2026-11-22', 120, { price: 120, source: 'now' }],
    ['no snapshot that day: today', '2026-11-19', 130.5, { price: 130.5, source: 'now' }],
    ['neither: unknown', '2026-11-19', null, null],
    ['today is 0: unknown', '2026-11-19', 0, null],
  ])('%s', (_name, day, current, expected) => {
    expect(sellOnDay(history, day, current)).toEqual(expected);
  });
});
