import { APPRAISAL_MAX_LINE_LENGTH } from './messages';
import { parseGameNumber, parseGameQuantity } from './numbers';

/**
 * The appraisal paste parser: pure, no game data. Every line becomes a list of *readings* (what
 * the line may mean, most likely first); the resolver then keeps, per line, the first reading whose
 * every name is a known type (`resolve.ts`). That is how `Navy Cap Booster 400` stays one item
 * while `Tritanium 400` is 400 Tritanium, and how `30 Day Pilot's License Extension (PLEX)` is not
 * 30 of something.
 *
 * Formats (English and Russian clients): free listings (`10x Item`, `10 x Item`, `Item x 10`,
 * `Item 10`, `Item: 10`, `10<TAB>Item`, a bare name), cargo scans (`N Item`, `(Copy)`), inventory,
 * asset and "view contents" tables, contracts (blueprint-copy details), EFT / Pyfa fits, the
 * in-game fitting copy, fleet loot history (file rows and `HH:MM:SS X has looted N x Item`),
 * planetary windows, industry materials (`Item (N Units)`, required/available tables), personal
 * and moon mining ledgers, the survey scanner, directional scan, killmails, wallet transactions,
 * the compare window, and a heuristic fallback (list markers, `A x 1 - B x 2` lines).
 *
 * Bounded time: the input is cut into lines first, lines over APPRAISAL_MAX_LINE_LENGTH are not
 * read, and every rule is a token scan or an anchored regular expression without nested or
 * adjacent quantifiers over the same characters (no catastrophic backtracking).
 */

export interface ParsedItem {
  /** Cleaned name: trimmed, trailing `*` and `(Copy)` / `(Original)` removed. */
  name: string;
  /** The name in lower case: the key names are matched by (case-insensitive, like the game data). */
  key: string;
  quantity: number;
  /** A blueprint copy (listed, not priced from orders). */
  bpc: boolean;
  /** A blueprint copy's runs (each copy), when the paste says (the industry window's blueprint list). */
  runs?: number;
}

/** One possible meaning of a line: the items it holds. */
export type Reading = ParsedItem[];

export interface ParsedLine<T = unknown> {
  /** 1-based line number in the pasted text. */
  line: number;
  /** The line as pasted (trimmed), for error messages (tabs shown as spaces there). */
  text: string;
  /** Possible meanings, most likely first; empty when nothing could be read. */
  readings: Reading[];
  /** With the name lookup: the reading whose every name it found (the last one) and what it found. */
  known?: KnownReading<T>;
  /** Longer than APPRAISAL_MAX_LINE_LENGTH: not read. */
  tooLong?: boolean;
  /**
   * A survey scanner group header (an ore's name alone in a paste with survey rows): not counted
   * when it names a type; reported like any line when it names nothing.
   */
  header?: boolean;
}

/** A reading whose every name the lookup found: the items and, item by item, what was found. */
export interface KnownReading<T> {
  reading: Reading;
  types: T[];
}

export interface ParsedAppraisal<T = unknown> {
  /** Lines to resolve (blank lines, headers and other recognised non-item lines are left out). */
  lines: ParsedLine<T>[];
}

const MAX_READINGS = 8;
const MAX_NAME_LENGTH = 120;

const HAS_LETTER = /\p{L}/u;
const TIME = /^\d{1,2}:\d{2}(?::\d{2})?$/;
const DATE = /^\d{4}[./-]\d{1,2}[./-]\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/;

/** Whole lines (lower case, without a trailing colon) that are section titles, never items. */
const SECTION_TITLES = new Set([
  // In-game fitting copy and cargo sections (EN)
  'high power',
  'medium power',
  'low power',
  'rig slot',
  'rig slots',
  'sub system',
  'subsystem',
  'subsystems',
  'charges',
  'drones',
  'drone bay',
  'fuel',
  'fuel bay',
  'cargo',
  'cargo hold',
  'fighters',
  'fighter bay',
  'implants',
  'boosters',
  'high slots',
  'mid slots',
  'medium slots',
  'low slots',
  'service slots',
  // The industry window's blueprint list
  'blueprints',
  'formulas',
  'reaction formulas',
  // (RU)
  'разъёмы большой мощности',
  'разъемы большой мощности',
  'разъёмы средней мощности',
  'разъемы средней мощности',
  'разъёмы малой мощности',
  'разъемы малой мощности',
  'верхние слоты',
  'средние слоты',
  'нижние слоты',
  'слоты тюнинга',
  'разъёмы для тюнинга',
  'разъемы для тюнинга',
  'тюнинг',
  'подсистемы',
  'заряды',
  'боеприпасы',
  'дроны',
  'отсек для дронов',
  'топливо',
  'топливный отсек',
  'грузовой отсек',
  'трюм',
  'истребители',
  'импланты',
  'бустеры',
  'чертежи',
  'чертёжи',
  'формулы',
  'формулы реакций',
]);

