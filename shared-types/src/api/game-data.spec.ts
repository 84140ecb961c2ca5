import { GAME_DATA_MESSAGES, gameAdminSearchQuerySchema, gameSearchQuerySchema, typeIconUrl } from './game-data';

describe('typeIconUrl', () => {
  it.each([
    ['https://images.evetech.net', 34, 64, 'icon', 'https://images.evetech.net/types/34/icon?size=64'],
    ['https://images.evetech.net/', 587, 128, 'icon', 'https://images.evetech.net/types/587/icon?size=128'],
    ['http://127.0.0.1:9000/img', 691, 64, 'bp', 'http://127.0.0.1:9000/img/types/691/bp?size=64'],
    ['https://images.evetech.net', 46166, 32, 'bp', 'https://images.evetech.net/types/46166/bp?size=32'],
  ] as const)('%s %d %d %s', (base, id, size, kind, expected) => {
    expect(typeIconUrl(base, id, size, kind)).toBe(expected);
  });

  it('defaults to a 64 px icon', () => {
    expect(typeIconUrl('https://images.evetech.net', 34)).toBe('https://images.evetech.net/types/34/icon?size=64');
  });
});

describe('gameSearchQuerySchema', () => {
  it.each([
    [{ q: 'Tri' }, { q: 'Tri', limit: 20 }],
    [
      { q: '  jit  ', limit: '5' },
      { q: 'jit', limit: 5 },
    ],
    [
      { q: 'Rifter', limit: '50' },
      { q: 'Rifter', limit: 50 },
    ],
  ])('accepts %p', (input, expected) => {
    expect(gameSearchQuerySchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ q: 'Tr' }, 'Введите не меньше 3 символов для поиска'],
    [{ q: '   ab ' }, 'Введите не меньше 3 символов для поиска'],
    [{}, 'Введите строку поиска'],
    [{ q: 'x'.repeat(101) }, 'Строка поиска не длиннее 100 символов'],
    [{ q: 'Tritanium', limit: '51' }, 'limit не больше 50'],
    [{ q: 'Tritanium', limit: '0' }, 'limit не меньше 1'],
    [{ q: 'Tritanium', limit: 'abc' }, 'limit должен быть целым числом'],
  ])('rejects %p with a Russian message', (input, message) => {
    const result = gameSearchQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('admin variant starts at 2 characters', () => {
    expect(gameAdminSearchQuerySchema.parse({ q: 'Ji' })).toEqual({ q: 'Ji', limit: 20 });
    expect(gameAdminSearchQuerySchema.safeParse({ q: 'J' }).error?.issues[0]?.message).toBe(
      'Введите не меньше 2 символов для поиска',
    );
  });
});

describe('GAME_DATA_MESSAGES.failed', () => {
  it('says the data is missing and whose matter it is, without the reason (a server path or address is the admin’s to read)', () => {
    expect(GAME_DATA_MESSAGES.failed).toBe(
      'Игровые данные не загружены: импорт не удался (причина — на главной странице администратора и в журнале сервера). ' +
        'Администратору сайта: проверьте доступ к CCP или задайте SDE_PATH / SDE_URL и перезапустите приложение.',
    );
  });
});
