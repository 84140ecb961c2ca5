import { depthText, priceText, spread, spreadText } from './book';

describe('the item page’s book figures', () => {
  it.each([
    [100, 90, { isk: 10, percent: 10 }],
    [5.5, 5.45, { isk: 0.05, percent: 0.91 }],
    [1_000_000, 1_050_000, { isk: -50_000, percent: -5 }], // crossed book: BUY above SELL
    [null, 90, null],
    [100, null, null],
    [0, 0, null],
  ])('spread(%p, %p) = %p', (sell, buy, expected) => expect(spread(sell, buy)).toEqual(expected));

  it('writes unknown values as unknown, never 0', () => {
    expect(priceText(null)).toBe('нет данных');
    expect(spreadText(null, 5)).toBe('нет данных');
    expect(depthText(null, 'sell')).toBe('нет данных');
  });

  it.each([
    [{ sell_volume: 1234567, buy_volume: 0, sell_orders: 45, buy_orders: 0 }, 'sell', '1 234 567 шт. в 45 ордерах'],
    [{ sell_volume: 5, buy_volume: 0, sell_orders: 1, buy_orders: 0 }, 'sell', '5 шт. в 1 ордере'],
    [{ sell_volume: 5, buy_volume: 300, sell_orders: 1, buy_orders: 21 }, 'buy', '300 шт. в 21 ордере'],
    [{ sell_volume: 5, buy_volume: 300, sell_orders: 1, buy_orders: 11 }, 'buy', '300 шт. в 11 ордерах'],
    [{ sell_volume: 5, buy_volume: 0, sell_orders: 1, buy_orders: 0 }, 'buy', 'нет ордеров'],
  ] as const)('depth %j %s', (book, side, text) => expect(depthText(book, side).replace(/\u00a0/g, ' ')).toBe(text));

  it('spread text', () => {
    expect(spreadText(100, 90).replace(/\u00a0/g, ' ')).toBe('10,00 ISK (10 % от SELL)');
  });
});
