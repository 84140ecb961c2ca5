import { APPRAISAL_MAX_CHARS, APPRAISAL_MAX_LINES, APPRAISAL_MAX_QUANTITY } from './messages';
import { halvePaste, parseAppraisal, pasteKind, type ParsedAppraisal } from './parse';
import { seededRandom } from '../random';
import { appraisalNames, appraisalNameKey, appraisePart, appraiseText, joinAppraisalParts, resolveAppraisal } from './resolve';
import { inWorkerWithin } from '../test-support/hang-bound';

/**
 * Fuzz: thousands of random and hostile inputs through the parser and the resolver. Nothing
 * throws and every reading is well-formed. Deterministic: a seeded generator.
 *
 * No wall-clock budget decides here (issue 41: a busy shared machine paused a 0.1 ms parse for
 * 289 ms). That the parser cannot backtrack catastrophically is checked where it is decided: every
 * regular expression of the code is linted with regexp/no-super-linear-backtracking
 * (eslint.config.mjs). The hostile pastes at the size limits are parsed in a worker thread that a
 * real hang cannot outlive (`inWorkerWithin`); the parse's growth with the line's length is
 * measured in bench/parser-growth.bench.ts. The work per line is bounded by design: at most
 * MAX_READINGS (8) readings, which the checks below hold.
 */

const PIECES = [
  'Tritanium',
  'Rifter',
  'Кибернетика',
  'x',
  'х',
  '×',
  ' ',
  '  ',
  '\t',
  '\n',
  '\n',
  '\r\n',
  '\r',
  '\u00a0',
  '\u202f',
  ',',
  '.',
  "'",
  '’',
  ':',
  ';',
  '-',
  '- ',
  '*',
  '(',
  ')',
  '[',
  ']',
  '(Copy)',
  '(4662 Units)',
  'has looted',
  '03:21:19',
  '2024.05.01 19:56',
  'Qty: ',
  'Destroyed items:',
  'Blueprint',
  '\t10\t20\t-1',
  '\t1,919\t5,842 m',
  'ISK',
  'm3',
  'м^3',
  'km',
  '-',
  '0',
  '1',
  '000',
  '999',
  '1,000',
  '1 000',
  '100000000000',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '1e308',
  '\u0000',
  '\ufffd',
  '😀',
  '\u202e',
  '__proto__',
  'constructor',
];
const KNOWN = new Map(['tritanium', 'rifter', 'кибернетика', 'plex'].map((n, i) => [n, { id: i + 1 }]));

/** The parser's bound on the work per line (parse.ts MAX_READINGS). */
const MAX_READINGS = 8;
/** A hang, not a budget: the largest hostile paste is parsed in well under a second. */
const HANG_MS = 60_000;

/** What is wrong with a parse and its resolution (nothing, normally). */
function problemsOf(text: string, parsed: ParsedAppraisal<{ id: number }>): string[] {
  const problems: string[] = [];
  appraisalNames(parsed).forEach((n) => appraisalNameKey(n));
  const { items, errors } = resolveAppraisal(parsed, (key) => KNOWN.get(key));
  for (const line of parsed.lines) {
    if (line.readings.length > MAX_READINGS) problems.push(`${line.readings.length} readings of line ${line.line}`);
    for (const reading of line.readings)
      for (const it of reading)
        if (!Number.isInteger(it.quantity) || it.quantity < 1 || it.quantity > APPRAISAL_MAX_QUANTITY || it.name.length === 0)
          problems.push(`bad item ${JSON.stringify(it)} in ${JSON.stringify(text.slice(0, 60))}`);
  }
  for (const i of items) if (!Number.isSafeInteger(i.quantity)) problems.push(`unsafe sum ${i.quantity}`);
  if (!errors.every((e) => typeof e === 'string' && e.length > 0)) problems.push('bad error');
  return problems;
}

const check = (text: string) => problemsOf(text, parseAppraisal(text));

describe('appraisal parser fuzz', () => {
  it('5 000 random pastes built from format fragments: no throw, well-formed, at most 8 readings a line', () => {
    const r = seededRandom(12);
    const problems: string[] = [];
    for (let n = 0; n < 5000; n++) {
      const len = 1 + Math.floor(r() * 40);
      let text = '';
      for (let i = 0; i < len; i++) text += PIECES[Math.floor(r() * PIECES.length)];
      problems.push(...check(text));
    }
    expect(problems).toEqual([]);
  });

  it('2 000 random byte soups (any code unit): no throw, well-formed', () => {
    const r = seededRandom(99);
    const problems: string[] = [];
    for (let n = 0; n < 2000; n++) {
      const len = Math.floor(r() * 300);
      let text = '';
      for (let i = 0; i < len; i++)
        text += String.fromCharCode(r() < 0.7 ? 32 + Math.floor(r() * 95) : Math.floor(r() * 0x10000));
      problems.push(...check(text));
    }
    expect(problems).toEqual([]);
  });

  const line = (unit: string, n = 999) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
  /** As much of a line as the server lets through: at most APPRAISAL_MAX_LINES lines and APPRAISAL_MAX_CHARS characters. */
  const fill = (l: string) =>
    Array.from({ length: Math.min(APPRAISAL_MAX_LINES, Math.floor(APPRAISAL_MAX_CHARS / (l.length + 1))) }, () => l).join('\n');
  it.each([
    ['spaces and digits', line('1 ')],
    ['digit groups', line('111 ')],
    ['separators', line("1,'.")],
    ['open brackets', line('(')],
    ['x and digits', line('x1 ')],
    ['dashes', line('- ')],
    ['commas', line(', a')],
    ['tabs', line('\t1')],
    ['tabs and names', line('Rifter\t')],
    ['loot verbs', line('03:21:19 has looted x ')],
    ['colons', line('Qty: ')],
    ['units', line('(1 Units)')],
    ['a whole paste of short lines', 'Tritanium 1'],
    ['a whole paste of tab rows', 'Rifter\t1\tFrigate'],
  ])('hostile paste at the size limits (%s): read to the end (no hang), well-formed', async (_label, l) => {
    const text = fill(l);
    const parsed = await inWorkerWithin<ParsedAppraisal<{ id: number }>>(
      require.resolve('./parse'),
      'parseAppraisal',
      [text],
      HANG_MS,
    );
    expect(parsed.lines.length).toBeGreaterThan(0);
    expect(problemsOf(text, parsed)).toEqual([]);
  });

  it('3 000 random pastes read in two halves at once give exactly the whole paste (items in order, errors, line numbers)', () => {
    const r = seededRandom(31);
    const lookup = (key: string) => KNOWN.get(key);
    const problems: string[] = [];
    let halved = 0;
    for (let n = 0; n < 3000; n++) {
      const len = 1 + Math.floor(r() * 80);
      let text = '';
      for (let i = 0; i < len; i++) text += PIECES[Math.floor(r() * PIECES.length)];
      const halves = halvePaste(text);
      if (!halves) continue;
      halved++;
      const kind = pasteKind(text);
      const joined = joinAppraisalParts(halves.map((h) => appraisePart(h.text, lookup, { ...kind, firstLine: h.firstLine })));
      if (JSON.stringify(joined) !== JSON.stringify(appraiseText(text, lookup))) problems.push(JSON.stringify(text));
    }
    expect(problems).toEqual([]);
    expect(halved).toBeGreaterThan(1800);
  });
});
