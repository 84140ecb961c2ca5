import { distance } from 'fastest-levenshtein';

/**
 * «Возможно, вы имели в виду …»: the type names closest to a name that matched nothing, in
 * either language. Pure; built once per game data import, used only for lines that named nothing
 * (never on the path of a line that resolves).
 *
 * A name is cut into words (lower case, `ё` as `е`, letters and digits apart: `10MN` -> `10 mn`,
 * `T2`/`2` also read as `ii`). Each word of the query is matched against the vocabulary of all
 * names' words:
 * - the same word (1);
 * - a typo or a missing / extra letter: Levenshtein distance 1 for words of 4–7 letters, 2 from 8 (0.85, 0.7);
 * - the start of a word, 3 letters or more (`extend` -> `extender`, 0.8);
 * - a squeezed word, its letters in order from the same first letter (`mwd` -> `microwarpdrive`, 0.55);
 * - two words run together (`damagecontrol`, 0.5 for the word it starts with);
 * and a query word of 2–5 letters may be the initials of consecutive words of a name
 * (`lse` -> `Large Shield Extender`, 0.8 for each word it stands for).
 * A candidate name's score is a Dice-like ratio: what the query's words matched plus what of the
 * name's words was matched, over the count of both; names scoring under MIN_SCORE are not offered.
 */

export const MIN_SCORE = 0.55;

interface Entry {
  name: string;
  words: string[];
  /** First letter of each word (digit words as they are skipped: `·`). */
  initials: string;
}

interface WordMatch {
  /** Index into the entry's words -> score. */
  score: number;
  /** Name words this query word stands for (initials), by entry. */
  span?: number;
}

const ROMAN: Record<string, string> = { '1': 'i', '2': 'ii', '3': 'iii', '4': 'iv', '5': 'v' };
const ROMAN_WORDS = new Set(Object.values(ROMAN));
/** A query word that would bring more candidate names than this is left to the others to find them. */
const MAX_REACH = 3000;
/** A word of 4–5 letters in fewer names than this may still be an abbreviation. */
const RARE_WORD = 20;

/** Words of a name or a query (see the module comment). */
export function nameWords(text: string): string[] {
  const t = text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/(^|[^\p{L}\p{N}])t([1-3])(?=$|[^\p{L}\p{N}])/gu, (_, before: string, n: string) => `${before}${ROMAN[n]}`);
  const out: string[] = [];
  for (const m of t.matchAll(/\p{L}+|\p{N}+/gu)) out.push(m[0]);
  return out;
}

const isLetters = (w: string) => /^\p{L}+$/u.test(w);

/** `w` holds the letters of `token` in order, starting with the same letter. */
function squeezed(token: string, w: string): boolean {
  if (token[0] !== w[0] || token.length >= w.length) return false;
  let j = 1;
  for (let i = 1; i < w.length && j < token.length; i++) if (w[i] === token[j]) j++;
  return j === token.length;
}

/**
 * How well a query word matches a vocabulary word (0 = not at all). `lettersOnly`: both are made
 * of letters (the caller may know it already).
 */
export function wordScore(token: string, w: string, lettersOnly = isLetters(token) && isLetters(w)): number {
  if (token === w) return 1;
  if (ROMAN[token] === w) return 0.95;
  if (!lettersOnly) return 0;
  const n = token.length;
  const maxEdits = n >= 8 ? 2 : n >= 4 ? 1 : 0;
  // A typo seldom hits both the first letter and the second or the last one: a cheap filter
  // before the distance.
  const near = token[0] === w[0] || (token[1] === w[1] && token[n - 1] === w[w.length - 1]);
  if (maxEdits > 0 && near && Math.abs(w.length - n) <= maxEdits) {
    const d = distance(token, w);
    if (d <= maxEdits) return d === 1 ? 0.85 : 0.7;
  }
  if (n >= 3 && w.startsWith(token)) return 0.8;
  if (n >= 3 && squeezed(token, w)) return 0.55;
  if (w.length >= 4 && n > w.length + 2 && token.startsWith(w)) return 0.5;
  return 0;
}

