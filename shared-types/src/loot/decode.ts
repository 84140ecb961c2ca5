/**
 * Turns an uploaded loot file's bytes into text (pure; no TextDecoder, so it runs the same in the
 * backend, the browser and the tests).
 *
 * - A byte-order mark decides: EF BB BF UTF-8, FF FE UTF-16 LE, FE FF UTF-16 BE.
 * - Without one, text with NUL bytes in every other position is read as UTF-16 (LE or BE by which
 *   half is zero); anything else must be valid UTF-8.
 * - A file is refused as binary when it is not valid in its encoding or holds control characters
 *   other than tab, CR, LF and form feed.
 */
export type LootDecodeResult =
  { ok: true; text: string; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' } | { ok: false; reason: 'empty' | 'binary' };

function decodeUtf16(bytes: Uint8Array, start: number, littleEndian: boolean): string | null {
  if ((bytes.length - start) % 2 !== 0) return null;
  const units: number[] = [];
  let out = '';
  for (let i = start; i < bytes.length; i += 2) {
    units.push(littleEndian ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1]);
    if (units.length === 4096) {
      out += String.fromCharCode(...units);
      units.length = 0;
    }
  }
  out += String.fromCharCode(...units);
  // Lone surrogates mean the bytes were not UTF-16 text.
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(out) ? null : out;
}

/** Strict UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF); null when invalid. */
function decodeUtf8(bytes: Uint8Array, start: number): string | null {
  const parts: string[] = [];
  const codes: number[] = [];
  let i = start;
  while (i < bytes.length) {
    const b = bytes[i];
    let cp: number;
    let need: number;
    let min: number;
    if (b < 0x80) {
      cp = b;
      need = 0;
      min = 0;
    } else if (b >= 0xc2 && b <= 0xdf) {
      cp = b & 0x1f;
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      cp = b & 0x0f;
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      cp = b & 0x07;
      need = 3;
      min = 0x10000;
    } else {
      return null;
    }
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return null;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
    if (cp > 0xffff) {
      const v = cp - 0x10000;
      codes.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
    } else {
      codes.push(cp);
    }
    if (codes.length >= 4096) {
      parts.push(String.fromCharCode(...codes));
      codes.length = 0;
    }
    i += need + 1;
  }
  parts.push(String.fromCharCode(...codes));
  return parts.join('');
}

/** Which of the even / odd bytes are NUL: a sign of UTF-16 without a byte-order mark. */
function guessUtf16(bytes: Uint8Array): 'le' | 'be' | null {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  let evenZero = 0;
  let oddZero = 0;
  const n = Math.min(bytes.length, 4096);
  for (let i = 0; i + 1 < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = Math.floor(n / 2);
  if (oddZero > pairs * 0.3 && evenZero < pairs * 0.05) return 'le';
  if (evenZero > pairs * 0.3 && oddZero < pairs * 0.05) return 'be';
  return null;
}

// Control characters other than tab, LF, FF, CR (and DEL): text exports never hold them.
// eslint-disable-next-line no-control-regex
const BINARY_CHARS = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

export function decodeLootText(bytes: Uint8Array): LootDecodeResult {
  let text: string | null;
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    text = decodeUtf8(bytes, 3);
    encoding = 'utf-8';
  } else if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    text = decodeUtf16(bytes, 2, true);
    encoding = 'utf-16le';
  } else if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = decodeUtf16(bytes, 2, false);
    encoding = 'utf-16be';
  } else {
    const guess = guessUtf16(bytes);
    if (guess) {
      text = decodeUtf16(bytes, 0, guess === 'le');
      encoding = guess === 'le' ? 'utf-16le' : 'utf-16be';
    } else {
      text = decodeUtf8(bytes, 0);
      encoding = 'utf-8';
    }
  }
  if (text === null || BINARY_CHARS.test(text)) {
    return bytes.length === 0 ? { ok: false, reason: 'empty' } : { ok: false, reason: 'binary' };
  }
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  return { ok: true, text, encoding };
}
