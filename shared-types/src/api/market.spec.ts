import { marketHubQuerySchema, marketItemIdSchema } from './market';
import { decimalInt } from './params';
import { parseId } from '../ints';

describe('market query schemas', () => {
  it.each([
    [{}, 2],
    [{ hub: '1' }, 1],
    [{ hub: '5' }, 5],
  ])('hub %j -> %i', (query, hub) => {
    expect(marketHubQuerySchema.parse(query)).toEqual({ hub });
  });

  it.each([
    [{ hub: '6' }],
    [{ hub: 'jita' }],
    [{ hub: '' }],
    [{ hub: '2.5' }],
    [{ hub: '2e0' }],
    [{ hub: ' 2 ' }],
    [{ hub: '0x2' }],
    [{ hub: ['2', '3'] }],
  ])('rejects hub %j with a Russian message', (query) => {
    const r = marketHubQuerySchema.safeParse(query);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Неизвестный торговый хаб');
  });

  it.each([
    ['34', 34],
    ['44992', 44992],
  ])('item id %s is valid', (id, parsed) => {
    expect(marketItemIdSchema.parse(id)).toBe(parsed);
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999', '0x22', '2e1', ' 34', '34 ', '034', '+34', '34.0', ''])(
    'item id %j is refused in Russian',
    (id) => {
      const r = marketItemIdSchema.safeParse(id);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe('Некорректный идентификатор предмета');
    },
  );
});

describe('decimalInt (paths and queries)', () => {
  const limit = decimalInt('bad', { min: 1, max: 50 });
  it.each([
    ['1', 1],
    ['50', 50],
    ['20', 20],
  ])('%j -> %i', (raw, value) => expect(limit.parse(raw)).toBe(value));
  it.each(['0', '51', '0x10', '1e1', ' 5', '5 ', '05', '+5', '-5', '5.0', '', 'NaN', '99999999999999999999'])(
    '%j is refused',
    (raw) => expect(limit.safeParse(raw).error?.issues[0].message).toBe('bad'),
  );
});

describe('parseId (zod-free, for first renders)', () => {
  it.each([
    ['34', 34],
    ['1', 1],
    ['2147483647', 2147483647],
  ])('%j -> %i', (raw, id) => expect(parseId(raw)).toBe(id));
  it.each(['0', '2147483648', '0x22', '034', ' 34', '34.0', '', 'abc', undefined, null])('%j -> null', (raw) =>
    expect(parseId(raw)).toBeNull(),
  );
});