/** Killmail section titles: their presence makes the paste a killmail. */
const KILLMAIL_SECTIONS = new Set([
  'destroyed items',
  'dropped items',
  'involved parties',
  'уничтоженные предметы',
  'уничтожено предметов',
  'выпавшие предметы',
  'сброшенные предметы',
  'уцелевшие предметы',
  'участники',
  'участники нападения',
]);

/** Killmail header fields (`Key: value`), ignored in a killmail. */
const KILLMAIL_FIELDS = new Set([
  'victim',
  'corp',
  'corporation',
  'alliance',
  'faction',
  'destroyed',
  'system',
  'security',
  'damage taken',
  'name',
  'ship',
  'weapon',
  'damage done',
  'moon',
  'жертва',
  'пострадавший',
  'корпорация',
  'альянс',
  'фракция',
  'уничтожено',
  'уничтожен',
  'система',
  'безопасность',
  'статус безопасности',
  'получено урона',
  'полученный урон',
  'имя',
  'корабль',
  'оружие',
  'нанесено урона',
  'нанесённый урон',
  'нанесенный урон',
  'луна',
]);

/** Column titles: a tab row made only of these (and no number) is a table header. */
const HEADER_WORDS = new Set([
  'quantity',
  'qty',
  'количество',
  'кол-во',
  'name',
  'название',
  'наименование',
  'type',
  'item type',
  'item',
  'item group',
  'тип',
  'тип предмета',
  'предмет',
  'группа предмета',
  'timestamp',
  'time',
  'время',
  'дата',
  'date',
  'ore type',
  'тип руды',
  'required',
  'требуется',
  'available',
  'имеется',
  'в наличии',
  'character',
  'персонаж',
  'pilot',
  'пилот',
  'volume',
  'объём',
  'объем',
  'distance',
  'расстояние',
]);

/** Loot history verbs (`HH:MM:SS Pilot has looted 5 x Item`). */
const LOOT_VERBS: readonly (readonly string[])[] = [
  ['has', 'looted'],
  ['looted'],
  ['подобрал(а)'],
  ['подобрала'],
  ['подобрал'],
  ['забрал(а)'],
  ['забрала'],
  ['забрал'],
];

const BPC_MARKERS = ['blueprint copy', 'копия чертежа'];
const COPY_SUFFIXES = ['(copy)', '(копия)'];
const ORIGINAL_SUFFIXES = ['(original)', '(оригинал)'];
const UNIT_WORDS = new Set(['unit', 'units', 'ед', 'ед.', 'единица', 'единиц', 'единицы', 'шт', 'шт.']);
/** Units after a number in table cells (volumes, distances, money, compare-window figures). */
const VALUE_UNITS = [
  'isk',
  'm3',
  'm³',
  'м3',
  'м³',
  'm^3',
  'м^3',
  'km',
  'm',
  'au',
  'км',
  'м',
  'а.е.',
  '%',
  'gj',
  'mw',
  'tf',
  'hp',
  's',
  'с',
];

/*
 * Lower case: names are matched by their lower case. The paste is lower-cased once, and every
 * piece of a line travels with its lower-case twin (`l`, same length, character for character),
 * so no rule lower-cases a cell or a token again (that was a fifth of the parse time).
 */

const lower = (s: string) => s.toLowerCase();
const isDigitChar = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** The lower case of `s` with the same length (the rare letters whose lower case is longer stay as they are). */
function lowerTwin(s: string): string {
  const l = lower(s);
  if (l.length === s.length) return l;
  let out = '';
  for (const ch of s) {
    const c = lower(ch);
    out += c.length === ch.length ? c : ch;
  }
  return out;
}

/** Splits a text and its twin alike (the separators are never letters, so the pieces line up). */
function splitTwins(s: string, l: string, by: RegExp | string): [string[], string[]] {
  return [s.split(by), l.split(by)];
}

/** `Name:` -> `Name` (end of a piece and its twin). */
function colonEnd(s: string): number {
  if (!s.endsWith(':')) return s.length;
  return s.slice(0, -1).trimEnd().length;
}

/** A name (trimmed, `*`, `(Copy)`, `(Original)` removed), its key, and whether it marks a blueprint copy. */
interface CleanName {
  name: string;
  key: string;
  bpc: boolean;
}

const endsWithAt = (l: string, suffix: string, end: number) => end >= suffix.length && l.startsWith(suffix, end - suffix.length);

/**
 * Cleans a raw name given with its lower-case twin (same length). Trimmed, trailing `*` removed
 * (the Russian client marks some names), `(Copy)` marks a blueprint copy, `(Original)` is dropped.
 * Null when it cannot be a name.
 */
