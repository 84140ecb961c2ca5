import { APPRAISAL_MESSAGES } from '@eve-toolkit/shared-types';
import { knownOf, LEGACY_NO_ORDERS, noteOf } from './appraisal.mapper';

describe('saved lines: a 0 written for a missing price is read back as unknown', () => {
  it.each([
    ['both sides priced', { sell: 5, buy: 4, bpc: false, note: null }, { sell: 5, buy: 4 }],
    [
      'no orders (today’s note)',
      { sell: null, buy: null, bpc: false, note: APPRAISAL_MESSAGES.noOrders },
      { sell: null, buy: null },
    ],
    [
      'no orders, saved as 0 until 2026-11-28',
      { sell: 0, buy: 0, bpc: false, note: LEGACY_NO_ORDERS },
      { sell: null, buy: null },
    ],
    ['no BUY, saved as 0', { sell: 10.5, buy: 0, bpc: false, note: APPRAISAL_MESSAGES.noBuyOrders }, { sell: 10.5, buy: null }],
    ['no SELL, saved as 0', { sell: 0, buy: 3, bpc: false, note: APPRAISAL_MESSAGES.noSellOrders }, { sell: null, buy: 3 }],
    ['a blueprint copy', { sell: 0, buy: 0, bpc: true, note: APPRAISAL_MESSAGES.blueprintCopy }, { sell: null, buy: null }],
  ])('%s', (_, line, expected) => expect(knownOf(line)).toEqual(expected));

  it('the old note is shown in today’s words', () => {
    expect(noteOf(LEGACY_NO_ORDERS)).toBe(APPRAISAL_MESSAGES.noOrders);
    expect(noteOf(null)).toBeNull();
  });
});
