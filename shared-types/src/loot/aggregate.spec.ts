import { aggregateLoot, lootLookupName, unparsedIssues, type LootTypeInfo } from './aggregate';
import { decodeLootText } from './decode';
import { parseLootHistory } from './parse';

/** A name lookup like GameData.typesByNames: Russian and English, case-insensitive. */
const TYPES: LootTypeInfo[] = [
  { type_id: 34, name: 'Тританий', name_en: 'Tritanium', blueprint: false },
  { type_id: 35, name: 'Пирит', name_en: 'Pyerite', blueprint: false },
  { type_id: 2488, name: 'Garde II', name_en: 'Garde II', blueprint: false },
  { type_id: 691, name: 'Rifter Blueprint', name_en: 'Rifter Blueprint', blueprint: true },
  { type_id: 20411, name: 'Sansha Small Tag', name_en: 'Sansha Small Tag', blueprint: false },
];
const byName = new Map<string, LootTypeInfo>();
for (const t of TYPES) for (const n of [t.name, t.name_en]) byName.set(n.toLowerCase(), t);
const lookup = (name: string) => byName.get(name.toLowerCase());

const ENGLISH_EXPORT = [
  'Time\tCharacter\tItem Type\tQuantity\tItem Group\t',
  '2025.06.14 18:02\tIvan Petrov\tTritanium\t1,200\tMineral\t',
  '2025.06.14 18:02\tAnna Sokolova\tGarde II\t2\tCombat Drone\t',
  '2025.06.14 18:05\tIvan Petrov\tGarde II\t1\tCombat Drone\t',
  '2025.06.14 18:07\tJon Doe\tSansha Small Tag\t14\tMisc\t',
  '2025.06.14 18:09\tIvan Petrov\tTritanium\t800\tMineral\t',
  '2025.06.14 18:11\tAnna Sokolova\tRifter Blueprint\t1\tFrigate Blueprint\t',
  '2025.06.14 18:12\tJon Doe\tUnobtainium Widget\t3\tMisc\t',
  '2025.06.14 18:15\tanna sokolova\tGarde II\t1\tCombat Drone\t',
  '',
].join('\r\n');

const RUSSIAN_EXPORT = [
  'Время\tПерсонаж\tТип предмета\tКоличество\tГруппа предметов\t',
  '2025.06.14 18:02\tИван Петров\tТританий\t1 200\tМинерал\t',
  '2025.06.14 18:03\tОльга Смирнова\tПирит\t350\tМинерал\t',
  '2025.06.14 18:04\tИван Петров\tтританий\t300\tМинерал\t',
  '2025.06.14 18:05\tОльга Смирнова\tGarde II\t1\tБоевой дрон\t',
  '',
].join('\n');

const CHAT = [
  '[ 2025.06.14 18:02:11 ] Mira Kestrel has looted 3 x Garde II',
  "18:03:40 Mira Kestrel has looted 1'500 x Tritanium",
  '18:04:02 Sergei Morozov has looted 2 x Rifter Blueprint (Copy)',
  '18:04:05 Sergei Morozov wondered about the loot',
  '18:05:12 Mira Kestrel has looted 2 x Garde II',
].join('\n');

function summary(text: string) {
  const parsed = parseLootHistory(text);
  const agg = aggregateLoot(parsed.entries, lookup);
  return {
    format: parsed.format,
    pilots: agg.pilots.map((p) => [p.name, p.items.map((i) => [i.type_id, i.quantity, i.blueprint_copy])]),
    unknown: agg.unknown,
    unparsed: unparsedIssues(parsed.unparsed),
    counted: agg.counted,
  };
}

describe('aggregateLoot on realistic files', () => {
  const englishExpected = {
    format: 'export',
    pilots: [
      [
        'Ivan Petrov',
        [
          [34, 2000, false],
          [2488, 1, false],
        ],
      ],
      [
        'Anna Sokolova',
        [
          [2488, 3, false],
          [691, 1, true],
        ],
      ],
      ['Jon Doe', [[20411, 14, false]]],
    ],
    unknown: [{ line: 8, text: 'Unobtainium Widget', message: 'Предмет не найден: Unobtainium Widget' }],
    unparsed: [],
    counted: 7,
  };

  it('English export, CRLF, UTF-8: pilots in first-seen order, repeated items summed, pilot names case-insensitive', () => {
    expect(summary(ENGLISH_EXPORT)).toEqual(englishExpected);
  });

  it('the same file as UTF-16 LE with a BOM gives the same totals', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(ENGLISH_EXPORT, 'utf16le')]);
    const decoded = decodeLootText(new Uint8Array(bytes));
    expect(decoded.ok && decoded.encoding).toBe('utf-16le');
    expect(decoded.ok && summary(decoded.text)).toEqual(englishExpected);
  });

  it('Russian export, LF, Russian names in any case', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(RUSSIAN_EXPORT, 'utf8')]);
    const decoded = decodeLootText(new Uint8Array(bytes));
    expect(decoded.ok && summary(decoded.text)).toEqual({
      format: 'export',
      pilots: [
        ['Иван Петров', [[34, 1500, false]]],
        [
          'Ольга Смирнова',
          [
            [35, 350, false],
            [2488, 1, false],
          ],
        ],
      ],
      unknown: [],
      unparsed: [],
      counted: 4,
    });
  });

  it('chat-log form: (Copy) blueprints resolved, stray lines reported', () => {
    expect(summary(CHAT)).toEqual({
      format: 'chat',
      pilots: [
        [
          'Mira Kestrel',
          [
            [2488, 5, false],
            [34, 1500, false],
          ],
        ],
        ['Sergei Morozov', [[691, 2, true]]],
      ],
      unknown: [],
      unparsed: [
        { line: 4, text: '18:04:05 Sergei Morozov wondered about the loot', message: 'Строка не похожа на запись о добыче' },
      ],
      counted: 4,
    });
  });

  it.each([
    ['Rifter Blueprint (Copy)', 'Rifter Blueprint'],
    ['Rifter Blueprint (копия)', 'Rifter Blueprint'],
    ['Garde II', 'Garde II'],
  ])('lookup name of %j is %j', (raw, name) => {
    expect(lootLookupName(raw)).toBe(name);
  });
});
