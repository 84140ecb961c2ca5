/**
 * The game's planetary-interaction template as JSON text (game-mechanics §5.7): the client
 * writes it with Python's `json.dumps(sort_keys=True)` and checks types on import, where
 * `Diam`, `La` and `Lo` must be floats (written with a decimal point, "5820.0") and the
 * other numbers ints. JavaScript has one number type, so this module writes floats explicitly and
 * reads JSON keeping the int/float distinction Python's `json.loads` makes.
 */

export interface PiTemplatePin {
  /** Extractor heads (ECU), else 0. */
  H: number;
  /** Polar angle, radians (the game stores round(lat, 5)). */
  La: number;
  /** Longitude, radians. */
  Lo: number;
  /** Product type id: the schematic's output for a factory, the resource for an ECU, null for storage/launchpad. */
  S: number | null;
  /** Pin type id. */
  T: number;
}

/** Link between pins (1-based indices into P). */
export interface PiTemplateLink {
  S: number;
  D: number;
  Lv: number;
}

/** Route: path of 1-based pin indices, quantity per cycle, commodity type id. */
export interface PiTemplateRoute {
  P: number[];
  Q: number;
  T: number;
}

export interface PiTemplate {
  CmdCtrLv: number;
  Cmt: string;
  Diam: number;
  Pln: number;
  P: PiTemplatePin[];
  L: PiTemplateLink[];
  R: PiTemplateRoute[];
}

/** Keys the importer accepts, in export order. */
export const TEMPLATE_KEYS = ['CmdCtrLv', 'Cmt', 'Diam', 'L', 'P', 'Pln', 'R'] as const;
export const PIN_KEYS = ['H', 'La', 'Lo', 'S', 'T'] as const;
export const LINK_KEYS = ['D', 'Lv', 'S'] as const;
export const ROUTE_KEYS = ['P', 'Q', 'T'] as const;

/** A float as Python's json.dumps writes it: always with a decimal point or exponent. */
export function formatFloat(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  const s = String(x);
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

function formatInt(x: number): string {
  if (!Number.isSafeInteger(x)) throw new RangeError(`not an integer: ${x}`);
  return String(x);
}

const obj = (entries: [string, string][]) =>
  `{${entries
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${JSON.stringify(k)}: ${v}`)
    .join(', ')}}`;
const list = (items: string[]) => `[${items.join(', ')}]`;

/** The template as the game exports it (sorted keys, `, ` / `: ` separators, typed numbers). */
export function serializeTemplate(t: PiTemplate): string {
  return obj([
    ['CmdCtrLv', formatInt(t.CmdCtrLv)],
    ['Cmt', JSON.stringify(t.Cmt)],
    ['Diam', formatFloat(t.Diam)],
    ['Pln', formatInt(t.Pln)],
    [
      'P',
      list(
        t.P.map((p) =>
          obj([
            ['H', formatInt(p.H)],
            ['La', formatFloat(p.La)],
            ['Lo', formatFloat(p.Lo)],
            ['S', p.S === null ? 'null' : formatInt(p.S)],
            ['T', formatInt(p.T)],
          ]),
        ),
      ),
    ],
    [
      'L',
      list(
        t.L.map((l) =>
          obj([
            ['S', formatInt(l.S)],
            ['D', formatInt(l.D)],
            ['Lv', formatInt(l.Lv)],
          ]),
        ),
      ),
    ],
    [
      'R',
      list(
        t.R.map((r) =>
          obj([
            ['P', list(r.P.map(formatInt))],
            ['Q', formatInt(r.Q)],
            ['T', formatInt(r.T)],
          ]),
        ),
      ),
    ],
  ]);
}

/** A JSON number with Python's distinction: `5820` is an int, `5820.0` and `1e3` are floats. */
export class JsonNumber {
  constructor(
    readonly value: number,
    readonly isFloat: boolean,
  ) {}
}
export type TypedJson = null | boolean | string | JsonNumber | TypedJson[] | { [key: string]: TypedJson };

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

/** Strict JSON (RFC 8259) into TypedJson. Duplicate keys: the last wins, as in Python. */
export function parseTypedJson(text: string): TypedJson {
  let i = 0;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} (позиция ${i})`, i);
  };
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const value = (depth: number): TypedJson => {
    if (depth > 64) fail('слишком глубокая вложенность');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const out: { [key: string]: TypedJson } = {};
      ws();
      if (text[i] === '}') {
        i++;
        return out;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('ожидался ключ');
        const key = string();
        ws();
        if (text[i] !== ':') fail('ожидалось ":"');
        i++;
        Object.defineProperty(out, key, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return out;
        }
        fail('ожидалось "," или "}"');
      }
    }
    if (c === '[') {
      i++;
      const out: TypedJson[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value(depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return out;
        }
        fail('ожидалось "," или "]"');
      }
    }
    if (c === '"') return string();
    if (text.startsWith('true', i)) {
      i += 4;
      return true;
    }
    if (text.startsWith('false', i)) {
      i += 5;
      return false;
    }
    if (text.startsWith('null', i)) {
      i += 4;
      return null;
    }
    const m = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) return fail('неверное значение');
    i += m[0].length;
    return new JsonNumber(Number(m[0]), m[1] !== undefined || m[2] !== undefined);
  };
  const string = (): string => {
    const start = i;
    i++;
    let escaped = false;
    for (; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (escaped) escaped = false;
      else if (ch === 0x5c) escaped = true;
      else if (ch === 0x22) break;
      else if (ch < 0x20) fail('управляющий символ в строке');
    }
    if (i >= text.length) fail('незакрытая строка');
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail('неверная строка');
    }
  };
  const out = value(0);
  ws();
  if (i !== text.length) fail('лишние символы после JSON');
  return out;
}
