import { formatMonth } from './format-month';

describe('formatMonth: a report’s month in Russian', () => {
  it.each(Array.from({ length: 12 }, (_, i) => [`2026-${String(i + 1).padStart(2, '0')}`]))(
    'the month %s as Intl ru-RU names it (without «г.»)',
    (month) => {
      const intl = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      expect(formatMonth(month)).toBe(intl.format(new Date(`${month}-01T00:00:00Z`)).replace(/\s*г\.$/, ''));
    },
  );

  it.each([
    ['2026-11', 'ноябрь 2026'],
    ['1999-01', 'январь 1999'],
    ['2026-13', '2026-13'],
    ['', ''],
  ])('formatMonth(%j) is %j', (month, text) => expect(formatMonth(month)).toBe(text));
});
