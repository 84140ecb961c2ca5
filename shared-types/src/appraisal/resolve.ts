import { APPRAISAL_MAX_ERRORS, moreErrorsMessage, tooLongLineMessage, unrecognisedLineMessage } from './messages';
import { readAppraisal, typesOf, type ParsedAppraisal, type ParsedLine, type ReadOptions } from './parse';

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
 * Sums the lines of a paste as they are read: keeps, for every line, the first reading whose
 * every name `lookup` knows, and sums the same type over the lines. `lookup` receives a name key
 * (`appraisalNameKey`). A line parsed with the same lookup already holds its reading and types
 * (`known`): it is not looked up again.
 */
class AppraisalSum<T extends { id: number }> {
  private readonly byKey = new Map<number, ResolvedItem<T>>();
  private readonly errors: string[] = [];
  private dropped = 0;

  constructor(private readonly lookup: (key: string) => T | undefined) {}

  add(line: ParsedLine<T>): void {
    if (line.tooLong) {
      this.fail(tooLongLineMessage(line.line));
      return;
    }
    // The reading the parser's lookup found, else the first reading whose every name is known.
    let chosen = line.known?.reading;
    let types = line.known?.types ?? null;
    for (let i = 0; !types && i < line.readings.length; i++) {
      chosen = line.readings[i];
      types = typesOf(chosen, this.lookup);
    }
    if (!types || !chosen) {
      this.fail(unrecognisedLineMessage(line.line, line.text.replace(/\t/g, ' ')));
      return;
    }
    for (let i = 0; i < chosen.length; i++) {
      const it = chosen[i];
      const type = types[i];
      const key = it.bpc ? -type.id - 1 : type.id;
      const found = this.byKey.get(key);
      if (found) found.quantity += it.quantity;
      else this.byKey.set(key, { type, quantity: it.quantity, bpc: it.bpc });
    }
  }

  part(): AppraisalPart<T> {
    return { items: [...this.byKey.values()], errors: this.errors, dropped: this.dropped };
  }

  private fail(message: string): void {
    if (this.errors.length < APPRAISAL_MAX_ERRORS) this.errors.push(message);
    else this.dropped++;
  }
}

/** A part of a paste appraised on its own: its types summed, its first error messages and how many more it had. */
export interface AppraisalPart<T> {
  items: ResolvedItem<T>[];
  errors: string[];
  dropped: number;
}

/**
 * Joins the parts of a paste, in the paste's order, into its appraisal: the same type summed over
 * the parts (in the order types first appear), at most APPRAISAL_MAX_ERRORS messages, then a count.
 */
export function joinAppraisalParts<T extends { id: number }>(parts: readonly AppraisalPart<T>[]): ResolvedAppraisal<T> {
  if (parts.length === 1 && parts[0].dropped === 0) return { items: parts[0].items, errors: parts[0].errors };
  const byKey = new Map<number, ResolvedItem<T>>();
  const errors: string[] = [];
  let dropped = 0;
  for (const part of parts) {
    for (const it of part.items) {
      const key = it.bpc ? -it.type.id - 1 : it.type.id;
      const found = byKey.get(key);
      if (found) found.quantity += it.quantity;
      else byKey.set(key, { ...it });
    }
    for (const message of part.errors)
      if (errors.length < APPRAISAL_MAX_ERRORS) errors.push(message);
      else dropped++;
    dropped += part.dropped;
  }
  if (dropped > 0) errors.push(moreErrorsMessage(dropped));
  return { items: [...byKey.values()], errors };
}

/** Resolves parsed lines (see `AppraisalSum`). */
export function resolveAppraisal<T extends { id: number }>(
  parsed: ParsedAppraisal<NoInfer<T>>,
  lookup: (key: string) => T | undefined,
): ResolvedAppraisal<T> {
  const sum = new AppraisalSum(lookup);
  for (const line of parsed.lines) sum.add(line);
  return joinAppraisalParts([sum.part()]);
}

/**
 * Reads and sums (a part of) a paste in one pass: each line is summed as soon as it is read, so
 * no line's readings outlive it (a 10 000-line paste no longer keeps its whole parse until the
 * end, which the young-generation collector had to copy).
 */
export function appraisePart<T extends { id: number }>(
  text: string,
  lookup: (key: string) => T | undefined,
  options?: ReadOptions,
): AppraisalPart<T> {
  const sum = new AppraisalSum(lookup);
  readAppraisal(text, (line) => sum.add(line), lookup, options);
  return sum.part();
}

/** Parses and resolves a whole paste in one pass (see `appraisePart`). */
export function appraiseText<T extends { id: number }>(
  text: string,
  lookup: (key: string) => T | undefined,
): ResolvedAppraisal<T> {
  return joinAppraisalParts([appraisePart(text, lookup)]);
}
