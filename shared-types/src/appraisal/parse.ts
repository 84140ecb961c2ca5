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

const one = (it: ParsedItem | null): Reading[] => (it ? [[it]] : []);

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
function quantityReadings(tokens: readonly string[]): Reading[] {
  const out: Reading[] = [];
  const n = tokens.length;
  if (n < 2) return out;
  const name = (from: number, to: number) => tokens.slice(from, to).join(' ');
  const push = (it: ParsedItem | null) => it && out.push([it]);

  // Only tokens that start with a digit (or an x glued to one) can be part of a number.
  const numeric = (t: string) => isDigitChar(t[0]) || (startsWithX(t) && isDigitChar(t[1]));
  let lead = 0;
  while (lead < Math.min(MAX_SPAN, n - 1) && numeric(tokens[lead])) lead++;
  let trail = 0;
  while (trail < Math.min(MAX_SPAN, n - 1) && numeric(tokens[n - 1 - trail])) trail++;

  // Prefix: `10x Item`, `10 x Item`, `10 Item` (cargo scan), `10 000 x Item`, `8 718x Item`; longest number first.
  for (let k = lead; k >= 1; k--) {
    const parts = tokens.slice(0, k);
    const glued = endsWithX(parts[k - 1]);
    if (glued) parts[k - 1] = parts[k - 1].slice(0, -1);
    const q = spanQuantity(parts);
    if (q === null) continue;
    if (glued) push(item(name(k, n), q));
    else if (X_CHARS.has(lower(tokens[k])) && k + 1 < n) push(item(name(k + 1, n), q));
    else push(item(name(k, n), q));
  }
  // Suffix: `Item x10`, `Item x 10`, `Item 10`, `Item: 10`, `Item 10 000`; longest number first.
  for (let k = trail; k >= 1; k--) {
    const parts = tokens.slice(n - k);
    const glued = startsWithX(parts[0]);
    if (glued) parts[0] = parts[0].slice(1);
    const q = spanQuantity(parts);
    if (q === null) continue;
    const end = n - k;
    if (glued) push(item(stripColon(name(0, end)), q));
    else if (X_CHARS.has(lower(tokens[end - 1])) && end > 1) push(item(stripColon(name(0, end - 1)), q));
    else push(item(stripColon(name(0, end)), q));
  }
  return out;
}

/** `HH:MM:SS Pilot has looted 5 x Item` (fleet loot history in the chat / log). */
function lootLine(tokens: readonly string[]): Reading[] | null {
  if (!TIME.test(tokens[0])) return null;
  for (let i = 2; i < tokens.length; i++) {
    for (const verb of LOOT_VERBS) {
      if (!verb.every((w, j) => lower(tokens[i + j] ?? '') === w)) continue;
      const rest = tokens.slice(i + verb.length);
      const found = quantityReadings(rest).filter((r) => r.length === 1);
      return found.length > 0 ? found : [];
    }
  }
  return null;
}

/** `Tritanium (4662 Units)`, `Тританий (1 ед.)` (industry window material copy). */
function unitsLine(s: string): Reading[] | null {
  if (!s.endsWith(')')) return null;
  const open = s.lastIndexOf('(');
  if (open <= 0) return null;
  const inner = s
    .slice(open + 1, -1)
    .trim()
    .split(SPACES);
  if (inner.length < 2 || !UNIT_WORDS.has(lower(inner[inner.length - 1]))) return null;
  const q = parseGameQuantity(inner.slice(0, -1).join(' '));
  return one(item(s.slice(0, open), q));
}

/** Killmail item lines: `Name, Qty: 3 (Drone Bay)`, `Name (Cargo)`, `Name`. */
function killmailItem(s: string): Reading[] {
  let rest = s;
  let location = false;
  if (rest.endsWith(')')) {
    const open = rest.lastIndexOf('(');
    if (open > 0) {
      rest = rest.slice(0, open).trimEnd();
      location = true;
    }
  }
  const qtyAt = Math.max(
    lower(rest).lastIndexOf(', qty:'),
    lower(rest).lastIndexOf(', кол-во:'),
    lower(rest).lastIndexOf(', количество:'),
  );
  if (qtyAt > 0) {
    const q = parseGameQuantity(rest.slice(rest.indexOf(':', qtyAt) + 1));
    return one(item(rest.slice(0, qtyAt), q));
  }
  const out: Reading[] = [];
  if (location) out.push(...one(item(rest, 1)));
  return out;
}

