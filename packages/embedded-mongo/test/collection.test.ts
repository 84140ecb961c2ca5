import { ObjectId } from 'bson';
import { Collection } from '../src/collection';
import { CommandError } from '../src/errors';

function build(n: number): Collection {
  const c = new Collection('db', 'c');
  c.addIndex({ v: 2, key: { charId: 1 }, name: 'charId_1', unique: true });
  c.addIndex({ v: 2, key: { corp: 1, ts: 1 }, name: 'corp_1_ts_1' });
  for (let i = 0; i < n; i++)
    c.insert({ _id: new ObjectId(), charId: i, corp: i % 100, ts: new Date(1_700_000_000_000 + i * 1000) });
  return c;
}

describe('planner uses indexes', () => {
  const c = build(10_000);

  test('equality on a unique index reads exactly one candidate', () => {
    const { docs, indexName } = c.candidates({ charId: 4242 });
    expect(indexName).toBe('charId_1');
    expect([...docs].map((d) => d.charId)).toEqual([4242]);
  });

  test('$in reads one candidate per value', () => {
    const { docs, indexName } = c.candidates({ charId: { $in: [1, 5, 9, 123456] } });
    expect(indexName).toBe('charId_1');
    expect([...docs].map((d) => d.charId)).toEqual([1, 5, 9]);
  });

  test('range on a single-field index reads only the range', () => {
    const { docs, indexName } = c.candidates({ charId: { $gte: 100, $lt: 110 } });
    expect(indexName).toBe('charId_1');
    expect([...docs].map((d) => d.charId)).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
  });

  test('compound: equality prefix plus range on the next field', () => {
    const { docs, indexName } = c.candidates({ corp: 7, ts: { $gt: new Date(1_700_000_000_000 + 5_000_000) } });
    expect(indexName).toBe('corp_1_ts_1');
    expect([...docs].map((d) => d.charId)).toEqual([
      5007, 5107, 5207, 5307, 5407, 5507, 5607, 5707, 5807, 5907, 6007, 6107, 6207, 6307, 6407, 6507, 6607, 6707, 6807, 6907,
      7007, 7107, 7207, 7307, 7407, 7507, 7607, 7707, 7807, 7907, 8007, 8107, 8207, 8307, 8407, 8507, 8607, 8707, 8807, 8907,
      9007, 9107, 9207, 9307, 9407, 9507, 9607, 9707, 9807, 9907,
    ]);
  });

  test('a filter on a non-indexed field scans all documents', () => {
    const { indexName } = c.candidates({ other: 1 });
    expect(indexName).toBeUndefined();
  });

  test('match applies the full filter on the candidates', () => {
    expect(c.match({ corp: 3, charId: { $lt: 300 } }).map((d) => d.charId)).toEqual([3, 103, 203]);
  });
});

describe('unique enforcement', () => {
  test('insert duplicate raises E11000 with keyPattern/keyValue', () => {
    const c = build(3);
    let err: unknown;
    try {
      c.insert({ _id: 'x', charId: 1 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CommandError);
    const ce = err as CommandError;
    expect(ce.code).toBe(11000);
    expect(ce.message).toBe('E11000 duplicate key error collection: db.c index: charId_1 dup key: { charId: 1 }');
    expect(ce.extra).toEqual({ keyPattern: { charId: 1 }, keyValue: { charId: 1 } });
    expect(c.docs.size).toBe(3);
  });

  test('replace to a conflicting key leaves the stored document and indexes untouched', () => {
    const c = build(3);
    const doc = c.match({ charId: 2 })[0];
    expect(() => c.replace({ ...doc, charId: 0 })).toThrow(CommandError);
    expect(c.match({ charId: 2 })).toEqual([doc]);
    expect(c.match({ charId: 0 })).toHaveLength(1);
  });
});
