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
}

/** One possible meaning of a line: the items it holds. */
export type Reading = ParsedItem[];

export interface ParsedLine {
  /** 1-based line number in the pasted text. */
  line: number;
  /** The line as pasted (trimmed), for error messages (tabs shown as spaces there). */
  text: string;
  /** Possible meanings, most likely first; empty when nothing could be read. */
  readings: Reading[];
  /** Longer than APPRAISAL_MAX_LINE_LENGTH: not read. */
  tooLong?: boolean;
}

export interface ParsedAppraisal {
  /** Lines to resolve (blank lines, headers and other recognised non-item lines are left out). */
  lines: ParsedLine[];
}

const MAX_READINGS = 8;
const MAX_NAME_LENGTH = 120;

const HAS_LETTER = /\p{L}/u;
const SPACES = /[ \u00a0\u202f]+/;
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

const lower = (s: string) => s.toLowerCase();
const isDigitChar = (c: string) => c >= '0' && c <= '9';
const stripColon = (s: string) => (s.endsWith(':') ? s.slice(0, -1).trimEnd() : s);

/**
 * A name as the game shows it: trimmed, trailing `*` removed (the Russian client marks some
 * names), `(Copy)` marks a blueprint copy, `(Original)` is dropped. Null when it cannot be a name.
 */
export function cleanItemName(raw: string): { name: string; bpc: boolean } | null {
  let s = raw.trim();
  while (s.endsWith('*')) s = s.slice(0, -1).trimEnd();
  let bpc = false;
  // Only the end can hold `(copy)` / `(original)`: lower-case just that.
  const l = lower(s.slice(-12));
  for (const suffix of COPY_SUFFIXES)
    if (l.endsWith(suffix)) {
      s = s.slice(0, -suffix.length).trimEnd();
      bpc = true;
    }
  for (const suffix of ORIGINAL_SUFFIXES) if (l.endsWith(suffix)) s = s.slice(0, -suffix.length).trimEnd();
  while (s.endsWith('*')) s = s.slice(0, -1).trimEnd();
  if (s.length === 0 || s.length > MAX_NAME_LENGTH || !HAS_LETTER.test(s)) return null;
  return { name: s, bpc };
}

function item(rawName: string, quantity: number | null, bpc = false): ParsedItem | null {
  if (quantity === null) return null;
  const n = cleanItemName(rawName);
  return n ? { name: n.name, key: lower(n.name), quantity, bpc: bpc || n.bpc } : null;
}

/** True when two readings hold the same items (names, quantities, copies) in the same order. */
function sameReading(a: Reading, b: Reading): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (a[i].key !== b[i].key || a[i].quantity !== b[i].quantity || a[i].bpc !== b[i].bpc) return false;
  return true;
}

/**
 * A line's readings in the order the rules find them, without repeats, at most MAX_READINGS.
 * With `known` (the resolver's name test) it is `done` at the first reading whose every name is
 * known: the rules check `done` and stop, so a line that resolves on its first reading costs one
 * reading. Without it every reading is kept (what the table tests look at).
 */
class LineReadings {
  readonly list: Reading[] = [];
  done = false;

  constructor(private readonly known?: (key: string) => boolean) {}

  add(reading: Reading): void {
    if (this.done || reading.length === 0) return;
    for (const r of this.list) if (sameReading(r, reading)) return;
    this.list.push(reading);
    const known = this.known;
    if (this.list.length >= MAX_READINGS || (known !== undefined && reading.every((it) => known(it.key)))) this.done = true;
  }

  item(it: ParsedItem | null): void {
    if (it) this.add([it]);
  }
}

/** A number with a unit (`10 m3`, `5,842 m`, `200,000.00 ISK`, `40 GJ`, `95 %`): not a name, not a quantity. */
function isValueCell(cell: string): boolean {
  const c = cell.trim();
  // Fast exits: values start with a digit or a sign and end with a unit, never with a digit.
  if (c.length < 2 || isDigitChar(c[c.length - 1]) || !(isDigitChar(c[0]) || c[0] === '-' || c[0] === '+' || c[0] === '−'))
    return false;
  const l = lower(c);
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

const isMoneyCell = (cell: string) => lower(cell).endsWith('isk') && isValueCell(cell);
const isDistanceCell = (cell: string) => cell === '-' || (isValueCell(cell) && !lower(cell).endsWith('isk'));

/** Could be an item name: has a letter, is no date, time or number with a unit. */
function isNameCell(cell: string): boolean {
  return (
    cell.length > 0 && HAS_LETTER.test(cell) && !DATE.test(cell) && !isValueCell(cell) && cell.length <= MAX_NAME_LENGTH + 10
  );
}

const hasBpcMarker = (cells: readonly string[]) =>
  cells.some((c) => {
    if (c.length < 13) return false;
    const l = lower(c);
    return BPC_MARKERS.some((m) => l.includes(m));
  });

const X_CHARS = new Set(['x', 'х', '×']);
const endsWithX = (t: string) => t.length > 1 && X_CHARS.has(lower(t[t.length - 1]));
const startsWithX = (t: string) => t.length > 1 && X_CHARS.has(lower(t[0]));

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
  return parseGameQuantity(parts.join(' '));
}

