import {
  isKnown,
  marginMoney,
  minusMoney,
  MoneyTally,
  perMoney,
  priceSourceLabel,
  sumMoney,
  timesMoney,
  type Money,
} from './money';

describe('sumMoney: unknown in, unknown out', () => {
  it.each<[string, Money[], Money]>([
    ['nothing', [], 0],
    ['all known', [1, 2.5, 3], 6.5],
    ['one unknown', [1, null, 3], null],
    ['only unknown', [null], null],
    ['zero is a known price', [0, 0], 0],
    ['unknown after zero', [0, null], null],
  ])('%s', (_, parts, expected) => expect(sumMoney(parts)).toBe(expected));

  it('NaN and infinities are not prices', () => {
    expect(sumMoney([1, Number.NaN])).toBeNull();
    expect(sumMoney([Infinity])).toBeNull();
    expect(isKnown(undefined)).toBe(false);
  });
});

describe('timesMoney, minusMoney, perMoney', () => {
  it.each<[number, Money, Money]>([
    [3, 2, 6],
    [3, null, null],
    [0, null, 0],
    [0, 5, 0],
  ])('%d × %p = %p', (q, unit, expected) => expect(timesMoney(q, unit)).toBe(expected));

  it.each<[Money, Money, Money]>([
    [10, 4, 6],
    [null, 4, null],
    [10, null, null],
  ])('%p − %p = %p', (a, b, expected) => expect(minusMoney(a, b)).toBe(expected));

  it.each<[Money, number, Money]>([
    [10, 4, 2.5],
    [null, 4, null],
    [10, 0, null],
  ])('%p / %d = %p', (a, b, expected) => expect(perMoney(a, b)).toBe(expected));
});

describe('marginMoney', () => {
  it.each<[string, Money, Money, Money]>([
    ['known', 200, 150, 25],
    ['a loss', 100, 150, -50],
    ['unknown revenue', null, 150, null],
    ['unknown cost: never a margin on a partial cost', 200, null, null],
    ['no revenue', 0, 10, null],
  ])('%s', (_, revenue, cost, expected) => expect(marginMoney(revenue, cost)).toBe(expected));
});

describe('MoneyTally', () => {
  it('adds known amounts', () => {
    const t = new MoneyTally().add(5).addPriced(34, 10, 2);
    expect([t.total, t.missing]).toEqual([25, []]);
  });

  it('an unpriced item makes the total unknown and is listed once', () => {
    const t = new MoneyTally().addPriced(34, 10, 2).addPriced(35, 3, null).addPriced(35, 1, undefined).add(7);
    expect([t.total, t.missing]).toEqual([null, [35]]);
  });

  it('a tally taken in keeps its missing items; a bare unknown amount has none to list', () => {
    const inner = new MoneyTally().addPriced(36, 1, null);
    const t = new MoneyTally().add(null).addTally(inner).addTally(new MoneyTally().add(3));
    expect([t.total, t.missing]).toEqual([null, [36]]);
  });

  it('zero units of an unpriced item cost nothing', () => {
    expect(new MoneyTally().addPriced(34, 0, null).total).toBe(0);
  });
});

describe('priceSourceLabel', () => {
  const hub = (id: number) => (id === 1 ? 'Amarr' : `#${id}`);
  it.each([
    [null, 'цена хаба'],
    [{ kind: 'hub', hub_id: 1 } as const, 'цена хаба Amarr'],
    [{ kind: 'adjusted' } as const, 'средняя цена CCP (adjusted)'],
    [{ kind: 'manual' } as const, 'цена введена вручную'],
  ])('%p', (source, label) => expect(priceSourceLabel(source, hub)).toBe(label));
});
