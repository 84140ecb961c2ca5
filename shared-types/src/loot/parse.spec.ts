import { parseLootHistory, parseLootLine, parseLootQuantity, type ParsedLootHistory } from './parse';
import { inWorkerWithin } from '../test-support/hang-bound';

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
      '03:21:19  Some  dude  HAS LOOTED  12\u00a0500  X  Garde  II ',
      { time: '03:21:19', character: 'Some dude', item: 'Garde II', quantity: 12500, group: null },
    ],
    [
      '03:21:19 Oxen x has looted 3 x x-ray crystal x 2',
      { time: '03:21:19', character: 'Oxen x', item: 'x-ray crystal x 2', quantity: 3, group: null },
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
    ['03:21:19 has looted 5 x Garde II', 'format'],
    ['03:21:19 Some dude has  looted 5 x Garde II', 'format'],
    ['03:21:19 Some dude has looted 5 Garde II', 'format'],
    ['03:21:19 Some dude has looted 5 x', 'format'],
    ['03:21:19Some dude has looted 5 x Garde II', 'format'],
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

  /**
   * Hostile uploads (a loot file is up to LOOT_LIMITS.maxFileBytes, one line may be all of it):
   * read to the end. The old chat-line expression backtracked cubically on whitespace: a time and
   * 2 000 spaces took 6 s, 8 000 took 7 minutes of the server's only thread. Parsed in a worker
   * that a real hang cannot outlive (the bound is a hang, not a budget: this takes milliseconds).
   */
  it.each([
    ['a time and spaces', `03:21:19${' '.repeat(20_000)}!`, { entries: 0, unparsed: 1 }],
    ['a stamp and spaces', `[ 2018.06.23 03:21:19 ]${' \u00a0 '.repeat(10_000)}has looted`, { entries: 0, unparsed: 1 }],
    ['a name of many words', `03:21:19 ${'a '.repeat(20_000)}has looted 5 x Garde II`, { entries: 1, unparsed: 0 }],
    ['a quantity without its x', `03:21:19 A has looted ${'1 '.repeat(20_000)}Garde II`, { entries: 0, unparsed: 1 }],
    ['many has looted', `03:21:19 A${' has looted'.repeat(10_000)}`, { entries: 0, unparsed: 1 }],
    ['many x', `03:21:19 A has looted 5${' x'.repeat(20_000)}`, { entries: 1, unparsed: 0 }],
  ])(
    'reads a hostile chat line (%s) to the end',
    async (_label, line, counts) => {
      const parsed = await inWorkerWithin<ParsedLootHistory>(require.resolve('./parse'), 'parseLootHistory', [line], 60_000);
      expect({ entries: parsed.entries.length, unparsed: parsed.unparsed.length }).toEqual(counts);
    },
    90_000,
  );

  it('an empty text has no format', () => {
    expect(parseLootHistory('\n\n')).toEqual({ entries: [], unparsed: [], format: null });
  });
});
