/**
 * Plain constants of the appraisal (no zod): the page imports these on first render, while the
 * request schema in `api/appraisal.ts` is for the server and lazy form code.
 */

/** Spec §9: the page submits only text of at least 2 characters. */
export const APPRAISAL_MIN_LENGTH = 2;
/**
 * Longest text accepted (characters). Larger: 413. A 10 000-line inventory copy is 500-800 000
 * characters; the server's 1 MB JSON body limit (413 'Слишком большой запрос') applies first to
 * texts that are mostly Cyrillic (two bytes per letter).
 */
export const APPRAISAL_MAX_CHARS = 1_000_000;
/** Most lines accepted (blank lines count). More: 413. */
export const APPRAISAL_MAX_LINES = 20_000;
/** Longest single line the parser reads; longer lines are reported, not parsed. */
export const APPRAISAL_MAX_LINE_LENGTH = 1_000;
/** Largest quantity on one line (so that 20 000 summed lines stay exact integers). */
export const APPRAISAL_MAX_QUANTITY = 100_000_000_000;
/** How long a saved appraisal is kept (TTL index on `created_at`). */
export const APPRAISAL_TTL_DAYS = 90;
/** Length of a saved appraisal's id (base62, ~59 bits of randomness). */
export const APPRAISAL_ID_LENGTH = 10;
/** Buyback percent: 1–100, 100 by default. */
export const APPRAISAL_MIN_PERCENT = 1;
export const APPRAISAL_MAX_PERCENT = 100;
/** A signed-in player's history: appraisals per page. */
export const APPRAISAL_HISTORY_PAGE_SIZE = 20;
/** An anonymous visitor's history: the last appraisals kept in the browser. */
export const APPRAISAL_LOCAL_HISTORY = 10;
/** Errors listed per appraisal at most (then one line says how many more). */
export const APPRAISAL_MAX_ERRORS = 200;
/** Unrecognised lines that get «Возможно, вы имели в виду …» at most (the first ones of the paste). */
export const APPRAISAL_MAX_SUGGESTED_LINES = 10;
/** Names suggested per unrecognised line at most. */
export const APPRAISAL_MAX_SUGGESTIONS = 5;

/** The original backend's generic failure marker; the page shows MESSAGES.appError for it (spec §8). */
export const APPRAISAL_FAILURE = 'Error in appraisal';

export const APPRAISAL_MESSAGES = {
  textRequired: 'Вставьте список предметов: текст не короче 2 символов',
  textType: 'Текст оценки должен быть строкой',
  tooManyChars: 'Слишком длинный текст: не больше 1 000 000 символов',
  tooManyLines: 'Слишком много строк: не больше 20 000',
  badId: 'Некорректная ссылка на оценку',
  notFound: 'Оценка не найдена: ссылка неверна или срок её хранения истёк',
  noOrders: 'Нет ордеров в хабе: цены нет',
  noSellOrders: 'Нет ордеров на продажу в хабе',
  noBuyOrders: 'Нет ордеров на покупку в хабе',
  blueprintCopy: 'Копия чертежа: по ордерам не оценивается',
  nothingRecognised: 'Не найдено ни одного предмета',
  percent: 'Процент выкупа: целое число от 1 до 100',
  badPage: 'Номер страницы: целое число от 1',
} as const;

/** One Russian message per unrecognised line, naming it (long lines are shortened). */
export function unrecognisedLineMessage(lineNumber: number, text: string): string {
  const shown = text.length > 80 ? `${text.slice(0, 77)}…` : text;
  return `Строка ${lineNumber}: не удалось распознать «${shown}»`;
}

export function tooLongLineMessage(lineNumber: number): string {
  return `Строка ${lineNumber}: слишком длинная (больше ${APPRAISAL_MAX_LINE_LENGTH} символов)`;
}

/** «Возможно, вы имели в виду …» for a suggestion's names. */
export function suggestionMessage(names: readonly string[]): string {
  return `Возможно, вы имели в виду: ${names.map((n) => `«${n}»`).join(', ')}`;
}

export function moreErrorsMessage(count: number): string {
  return `…и ещё ${count} нераспознанных строк`;
}