const MAX_SPAN = 5;

/** Quantity readings of a plain (tab-free) line, without the whole-line-as-name reading. */
function quantityReadings(tokens: readonly string[], out: LineReadings): void {
  const n = tokens.length;
  if (n < 2) return;
  const name = (from: number, to: number) => tokens.slice(from, to).join(' ');

  // Only tokens that start with a digit (or an x glued to one) can be part of a number.
  const numeric = (t: string) => isDigitChar(t[0]) || (startsWithX(t) && isDigitChar(t[1]));
  let lead = 0;
  while (lead < Math.min(MAX_SPAN, n - 1) && numeric(tokens[lead])) lead++;
  let trail = 0;
  while (trail < Math.min(MAX_SPAN, n - 1) && numeric(tokens[n - 1 - trail])) trail++;

  // Prefix: `10x Item`, `10 x Item`, `10 Item` (cargo scan), `10 000 x Item`, `8 718x Item`; longest number first.
  for (let k = lead; k >= 1 && !out.done; k--) {
    const parts = tokens.slice(0, k);
    const glued = endsWithX(parts[k - 1]);
    if (glued) parts[k - 1] = parts[k - 1].slice(0, -1);
    const q = spanQuantity(parts);
    if (q === null) continue;
    if (glued) out.item(item(name(k, n), q));
    else if (X_CHARS.has(lower(tokens[k])) && k + 1 < n) out.item(item(name(k + 1, n), q));
    else out.item(item(name(k, n), q));
  }
  // Suffix: `Item x10`, `Item x 10`, `Item 10`, `Item: 10`, `Item 10 000`; longest number first.
  for (let k = trail; k >= 1 && !out.done; k--) {
    const parts = tokens.slice(n - k);
    const glued = startsWithX(parts[0]);
    if (glued) parts[0] = parts[0].slice(1);
    const q = spanQuantity(parts);
    if (q === null) continue;
    const end = n - k;
    if (glued) out.item(item(stripColon(name(0, end)), q));
    else if (X_CHARS.has(lower(tokens[end - 1])) && end > 1) out.item(item(stripColon(name(0, end - 1)), q));
    else out.item(item(stripColon(name(0, end)), q));
  }
}

/** The most likely single item of a list part (`Warrior II x5`, `3 Scorch M`), or the part as a name. */
function partItem(part: string, orName: boolean): ParsedItem | null {
  // Done at its first reading: only the most likely one is wanted.
  const first = new LineReadings(() => true);
  quantityReadings(part.trim().split(SPACES), first);
  return first.list[0]?.[0] ?? (orName ? item(part, 1) : null);
}

/** `HH:MM:SS Pilot has looted 5 x Item` (fleet loot history in the chat / log): false when it is not one. */
function lootLine(tokens: readonly string[], out: LineReadings): boolean {
  if (!TIME.test(tokens[0])) return false;
  for (let i = 2; i < tokens.length; i++) {
    for (const verb of LOOT_VERBS) {
      if (!verb.every((w, j) => lower(tokens[i + j] ?? '') === w)) continue;
      quantityReadings(tokens.slice(i + verb.length), out);
      return true;
    }
  }
  return false;
}

/** `Tritanium (4662 Units)`, `Тританий (1 ед.)` (industry window material copy). */
function unitsLine(s: string, out: LineReadings): void {
  if (!s.endsWith(')')) return;
  const open = s.lastIndexOf('(');
  if (open <= 0) return;
  const inner = s
    .slice(open + 1, -1)
    .trim()
    .split(SPACES);
  if (inner.length < 2 || !UNIT_WORDS.has(lower(inner[inner.length - 1]))) return;
  const q = parseGameQuantity(inner.slice(0, -1).join(' '));
  out.item(item(s.slice(0, open), q));
}

