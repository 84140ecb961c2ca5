import { parseLootHistory, parseLootLine, parseLootQuantity } from './parse';

describe('parseLootQuantity', () => {
  it.each([
    ['1', 1],
    ['25', 25],
    ["1'000", 1000],
    ['1,000', 1000],
    ['1 000', 1000],
    ['1.000', 1000],
    ['1\u00a0234\u00a0567', 1234567],
    ['12\u202f345', 12345],
    [' 7 ', 7],
    ['2000000000', 2000000000],
  ])('%j -> %d', (raw, expected) => {
    expect(parseLootQuantity(raw)).toBe(expected);
  });

  it.each(['0', '-5', '1,5', '1.50', '12,34,567', 'x', '', '2000000001', '1e3', '5 x'])('%j -> null', (raw) => {
    expect(parseLootQuantity(raw)).toBeNull();
  });
});

describe('parseLootLine', () => {
  it.each([
    [
      '2018.06.23 00:19\tKado Vargadana\tX5 Enduring Stasis Webifier\t1\tStasis Web\t',
      {
        time: '2018.06.23 00:19',
        character: 'Kado Vargadana',
        item: 'X5 Enduring Stasis Webifier',
        quantity: 1,
        group: 'Stasis Web',
      },
    ],
    [
      '2024.11.02 19:45\tИван Петров\tТританий\t12 500\tМинерал\r',
      { time: '2024.11.02 19:45', character: 'Иван Петров', item: 'Тританий', quantity: 12500, group: 'Минерал' },
    ],
    [
      '2024.11.02 19:45\tAnna Sokolova\tGarde II\t5',
      { time: '2024.11.02 19:45', character: 'Anna Sokolova', item: 'Garde II', quantity: 5, group: null },
    ],
    [
      '03:21:19 Some dude has looted 5 x Garde II',
      { time: '03:21:19', character: 'Some dude', item: 'Garde II', quantity: 5, group: null },
    ],
    [
      "03:21:19 Mira Kestrel has looted 1'250 x Tritanium",
      { time: '03:21:19', character: 'Mira Kestrel', item: 'Tritanium', quantity: 1250, group: null },
    ],
    [
      '[ 2018.06.23 03:21:19 ] Jon Doe has looted 1 000 x X5 Enduring Stasis Webifier',
      { time: '03:21:19', character: 'Jon Doe', item: 'X5 Enduring Stasis Webifier', quantity: 1000, group: null },
    ],
    [
      '\ufeff03:21:19 Jon Doe has looted 2 x Rifter Blueprint (Copy)',
      { time: '03:21:19', character: 'Jon Doe', item: 'Rifter Blueprint (Copy)', quantity: 2, group: null },
    ],
  ])('reads %j', (line, entry) => {
    expect(parseLootLine(line)).toEqual({ kind: 'loot', entry });
  });

  it.each(['Time\tCharacter\tItem Type\tQuantity\tItem Group', 'Время\tПерсонаж\tТип предмета\tКоличество\tГруппа предметов\t'])(
    'skips the header %j',
    (line) => {
      expect(parseLootLine(line)).toEqual({ kind: 'header' });
    },
  );

  it.each(['', '   ', '\r', '\t\t'])('blank %j', (line) => {
    expect(parseLootLine(line)).toEqual({ kind: 'blank' });
  });

  it.each([
    ['hello world', 'format'],
    ['2018.06.23 00:19\tKado Vargadana\tGarde II', 'format'],
    ['yesterday\tKado Vargadana\tGarde II\t5\tDrone', 'format'],
    ['2018.06.23 00:19\t\tGarde II\t5\tDrone', 'format'],
    ['2018.06.23 00:19\tKado\tGarde II\tfive\tDrone', 'quantity'],
    ['2018.06.23 00:19\tKado\tGarde II\t0\tDrone', 'quantity'],
    ['03:21:19 Some dude has looted 1,5 x Garde II', 'quantity'],
    ['03:21:19 Some dude has stolen 5 x Garde II', 'format'],
  ])('refuses %j (%s)', (line, reason) => {
    expect(parseLootLine(line)).toEqual({ kind: 'invalid', reason });
  });
});

describe('parseLootHistory', () => {
  it('reads an export with CRLF, reports the bad lines with their numbers', () => {
    const text = [
      'Time\tCharacter\tItem Type\tQuantity\tItem Group\t',
      '2018.06.23 00:19\tKado Vargadana\tGarde II\t5\tCombat Drone\t',
      'garbage',
      '',
      '2018.06.23 00:20\tIvan Petrov\tTritanium\t1,000\tMineral\t',
    ].join('\r\n');
    const parsed = parseLootHistory(text);
    expect(parsed.format).toBe('export');
    expect(parsed.entries.map((e) => [e.character, e.item, e.quantity])).toEqual([
      ['Kado Vargadana', 'Garde II', 5],
      ['Ivan Petrov', 'Tritanium', 1000],
    ]);
    expect(parsed.unparsed).toEqual([{ line: 3, text: 'garbage', reason: 'format' }]);
  });

  it('reads chat lines with LF and lone CR, and mixed forms', () => {
    const text = '03:21:19 A has looted 5 x Garde II\n03:21:20 B has looted 1 x Tritanium\r2018.06.23 00:19\tC\tPlex\t1\t';
    const parsed = parseLootHistory(text);
    expect(parsed.format).toBe('mixed');
    expect(parsed.entries.map((e) => e.character)).toEqual(['A', 'B', 'C']);
    expect(parsed.unparsed).toEqual([]);
  });

  it('an empty text has no format', () => {
    expect(parseLootHistory('\n\n')).toEqual({ entries: [], unparsed: [], format: null });
  });
});
