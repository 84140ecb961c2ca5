import type { MarketCategory, MarketItem } from '@eve-toolkit/shared-types';
import { firstCards } from './market-list-page';

const item = (id: number) => ({ id }) as MarketItem;
const ores: MarketCategory = { name: 'Минералы', items: [item(34), item(35), item(36)] };
const ice: MarketCategory = { name: 'Лёд', items: [item(16262), item(16263)] };

describe('firstCards (the market list shown card by card)', () => {
  it('keeps the categories shown whole as they are and cuts the one being filled', () => {
    const shown = firstCards([ores, ice], 4);
    expect(shown[0]).toBe(ores);
    expect(shown[1]).toEqual({ name: 'Лёд', items: [item(16262)] });
  });

  it('shows nothing for no cards and everything for all of them', () => {
    expect(firstCards([ores, ice], 0)).toEqual([]);
    const all = firstCards([ores, ice], 5);
    expect(all[0]).toBe(ores);
    expect(all[1]).toBe(ice);
  });
});
