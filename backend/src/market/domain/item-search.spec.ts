import { MarketItemSearch, type SearchableItem } from './item-search';

/** Real market types (ids and names as in the SDE). */
const ITEMS: SearchableItem[] = [
  { id: 34, name: 'Tritanium', nameEn: 'Tritanium' },
  { id: 35, name: 'Pyerite', nameEn: 'Pyerite' },
  { id: 638, name: 'Raven', nameEn: 'Raven' },
  { id: 17636, name: 'Raven Navy Issue', nameEn: 'Raven Navy Issue' },
  { id: 2048, name: 'Damage Control II', nameEn: 'Damage Control II' },
  { id: 2183, name: 'Hammerhead I', nameEn: 'Hammerhead I' },
  { id: 2185, name: 'Hammerhead II', nameEn: 'Hammerhead II' },
  { id: 2466, name: 'Hornet II', nameEn: 'Hornet II' },
  { id: 2488, name: 'Warrior II', nameEn: 'Warrior II' },
  { id: 3841, name: 'Large Shield Extender II', nameEn: 'Large Shield Extender II' },
  { id: 25544, name: 'Добыча газа', nameEn: 'Gas Cloud Harvesting' },
  { id: 81143, name: 'Магматический газ', nameEn: 'Magmatic Gas' },
];

const search = new MarketItemSearch(ITEMS);
const names = (q: string, limit = 10) => search.search(q, limit).map((i) => i.name);

describe('market item search', () => {
  it.each([
    // A typo, best match first (the example).
    ['hammerhed ii', ['Hammerhead II']],
    ['hammerhed', ['Hammerhead I', 'Hammerhead II']],
    // The whole name, then names starting with it.
    ['raven', ['Raven', 'Raven Navy Issue']],
    ['Hammerhead II', ['Hammerhead II']],
    // A start: both drones, the shorter name first.
    ['hammer', ['Hammerhead I', 'Hammerhead II']],
    // Russian names, `е` for `ё`, any case; and the English name of a type with a Russian one.
    ['магматический', ['Магматический газ']],
    ['газ', ['Добыча газа', 'Магматический газ']],
    ['magmatic gas', ['Магматический газ']],
    ['gas cloud', ['Добыча газа']],
    // The start of a word inside the name.
    ['shield', ['Large Shield Extender II']],
    ['navy', ['Raven Navy Issue']],
    // Inside a word from 3 letters; initials and squeezed words through the suggester.
    ['ritan', ['Tritanium']],
    ['lse', ['Large Shield Extender II']],
    ['tritanum', ['Tritanium']],
    ['damage controll 2', ['Damage Control II']],
    // Nothing close.
    ['zzzz', []],
    ['   ', []],
  ])('%j -> %j', (q, expected) => expect(names(q)).toEqual(expected));

  it('gives at most `limit` items, the best ones', () => {
    expect(names('ii', 3)).toEqual(['Hornet II', 'Warrior II', 'Hammerhead II']);
    expect(names('raven', 1)).toEqual(['Raven']);
    expect(names('raven', 0)).toEqual([]);
  });

  it('returns the items with their ids', () => {
    expect(search.search('hammerhed ii', 1)).toEqual([{ id: 2185, name: 'Hammerhead II', nameEn: 'Hammerhead II' }]);
    expect(search.size).toBe(ITEMS.length);
  });
});
