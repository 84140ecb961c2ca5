import { platinumPayout, suggestPayout, type PayoutRule } from './payout';

const share = (s: number, minusInsurance = false): PayoutRule => ({ rule: 'share', share: s, fixed: {}, minusInsurance });
const fixed = (amounts: Record<string, number>, s = 1, minusInsurance = false): PayoutRule => ({
  rule: 'fixed',
  share: s,
  fixed: amounts,
  minusInsurance,
});

describe('suggestPayout', () => {
  it.each([
    ['the whole value', share(1), { lossValue: 768_843, fitId: null, insurance: 120_000 }, 768_843],
    ['80 % of the value, whole ISK', share(0.8), { lossValue: 768_843, fitId: null, insurance: null }, 615_074],
    ['80 % minus Platinum', share(0.8, true), { lossValue: 1_000_000, fitId: null, insurance: 300_000 }, 500_000],
    [
      'minus insurance, none known for the hull: nothing taken off',
      share(1, true),
      { lossValue: 1_000, fitId: null, insurance: null },
      1_000,
    ],
    ['never below 0', share(0.1, true), { lossValue: 1_000_000, fitId: null, insurance: 300_000 }, 0],
    ['unknown value under a share rule: unknown', share(1), { lossValue: null, fitId: null, insurance: 5 }, null],
    ['fixed for the matched fit', fixed({ f1: 50_000_000 }), { lossValue: 80_000_000, fitId: 'f1', insurance: 9 }, 50_000_000],
    [
      'fixed, even when the value is unknown',
      fixed({ f1: 50_000_000 }),
      { lossValue: null, fitId: 'f1', insurance: 9 },
      50_000_000,
    ],
    [
      'fixed minus Platinum',
      fixed({ f1: 50_000_000 }, 1, true),
      { lossValue: null, fitId: 'f1', insurance: 12_000_000 },
      38_000_000,
    ],
    ['fixed, a fit without an amount: the share', fixed({ f1: 5 }, 0.5), { lossValue: 1_000, fitId: 'f2', insurance: null }, 500],
    ['fixed, no fit matched: the share', fixed({ f1: 5 }, 0.5), { lossValue: 1_001, fitId: null, insurance: null }, 501],
  ])('%s', (_name, rule, input, expected) => {
    expect(suggestPayout(rule, input)).toBe(expected);
  });
});

describe('platinumPayout', () => {
  const prices = [
    {
      type_id: 587,
      levels: [
        { cost: 5_997, name: 'Basic', payout: 119_940 },
        { cost: 59_970, name: 'Platinum', payout: 399_800 },
      ],
    },
  ];
  it.each([
    ['the Platinum level', 587, 399_800],
    ['a hull ESI does not list', 638, null],
  ])('%s', (_name, ship, expected) => {
    expect(platinumPayout(prices, ship)).toBe(expected);
  });
  it('a hull without a Platinum level', () => {
    expect(platinumPayout([{ type_id: 1, levels: [{ cost: 1, name: 'Basic', payout: 2 }] }], 1)).toBeNull();
  });
});