function cleanTwin(raw: string, l: string): CleanName | null {
  const start = raw.length - raw.trimStart().length;
  let end = raw.length;
  const trimEnd = () => {
    end = raw.slice(0, end).trimEnd().length;
  };
  const stars = () => {
    trimEnd();
    while (end > start && raw.charCodeAt(end - 1) === 42) {
      end--;
      trimEnd();
    }
  };
  stars();
  // Only one suffix, read off the end as it was.
  const tail = end;
  let bpc = false;
  for (const suffix of COPY_SUFFIXES)
    if (endsWithAt(l, suffix, tail)) {
      end = tail - suffix.length;
      bpc = true;
    }
  for (const suffix of ORIGINAL_SUFFIXES) if (endsWithAt(l, suffix, tail)) end = tail - suffix.length;
  if (end !== tail) stars();
  if (end <= start || end - start > MAX_NAME_LENGTH) return null;
  const name = raw.slice(start, end);
  if (!HAS_LETTER.test(name)) return null;
  return { name, key: l.slice(start, end), bpc };
}

/**
 * A name as the game shows it: trimmed, trailing `*` removed (the Russian client marks some
 * names), `(Copy)` marks a blueprint copy, `(Original)` is dropped. Null when it cannot be a name.
 */
export function cleanItemName(raw: string): { name: string; bpc: boolean } | null {
  const n = cleanTwin(raw, lowerTwin(raw));
  return n ? { name: n.name, bpc: n.bpc } : null;
}

/** An item from a raw name and its lower-case twin; null without a quantity or a possible name. */
function item(raw: string, l: string, quantity: number | null, bpc = false): ParsedItem | null {
  if (quantity === null) return null;
  const n = cleanTwin(raw, l);
  return n ? { name: n.name, key: n.key, quantity, bpc: bpc || n.bpc } : null;
}

/** True when two readings hold the same items (names, quantities, copies) in the same order. */
function sameReading(a: Reading, b: Reading): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (a[i].key !== b[i].key || a[i].quantity !== b[i].quantity || a[i].bpc !== b[i].bpc || a[i].runs !== b[i].runs)
      return false;
  return true;
}

/** What the lookup finds for every item of a reading, or null when one name is unknown. */
export function typesOf<T>(reading: Reading, lookup: (key: string) => T | undefined): T[] | null {
  const out: T[] = [];
  for (const it of reading) {
    const type = lookup(it.key);
    if (type === undefined) return null;
    out.push(type);
  }
  return out;
}

/**
 * A line's readings in the order the rules find them, without repeats, at most MAX_READINGS.
 * With a lookup (the resolver's, name key -> type) it is `done` at the first reading whose every
 * name it finds: the rules check `done` and stop, so a line that resolves on its first reading
 * costs one reading, and each name is looked up once. Without it every reading is kept (what the
 * table tests look at).
 */
class LineReadings<T> {
  readonly list: Reading[] = [];
  done = false;
  known: KnownReading<T> | undefined;

  constructor(private readonly lookup?: (key: string) => T | undefined) {}

  add(reading: Reading): void {
    if (this.done || reading.length === 0) return;
    for (const r of this.list) if (sameReading(r, reading)) return;
    this.list.push(reading);
    const types = this.lookup === undefined ? null : typesOf(reading, this.lookup);
    if (types !== null) {
      this.known = { reading, types };
      this.done = true;
    } else if (this.list.length >= MAX_READINGS) this.done = true;
  }

  item(it: ParsedItem | null): void {
    if (it) this.add([it]);
  }
}

/** A number with a unit (`10 m3`, `5,842 m`, `200,000.00 ISK`, `40 GJ`, `95 %`): not a name, not a quantity. `l`: lower case. */
function isValueCell(c: string, l: string): boolean {
  // Fast exits: values start with a digit or a sign and end with a unit, never with a digit.
  if (c.length < 2 || isDigitChar(c[c.length - 1]) || !(isDigitChar(c[0]) || c[0] === '-' || c[0] === '+' || c[0] === '−'))
    return false;
  for (const unit of VALUE_UNITS) {
    if (!l.endsWith(unit)) continue;
    const num = l
      .slice(0, -unit.length)
      .trim()
      .replace(/^[-+−]/, '');
    if (num.length > 0 && parseGameNumber(num) !== null) return true;
  }
  return false;
}

const isMoneyCell = (c: string, l: string) => l.endsWith('isk') && isValueCell(c, l);
const isDistanceCell = (c: string, l: string) => c === '-' || (isValueCell(c, l) && !l.endsWith('isk'));

/** Could be an item name: has a letter, is no date, time or number with a unit. */
function isNameCell(c: string, l: string): boolean {
  return c.length > 0 && c.length <= MAX_NAME_LENGTH + 10 && HAS_LETTER.test(c) && !isDate(c) && !isValueCell(c, l);
}

