import { LOOT_MESSAGES } from './api';
import { lootPricesQuerySchema, lootSplitStateSchema } from './schemas';

describe('lootPricesQuerySchema', () => {
  it('reads a hub and distinct ids', () => {
    expect(lootPricesQuerySchema.parse({ hub: '3', ids: '34,35,34' })).toEqual({ hub: 3, ids: [34, 35] });
    expect(lootPricesQuerySchema.parse({ ids: '34' })).toEqual({ hub: 2, ids: [34] });
  });
  it.each([{ ids: '' }, { ids: '0' }, { ids: '34,,35' }, { ids: '-1' }, { ids: '34 35' }, {}, { ids: '99999999999' }])(
    'refuses %j',
    (query) => {
      const res = lootPricesQuerySchema.safeParse(query);
      expect(res.success).toBe(false);
      expect(res.error?.issues[0].message).toBe(LOOT_MESSAGES.badIds);
    },
  );
  it('refuses an unknown hub', () => {
    expect(lootPricesQuerySchema.safeParse({ hub: '9', ids: '34' }).success).toBe(false);
  });
});

describe('lootSplitStateSchema', () => {
  const pilots = [
    { name: 'A', items: [[34, 10]] },
    { name: 'B', items: [] },
  ];
  it('accepts a split and sorts each group', () => {
    expect(lootSplitStateSchema.parse({ v: 1, pilots, groups: [[1, 0]] })).toEqual({ v: 1, pilots, groups: [[0, 1]] });
  });
  it.each([
    { v: 1, pilots, groups: [[0]] },
    { v: 1, pilots, groups: [[0], [0, 1]] },
    { v: 2, pilots, groups: [[0, 1]] },
    { v: 1, pilots: [], groups: [] },
    { v: 1, pilots: [{ name: 'A', items: [[34, 0]] }], groups: [[0]] },
    'not an object',
  ])('refuses %j', (state) => {
    expect(lootSplitStateSchema.safeParse(state).success).toBe(false);
  });
});