/** `[Rifter, Fleet Tackle]` -> the ship; `[empty high slot]` and other bracketed notes -> nothing. */
function eftHeader(s: string): Reading[] | null {
  if (!s.startsWith('[') || !s.endsWith(']')) return null;
  const inner = s.slice(1, -1);
  const comma = inner.indexOf(',');
  if (comma < 0) return [];
  return one(item(inner.slice(0, comma), 1));
}

/** Readings of a tab-separated row (tables of the game client). */
function tabReadings(rawCells: readonly string[]): Reading[] | null {
  const cells = rawCells.map((c) => c.trim());
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  const filled = cells.map((c, i) => [c, i] as const).filter(([c]) => c !== '');
  if (filled.length === 0) return null;
  const isQty = (c: string | undefined) => c !== undefined && parseGameQuantity(c) !== null;

  // Table header rows and wallet journal rows carry no items.
  if (!cells.some((c) => parseGameNumber(c) !== null) && cells.some((c) => HEADER_WORDS.has(lower(stripColon(c))))) return null;
  const dateLed = DATE.test(filled[0][0]);
  if (dateLed && cells.length >= 4 && isMoneyCell(cells[2]) && isMoneyCell(cells[3])) return null;

  const bpc = hasBpcMarker(cells);
  const out: Reading[] = [];
  const push = (it: ParsedItem | null) => it && out.push([it]);

  const [firstCell, firstAt] = filled[0];
  const last = filled[filled.length - 1];
  // Directional scan: `<name><TAB>Type<TAB>12 km` (or `-`), optionally led by a type id column.
  const dscan =
    filled.length >= 3 &&
    !dateLed &&
    isDistanceCell(last[0]) &&
    !isQty(cells[firstAt + 1]) &&
    isNameCell(cells[last[1] - 1] ?? '');
  if (dscan) push(item(cells[last[1] - 1], 1));
  // `450<TAB>Griffin`, `331<TAB>Aqueous Liquids<TAB>Routed` (listing, planetary windows).
  else if (!dateLed && isQty(firstCell) && isNameCell(cells[firstAt + 1] ?? ''))
    push(item(cells[firstAt + 1], parseGameQuantity(firstCell), bpc));

  // A name followed by its quantity (assets, contracts, ledgers, loot files, wallet, survey, industry),
  // the quantity last ("view contents"), or none (compare window, bare tables).
  let tried = 0;
  for (const [cell, i] of filled) {
    if (tried >= 3) break;
    if (!isNameCell(cell)) continue;
    const next = cells[i + 1];
    let q: number | null = null;
    if (isQty(next)) q = parseGameQuantity(next!);
    else if (next !== undefined && isMoneyCell(next) && isQty(cells[i + 2])) q = parseGameQuantity(cells[i + 2]);
    else if (i === firstAt && !dateLed && isQty(last[0]) && last[1] > i) q = parseGameQuantity(last[0]);
    else if (i === firstAt && !dateLed) q = 1;
    if (q === null) continue;
    tried++;
    push(item(cell, q, bpc));
  }
  return out;
}