/** A date (with a time) as the clients write them; most text starts with no digit and is no date. */
const isDate = (s: string) => isDigitChar(s[0]) && DATE.test(s);

const X_CHARS = new Set(['x', 'х', '×']);
const endsWithX = (l: string) => l.length > 1 && X_CHARS.has(l[l.length - 1]);
const startsWithX = (l: string) => l.length > 1 && X_CHARS.has(l[0]);

/**
 * The quantity written by a few tokens: one number (`1,000`, `9'584'701`) or space-separated
 * thousands (`10 000`: a 1-3 digit head, then groups of exactly three digits, the last group may
 * carry decimals). Null when the tokens are not one number.
 */
function spanQuantity(parts: readonly string[]): number | null {
  if (parts.length > 1) {
    if (!/^\d{1,3}$/.test(parts[0])) return null;
    for (let i = 1; i < parts.length; i++) {
      const ok = i === parts.length - 1 ? /^\d{3}(?:[.,]\d{1,2})?$/.test(parts[i]) : /^\d{3}$/.test(parts[i]);
      if (!ok) return null;
    }
  }
  return parseGameQuantity(parts.length === 1 ? parts[0] : parts.join(' '));
}

const MAX_SPAN = 5;

/** Quantity readings of a plain (tab-free) line's tokens (and their twins), without the whole-line-as-name reading. */
function quantityReadings(tokens: readonly string[], lt: readonly string[], out: LineReadings<unknown>): void {
  const n = tokens.length;
  if (n < 2) return;
  const add = (from: number, to: number, q: number, colon = false) => {
    const name = tokens.slice(from, to).join(' ');
    const key = lt.slice(from, to).join(' ');
    const end = colon ? colonEnd(name) : name.length;
    out.item(item(name.slice(0, end), key.slice(0, end), q));
  };

  // Only tokens that start with a digit (or an x glued to one) can be part of a number.
  const numeric = (i: number) => isDigitChar(lt[i][0]) || (startsWithX(lt[i]) && isDigitChar(lt[i][1]));
  let lead = 0;
  while (lead < Math.min(MAX_SPAN, n - 1) && numeric(lead)) lead++;
  let trail = 0;
  while (trail < Math.min(MAX_SPAN, n - 1) && numeric(n - 1 - trail)) trail++;

  // Prefix: `10x Item`, `10 x Item`, `10 Item` (cargo scan), `10 000 x Item`, `8 718x Item`; longest number first.
  for (let k = lead; k >= 1 && !out.done; k--) {
    const parts = lt.slice(0, k);
    const glued = endsWithX(parts[k - 1]);
    if (glued) parts[k - 1] = parts[k - 1].slice(0, -1);
    const q = spanQuantity(parts);
    if (q === null) continue;
    if (glued) add(k, n, q);
    else if (X_CHARS.has(lt[k]) && k + 1 < n) add(k + 1, n, q);
    else add(k, n, q);
  }
  // Suffix: `Item x10`, `Item x 10`, `Item 10`, `Item: 10`, `Item 10 000`; longest number first.
  for (let k = trail; k >= 1 && !out.done; k--) {
    const parts = lt.slice(n - k);
    const glued = startsWithX(parts[0]);
    if (glued) parts[0] = parts[0].slice(1);
    const q = spanQuantity(parts);
    if (q === null) continue;
    const end = n - k;
    if (glued) add(0, end, q, true);
    else if (X_CHARS.has(lt[end - 1]) && end > 1) add(0, end - 1, q, true);
    else add(0, end, q, true);
  }
}