function push<K>(map: Map<K, string[]>, key: K, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export class NameSuggester {
  private readonly entries: Entry[] = [];
  /** Word -> entries holding it. */
  private readonly postings = new Map<string, number[]>();
  /** The vocabulary's words of letters by length and by first letter (see `suggest`). */
  private readonly lettersByLength = new Map<number, string[]>();
  private readonly byFirst = new Map<string, string[]>();

  constructor(names: Iterable<string>) {
    const seen = new Set<string>();
    for (const name of names) {
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const words = nameWords(name);
      if (words.length === 0) continue;
      const index = this.entries.length;
      this.entries.push({ name, words, initials: words.map((w) => (isLetters(w) ? w[0] : '·')).join('') });
      for (const w of new Set(words)) {
        let list = this.postings.get(w);
        if (!list) {
          this.postings.set(w, (list = []));
          if (isLetters(w)) {
            push(this.lettersByLength, w.length, w);
            push(this.byFirst, w[0], w);
          }
        }
        list.push(index);
      }
    }
  }

  get size(): number {
    return this.entries.length;
  }

  /** The names closest to `query`, best first, at most `limit`, each with its score. */
  suggest(query: string, limit = 5): { name: string; score: number }[] {
    const tokens = nameWords(query).slice(0, 8);
    if (tokens.length === 0) return [];
    // Per query word: vocabulary words it matches, and names whose initials it may be.
    const matches = tokens.map((token) => {
      const words = new Map<string, number>();
      const letters = isLetters(token);
      const consider = (w: string, lettersOnly: boolean) => {
        if (words.has(w)) return;
        const score = wordScore(token, w, lettersOnly);
        if (score > 0) words.set(w, score);
      };
      // Only the words that can match: same length ± 2 (typos: words of letters), same first
      // letter (starts, squeezed words), the token's own starts (words run together), the token
      // itself and its Roman numeral.
      // A word that exists as it is needs no typo search (it scores 1 there).
      const known = this.postings.has(token);
      if (letters && !known)
        for (let len = token.length - 2; len <= token.length + 2; len++)
          for (const w of this.lettersByLength.get(len) ?? []) consider(w, true);
      if (letters) for (const w of this.byFirst.get(token[0]) ?? []) consider(w, true);
      if (this.postings.has(token)) consider(token, letters);
      for (let end = 4; end < token.length - 2; end++)
        if (this.postings.has(token.slice(0, end))) consider(token.slice(0, end), letters);
      if (ROMAN[token]) consider(ROMAN[token], false);
      const initials = new Map<number, WordMatch>();
      // Initials: a token of 2–3 letters (`xl` is a word and `X-Large`), or of 4–5 that is no
      // common word of the names (`eanm`, `mapc`; not `gala`, `heavy`).
      const rare = token.length <= 3 || !known || (this.postings.get(token)?.length ?? 0) < RARE_WORD;
      if (token.length >= 2 && token.length <= 5 && letters && rare && !ROMAN_WORDS.has(token))
        this.entries.forEach((e, i) => {
          if (e.words.length >= token.length && e.initials.includes(token)) initials.set(i, { score: 0.8, span: token.length });
        });
      return { words, initials };
    });

    // Candidates come from the query words that narrow it down (`ii` or `blueprint` alone would
    // bring thousands); every query word still counts in the score.
    const reach = matches.map((m) => {
      let n = m.initials.size;
      for (const w of m.words.keys()) n += this.postings.get(w)?.length ?? 0;
      return n;
    });
    const narrow = reach.some((n) => n > 0 && n <= MAX_REACH) ? MAX_REACH : Math.min(...reach.filter((n) => n > 0));
    const candidates = new Set<number>();
    matches.forEach((m, t) => {
      if (reach[t] === 0 || reach[t] > narrow) return;
      for (const w of m.words.keys()) for (const i of this.postings.get(w) ?? []) candidates.add(i);
      for (const i of m.initials.keys()) candidates.add(i);
    });

    const scored: { name: string; score: number }[] = [];
    const covered: number[] = [];
    for (const i of candidates) {
      const e = this.entries[i];
      const words = e.words;
      covered.length = 0;
      for (let k = 0; k < words.length; k++) covered.push(0);
      let querySide = 0;
      for (let t = 0; t < matches.length; t++) {
        const m = matches[t];
        let best = 0;
        let at = -1;
        for (let k = 0; k < words.length; k++) {
          const s = m.words.get(words[k]);
          if (s !== undefined && s > best && covered[k] < s) {
            best = s;
            at = k;
          }
        }
        const ini = m.initials.size > 0 ? m.initials.get(i) : undefined;
        if (ini && ini.score > best && ini.span) {
          const from = e.initials.indexOf(tokens[t]);
          for (let k = from; k < from + ini.span; k++) covered[k] = Math.max(covered[k], ini.score);
          querySide += ini.score;
          continue;
        }
        if (at >= 0) covered[at] = Math.max(covered[at], best);
        querySide += best;
      }
      let nameSide = 0;
      for (let k = 0; k < words.length; k++) nameSide += covered[k];
      const score = (querySide + nameSide) / (tokens.length + e.words.length);
      if (score >= MIN_SCORE) scored.push({ name: e.name, score });
    }
    scored.sort((a, b) => b.score - a.score || a.name.length - b.name.length || a.name.localeCompare(b.name));
    return scored.slice(0, limit).map((s) => ({ name: s.name, score: Math.round(s.score * 1000) / 1000 }));
  }
}
