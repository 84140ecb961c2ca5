import { formatDateTime, formatDuration, formatEveTime } from '@eve-toolkit/shared-types';

/**
 * Pings are entered in EVE time (ET = UTC) and shown both in the viewer's local time and in ET
 * (spec §9), both in the site's one format (Russian, 24-hour). `date` is the ISO timestamp the
 * server stores (UTC).
 */

/** "14.03.2025 18:00 ET" */
export function etText(iso: string): string {
  return formatEveTime(iso);
}

/** "14.03.2025 21:00" in the browser's time zone. */
export function localText(iso: string): string {
  return formatDateTime(iso);
}

/**
 * Time left until a ping, from `now` (ms): «через 2д 3ч 5м» (minutes and up), «через 12м 30с» in
 * the last hour, «начался» once it started. Pure: the page passes its ticking clock.
 */
export function countdownText(iso: string, now: number): string {
  const left = Math.ceil((new Date(iso).getTime() - now) / 1000);
  if (left <= 0) return 'начался';
  // Over an hour: whole minutes (rounded up, so it never reads «через 0м»).
  const shown = left >= 3600 ? Math.ceil(left / 60) * 60 : left;
  return `через ${formatDuration(shown)}`;
}

/** The form's default start: the next full hour in EVE time, at least 30 minutes away. */
export function defaultPingStart(now: number): { date: string; time: string } {
  const hour = 3_600_000;
  const start = new Date(Math.ceil((now + 30 * 60_000) / hour) * hour).toISOString();
  return { date: start.slice(0, 10), time: start.slice(11, 16) };
}
