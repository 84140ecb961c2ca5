import { buildPriceSeries, formatAge, priceTableRows } from './price-history';

const DAY = (d: string) => Date.parse(`${d}T00:00:00Z`);

describe('buildPriceSeries', () => {
  it('orders days and splits SELL and BUY lines', () => {
    expect(
      buildPriceSeries({
        '2025-10-03': { B: 3.5, S: 4 },
        '2025-10-01': { B: 3.1, S: 3.9 },
        '2025-10-02': { B: 3.3, S: 4.1 },
      }),
    ).toEqual([
      {
        name: 'SELL',
        data: [
          [DAY('2025-10-01'), 3.9],
          [DAY('2025-10-02'), 4.1],
          [DAY('2025-10-03'), 4],
        ],
      },
      {
        name: 'BUY',
        data: [
          [DAY('2025-10-01'), 3.1],
          [DAY('2025-10-02'), 3.3],
          [DAY('2025-10-03'), 3.5],
        ],
      },
    ]);
  });

  it('leaves out empty sides per line and malformed days', () => {
    expect(
      buildPriceSeries({
        '2025-10-01': { B: null, S: 10 },
        '2025-10-02': { B: 8, S: null },
        yesterday: { B: 1, S: 1 },
        '2025-13-45': { B: 1, S: 1 },
      }),
    ).toEqual([
      { name: 'SELL', data: [[DAY('2025-10-01'), 10]] },
      { name: 'BUY', data: [[DAY('2025-10-02'), 8]] },
    ]);
  });

  it('gives two empty lines for no history', () => {
    expect(buildPriceSeries({})).toEqual([
      { name: 'SELL', data: [] },
      { name: 'BUY', data: [] },
    ]);
  });
});

describe('formatAge', () => {
  const now = Date.parse('2025-10-01T12:00:00Z');
  it.each([
    [null, null],
    ['garbage', null],
    ['2025-10-01T11:59:30Z', 'только что'],
    ['2025-10-01T12:00:30Z', 'только что'],
    ['2025-10-01T11:48:00Z', '12 мин назад'],
    ['2025-10-01T09:00:00Z', '3 ч назад'],
    ['2025-09-29T11:00:00Z', '2 дн назад'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatAge(iso, now)).toBe(expected);
  });
});

describe('priceTableRows (the chart as a table)', () => {
  it('one row per day, oldest first, a dash where a side had no orders', () => {
    const series = buildPriceSeries({
      '2025-10-02': { B: 3.3, S: null },
      '2025-10-01': { B: 3.1, S: 3.9 },
      '2025-10-03': { B: null, S: 4 },
    } as never);
    expect(priceTableRows(series, (v) => `${v} ISK`)).toEqual([
      ['01.10.2025', '3.9 ISK', '3.1 ISK'],
      ['02.10.2025', '—', '3.3 ISK'],
      ['03.10.2025', '4 ISK', '—'],
    ]);
  });
});