/** What `String.prototype.trim` removes: white space and line terminators. */
export function isWhiteCode(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Spaces between tokens: space, no-break space and narrow no-break space (the clients' thousands separators). */
const isTokenSpace = (code: number) => code === 32 || code === 0xa0 || code === 0x202f;

/** Tokens of a tab-free piece and their twins (one scan, no regular expression). */
function tokensOf(s: string, l: string): [string[], string[]] {
  const t: string[] = [];
  const lt: string[] = [];
  const n = s.length;
  let i = 0;
  for (;;) {
    while (i < n && isTokenSpace(l.charCodeAt(i))) i++;
    if (i >= n) break;
    const from = i;
    while (i < n && !isTokenSpace(l.charCodeAt(i))) i++;
    t.push(s.slice(from, i));
    lt.push(l.slice(from, i));
  }
  return [t, lt];
}

/** The most likely single item of a list part (`Warrior II x5`, `3 Scorch M`), or the part as a name. */
function partItem(part: string, l: string, orName: boolean): ParsedItem | null {
  // Done at its first reading: only the most likely one is wanted.
  const first = new LineReadings<true>(() => true);
  const [t, lt] = tokensOf(part.trim(), l.trim());
  quantityReadings(t, lt, first);
  return first.list[0]?.[0] ?? (orName ? item(part, l, 1) : null);
}

/** `HH:MM:SS Pilot has looted 5 x Item` (fleet loot history in the chat / log): false when it is not one. */
function lootLine(tokens: readonly string[], lt: readonly string[], out: LineReadings<unknown>): boolean {
  if (!isDigitChar(tokens[0][0]) || !TIME.test(tokens[0])) return false;
  for (let i = 2; i < tokens.length; i++) {
    for (const verb of LOOT_VERBS) {
      if (!verb.every((w, j) => lt[i + j] === w)) continue;
      quantityReadings(tokens.slice(i + verb.length), lt.slice(i + verb.length), out);
      return true;
    }
  }
  return false;
}

/** `Tritanium (4662 Units)`, `Тританий (1 ед.)` (industry window material copy). */
function unitsLine(s: string, l: string, out: LineReadings<unknown>): void {
  if (!s.endsWith(')')) return;
  const open = s.lastIndexOf('(');
  if (open <= 0) return;
  const [inner] = tokensOf(l.slice(open + 1, -1), l.slice(open + 1, -1));
  if (inner.length < 2 || !UNIT_WORDS.has(inner[inner.length - 1])) return;
  const q = parseGameQuantity(inner.slice(0, -1).join(' '));
  out.item(item(s.slice(0, open), l.slice(0, open), q));
}

/** Killmail item lines: `Name, Qty: 3 (Drone Bay)`, `Name (Cargo)`, `Name`. */
function killmailItem(s: string, l: string, out: LineReadings<unknown>): void {
  let end = s.length;
  let location = false;
  if (s.endsWith(')')) {
    const open = s.lastIndexOf('(');
    if (open > 0) {
      end = s.slice(0, open).trimEnd().length;
      location = true;
    }
  }
  const rest = l.slice(0, end);
  const qtyAt = Math.max(rest.lastIndexOf(', qty:'), rest.lastIndexOf(', кол-во:'), rest.lastIndexOf(', количество:'));
  if (qtyAt > 0) {
    const q = parseGameQuantity(s.slice(s.indexOf(':', qtyAt) + 1, end));
    out.item(item(s.slice(0, qtyAt), l.slice(0, qtyAt), q));
  } else if (location) out.item(item(s.slice(0, end), rest, 1));
}

/**
 * `[Rifter, Fleet Tackle]` -> the ship; `[empty high slot]` and other bracketed notes -> a note
 * (the line holds no item). False when the line is not in brackets.
 */
function eftHeader(s: string, l: string, out: LineReadings<unknown>): 'ship' | 'note' | false {
  if (!s.startsWith('[') || !s.endsWith(']')) return false;
  const comma = s.indexOf(',');
  const ship = comma < 0 ? null : item(s.slice(1, comma), l.slice(1, comma), 1);
  if (!ship) return 'note';
  out.item(ship);
  return 'ship';
}

/** Words in the name of every blueprint and reaction formula (the Russian client names them in English too). */
const BLUEPRINT_WORDS = ['blueprint', 'formula', 'чертёж', 'чертеж', 'формула'];
const SMALL_INT = /^-?\d{1,7}$/;

/**
 * The industry window's blueprint list: `[N x ]Name<TAB>ME<TAB>TE<TAB>runs[<TAB>…]` (then the
 * group, or the jobs, location, container and group). Each row is one blueprint (`N x ` a stack
 * of N): runs −1 is an original, any other count a copy with that many runs. False when the row
 * is not one (`cells` and their twins `lc`, trimmed).
 */
function blueprintRow(cells: readonly string[], lc: readonly string[], out: LineReadings<unknown>): boolean {
  if (cells.length < 4 || !SMALL_INT.test(cells[1]) || !SMALL_INT.test(cells[2]) || !SMALL_INT.test(cells[3])) return false;
  const me = Number(cells[1]);
  const te = Number(cells[2]);
  const runs = Number(cells[3]);
  if (me < 0 || me > 10 || te < 0 || te > 20 || (runs !== -1 && runs < 1)) return false;
  if (!BLUEPRINT_WORDS.some((w) => lc[0].includes(w))) return false;
  let name = cells[0];
  let key = lc[0];
  let quantity = 1;
  // `2 x Name`: a stack of two.
  const [t, lt] = tokensOf(name, key);
  if (t.length > 2 && /^\d{1,6}$/.test(t[0]) && X_CHARS.has(lt[1])) {
    quantity = Number(t[0]);
    name = t.slice(2).join(' ');
    key = lt.slice(2).join(' ');
  }
  const it = item(name, key, quantity >= 1 ? quantity : null, runs !== -1);
  if (it && runs !== -1) it.runs = runs;
  out.item(it);
  return true;
}

/**
 * A survey scanner row: `Ore<TAB>quantity<TAB>distance` (its group headers are the ore's name
 * alone on a line). `line` as pasted.
 */
function isSurveyRow(line: string): boolean {
  const first = line.indexOf('\t');
  if (first <= 0 || line.length > 200) return false;
  const second = line.indexOf('\t', first + 1);
  if (second < 0 || line.indexOf('\t', second + 1) >= 0) return false;
  const name = line.slice(0, first).trim();
  const distance = line.slice(second + 1).trim();
  return (
    HAS_LETTER.test(name) &&
    parseGameQuantity(line.slice(first + 1, second)) !== null &&
    distance !== '-' &&
    isDistanceCell(distance, lowerTwin(distance))
  );
}

/** Readings of a tab-separated row (tables of the game client); false when the row holds no items. */
function tabReadings(row: string, lrow: string, out: LineReadings<unknown>): boolean {
  const cells: string[] = [];
  const lc: string[] = [];
  // Cells between tabs, trimmed, and their twins at the same places.
  for (let from = 0; from <= row.length;) {
    const tab = row.indexOf('\t', from);
    const next = tab < 0 ? row.length : tab;
    let a = from;
    let b = next;
    while (a < b && isWhiteCode(row.charCodeAt(a))) a++;
    while (b > a && isWhiteCode(row.charCodeAt(b - 1))) b--;
    cells.push(row.slice(a, b));
    lc.push(lrow.slice(a, b));
    from = next + 1;
  }
  while (cells.length > 0 && cells[cells.length - 1] === '') {
    cells.pop();
    lc.pop();
  }
  const filled: number[] = [];
  cells.forEach((c, i) => c !== '' && filled.push(i));
  if (filled.length === 0) return false;
  const isQty = (i: number) => i < cells.length && parseGameQuantity(cells[i]) !== null;
  if (filled[0] === 0 && blueprintRow(cells, lc, out)) return true;

  // Table header rows and wallet journal rows carry no items.
  if (lc.some((c) => HEADER_WORDS.has(c.slice(0, colonEnd(c)))) && !cells.some((c) => parseGameNumber(c) !== null)) return false;
  const firstAt = filled[0];
  const dateLed = isDate(cells[firstAt]);
  if (dateLed && cells.length >= 4 && isMoneyCell(cells[2], lc[2]) && isMoneyCell(cells[3], lc[3])) return false;

  const bpc = lc.some((c) => c.length >= 13 && BPC_MARKERS.some((m) => c.includes(m)));
  const lastAt = filled[filled.length - 1];
  const at = (i: number, q: number | null, copy = false) => out.item(item(cells[i], lc[i], q, copy));
  // Directional scan: `<name><TAB>Type<TAB>12 km` (or `-`), optionally led by a type id column.
  const dscan =
    filled.length >= 3 &&
    !dateLed &&
    isDistanceCell(cells[lastAt], lc[lastAt]) &&
    !isQty(firstAt + 1) &&
    lastAt >= 1 &&
    isNameCell(cells[lastAt - 1], lc[lastAt - 1]);
  if (dscan) at(lastAt - 1, 1);
  // `450<TAB>Griffin`, `331<TAB>Aqueous Liquids<TAB>Routed` (listing, planetary windows).
  else if (!dateLed && isQty(firstAt) && firstAt + 1 < cells.length && isNameCell(cells[firstAt + 1], lc[firstAt + 1]))
    at(firstAt + 1, parseGameQuantity(cells[firstAt]), bpc);

  // A name followed by its quantity (assets, contracts, ledgers, loot files, wallet, survey, industry),
  // the quantity last ("view contents"), or none (compare window, bare tables).
  let tried = 0;
  for (const i of filled) {
    if (tried >= 3 || out.done) break;
    if (!isNameCell(cells[i], lc[i])) continue;
    let q: number | null = null;
    if (isQty(i + 1)) q = parseGameQuantity(cells[i + 1]);
    else if (i + 1 < cells.length && isMoneyCell(cells[i + 1], lc[i + 1]) && isQty(i + 2)) q = parseGameQuantity(cells[i + 2]);
    else if (i === firstAt && !dateLed && isQty(lastAt) && lastAt > i) q = parseGameQuantity(cells[lastAt]);
    else if (i === firstAt && !dateLed) q = 1;
    if (q === null) continue;
    tried++;
    at(i, q, bpc);
  }
  return true;
}

/** `,` or `;` between list parts (spaces after it belong to it); not a comma between two digits (`1,000`). */
const LIST_SEPARATOR = /;\s*|,(?!\d)\s*|(?<!\d),\s*/;

const LIST_MARKERS = new Set(['-', '*', '•', '–', '—', '·', '>']);

/** Items of list parts (`A, B`, `A x 1- B x 2`) as one reading, or null when a part is none. */
function partsReading(parts: readonly string[], lparts: readonly string[], orName: boolean): Reading | null {
  const items: ParsedItem[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].trim().length === 0) continue;
    const it = partItem(parts[i], lparts[i], orName);
    if (!it) return null;
    items.push(it);
  }
  return items;
}

