import {
  countRu,
  deltaPercent,
  displaySecurity,
  formatDecimal,
  formatDelta,
  formatDuration,
  formatIsk,
  dateTimeInputText,
  formatDate,
  formatDateTime,
  formatEveTime,
  formatTime,
  maskDateTimeInput,
  parseDateTimeInput,
  formatNumber,
  formatPercent,
  formatSecurity,
  formatPrice,
  formatVolume,
  NBSP,
  parseNumber,
  pluralRu,
  round,
  roundUp2,
  securityColor,
  toGameNumber,
  toSpreadsheetNumber,
} from './format';

/** Writes the no-break space as "_" so the tables below show where it is. */
const shown = (s: string) => s.replace(new RegExp(NBSP, 'g'), '_');
/** On screen, thousands are grouped with no-break spaces: ru('1 234') is "1\u00a0234". */
const ru = (s: string) => s.replace(/ /g, NBSP);

describe('roundUp2', () => {
  it.each([
    [1.001, 1.01],
    [1.1, 1.1],
    [1.10000000001, 1.1],
    [5.555, 5.56],
    [0.004, 0.01],
    [100, 100],
    [4.35, 4.35],
    [1234567.891, 1234567.9],
  ])('%p -> %p', (input, expected) => expect(roundUp2(input)).toBe(expected));
});

describe('round', () => {
  it.each([
    [1.005, 2, 1.01],
    [-1.005, 2, -1.01],
    [2.345, 1, 2.3],
    [0.45, 1, 0.5],
  ])('round(%p, %p) = %p', (v, d, e) => expect(round(v, d)).toBe(e));
});

describe('formatNumber', () => {
  it.each([
    [0, 0, '0'],
    [999, 0, '999'],
    [1000, 0, '1 000'],
    [1234567, 0, '1 234 567'],
    [1234567.5, 2, '1 234 567,50'],
    [-9876543.21, 2, '-9 876 543,21'],
    [-0.001, 2, '0,00'],
    [Infinity, 2, '—'],
  ])('formatNumber(%p, %p) = %p', (v, d, e) => expect(formatNumber(v, d)).toBe(ru(e)));
});

describe('prices', () => {
  it('formats a price rounded up to 2 decimals with a no-break space separator', () => {
    expect(formatPrice(5234.001)).toBe(ru('5 234,01'));
    expect(shown(formatIsk(1500000))).toBe('1_500_000,00_ISK');
  });
  it('formats a volume', () => {
    expect(shown(formatVolume(2500))).toBe('2_500_м³');
    expect(shown(formatVolume(0.01 * 3))).toBe('0,03_м³');
  });
});

describe('deltaPercent', () => {
  it.each([
    [110, 100, 10],
    [90, 100, -10],
    [5.55, 5, 11],
    [4.2, 5.1, -17.65],
    [1, 3, -66.67],
    [100, 0, null],
    [NaN, 10, null],
  ])('delta(%p, median %p) = %p', (p, m, e) => expect(deltaPercent(p, m)).toBe(e));

  it('formats the delta with a sign', () => {
    expect(shown(formatDelta(12.5))).toBe('+12,50_%');
    expect(shown(formatDelta(-3))).toBe('-3,00_%');
    expect(shown(formatDelta(0))).toBe('0,00_%');
    expect(formatDelta(null)).toBe('—');
  });
});

describe('security', () => {
  it.each([
    [0.945913, 0.9],
    [0.45, 0.5],
    [0.44999, 0.4],
    [0.01, 0.1],
    [0.0, 0],
    [-0.04, 0],
    [-0.3, -0.3],
  ])('displaySecurity(%p) = %p', (s, e) => expect(displaySecurity(s)).toBe(e));

  it.each([
    [0.945913, '0,9'],
    [0.01, '0,1'],
    [-0.04, '0,0'],
    [-0.2, '-0,2'],
    [1, '1,0'],
  ])('formatSecurity(%p) = %p', (s, e) => expect(formatSecurity(s)).toBe(e));

  it.each([
    [1.0, 'blue'],
    [0.945913, 'blue'],
    [0.7, 'blue'],
    [0.65, 'blue'],
    [0.6, 'green'],
    [0.5, 'green'],
    [0.44, 'orange'],
    [0.1, 'orange'],
    [0.0, 'orange'],
    [-0.1, 'purple'],
    [-1, 'purple'],
  ])('securityColor(%p) = %p', (s, e) => expect(securityColor(s)).toBe(e));
});

