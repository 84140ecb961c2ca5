/**
 * A month as a report names it (the SRP reports per month). A module of its own, not in
 * format.ts: every page loads format.ts, and Rollup keeps a module's used exports together, so
 * the month names would weigh on every first load; alone, they go with the one page using them.
 */
const MONTHS = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
] as const;

/** "2026-11" -> "ноябрь 2026" (Intl ru-RU's long month without «г.»). */
export function formatMonth(yearMonth: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} ${m[1]}` : yearMonth;
}