/** Readings of a trimmed tab-free piece and its twin; false when it holds no items (titles, headers, notes). */
function textReadings(s: string, l: string, killmail: boolean, out: LineReadings<unknown>, depth = 0): boolean {
  if (s.length === 0) return false;
  if (s.length < 40) {
    const title = l.slice(0, colonEnd(l));
    if (SECTION_TITLES.has(title) || KILLMAIL_SECTIONS.has(title)) return false;
  }
  if (isDate(s)) return false;
  if (killmail) {
    const colon = s.indexOf(':');
    if (colon > 0 && KILLMAIL_FIELDS.has(l.slice(0, colon).trim()) && !l.includes(', qty:')) return false;
  }
  const eft = eftHeader(s, l, out);
  if (eft !== false) return eft === 'ship';
  // Tokens only when a rule needs them: most lines resolve as a whole name or not at all.
  let split: [string[], string[]] | null = null;
  const tokens = () => (split ??= tokensOf(s, l));
  if (isDigitChar(s[0]) && lootLine(...tokens(), out)) return true;

  // EFT `/OFFLINE` marks.
  if (l.endsWith('/offline')) {
    const end = s.slice(0, -'/offline'.length).trimEnd().length;
    if (end > 0) return textReadings(s.slice(0, end), l.slice(0, end), killmail, out, depth + 1);
  }

  unitsLine(s, l, out);
  if (killmail && !out.done) killmailItem(s, l, out);
  // The whole line as one name (`30 Day Pilot's License Extension (PLEX)`, `Navy Cap Booster 400`).
  if (!out.done) out.item(item(s, l, 1));
  if (!out.done) quantityReadings(...tokens(), out);
  if (!killmail && !out.done && l.includes(', qty:')) killmailItem(s, l, out);
  if (depth > 0) return true;

  // A trailing note in brackets: `Zircon x 21163 (Item Exchange)`, `Warrior II (Drone Bay)`.
  if (s.endsWith(')') && !out.done) {
    const open = s.lastIndexOf('(');
    const end = open > 0 ? s.slice(0, open).trimEnd().length : 0;
    if (end > 0) textReadings(s.slice(0, end), l.slice(0, end), killmail, out, depth + 1);
  }
  // EFT / Pyfa `Module, Charge` (also `Module,Charge`) and lists separated by `,` or `;`; a comma
  // between two digits groups thousands.
  if ((s.includes(',') || s.includes(';')) && !out.done) {
    const [parts, lparts] = splitTwins(s, l, LIST_SEPARATOR);
    const count = parts.filter((p) => p.trim().length > 0).length;
    if (count >= 2 && count <= 20) {
      const asNames: (ParsedItem | null)[] = [];
      parts.forEach((p, i) => p.trim().length > 0 && asNames.push(item(p, lparts[i], 1)));
      if (asNames.every((x) => x !== null)) out.add(asNames as ParsedItem[]);
      if (!out.done) {
        const withQty = partsReading(parts, lparts, true);
        if (withQty) out.add(withQty);
      }
    }
  }
  // Heuristic: list markers (`- Item x 2`, `• Item`) and `A x 1- B x 2- C x 3` lines.
  if (LIST_MARKERS.has(s[0]) && !out.done) {
    const [t, lt] = tokens();
    if (t.length > 1 && LIST_MARKERS.has(t[0]))
      textReadings(t.slice(1).join(' '), lt.slice(1).join(' '), killmail, out, depth + 1);
  }
  if (s.includes('- ') && !out.done) {
    const [parts, lparts] = splitTwins(s, l, /-\s+/);
    const count = parts.filter((p) => p.trim().length > 0).length;
    if (count >= 2 && count <= 50) {
      const items = partsReading(parts, lparts, false);
      if (items) out.add(items);
    }
  }
  return true;
}

