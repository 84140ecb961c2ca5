/**
 * Loot history parser (pure, no I/O): one line at a time, then a whole text.
 *
 * Accepted forms (../shared/eve-data/README.md §7):
 * - the game's fleet "Loot History" export, tab-separated:
 *   `Time<TAB>Character<TAB>Item Type<TAB>Quantity<TAB>Item Group` (a trailing tab is common),
 *   e.g. `2018.06.23 00:19\tKado Vargadana\tX5 Enduring Stasis Webifier\t1\tStasis Web\t`.
 *   The header row is recognised in English (`Time Character ...`) and Russian
 *   (`Время Персонаж ...`) and skipped; item names may be English or Russian (the Russian client
 *   writes localised names into the same columns);
 * - the older chat-log form `03:21:19 Some dude has looted 5 x Garde II`, optionally with the
 *   chat log's `[ 2018.06.23 03:21:19 ]` stamp in place of the bare time.
 *
 * Quantities may group thousands with `'`, `,`, `.`, a space or a no-break space (`1'000`,
 * `1,000`, `1 000`); a group must then be exactly three digits, so `1,5` is refused.
 *
 * The Russian client's chat-log wording for "has looted" is not recorded anywhere in the project's
 * reference material, so only the English chat form is accepted; the Russian client's tab export
 * needs no wording and is accepted.
 */

export interface LootEntry {
  /** As written in the file (`2018.06.23 00:19` or `03:21:19`). */
  time: string;
  character: string;
  /** Item name as written (not yet resolved to a type). */
  item: string;
  quantity: number;
  /** The export's "Item Group" column; null in the chat form or when empty. */
  group: string | null;
}

export type LootLine =
  { kind: 'loot'; entry: LootEntry } | { kind: 'header' } | { kind: 'blank' } | { kind: 'invalid'; reason: LootLineError };

/** Why a non-blank line was not read as loot. */
export type LootLineError = 'format' | 'quantity';

export interface UnparsedLootLine {
  /** 1-based line number in the text. */
  line: number;
  text: string;
  reason: LootLineError;
}

/** A loot entry with its 1-based line number in the text. */
export interface NumberedLootEntry extends LootEntry {
  line: number;
}

export interface ParsedLootHistory {
  entries: NumberedLootEntry[];
  unparsed: UnparsedLootLine[];
  /** The form the loot lines were written in ('mixed' when both occur). */
  format: 'export' | 'chat' | 'mixed' | null;
}

/** Largest quantity one line may carry (a full freighter of minerals is far below). */
export const LOOT_MAX_LINE_QUANTITY = 2_000_000_000;

const SEPARATORS = "[ ,.'\u00a0\u202f]";
const QUANTITY_RE = new RegExp(`^(?:\\d+|\\d{1,3}(?:${SEPARATORS}\\d{3})+)$`);
const SEPARATOR_RE = new RegExp(SEPARATORS, 'g');

/** `1'234`, `1,234`, `1 234`, `1234` -> 1234; anything else (0, fractions, signs, huge) -> null. */
export function parseLootQuantity(raw: string): number | null {
  const text = raw.trim();
  if (!QUANTITY_RE.test(text)) return null;
  const value = Number(text.replace(SEPARATOR_RE, ''));
  if (!Number.isSafeInteger(value) || value < 1 || value > LOOT_MAX_LINE_QUANTITY) return null;
  return value;
}

const HEADER_FIRST = new Set(['time', 'время']);
const HEADER_SECOND = new Set(['character', 'персонаж', 'пилот']);
/** A time cell of the export: a date and a time, or a time alone. */
const EXPORT_TIME_RE = /^(?:\d{4}[./-]\d{1,2}[./-]\d{1,2}[ T]+)?\d{1,2}:\d{2}(?::\d{2})?$/;
/**
 * The chat line's time stamp: `[ 2018.06.23 03:21:19 ]` or `03:21:19`, followed by a space. The
 * rest of the line (`Pilot has looted 5 x Item`) is read word by word (`readChatLoot`): one
 * expression for the whole line backtracked cubically on runs of whitespace (a time and 2 000
 * spaces took 6 s; a loot file may be one such line).
 */
