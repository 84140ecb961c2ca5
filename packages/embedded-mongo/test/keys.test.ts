import { Long, ObjectId } from 'bson';
import { ParallelArraysError, TAG, encodeDouble, encodeValue, extractIndexKeys, valuesAtPath } from '../src/keys';
import { SortedStringSet } from '../src/sorted-list';

describe('encodeDouble', () => {
  test('exact encodings', () => {
    expect(encodeDouble(0)).toBe('8000000000000000');
    expect(encodeDouble(-0)).toBe('8000000000000000');
    expect(encodeDouble(1)).toBe('bff0000000000000');
    expect(encodeDouble(-1)).toBe('400fffffffffffff');
    expect(encodeDouble(NaN)).toBe('0000000000000000');
  });

  test('string order equals numeric order', () => {
    const nums = [-Infinity, -1e300, -5.5, -1, -1e-300, 0, 1e-300, 1, 2, 2.5, 1e9, 1e300, Infinity];
    const enc = nums.map(encodeDouble);
    expect([...enc].sort()).toEqual(enc);
  });
});

describe('encodeValue', () => {
  test('follows MongoDB cross-type order: null < numbers < strings < objects < arrays < ObjectId < bool < date', () => {
    const values = [
      null,
      -3,
      2,
      Long.fromNumber(3),
      'a',
      'b',
      { x: 1 },
      [1],
      new ObjectId('000000000000000000000001'),
      false,
      true,
      new Date(0),
    ];
    const enc = values.map(encodeValue);
    expect([...enc].sort()).toEqual(enc);
  });

  test('int, Long and double with the same value are equal keys', () => {
    expect(encodeValue(5)).toBe(encodeValue(Long.fromNumber(5)));
    expect(encodeValue(5)).toBe(encodeValue(5.0));
  });

  test('string encoding is prefix-free and escapes NUL', () => {
    expect(encodeValue('ab')).toBe(`${TAG.string}ab\x00\x00`);
    expect(encodeValue('a\x00b')).toBe(`${TAG.string}a\x00\x01b\x00\x00`);
    const strs = ['', 'a', 'a\x00', 'ab', 'b'];
    const enc = strs.map(encodeValue);
    expect([...enc].sort()).toEqual(enc);
  });

  test('ObjectId encodes as its hex string after the type tag', () => {
    expect(encodeValue(new ObjectId('64b7f0c2a1b2c3d4e5f60718'))).toBe(`${TAG.objectId}64b7f0c2a1b2c3d4e5f60718`);
  });
});

describe('index key extraction', () => {
  test('dotted paths and arrays of subdocuments', () => {
    expect(valuesAtPath({ a: { b: 1 } }, 'a.b')).toEqual([1]);
    expect(valuesAtPath({ a: [{ b: 1 }, { b: 2 }, { c: 3 }] }, 'a.b')).toEqual([1, 2]);
    expect(valuesAtPath({ a: [5, 6] }, 'a.1')).toEqual([6]);
    expect(valuesAtPath({ a: 1 }, 'x')).toEqual([]);
  });

  test('single field key', () => {
    expect(extractIndexKeys({ name: 'x' }, ['name'])).toEqual([{ key: `${TAG.string}x\x00\x00`, values: ['x'] }]);
  });

  test('missing field indexes as null', () => {
    expect(extractIndexKeys({ other: 1 }, ['name'])).toEqual([{ key: TAG.null, values: [undefined] }]);
  });

  test('compound key is the concatenation of the parts', () => {
    expect(extractIndexKeys({ a: 1, b: 'z' }, ['a', 'b'])).toEqual([
      { key: encodeValue(1) + encodeValue('z'), values: [1, 'z'] },
    ]);
  });

  test('multikey: one key per distinct array element', () => {
    expect(extractIndexKeys({ corp: 7, tags: ['a', 'b', 'a'] }, ['corp', 'tags'])).toEqual([
      { key: encodeValue(7) + encodeValue('a'), values: [7, 'a'] },
      { key: encodeValue(7) + encodeValue('b'), values: [7, 'b'] },
    ]);
  });

  test('parallel arrays are refused', () => {
    expect(() => extractIndexKeys({ a: [1, 2], b: [3, 4] }, ['a', 'b'])).toThrow(ParallelArraysError);
  });
});

describe('SortedStringSet', () => {
  test('keeps order across chunk splits, supports delete and range', () => {
    const s = new SortedStringSet();
    const keys = Array.from({ length: 3000 }, (_, i) => String(i).padStart(5, '0'));
    // insert in a scrambled order
    for (let i = 0; i < keys.length; i++) s.add(keys[(i * 7919) % keys.length]);
    expect(s.size).toBe(3000);
    expect([...s]).toEqual(keys);
    expect(s.add('00005')).toBe(false);
    expect(s.delete('00005')).toBe(true);
    expect(s.has('00005')).toBe(false);
    expect([...s.range('00003', '00008')]).toEqual(['00003', '00004', '00006', '00007']);
    expect([...s.range('02998')]).toEqual(['02998', '02999']);
  });
});