const LINE_BREAK = /\r\n|\r|\n/;

function hasDigit(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isDigitChar(s[i])) return true;
  return false;
}

/** Killmail section titles end with a colon (`Destroyed items:`, `Уничтоженные предметы:`): is there one among these lines? */
function hasKillmailSection(lines: readonly string[]): boolean {
  return lines.some((line) => {
    if (line.length >= 60) return false;
    const t = line.trim();
    return t.endsWith(':') && KILLMAIL_SECTIONS.has(lower(t.slice(0, colonEnd(t))));
  });
}

/** True when the paste is a killmail (it has a killmail section title): its header fields are then no items. */
export const isKillmailPaste = (text: string): boolean => hasKillmailSection(text.split(LINE_BREAK));

/** What kind of paste a text is, where that changes how its lines are read (see `ReadOptions`). */
export interface PasteKind {
  /** It has a killmail section title: its header fields are no items. */
  killmail: boolean;
  /** It has survey scanner rows (`Ore<TAB>quantity<TAB>distance`): a line with an ore's name alone is a group header. */
  survey: boolean;
}

function kindOf(lines: readonly string[]): PasteKind {
  return { killmail: hasKillmailSection(lines), survey: lines.some(isSurveyRow) };
}

/** The kind of a whole paste, for reading its parts alike (see `halvePaste`). */
export const pasteKind = (text: string): PasteKind => kindOf(text.split(LINE_BREAK));

