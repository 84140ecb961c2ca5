import { APPRAISAL_MIN_LENGTH, roundUp2, toSpreadsheetNumber, type AppraisalLine } from '@eve-toolkit/shared-types';

/** Spec §2: `?data=` with literal `\t` and `\n` sequences becomes the text with tabs and newlines. */
export function decodeDataParam(value: string): string {
  return value.replace(/\\t/g, '\t').replace(/\\n/g, '\n');
}

/** Spec §5: submitted only with at least 2 characters (spaces alone do not count). */
export function canSubmit(text: string): boolean {
  return text.trim().length >= APPRAISAL_MIN_LENGTH;
}

/** The result table's columns (spec §2), as the page and the copied header name them. */
export const APPRAISAL_COLUMNS = ['Тип', 'Количество', 'Объём, м³', 'SELL за ед.', 'BUY за ед.', 'SELL', 'BUY'] as const;

/** Rounded up to 2 decimals, written for a Russian spreadsheet: "8020,00". */
const num = (v: number) => toSpreadsheetNumber(roundUp2(v), 2);

/**
 * 'Копировать' / 'С заголовком': one tab-separated row per type (name, quantity, volume, SELL and
 * BUY per unit, SELL and BUY totals) for a Russian spreadsheet (Excel, LibreOffice, Google
 * Таблицы with a Russian locale read "8020,00" as a number: a decimal comma, no grouping); the
 * rows paste back into the appraisal as they are (name, tab, whole quantity).
 */
export function appraisalCopyText(lines: readonly AppraisalLine[], withHeader: boolean): string {
  const rows = lines.map((l) =>
    [l.name, String(l.quantity), num(l.volume), num(l.sell), num(l.buy), num(l.sell * l.quantity), num(l.buy * l.quantity)].join(
      '\t',
    ),
  );
  return (withHeader ? [APPRAISAL_COLUMNS.join('\t'), ...rows] : rows).join('\n');
}

/** 'Ссылка': the saved appraisal's address on this site. */
export function appraisalShareLink(origin: string, id: string): string {
  return `${origin}/market/appraisal?id=${encodeURIComponent(id)}`;
}
