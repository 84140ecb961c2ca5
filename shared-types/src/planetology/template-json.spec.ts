import { formatFloat, JsonNumber, JsonSyntaxError, parseTypedJson, serializeTemplate, type PiTemplate } from './template-json';

describe('formatFloat (Python json.dumps of a float)', () => {
  it.each([
    [5820, '5820.0'],
    [5820.5, '5820.5'],
    [1.10907, '1.10907'],
    [0, '0.0'],
    [-2.5, '-2.5'],
    [1e-7, '1e-7'],
  ])('%d -> %s', (x, text) => expect(formatFloat(x)).toBe(text));

  it('refuses NaN and infinities (not JSON)', () => {
    expect(() => formatFloat(NaN)).toThrow(RangeError);
    expect(() => formatFloat(Infinity)).toThrow(RangeError);
  });
});

describe('serializeTemplate', () => {
  const t: PiTemplate = {
    CmdCtrLv: 4,
    Cmt: 'Звезда: Robotics ×1 (Barren)',
    Diam: 5820,
    Pln: 2016,
    P: [
      { H: 0, La: 1.2, Lo: 1.5, S: null, T: 2544 },
      { H: 0, La: 1.22, Lo: 1.5, S: 9848, T: 2474 },
    ],
    L: [{ S: 1, D: 2, Lv: 0 }],
    R: [{ P: [1, 2], Q: 10, T: 3689 }],
  };

  it('writes sorted keys, ", " and ": " separators, floats with a point, ints without', () => {
    expect(serializeTemplate(t)).toBe(
      '{"CmdCtrLv": 4, "Cmt": "Звезда: Robotics ×1 (Barren)", "Diam": 5820.0, ' +
        '"L": [{"D": 2, "Lv": 0, "S": 1}], ' +
        '"P": [{"H": 0, "La": 1.2, "Lo": 1.5, "S": null, "T": 2544}, {"H": 0, "La": 1.22, "Lo": 1.5, "S": 9848, "T": 2474}], ' +
        '"Pln": 2016, "R": [{"P": [1, 2], "Q": 10, "T": 3689}]}',
    );
  });

  it('is valid JSON that reads back to the same template', () => {
    expect(JSON.parse(serializeTemplate(t))).toEqual(t);
  });

  it('refuses a fractional int field', () => {
    expect(() => serializeTemplate({ ...t, CmdCtrLv: 4.5 })).toThrow(RangeError);
  });
});

describe('parseTypedJson', () => {
  it.each([
    ['1', new JsonNumber(1, false)],
    ['1.0', new JsonNumber(1, true)],
    ['-0.5', new JsonNumber(-0.5, true)],
    ['2E3', new JsonNumber(2000, true)],
    ['"a\\"b"', 'a"b'],
    [' [1, {"x": null}] ', [new JsonNumber(1, false), { x: null }]],
    ['{"a": 1, "a": 2}', { a: new JsonNumber(2, false) }],
  ])('%s', (text, value) => expect(parseTypedJson(text)).toEqual(value));

  it.each([['{"a": 1,}'], ['[1 2]'], ['01'], ['NaN'], ['{"a": 1} x'], ['"open'], ["{'a': 1}"], ['']])('refuses %j', (text) => {
    expect(() => parseTypedJson(text)).toThrow(JsonSyntaxError);
  });

  it('keeps "__proto__" as a plain key', () => {
    const v = parseTypedJson('{"__proto__": 1}') as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
  });
});
