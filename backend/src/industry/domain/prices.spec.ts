import { countedPrice, overrideHubs, type QuotesByHub } from './prices';

const others: QuotesByHub = new Map([
  [
    1,
    new Map([
      [34, { sell: 5, buy: 4 }],
      [35, { sell: 9, buy: null }],
    ]),
  ],
]);

describe('countedPrice', () => {
  it.each([
    ['the hub, no override', { sell: 2, buy: 1 }, undefined, undefined, { sell: 2, buy: 1, source: null }],
    ['no order at the hub stays unknown', undefined, undefined, 3, { sell: null, buy: null, source: null }],
    [
      'another hub',
      undefined,
      { source: 'hub', hub: 1 } as const,
      undefined,
      { sell: 5, buy: 4, source: { kind: 'hub', hub_id: 1 } },
    ],
    [
      'the adjusted price',
      { sell: null, buy: 1 },
      { source: 'adjusted' } as const,
      3,
      { sell: 3, buy: 3, source: { kind: 'adjusted' } },
    ],
    [
      'no adjusted price: the hub',
      { sell: null, buy: 1 },
      { source: 'adjusted' } as const,
      undefined,
      { sell: null, buy: 1, source: null },
    ],
    [
      'typed in',
      { sell: null, buy: null },
      { source: 'manual', price: 0 } as const,
      3,
      { sell: 0, buy: 0, source: { kind: 'manual' } },
    ],
  ])('%s', (_, own, override, adjusted, expected) => {
    expect(countedPrice(own, override, others, adjusted, 34)).toEqual(expected);
  });

  it('another hub without an order on a side leaves that side unknown', () => {
    expect(countedPrice(undefined, { source: 'hub', hub: 1 }, others, undefined, 35)).toEqual({
      sell: 9,
      buy: null,
      source: { kind: 'hub', hub_id: 1 },
    });
    expect(countedPrice(undefined, { source: 'hub', hub: 3 }, others, undefined, 34)).toMatchObject({ sell: null, buy: null });
  });

  it('overrideHubs: each hub once', () => {
    expect(overrideHubs({ 1: { source: 'hub', hub: 3 }, 2: { source: 'adjusted' }, 4: { source: 'hub', hub: 3 } })).toEqual([3]);
  });
});
