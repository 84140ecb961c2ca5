import { APPRAISAL_MAX_ERRORS, moreErrorsMessage, tooLongLineMessage, unrecognisedLineMessage } from './messages';
import { typesOf, type ParsedAppraisal } from './parse';

/** The key names are matched by: the game data matches names case-insensitively. */
export const appraisalNameKey = (name: string): string => name.toLowerCase();

/** Every distinct name the readings mention (what a name lookup needs), in first-seen order. */
export function appraisalNames(parsed: ParsedAppraisal): string[] {
  const seen = new Map<string, string>();
  for (const line of parsed.lines)
    for (const reading of line.readings) for (const it of reading) if (!seen.has(it.key)) seen.set(it.key, it.name);
  return [...seen.values()];
}

export interface ResolvedItem<T> {
  type: T;
  quantity: number;
  /** Blueprint copies are kept apart from originals of the same type. */
  bpc: boolean;
}

export interface ResolvedAppraisal<T> {
  /** Summed per type (and copy / original), in the order the types first appear. */
  items: ResolvedItem<T>[];
  /** One Russian message per line that matched nothing (capped, then a count). */
  errors: string[];
}

/**
 * Keeps, for every line, the first reading whose every name `lookup` knows, and sums the same
 * type over the lines. `lookup` receives a name key (`appraisalNameKey`). A line parsed with the
 * same lookup already holds its reading and types (`known`): it is not looked up again.
 */
export function resolveAppraisal<T extends { id: number }>(
  parsed: ParsedAppraisal<NoInfer<T>>,
  lookup: (key: string) => T | undefined,
): ResolvedAppraisal<T> {
  const byKey = new Map<number, ResolvedItem<T>>();
  const errors: string[] = [];
  let dropped = 0;
  const fail = (message: string) => {
    if (errors.length < APPRAISAL_MAX_ERRORS) errors.push(message);
    else dropped++;
  };
  for (const line of parsed.lines) {
    if (line.tooLong) {
      fail(tooLongLineMessage(line.line));
      continue;
    }
    // The reading the parser's lookup found, else the first reading whose every name is known.
    let chosen = line.known?.reading;
    let types = line.known?.types ?? null;
    for (let i = 0; !types && i < line.readings.length; i++) {
      chosen = line.readings[i];
      types = typesOf(chosen, lookup);
    }
    if (!types || !chosen) {
      fail(unrecognisedLineMessage(line.line, line.text.replace(/\t/g, ' ')));
      continue;
    }
    for (let i = 0; i < chosen.length; i++) {
      const it = chosen[i];
      const type = types[i];
      const key = it.bpc ? -type.id - 1 : type.id;
      const found = byKey.get(key);
      if (found) found.quantity += it.quantity;
      else byKey.set(key, { type, quantity: it.quantity, bpc: it.bpc });
    }
  }
  if (dropped > 0) errors.push(moreErrorsMessage(dropped));
  return { items: [...byKey.values()], errors };
}