const CHAT_STAMP_RE = /^(?:\[\s*(?:\d{4}[./-]\d{1,2}[./-]\d{1,2}\s+)?(\d{1,2}:\d{2}:\d{2})\s*\]|(\d{1,2}:\d{2}:\d{2}))(?=\s)/;
const WORD_RE = /\S+/g;

/**
 * `Pilot Name has looted 1 000 x Item Name` -> its three parts (the first `has looted` after at
 * least one word of the name, the first lone `x` after at least one word of the quantity), or
 * null. Linear: one pass over the words.
 */
function readChatLoot(rest: string): { character: string; quantityText: string; item: string } | null {
  const words = Array.from(rest.matchAll(WORD_RE), (m) => ({
    text: m[0].toLowerCase(),
    at: m.index,
    end: m.index + m[0].length,
  }));
  let verb = -1;
  for (let i = 1; i + 1 < words.length && verb < 0; i++)
    if (
      words[i].text === 'has' &&
      words[i + 1].text === 'looted' &&
      rest[words[i].end] === ' ' &&
      words[i + 1].at === words[i].end + 1
    )
      verb = i;
  if (verb < 0) return null;
  const first = verb + 2;
  for (let x = first + 1; x + 1 < words.length; x++) {
    if (words[x].text !== 'x') continue;
    return {
      character: rest.slice(0, words[verb - 1].end),
      quantityText: rest.slice(words[first].at, words[x - 1].end),
      item: rest.slice(words[x + 1].at),
    };
  }
  return null;
}

function clean(cell: string): string {
  return cell.replace(/\s+/g, ' ').trim();
}

/** Reads one line (without its line end). */
export function parseLootLine(raw: string): LootLine {
  const line = raw.replace(/^\ufeff/, '').replace(/\r$/, '');
  if (line.trim() === '') return { kind: 'blank' };

  if (line.includes('\t')) {
    const cells = line.split('\t').map(clean);
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length >= 2 && HEADER_FIRST.has(cells[0].toLowerCase()) && HEADER_SECOND.has(cells[1].toLowerCase())) {
      return { kind: 'header' };
    }
    if (cells.length < 4 || cells.length > 5) return { kind: 'invalid', reason: 'format' };
    const [time, character, item, quantityText, group] = cells;
    if (!EXPORT_TIME_RE.test(time) || character === '' || item === '') {
      return { kind: 'invalid', reason: 'format' };
    }
    const quantity = parseLootQuantity(quantityText);
    if (quantity === null) return { kind: 'invalid', reason: 'quantity' };
    return {
      kind: 'loot',
      entry: { time, character, item, quantity, group: group ? group : null },
    };
  }

  const text = line.trim();
  const stamp = CHAT_STAMP_RE.exec(text);
  const loot = stamp ? readChatLoot(text.slice(stamp[0].length)) : null;
  if (!stamp || !loot) return { kind: 'invalid', reason: 'format' };
  const [, stampTime, bareTime] = stamp;
  const { character, quantityText, item } = loot;
  const quantity = parseLootQuantity(quantityText);
  if (quantity === null) return { kind: 'invalid', reason: 'quantity' };
  return {
    kind: 'loot',
    entry: {
      time: stampTime ?? bareTime,
      character: clean(character),
      item: clean(item),
      quantity,
      group: null,
    },
  };
}

/** Splits on CRLF, LF or a lone CR. */
export function splitLootLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

/** Reads a whole (already decoded) text: every loot line, and the non-blank lines that are not loot. */
export function parseLootHistory(text: string): ParsedLootHistory {
  const entries: NumberedLootEntry[] = [];
  const unparsed: UnparsedLootLine[] = [];
  let sawExport = false;
  let sawChat = false;
  splitLootLines(text).forEach((raw, index) => {
    const parsed = parseLootLine(raw);
    if (parsed.kind === 'loot') {
      entries.push({ ...parsed.entry, line: index + 1 });
      if (raw.includes('\t')) sawExport = true;
      else sawChat = true;
    } else if (parsed.kind === 'invalid') {
      unparsed.push({ line: index + 1, text: raw.replace(/^\ufeff/, '').trim(), reason: parsed.reason });
    }
  });
  const format = sawExport && sawChat ? 'mixed' : sawExport ? 'export' : sawChat ? 'chat' : null;
  return { entries, unparsed, format };
}
