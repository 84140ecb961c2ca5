/**
 * Text people type and others read (names, titles, descriptions, feedback, usernames): one zod
 * helper, `text()`, refuses what cannot be seen or breaks what is around it. Used by every text
 * field schema, so the form shows the same Russian message the server answers with.
 *
 * Refused: control characters (line breaks and tabs only where the field has lines), lone
 * surrogates, private-use code points and noncharacters, line/paragraph separators, bidi
 * controls and every default-ignorable code point (zero-width space and joiners, word joiner,
 * soft hyphen, BOM, Hangul fillers, variation selectors, tags…), except where an emoji needs
 * them: a zero-width joiner between two pictographs, a variation selector after an emoji
 * character, tag characters in a flag sequence after U+1F3F4.
 */
import { z } from 'zod';

export const TEXT_MESSAGES = {
  invisible: (codePoint: string) => `Текст содержит невидимый или управляющий символ ${codePoint}: удалите его`,
} as const;

const CONTROL_OR_HIDDEN =
  /[\p{Cc}\p{Cs}\p{Co}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}\p{Bidi_Control}\p{Default_Ignorable_Code_Point}]/u;
const LINE_CONTROLS = new Set(['\n', '\r', '\t']);
const ZWJ = 0x200d;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const EMOJI = /\p{Emoji}/u;
const isVariationSelector = (cp: number) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
const isTag = (cp: number) => cp >= 0xe0020 && cp <= 0xe007f;
const BLACK_FLAG = 0x1f3f4;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;

/** `U+200B`: how a refused code point is named in the message. */
export const codePointName = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The first code point of `value` that must not be in a text field (its `U+XXXX` name), or null.
 * `multiline`: line breaks and tabs are allowed (descriptions, messages).
 */
export function hiddenCharacter(value: string, multiline = false): string | null {
  if (!CONTROL_OR_HIDDEN.test(value)) return null;
  const cps = Array.from(value, (ch) => ch.codePointAt(0)!);
  for (let i = 0; i < cps.length; i++) {
    const ch = String.fromCodePoint(cps[i]);
    // A lone surrogate is one UTF-16 unit: Array.from keeps it as it is.
    if (!CONTROL_OR_HIDDEN.test(ch)) continue;
    if (multiline && LINE_CONTROLS.has(ch)) continue;
    if (emojiPart(cps, i)) continue;
    return codePointName(cps[i]);
  }
  return null;
}

/** Whether the hidden code point at `i` belongs to an emoji sequence. */
function emojiPart(cps: number[], i: number): boolean {
  const cp = cps[i];
  const at = (k: number) => (k >= 0 && k < cps.length ? String.fromCodePoint(cps[k]) : '');
  if (cp === ZWJ) {
    // pictograph [VS16] [skin tone] ZWJ pictograph
    let k = i - 1;
    while (k >= 0 && (isVariationSelector(cps[k]) || EMOJI_MODIFIER.test(at(k)))) k--;
    return PICTOGRAPH.test(at(k)) && PICTOGRAPH.test(at(i + 1));
  }
  if (isVariationSelector(cp)) return EMOJI.test(at(i - 1)) && !isVariationSelector(cps[i - 1]);
  if (isTag(cp)) {
    let k = i - 1;
    while (k >= 0 && isTag(cps[k]) && cps[k] !== 0xe007f) k--;
    return k >= 0 && cps[k] === BLACK_FLAG;
  }
  return false;
}

/**
 * A text field: a string with nothing hidden in it (see above). Chain the field's own rules on
 * it: `text({ error: 'Введите заголовок' }).trim().min(1, …).max(…)`.
 */
export const text = (options: { error?: string; multiline?: boolean } = {}) =>
  z.string(options.error ? { error: options.error } : undefined).superRefine((value, ctx) => {
    const hidden = hiddenCharacter(value, options.multiline);
    if (hidden) ctx.addIssue({ code: 'custom', message: TEXT_MESSAGES.invisible(hidden) });
  });

// --- One script per name (Unicode TR39, "single script" with the CJK combinations) ---

/**
 * Scripts a username may be written in: the scripts UAX #31 recommends for identifiers. A name
 * mixes none of them (digits, `._-` and other common characters go with any); Japanese may mix
 * Han, Hiragana and Katakana, Korean Han and Hangul, Chinese Han and Bopomofo.
 */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Ethiopic',
  'Khmer',
  'Mongolian',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
] as const;
const SCRIPT_RE = SCRIPTS.map((name) => [name, new RegExp(`\\p{scx=${name}}`, 'u')] as const);
const COMMON = /[\p{scx=Zyyy}\p{scx=Zinh}]/u;
/** TR39's augmented script sets: the writing systems a script takes part in. */
const AUGMENTED: Partial<Record<(typeof SCRIPTS)[number], string[]>> = {
  Han: ['Han', 'Jpan', 'Kore', 'Hanb'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};

/**
 * The writing systems `value` could be in (TR39's resolved script set): empty when it mixes
 * scripts, e.g. Latin with a Cyrillic look-alike (`demo_аdmin`), or uses a script not in the
 * list. Common characters (digits, `_`) leave the set as it is.
 */
export function resolvedScripts(value: string): Set<string> | null {
  let resolved = null as Set<string> | null; // null: every script so far
  for (const ch of value) {
    if (COMMON.test(ch) && !SCRIPT_RE.some(([, re]) => re.test(ch))) continue;
    const sets = SCRIPT_RE.filter(([, re]) => re.test(ch)).flatMap(([name]) => AUGMENTED[name] ?? [name]);
    const mine = new Set(sets);
    resolved = resolved === null ? mine : new Set([...resolved].filter((s) => mine.has(s)));
    if (resolved.size === 0) return resolved;
  }
  return resolved;
}

/** Whether `value` is written in one writing system (or only in common characters). */
export const isSingleScript = (value: string): boolean => {
  const scripts = resolvedScripts(value);
  return scripts === null || scripts.size > 0;
};
