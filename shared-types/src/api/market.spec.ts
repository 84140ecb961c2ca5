import { marketHubQuerySchema, marketItemIdSchema } from './market';

describe('market query schemas', () => {
  it.each([
    [{}, 2],
    [{ hub: '1' }, 1],
    [{ hub: '5' }, 5],
  ])('hub %j -> %i', (query, hub) => {
    expect(marketHubQuerySchema.parse(query)).toEqual({ hub });
  });

  it.each([[{ hub: '6' }], [{ hub: 'jita' }], [{ hub: '' }], [{ hub: '2.5' }]])(
    'rejects hub %j with a Russian message',
    (query) => {
      const r = marketHubQuerySchema.safeParse(query);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe('Неизвестный торговый хаб');
    },
  );

  it.each([
    ['34', 34],
    ['44992', 44992],
  ])('item id %s is valid', (id, parsed) => {
    expect(marketItemIdSchema.parse(id)).toBe(parsed);
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('item id %s is refused in Russian', (id) => {
    const r = marketItemIdSchema.safeParse(id);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Некорректный идентификатор предмета');
  });
});
