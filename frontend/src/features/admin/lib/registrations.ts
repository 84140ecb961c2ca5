/** The registrations chart's height, px (the page keeps it free before the chart draws). */
export const REGISTRATIONS_CHART_HEIGHT = 280;

/**
 * The registrations chart's bars: one per calendar day (UTC) from the first to the last day with
 * registrations, days without any as 0, each labelled once ("26.11.26"). A time axis labelled
 * every few hours repeated each date; a category per day cannot.
 */
export function registrationBars(perDay: readonly { date: string; count: number }[]): { labels: string[]; counts: number[] } {
  if (perDay.length === 0) return { labels: [], counts: [] };
  const byDay = new Map<string, number>();
  for (const d of perDay) byDay.set(d.date, (byDay.get(d.date) ?? 0) + d.count);
  const days = [...byDay.keys()].sort();
  const labels: string[] = [];
  const counts: number[] = [];
  const last = Date.parse(`${days[days.length - 1]}T00:00:00Z`);
  for (let t = Date.parse(`${days[0]}T00:00:00Z`); t <= last; t += 86_400_000) {
    const iso = new Date(t).toISOString().slice(0, 10);
    const [y, m, d] = iso.split('-');
    labels.push(`${d}.${m}.${y.slice(2)}`);
    counts.push(byDay.get(iso) ?? 0);
  }
  return { labels, counts };
}