describe('formatDuration', () => {
  it.each([
    [0, '0с'],
    [59, '59с'],
    [6000, '1ч 40м'],
    [90061, '1д 1ч 1м 1с'],
    [10800, '3ч'],
  ])('%p s -> %p', (s, e) => expect(formatDuration(s)).toBe(e));
});

describe('Russian decimals and percentages on screen', () => {
  it.each([
    [0.25, 2, '0,25'],
    [9.8, 2, '9,8'],
    [10, 2, '10'],
    [1234.5, 2, '1 234,5'],
    [95.123, 1, '95,1'],
    [0.005, 2, '0,01'],
    [-2.5, 2, '-2,5'],
    [NaN, 2, '—'],
  ])('formatDecimal(%p, %p) = %p', (v, d, e) => expect(formatDecimal(v, d)).toBe(ru(e)));

  it.each([
    [0.25, 2, '0,25_%'],
    [95.1, 1, '95,1_%'],
    [100, 1, '100_%'],
    [12.345, 2, '12,35_%'],
  ])('formatPercent(%p, %p) = %p', (v, d, e) => expect(shown(formatPercent(v, d))).toBe(e));
});

describe('numbers for the clipboard', () => {
  it.each([
    [1234567.5, 1, '1234567,5'],
    [2000, 0, '2000'],
    [4.01, 2, '4,01'],
    [8020, 2, '8020,00'],
    [-0.001, 2, '0,00'],
    [0.1 + 0.2, 2, '0,30'],
  ])('a Russian spreadsheet reads toSpreadsheetNumber(%p, %p) = %p', (v, d, e) => expect(toSpreadsheetNumber(v, d)).toBe(e));

  it.each([
    [1234567.5, 1, '1234567.5'],
    [2000, 0, '2000'],
    [4.01, 2, '4.01'],
  ])('the game reads toGameNumber(%p, %p) = %p', (v, d, e) => expect(toGameNumber(v, d)).toBe(e));
});

describe('parseNumber: what a player types or pastes', () => {
  it.each([
    ['1', 1],
    ['0,25', 0.25],
    ['0.25', 0.25],
    ['1 234,5', 1234.5],
    ['1\u00a0234\u00a0567', 1234567],
    ['1\u202f234,5', 1234.5],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1.234.567', 1234567],
    ['1,5', 1.5],
    ['15', 15],
    ['  42  ', 42],
    ['−5', -5],
    ['-0', 0],
    ['+7', 7],
    ['0,25 %', 0.25],
    ['1 500,00 ISK', 1500],
    ['2 500 м³', 2500],
    ["1'000", 1000],
    ['5,', 5],
    [',5', 0.5],
  ])('%p -> %p', (text, expected) => expect(parseNumber(text)).toBe(expected));

  it.each(['', ' ', '-', ',', 'abc', '1e5', '12a', '1,2.3,4.5', '--1', '1-2', 'ISK'])('%p is not a number', (text) =>
    expect(parseNumber(text)).toBeNull(),
  );
});

describe('Russian plurals', () => {
  const forms = ['тип', 'типа', 'типов'] as const;
  it.each([
    [0, 'типов'],
    [1, 'тип'],
    [2, 'типа'],
    [4, 'типа'],
    [5, 'типов'],
    [11, 'типов'],
    [12, 'типов'],
    [14, 'типов'],
    [21, 'тип'],
    [22, 'типа'],
    [101, 'тип'],
    [111, 'типов'],
    [1004, 'типа'],
  ])('%p %p', (n, e) => expect(pluralRu(n, forms)).toBe(e));

  it('counts with the number grouped', () => expect(shown(countRu(1001, forms))).toBe('1_001_тип'));
});

