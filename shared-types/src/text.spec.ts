import { hiddenCharacter, isSingleScript, resolvedScripts, text } from './text';

describe('hiddenCharacter', () => {
  it.each([
    ['plain Russian', 'Сбор флота в Джите', false, null],
    ['Latin with digits and punctuation', 'CTA 19:00 — all hands!', false, null],
    ['zero-width space', 'Сбор\u200bфлота', false, 'U+200B'],
    ['NUL', 'ping\u0000', false, 'U+0000'],
    ['a lone high surrogate', 'ping\ud800', false, 'U+D800'],
    ['a lone low surrogate', '\udc00ping', false, 'U+DC00'],
    ['right-to-left override', 'txt.\u202eexe', false, 'U+202E'],
    ['left-to-right mark', 'a\u200eb', false, 'U+200E'],
    ['word joiner', 'a\u2060b', false, 'U+2060'],
    ['byte order mark', '\ufeffping', false, 'U+FEFF'],
    ['soft hyphen', 'флот\u00adский', false, 'U+00AD'],
    ['Hangul filler (looks like nothing)', '\u3164', false, 'U+3164'],
    ['zero-width non-joiner', 'a\u200cb', false, 'U+200C'],
    ['a joiner between letters', 'a\u200db', false, 'U+200D'],
    ['a variation selector after a letter', 'a\ufe0f', false, 'U+FE0F'],
    ['line separator', 'a\u2028b', false, 'U+2028'],
    ['private use', 'a\ue000', false, 'U+E000'],
    ['noncharacter', 'a\uffff', false, 'U+FFFF'],
    ['escape', 'a\u001b[31m', false, 'U+001B'],
    ['DEL', 'a\u007f', false, 'U+007F'],
    ['a line break in a one-line field', 'a\nb', false, 'U+000A'],
    ['a line break and a tab where lines are allowed', 'строка 1\n\tстрока 2\r\n', true, null],
    ['NUL where lines are allowed', 'a\n\u0000', true, 'U+0000'],
    ['a red heart with its variation selector', 'Ура ❤️', false, null],
    ['a keycap', 'Флот 1️⃣', false, null],
    ['a family (pictographs joined)', '👨‍👩‍👧', false, null],
    ['a skin tone and a joiner', '👩🏽‍🚀 вылет', false, null],
    ['the flag of Scotland (tag characters)', '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}', false, null],
    ['tag characters alone', 'a\u{e0067}', false, 'U+E0067'],
    ['a joiner after a pictograph but before a letter', '🚀\u200da', false, 'U+200D'],
  ])('%s', (_name, value, multiline, expected) => {
    expect(hiddenCharacter(value, multiline)).toBe(expected);
  });
});

describe('text()', () => {
  it('refuses a hidden character with a Russian message naming it', () => {
    const res = text({ error: 'Введите заголовок' }).trim().min(1).safeParse('Сбор\u200bфлота');
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.message)).toEqual([
      'Текст содержит невидимый или управляющий символ U+200B: удалите его',
    ]);
  });

  it('keeps its own rules and messages', () => {
    expect(text({ error: 'Введите заголовок' }).safeParse(42).error?.issues[0].message).toBe('Введите заголовок');
    expect(text().trim().parse('  ok  ')).toBe('ok');
  });
});

describe('one script per name', () => {
  it.each([
    ['demo_admin', true, ['Latin']],
    ['Пилот_1', true, ['Cyrillic']],
    ['demo_аdmin (Cyrillic а)', false, []],
    ['Pаvel (Cyrillic а)', false, []],
    ['ΑΒΓ (Greek)', true, ['Greek']],
    ['PayPal with Greek Α', false, []],
    ['1234_-.', true, null],
    ['日本語のなまえ (Han + Hiragana)', true, ['Jpan']],
    ['한국語 (Hangul + Han)', true, ['Kore']],
    ['カタカナとlatin', false, []],
    ['ᎪᏴᏟ (Cherokee, not a recommended script)', false, []],
  ])('%s', (label, single, scripts) => {
    const value = label.replace(/ \(.*\)$/, '');
    expect(isSingleScript(value)).toBe(single);
    const resolved = resolvedScripts(value);
    expect(resolved === null ? null : [...resolved].sort()).toEqual(scripts);
  });
});