/** Killmail item lines: `Name, Qty: 3 (Drone Bay)`, `Name (Cargo)`, `Name`. */
function killmailItem(s: string, out: LineReadings): void {
  let rest = s;
  let location = false;
  if (rest.endsWith(')')) {
    const open = rest.lastIndexOf('(');
    if (open > 0) {
      rest = rest.slice(0, open).trimEnd();
      location = true;
    }
  }
  const lrest = lower(rest);
  const qtyAt = Math.max(lrest.lastIndexOf(', qty:'), lrest.lastIndexOf(', кол-во:'), lrest.lastIndexOf(', количество:'));
  if (qtyAt > 0) {
    const q = parseGameQuantity(rest.slice(rest.indexOf(':', qtyAt) + 1));
    out.item(item(rest.slice(0, qtyAt), q));
  } else if (location) out.item(item(rest, 1));
}

/**
 * `[Rifter, Fleet Tackle]` -> the ship; `[empty high slot]` and other bracketed notes -> a note
 * (the line holds no item). False when the line is not in brackets.
 */
function eftHeader(s: string, out: LineReadings): 'ship' | 'note' | false {
  if (!s.startsWith('[') || !s.endsWith(']')) return false;
  const inner = s.slice(1, -1);
  const comma = inner.indexOf(',');
  const ship = comma < 0 ? null : item(inner.slice(0, comma), 1);
  if (!ship) return 'note';
  out.item(ship);
  return 'ship';
}

/** Readings of a tab-separated row (tables of the game client); false when the row holds no items. */
function tabReadings(rawCells: readonly string[], out: LineReadings): boolean {
  const cells = rawCells.map((c) => c.trim());
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  const filled: [string, number][] = [];
  cells.forEach((c, i) => c !== '' && filled.push([c, i]));
  if (filled.length === 0) return false;
  const isQty = (c: string | undefined) => c !== undefined && parseGameQuantity(c) !== null;

  // Table header rows and wallet journal rows carry no items.
  if (!cells.some((c) => parseGameNumber(c) !== null) && cells.some((c) => HEADER_WORDS.has(lower(stripColon(c))))) return false;
  const dateLed = DATE.test(filled[0][0]);
  if (dateLed && cells.length >= 4 && isMoneyCell(cells[2]) && isMoneyCell(cells[3])) return false;

  const bpc = hasBpcMarker(cells);
  const [firstCell, firstAt] = filled[0];
  const last = filled[filled.length - 1];
  // Directional scan: `<name><TAB>Type<TAB>12 km` (or `-`), optionally led by a type id column.
  const dscan =
    filled.length >= 3 &&
    !dateLed &&
    isDistanceCell(last[0]) &&
    !isQty(cells[firstAt + 1]) &&
    isNameCell(cells[last[1] - 1] ?? '');
  if (dscan) out.item(item(cells[last[1] - 1], 1));
  // `450<TAB>Griffin`, `331<TAB>Aqueous Liquids<TAB>Routed` (listing, planetary windows).
  else if (!dateLed && isQty(firstCell) && isNameCell(cells[firstAt + 1] ?? ''))
    out.item(item(cells[firstAt + 1], parseGameQuantity(firstCell), bpc));

  // A name followed by its quantity (assets, contracts, ledgers, loot files, wallet, survey, industry),
  // the quantity last ("view contents"), or none (compare window, bare tables).
  let tried = 0;
  for (const [cell, i] of filled) {
    if (tried >= 3 || out.done) break;
    if (!isNameCell(cell)) continue;
    const next = cells[i + 1];
    let q: number | null = null;
    if (isQty(next)) q = parseGameQuantity(next!);
    else if (next !== undefined && isMoneyCell(next) && isQty(cells[i + 2])) q = parseGameQuantity(cells[i + 2]);
    else if (i === firstAt && !dateLed && isQty(last[0]) && last[1] > i) q = parseGameQuantity(last[0]);
    else if (i === firstAt && !dateLed) q = 1;
    if (q === null) continue;
    tried++;
    out.item(item(cell, q, bpc));
  }
  return true;
}

const LIST_MARKERS = new Set(['-', '*', '•', '–', '—', '·', '>']);

