import {
  APPRAISAL_MIN_LENGTH,
  linePrices,
  roundUp2,
  toSpreadsheetNumber,
  type AppraisalLine,
  type AppraisalPriceKind,
} from '@eve-toolkit/shared-types';

/** Spec §2: `?data=` with literal `\t` and `\n` sequences becomes the text with tabs and newlines. */
export function decodeDataParam(value: string): string {
  return value.replace(/\\t/g, '\t').replace(/\\n/g, '\n');
}

/** Spec §5: submitted only with at least 2 characters (spaces alone do not count). */
export function canSubmit(text: string): boolean {
  return text.trim().length >= APPRAISAL_MIN_LENGTH;
}

/** The result table's columns (spec §2), as the page and the copied header name them at 100 %. */
export const APPRAISAL_COLUMNS = ['Тип', 'Количество', 'Объём, м³', 'SELL за ед.', 'BUY за ед.', 'SELL', 'BUY'] as const;

/**
 * The columns at a buyback percent (issue 37): per-unit prices stay the market's (100 %), the
 * line totals (and the «Итог» lines) are at the percent, and each header says which. At 100 %
 * the spec's own names.
 */
export function appraisalColumns(percent: number): string[] {
  if (percent === 100) return [...APPRAISAL_COLUMNS];
  return [
    'Тип',
    'Количество',
    'Объём, м³',
    'SELL за ед. (рынок, 100 %)',
    'BUY за ед. (рынок, 100 %)',
    `SELL × ${percent} %`,
    `BUY × ${percent} %`,
  ];
}

/** The line under the table's header: what each price column is, at a buyback percent (null at 100 %). */
export function appraisalPercentNote(percent: number): string | null {
  return percent === 100
    ? null
    : `Цены за единицу и ISK/м³ — рыночные (100\u00a0%); суммы строк и итоги — по проценту выкупа ${percent}\u00a0%.`;
}

/** Rounded up to 2 decimals, written for a Russian spreadsheet: "8020,00". */
const num = (v: number) => toSpreadsheetNumber(roundUp2(v), 2);

/**
 * 'Копировать' / 'С заголовком': one tab-separated row per type (name, quantity, volume, SELL and
 * BUY per unit, SELL and BUY totals) for a Russian spreadsheet (Excel, LibreOffice, Google
 * Таблицы with a Russian locale read "8020,00" as a number: a decimal comma, no grouping); the
 * rows paste back into the appraisal as they are (name, tab, whole quantity). Prices of the
 * page's kind, totals at its buyback percent (by default the best orders at 100 %).
 */
export function appraisalCopyText(
  lines: readonly AppraisalLine[],
  withHeader: boolean,
  kind: AppraisalPriceKind = 'best',
  percent = 100,
): string {
  const f = percent / 100;
  const rows = lines.map((l) => {
    const p = linePrices(l, kind);
    return [
      l.name,
      String(l.quantity),
      num(l.volume),
      // a missing price is an empty cell, never 0
      p.sell === null ? '' : num(p.sell),
      p.buy === null ? '' : num(p.buy),
      p.sell === null ? '' : num(p.sell * l.quantity * f),
      p.buy === null ? '' : num(p.buy * l.quantity * f),
    ].join('\t');
  });
  return (withHeader ? [appraisalColumns(percent).join('\t'), ...rows] : rows).join('\n');
}