/** Readings of a tab-free line. */
function textReadings(s: string, killmail: boolean, depth = 0): Reading[] | null {
  const tokens = s.split(SPACES).filter((t) => t.length > 0);
  if (tokens.length === 0) return null;
  const ls = lower(s);
  if (s.length < 40) {
    const l = stripColon(ls);
    if (SECTION_TITLES.has(l) || KILLMAIL_SECTIONS.has(l)) return null;
  }
  if (DATE.test(s)) return null;
  if (killmail) {
    const colon = s.indexOf(':');
    if (colon > 0 && KILLMAIL_FIELDS.has(ls.slice(0, colon).trim()) && !ls.includes(', qty:')) return null;
  }
  const eft = eftHeader(s);
  if (eft !== null) return eft.length > 0 ? eft : null;
  const loot = lootLine(tokens);
  if (loot !== null) return loot;

  const out: Reading[] = [];
  // EFT `/OFFLINE` marks.
  const offline = ls.endsWith('/offline') ? s.slice(0, -'/offline'.length).trimEnd() : null;
  if (offline) return textReadings(offline, killmail, depth + 1);

  const units = unitsLine(s);
  if (units) out.push(...units);
  if (killmail) out.push(...killmailItem(s));
  // The whole line as one name (`30 Day Pilot's License Extension (PLEX)`, `Navy Cap Booster 400`).
  out.push(...one(item(s, 1)));
  out.push(...quantityReadings(tokens));
  if (!killmail && ls.includes(', qty:')) out.push(...killmailItem(s));

  if (depth === 0) {
    // A trailing note in brackets: `Zircon x 21163 (Item Exchange)`, `Warrior II (Drone Bay)`.
    if (s.endsWith(')')) {
      const open = s.lastIndexOf('(');
      if (open > 0) out.push(...(textReadings(s.slice(0, open).trimEnd(), killmail, depth + 1) ?? []));
    }
    // EFT / Pyfa `Module, Charge` and lists separated by `,` or `;`.
    const parts = s.includes(', ') || s.includes('; ') ? s.split(/[,;]\s+/).filter((p) => p.trim().length > 0) : [];
    if (parts.length >= 2 && parts.length <= 20) {
      const asNames = parts.map((p) => item(p, 1));
      if (asNames.every((x) => x !== null)) out.push(asNames as ParsedItem[]);
      const withQty = parts.map((p) => quantityReadings(p.trim().split(SPACES))[0]?.[0] ?? item(p, 1));
      if (withQty.every((x) => x !== null)) out.push(withQty as ParsedItem[]);
    }
    // Heuristic: list markers (`- Item x 2`, `• Item`) and `A x 1- B x 2- C x 3` lines.
    if (tokens.length > 1 && ['-', '*', '•', '–', '—', '·', '>'].includes(tokens[0]))
      out.push(...(textReadings(tokens.slice(1).join(' '), killmail, depth + 1) ?? []));
    const dashed = s.includes('- ') ? s.split(/-\s+/).filter((p) => p.trim().length > 0) : [];
    if (dashed.length >= 2 && dashed.length <= 50) {
      const items = dashed.map((p) => quantityReadings(p.trim().split(SPACES))[0]?.[0] ?? null);
      if (items.every((x) => x !== null)) out.push(items as ParsedItem[]);
    }
  }
  return out;
}

function dedupe(readings: Reading[]): Reading[] {
  if (readings.length <= 1) return readings;
  const seen = new Set<string>();
  const out: Reading[] = [];
  for (const r of readings) {
    let key = '';
    for (const i of r) key += `${i.key}\u0000${i.quantity}\u0000${i.bpc ? 1 : 0}\u0001`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
    if (out.length >= MAX_READINGS) break;
  }
  return out;
}

/** Splits a paste into lines and reads each one (see the module comment). */
export function parseAppraisal(text: string): ParsedAppraisal {
  const raw = text.split(/\r\n|\r|\n/);
  // Killmail section titles end with a colon (`Destroyed items:`, `Уничтоженные предметы:`).
  const killmail = raw.some(
    (line) => line.length < 60 && line.trimEnd().endsWith(':') && KILLMAIL_SECTIONS.has(lower(stripColon(line.trim()))),
  );
  const lines: ParsedLine[] = [];
  raw.forEach((rawLine, index) => {
    const line = index + 1;
    if (rawLine.length > APPRAISAL_MAX_LINE_LENGTH) {
      lines.push({ line, text: rawLine.trim().slice(0, 100), readings: [], tooLong: true });
      return;
    }
    const trimmed = rawLine.trim();
    if (trimmed.length === 0) return;
    const readings = rawLine.includes('\t') ? tabReadings(rawLine.split('\t')) : textReadings(trimmed, killmail);
    if (readings === null) return;
    lines.push({ line, text: trimmed, readings: dedupe(readings) });
  });
  return { lines };
}