/** Readings of a tab-free line; false when the line holds no items (titles, headers, notes). */
function textReadings(s: string, killmail: boolean, out: LineReadings, depth = 0): boolean {
  const tokens = s.split(SPACES).filter((t) => t.length > 0);
  if (tokens.length === 0) return false;
  const ls = lower(s);
  if (s.length < 40) {
    const l = stripColon(ls);
    if (SECTION_TITLES.has(l) || KILLMAIL_SECTIONS.has(l)) return false;
  }
  if (DATE.test(s)) return false;
  if (killmail) {
    const colon = s.indexOf(':');
    if (colon > 0 && KILLMAIL_FIELDS.has(ls.slice(0, colon).trim()) && !ls.includes(', qty:')) return false;
  }
  const eft = eftHeader(s, out);
  if (eft !== false) return eft === 'ship';
  if (lootLine(tokens, out)) return true;

  // EFT `/OFFLINE` marks.
  const offline = ls.endsWith('/offline') ? s.slice(0, -'/offline'.length).trimEnd() : null;
  if (offline) return textReadings(offline, killmail, out, depth + 1);

  unitsLine(s, out);
  if (killmail && !out.done) killmailItem(s, out);
  // The whole line as one name (`30 Day Pilot's License Extension (PLEX)`, `Navy Cap Booster 400`).
  if (!out.done) out.item(item(s, 1));
  if (!out.done) quantityReadings(tokens, out);
  if (!killmail && !out.done && ls.includes(', qty:')) killmailItem(s, out);
  if (depth > 0) return true;

  // A trailing note in brackets: `Zircon x 21163 (Item Exchange)`, `Warrior II (Drone Bay)`.
  if (s.endsWith(')') && !out.done) {
    const open = s.lastIndexOf('(');
    if (open > 0) textReadings(s.slice(0, open).trimEnd(), killmail, out, depth + 1);
  }
  // EFT / Pyfa `Module, Charge` and lists separated by `,` or `;`.
  if ((s.includes(', ') || s.includes('; ')) && !out.done) {
    const parts = s.split(/[,;]\s+/).filter((p) => p.trim().length > 0);
    if (parts.length >= 2 && parts.length <= 20) {
      const asNames = parts.map((p) => item(p, 1));
      if (asNames.every((x) => x !== null)) out.add(asNames as ParsedItem[]);
      const withQty = out.done ? [] : parts.map((p) => partItem(p, true));
      if (withQty.length > 0 && withQty.every((x) => x !== null)) out.add(withQty as ParsedItem[]);
    }
  }
  // Heuristic: list markers (`- Item x 2`, `• Item`) and `A x 1- B x 2- C x 3` lines.
  if (tokens.length > 1 && LIST_MARKERS.has(tokens[0]) && !out.done)
    textReadings(tokens.slice(1).join(' '), killmail, out, depth + 1);
  if (s.includes('- ') && !out.done) {
    const dashed = s.split(/-\s+/).filter((p) => p.trim().length > 0);
    if (dashed.length >= 2 && dashed.length <= 50) {
      const items = dashed.map((p) => partItem(p, false));
      if (items.every((x) => x !== null)) out.add(items as ParsedItem[]);
    }
  }
  return true;
}

/**
 * Splits a paste into lines and reads each one (see the module comment). With `known` (is this
 * name key a type?), a line's readings stop at the first one whose every name is known: the
 * resolver picks the same reading either way, at a fraction of the work for large pastes.
 */
export function parseAppraisal(text: string, known?: (key: string) => boolean): ParsedAppraisal {
  const raw = text.split(/\r\n|\r|\n/);
  // Killmail section titles end with a colon (`Destroyed items:`, `Уничтоженные предметы:`).
  const killmail = raw.some(
    (line) => line.length < 60 && line.trimEnd().endsWith(':') && KILLMAIL_SECTIONS.has(lower(stripColon(line.trim()))),
  );
  const lines: ParsedLine[] = [];
  for (let index = 0; index < raw.length; index++) {
    const rawLine = raw[index];
    const line = index + 1;
    if (rawLine.length > APPRAISAL_MAX_LINE_LENGTH) {
      lines.push({ line, text: rawLine.trim().slice(0, 100), readings: [], tooLong: true });
      continue;
    }
    const trimmed = rawLine.trim();
    if (trimmed.length === 0) continue;
    const out = new LineReadings(known);
    const holdsItems = rawLine.includes('\t') ? tabReadings(rawLine.split('\t'), out) : textReadings(trimmed, killmail, out);
    if (holdsItems) lines.push({ line, text: trimmed, readings: out.list });
  }
  return { lines };
}
