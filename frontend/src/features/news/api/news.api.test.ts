import { formatNewsDate } from './news.api';

describe('formatNewsDate', () => {
  const intl = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

  it.each(Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}-${m === 1 ? '28' : '07'}`))(
    '%s reads as Intl’s Russian long date',
    (iso) => expect(formatNewsDate(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`))),
  );

  it('keeps what is not a date as it is', () => expect(formatNewsDate('скоро')).toBe('скоро'));
});