/** How a part of a paste is read on its own (see `halvePaste`). */
export interface ReadOptions extends Partial<PasteKind> {
  /** The number of the text's first line in the whole paste; 1 by default. */
  firstLine?: number;
}

/**
 * Reads a paste line by line (see the module comment) and hands `visit` each line that holds
 * items (or is too long to read) as soon as it is read: nothing of a line outlives its visit
 * unless `visit` keeps it. With `lookup` (name key -> type), a line's readings stop at the first
 * one whose every name it finds: the resolver picks the same reading either way, at a fraction
 * of the work for large pastes.
 */
export function readAppraisal<T = never>(
  text: string,
  visit: (line: ParsedLine<T>) => void,
  lookup?: (key: string) => T | undefined,
  options: ReadOptions = {},
): void {
  // The lines and their lower-case twins: split once (searching a long string line by line is
  // far slower once optimised); only what a line's rules build is per line, and short-lived.
  const raw = text.split(LINE_BREAK);
  const whole = lower(text);
  const twins = whole.length === text.length ? whole.split(LINE_BREAK) : raw.map(lowerTwin);
  const killmail = options.killmail ?? hasKillmailSection(raw);
  const survey = options.survey ?? raw.some(isSurveyRow);
  const first = options.firstLine ?? 1;
  for (let index = 0; index < raw.length; index++) {
    const rawLine = raw[index];
    const line = first + index;
    if (rawLine.length > APPRAISAL_MAX_LINE_LENGTH) {
      visit({ line, text: rawLine.trim().slice(0, 100), readings: [], tooLong: true });
      continue;
    }
    const trimmed = rawLine.trim();
    if (trimmed.length === 0) continue;
    const twin = twins[index];
    const out = new LineReadings<T>(lookup);
    let holdsItems: boolean;
    if (rawLine.includes('\t')) holdsItems = tabReadings(rawLine, twin, out);
    else {
      // Trimming removes the same characters from both.
      const start = rawLine.length - rawLine.trimStart().length;
      holdsItems = textReadings(trimmed, twin.slice(start, start + trimmed.length), killmail, out);
    }
    if (!holdsItems) continue;
    // A survey scanner group header: an ore's name alone (digits never are).
    if (survey && !hasDigit(trimmed) && !rawLine.includes('\t'))
      visit({ line, text: trimmed, readings: out.list, known: out.known, header: true });
    else visit({ line, text: trimmed, readings: out.list, known: out.known });
  }
}

/** A part of a paste and where it starts (see `halvePaste`). */
export interface PastePart {
  text: string;
  /** The number of its first line in the whole paste. */
  firstLine: number;
}

/**
 * Cuts a paste in two at the first line break at or after its middle, for reading the halves at
 * the same time (each with `{ ...pasteKind(text), firstLine }`: read so, the halves
 * give exactly the whole paste's lines). Null when there is no line break there.
 */
export function halvePaste(text: string): [PastePart, PastePart] | null {
  const middle = text.length >> 1;
  let cut = middle;
  while (cut < text.length && text.charCodeAt(cut) !== 10 && text.charCodeAt(cut) !== 13) cut++;
  if (cut >= text.length) return null;
  // `\r\n` is one line break: cut before and after both characters.
  if (cut > 0 && text.charCodeAt(cut) === 10 && text.charCodeAt(cut - 1) === 13) cut--;
  const after = text.charCodeAt(cut) === 13 && text.charCodeAt(cut + 1) === 10 ? cut + 2 : cut + 1;
  const head = text.slice(0, cut);
  return [
    { text: head, firstLine: 1 },
    { text: text.slice(after), firstLine: head.split(LINE_BREAK).length + 1 },
  ];
}

/** Every line of a paste that holds items, with its readings (what the table tests look at); see `readAppraisal`. */
export function parseAppraisal<T = never>(text: string, lookup?: (key: string) => T | undefined): ParsedAppraisal<T> {
  const lines: ParsedLine<T>[] = [];
  readAppraisal(text, (l) => lines.push(l), lookup);
  return { lines };
}
