import {
  APPRAISAL_MAX_ERRORS,
  APPRAISAL_MAX_SUGGESTED_LINES,
  moreErrorsMessage,
  tooLongLineMessage,
  unrecognisedLineMessage,
} from './messages';
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
  /** Blueprint copies: their runs added up (copies × runs), over the lines that said; null when none did. */
  runs: number | null;
}

/** A line that named nothing, with the names it may have meant to say (for «Возможно, вы имели в виду …»). */
export interface UnknownLine {
  /** 1-based line number in the paste. */
  line: number;
  /** The names its readings tried, first-seen order, at most 6. */
  names: string[];
}

export interface ResolvedAppraisal<T> {
  /** Summed per type (and copy / original), in the order the types first appear. */
  items: ResolvedItem<T>[];
  /** One Russian message per line that matched nothing (capped, then a count). */
  errors: string[];
  /** The first APPRAISAL_MAX_SUGGESTED_LINES lines that matched nothing, with the names they tried. */
  unknown: UnknownLine[];
}

/** A part of a paste appraised on its own: its types summed, its first error messages and how many more it had. */
export interface AppraisalPart<T> {
  items: ResolvedItem<T>[];
  errors: string[];
  dropped: number;
  unknown: UnknownLine[];
}

/** The names a line's readings tried, first-seen order, at most 6. */
function triedNames(line: ParsedLine<unknown>): string[] {
  const seen = new Map<string, string>();
  for (const reading of line.readings)
    for (const it of reading) if (seen.size < 6 && !seen.has(it.key)) seen.set(it.key, it.name);
  return [...seen.values()];
}

/**
 * An appraisal being summed: the same type (and copy / original) summed in the order types first
 * appear, at most APPRAISAL_MAX_ERRORS messages, then a count of the others. Lines and whole
 * parts of a paste are added to it alike.
 */
class AppraisalSum<T extends { id: number }> {
  private readonly byKey = new Map<number, ResolvedItem<T>>();
  private readonly errors: string[] = [];
  private readonly unknown: UnknownLine[] = [];
  private dropped = 0;

  /**
   * Adds a line: the reading the parser's lookup found (`known`), else its first reading whose
   * every name `lookup` knows; a line with none is an error. `lookup` receives a name key
   * (`appraisalNameKey`).
   */
  addLine(line: ParsedLine<T>, lookup: (key: string) => T | undefined): void {
    if (line.tooLong) {
      this.fail(tooLongLineMessage(line.line));
      return;
    }
    let chosen = line.known?.reading;
    let types = line.known?.types ?? null;
    for (let i = 0; !types && i < line.readings.length; i++) {
      chosen = line.readings[i];
      types = typesOf(chosen, lookup);
    }
    if (!types || !chosen) {
      this.fail(unrecognisedLineMessage(line.line, line.text.replace(/\t/g, ' ')));
      if (this.unknown.length < APPRAISAL_MAX_SUGGESTED_LINES && line.readings.length > 0)
        this.unknown.push({ line: line.line, names: triedNames(line) });
      return;
    }
    if (line.header) return;
    for (let i = 0; i < chosen.length; i++) {
      const it = chosen[i];
      this.addItem(types[i], it.quantity, it.bpc, it.runs === undefined ? null : it.runs * it.quantity);
    }
  }

  /** Adds a part summed on its own (the parts in the paste's order). */
  addPart(part: AppraisalPart<T>): void {
    for (const it of part.items) this.addItem(it.type, it.quantity, it.bpc, it.runs);
    for (const message of part.errors) this.fail(message);
    this.dropped += part.dropped;
    for (const u of part.unknown) if (this.unknown.length < APPRAISAL_MAX_SUGGESTED_LINES) this.unknown.push(u);
  }

  part(): AppraisalPart<T> {
    return { items: [...this.byKey.values()], errors: [...this.errors], dropped: this.dropped, unknown: [...this.unknown] };
  }

  result(): ResolvedAppraisal<T> {
    const errors = this.dropped > 0 ? [...this.errors, moreErrorsMessage(this.dropped)] : [...this.errors];
    return { items: [...this.byKey.values()], errors, unknown: [...this.unknown] };
  }

  private addItem(type: T, quantity: number, bpc: boolean, runs: number | null): void {
    const key = bpc ? -type.id - 1 : type.id;
    const found = this.byKey.get(key);
    if (!found) this.byKey.set(key, { type, quantity, bpc, runs });
    else {
      found.quantity += quantity;
      if (runs !== null) found.runs = (found.runs ?? 0) + runs;
    }
  }

  private fail(message: string): void {
    if (this.errors.length < APPRAISAL_MAX_ERRORS) this.errors.push(message);
    else this.dropped++;
  }
}

/** Joins the parts of a paste, in the paste's order, into its appraisal (see `AppraisalSum`). */
export function joinAppraisalParts<T extends { id: number }>(parts: readonly AppraisalPart<T>[]): ResolvedAppraisal<T> {
  const sum = new AppraisalSum<T>();
  for (const part of parts) sum.addPart(part);
  return sum.result();
}

/** Resolves parsed lines (see `AppraisalSum`). */
export function resolveAppraisal<T extends { id: number }>(
  parsed: ParsedAppraisal<NoInfer<T>>,
  lookup: (key: string) => T | undefined,
): ResolvedAppraisal<T> {
  const sum = new AppraisalSum<T>();
  for (const line of parsed.lines) sum.addLine(line, lookup);
  return sum.result();
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
  const sum = new AppraisalSum<T>();
  readAppraisal(text, (line) => sum.addLine(line, lookup), lookup, options);
  return sum.part();
}

/** Parses and resolves a whole paste in one pass (see `appraisePart`). */
export function appraiseText<T extends { id: number }>(
  text: string,
  lookup: (key: string) => T | undefined,
): ResolvedAppraisal<T> {
  const sum = new AppraisalSum<T>();
  readAppraisal(text, (line) => sum.addLine(line, lookup), lookup);
  return sum.result();
}