describe('dates and times: Russian, 24-hour, whatever the locale', () => {
  const ru = (timeZone?: string) =>
    new Intl.DateTimeFormat('ru-RU', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
  const moments = [
    new Date(2026, 10, 26, 7, 31, 22),
    new Date(2026, 0, 1, 0, 0, 0),
    new Date(1999, 11, 31, 23, 59, 59),
    new Date(2026, 10, 30, 19, 0),
    new Date(2026, 10, 30, 12, 5),
  ];

  it.each(moments.map((d) => [d]))('local: what Intl ru-RU h23 writes, for %s', (date) => {
    expect(formatDateTime(date)).toBe(ru().format(date).replace(', ', ' '));
  });

  it.each(moments.map((d) => [d]))('EVE time (UTC): what Intl ru-RU h23 writes in UTC, for %s', (date) => {
    expect(formatDateTime(date, 'utc')).toBe(ru('UTC').format(date).replace(', ', ' '));
  });

  it.each([
    ['2026-11-30T19:00:00Z', '30.11.2026 19:00', '30.11.2026 19:00 ET'],
    ['2026-11-30T00:05:00Z', '30.11.2026 00:05', '30.11.2026 00:05 ET'],
    ['2026-03-05T12:00:00Z', '05.03.2026 12:00', '05.03.2026 12:00 ET'],
    ['2026-12-31T23:59:59Z', '31.12.2026 23:59', '31.12.2026 23:59 ET'],
  ])('%s: %s, %s (no AM/PM, zero-padded)', (iso, utc, et) => {
    expect(formatDateTime(iso, 'utc')).toBe(utc);
    expect(formatEveTime(iso)).toBe(et);
    expect(formatDate(iso, 'utc')).toBe(utc.slice(0, 10));
    expect(formatTime(iso, 'utc')).toBe(utc.slice(11));
    expect(formatTime(iso, 'utc', true)).toBe(`${utc.slice(11)}:${iso.slice(17, 19)}`);
  });

  it.each([
    ['30.11.2026 19:00', { date: '2026-11-30', time: '19:00' }],
    [' 1.2.2027 7:05 ', { date: '2027-02-01', time: '07:05' }],
    ['29.02.2028 00:00', { date: '2028-02-29', time: '00:00' }],
    ['29.02.2027 00:00', null], // not a leap year
    ['31.04.2027 10:00', null],
    ['30.11.2026 24:00', null],
    ['30.11.2026 12:60', null],
    ['30.11.2026', null],
    ['11/30/2026 07:00 PM', null],
    ['2026-11-30 19:00', null],
    ['', null],
  ])('reads the input %j', (text, expected) => expect(parseDateTimeInput(text)).toEqual(expected));

  it('writes the API’s date and time back as the input shows them', () => {
    expect(dateTimeInputText({ date: '2026-11-30', time: '19:00' })).toBe('30.11.2026 19:00');
    expect(dateTimeInputText({ date: '', time: '' })).toBe('');
  });

  it.each([
    ['3', '3'],
    ['30', '30'],
    ['301', '30.1'],
    ['3011', '30.11'],
    ['30112026', '30.11.2026'],
    ['301120261', '30.11.2026 1'],
    ['3011202619', '30.11.2026 19'],
    ['30112026190', '30.11.2026 19:0'],
    ['301120261900', '30.11.2026 19:00'],
    ['30.11.2026 19:00', '30.11.2026 19:00'],
    ['30.11.2026 19:001', '30.11.2026 19:00'],
    ['ab30/11', '30.11'],
  ])('masks %j as %j', (typed, shown) => expect(maskDateTimeInput(typed)).toBe(shown));
});
