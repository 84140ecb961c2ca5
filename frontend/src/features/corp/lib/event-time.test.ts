import { localText } from './event-time';

describe('localText', () => {
  const intl = new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

  it.each(['2026-01-02T03:04:00Z', '2026-11-30T19:00:00Z', '2025-12-31T23:59:00Z', '2028-02-29T12:30:00Z'])(
    '%s reads as Intl’s ru-RU date and time in the local zone',
    (iso) => expect(localText(iso)).toBe(intl.format(new Date(iso))),
  );
});
