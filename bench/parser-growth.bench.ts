/**
 * Parser growth: does reading a line cost the same per character when the line is 10× and 100×
 * longer? (issue 41: the fuzz tests no longer time anything; this is where the parsers' speed and
 * its growth are measured.)
 *
 *   npx tsx bench/parser-growth.bench.ts [runs=7]
 *
 * For each hostile line shape (the fuzz tests' units: digits and spaces, separators, brackets,
 * tabs, loot verbs, colons …) a line of 10 characters is grown to 100 and 1 000 (the appraisal's
 * APPRAISAL_MAX_LINE_LENGTH), and the same amount of text (200 000 characters: 18 182, 1 980 and
 * 199 lines) is parsed whole, the median of `runs`. The figure is nanoseconds per character; the
 * baseline, in the same run, is the 10-character line's own figure. A linear parser keeps the
 * ratio near 1 (reading a longer line costs the same per character); a quadratic one would show
 * ~10 and ~100. The bench fails (exit code 1) when a ratio is over LINEAR_FACTOR.
 *
 * The loot parser (uploaded files: one line may be the whole file) is measured the same way on
 * chat lines, up to 10 000 characters.
 */
import { parseAppraisal } from '../shared-types/src/appraisal/parse';
import { parseLootHistory } from '../shared-types/src/loot/parse';

const RUNS = Number(process.argv[2] ?? 7);
/** Text per measurement, whatever the line length: the per-character cost is compared. */
const CHARS = 200_000;
/** A ratio over this is not "a constant factor of linear" (a quadratic parse gives 10 and 100). */
const LINEAR_FACTOR = 4;

const line = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

function nsPerChar(parse: (text: string) => unknown, text: string): number {
  parse(text); // warm-up: compiled code, not the interpreter, is measured
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    parse(text);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return (times[Math.floor(times.length / 2)] * 1e6) / text.length;
}

interface Row {
  parser: string;
  shape: string;
  figures: number[];
  ratios: number[];
}

function measure(
  parser: string,
  parse: (text: string) => unknown,
  shapes: [string, (n: number) => string][],
  lengths: number[],
): Row[] {
  return shapes.map(([shape, make]) => {
    const figures = lengths.map((n) => {
      const l = make(n);
      return nsPerChar(parse, Array.from({ length: Math.floor(CHARS / (l.length + 1)) }, () => l).join('\n'));
    });
    // 10×/1×, 100×/1× and 100×/10× (a short line's own overhead flatters the first two).
    return { parser, shape, figures, ratios: [figures[1] / figures[0], figures[2] / figures[0], figures[2] / figures[1]] };
  });
}

const appraisalShapes: [string, (n: number) => string][] = [
  ['spaces and digits', (n) => line('1 ', n)],
  ['digit groups', (n) => line('111 ', n)],
  ['separators', (n) => line("1,'.", n)],
  ['open brackets', (n) => line('(', n)],
  ['x and digits', (n) => line('x1 ', n)],
  ['dashes', (n) => line('- ', n)],
  ['commas', (n) => line(', a', n)],
  ['tabs', (n) => line('\t1', n)],
  ['tabs and names', (n) => line('Rifter\t', n)],
  ['loot verbs', (n) => line('03:21:19 has looted x ', n)],
  ['colons', (n) => line('Qty: ', n)],
  ['units', (n) => line('(1 Units)', n)],
  ['a name and a quantity', (n) => `${line('Tritanium ', n - 6)} 1 000`],
];
const lootShapes: [string, (n: number) => string][] = [
  ['a time and spaces', (n) => `03:21:19${' '.repeat(n - 9)}!`],
  ['a long pilot name', (n) => `03:21:19 ${line('a ', n - 31)}has looted 5 x Garde II`],
  ['a quantity without its x', (n) => `03:21:19 A has looted ${line('1 ', n - 22)}`],
  ['many x', (n) => `03:21:19 A has looted 5${line(' x', n - 23)}`],
];

const rows = [
  ...measure('appraisal', parseAppraisal, appraisalShapes, [10, 100, 1000]),
  ...measure('loot', parseLootHistory, lootShapes, [40, 400, 4000]),
];

const pad = (s: string, n: number) => s.padEnd(n);
const num = (x: number) => x.toFixed(1).padStart(7);
console.log(`Parser growth: ns per character, median of ${RUNS}, ${CHARS.toLocaleString('en')} characters per measurement`);
console.log(
  `${pad('parser', 10)}${pad('line shape', 26)}${'1×'.padStart(7)}${'10×'.padStart(7)}${'100×'.padStart(7)}   10×/1×  100×/1×  100×/10×`,
);
for (const r of rows)
  console.log(
    `${pad(r.parser, 10)}${pad(r.shape, 26)}${r.figures.map(num).join('')}   ${r.ratios.map((x, i) => x.toFixed(2).padStart([6, 7, 8][i])).join('  ')}`,
  );
const worst = rows.reduce((w, r) => (Math.max(...r.ratios) > Math.max(...w.ratios) ? r : w));
const factor = Math.max(...worst.ratios);
console.log(
  `\nWorst growth: ${factor.toFixed(2)}× per character (${worst.parser}, ${worst.shape}); linear within a factor of ${LINEAR_FACTOR}: ${factor <= LINEAR_FACTOR ? 'yes' : 'NO'}`,
);
if (factor > LINEAR_FACTOR) process.exitCode = 1;
