import { normalizeQuery, SearchIndex } from './search-index';

const entries = [
  { id: 34, name: 'Tritanium', names: ['Tritanium', 'Tritanium'] },
  { id: 35, name: 'Pyerite', names: ['Pyerite'] },
  { id: 587, name: 'Rifter', names: ['Rifter'] },
  { id: 691, name: 'Rifter Blueprint', names: ['Rifter Blueprint'] },
  { id: 17703, name: 'Imperial Navy Slicer', names: ['Imperial Navy Slicer'] },
  { id: 11400, name: 'Jaguar', names: ['Jaguar'] },
  { id: 3380, name: 'Производство', names: ['Industry', 'Производство'] },
  { id: 3388, name: 'Продвинутое производство', names: ['Advanced Industry', 'Продвинутое производство'] },
  { id: 16680, name: 'Caldari Navy Hookbill', names: ['Caldari Navy Hookbill'] },
  { id: 1, name: 'navy test', names: ['navy test'] },
];
const index = new SearchIndex(entries);

describe('SearchIndex', () => {
  it.each([
    ['rift', 20, [587, 691]],
    ['RIFTER BLUE', 20, [691]],
    // prefix first ("navy test"), then substrings alphabetically (Caldari..., Imperial...)
    ['navy', 20, [1, 16680, 17703]],
    ['navy', 2, [1, 16680]],
    // English and Russian names both match; ordering by the displayed (Russian) name
    ['industry', 20, [3380, 3388]],
    ['производ', 20, [3380, 3388]],
    ['ПРОИЗВОД', 1, [3380]],
    ['одство', 20, [3388, 3380]],
    ['  tri  ', 20, [34]],
    ['zzz', 20, []],
    ['rit', 20, [35, 34]],
  ])('%p (limit %p) -> %p', (q, limit, ids) => {
    expect(index.search(q, limit)).toEqual(ids);
  });

  it('stops at the limit with prefix matches only when there are enough of them', () => {
    const many = new SearchIndex(
      Array.from({ length: 30 }, (_, i) => ({
        id: i + 1,
        name: `Item ${String(i).padStart(2, '0')}`,
        names: [`Item ${String(i).padStart(2, '0')}`],
      })).concat([{ id: 100, name: 'A item', names: ['A item'] }]),
    );
    const ids = many.search('item', 5);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(many.search('a item', 5)).toEqual([100]);
  });

  it.each([
    ['  Jita ', 'jita'],
    ['Caldari   Navy', 'caldari navy'],
    ['ТРИТАНИЙ', 'тританий'],
  ])('normalizeQuery(%p) = %p', (q, expected) => expect(normalizeQuery(q)).toBe(expected));
});
