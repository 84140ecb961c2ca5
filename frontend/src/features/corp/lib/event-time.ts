/**
 * Pings are entered in EVE time (ET = UTC) and shown both in the viewer's local time and in ET
 * (spec §9). `date` is the ISO timestamp the server stores (UTC).
 */
const LOCAL = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "2025-03-14 18:00 ET" */
export function etText(iso: string): string {
  const d = new Date(iso);
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} ET`;
}

/** "14.03.2025, 21:00" in the browser's time zone. */
export function localText(iso: string): string {
  return LOCAL.format(new Date(iso));
}
