import { Long } from 'bson';
import { Catalog } from '../src/catalog';
import { CURSOR_TIMEOUT_MS, Engine } from '../src/engine';

const conn = { connectionId: 1, remote: 'test' };

function engine(): Engine {
  return new Engine({ catalog: new Catalog(), port: 27017, host: '127.0.0.1' });
}

test('idle cursors time out after 10 minutes; used ones stay', () => {
  const e = engine();
  e.dispatch({ insert: 'c', documents: Array.from({ length: 10 }, (_, i) => ({ _id: i })), $db: 'd' }, conn);
  const r1 = e.dispatch({ find: 'c', filter: {}, batchSize: 2, $db: 'd' }, conn);
  const r2 = e.dispatch({ find: 'c', filter: {}, batchSize: 2, $db: 'd' }, conn);
  const id1 = (r1.cursor.id as Long).toNumber();
  const id2 = (r2.cursor.id as Long).toNumber();
  expect(r1.cursor.id).toBeInstanceOf(Long);
  expect(e.openCursorCount).toBe(2);
  const now = Date.now();
  e.reapCursors(now + CURSOR_TIMEOUT_MS - 1000);
  expect(e.openCursorCount).toBe(2);
  e.reapCursors(now + CURSOR_TIMEOUT_MS + 1000);
  expect(e.openCursorCount).toBe(0);
  expect(e.dispatch.bind(e, { getMore: id1, collection: 'c', $db: 'd' }, conn)).toThrow(`cursor id ${id1} not found`);
  expect(id2).not.toBe(id1);
});

test('write errors use the MongoDB shape', () => {
  const e = engine();
  e.dispatch({ createIndexes: 'u', indexes: [{ key: { name: 1 }, name: 'name_1', unique: true }], $db: 'd' }, conn);
  const res = e.dispatch(
    {
      insert: 'u',
      documents: [
        { _id: 1, name: 'x' },
        { _id: 2, name: 'x' },
        { _id: 3, name: 'y' },
      ],
      ordered: false,
      $db: 'd',
    },
    conn,
  );
  expect(res).toEqual({
    n: 2,
    writeErrors: [
      {
        index: 1,
        code: 11000,
        errmsg: 'E11000 duplicate key error collection: d.u index: name_1 dup key: { name: "x" }',
        keyPattern: { name: 1 },
        keyValue: { name: 'x' },
      },
    ],
    ok: 1,
  });
});

test('update reply reports n, nModified and upserted', () => {
  const e = engine();
  e.dispatch(
    {
      insert: 'v',
      documents: [
        { _id: 1, a: 1 },
        { _id: 2, a: 1 },
      ],
      $db: 'd',
    },
    conn,
  );
  const res = e.dispatch(
    {
      update: 'v',
      updates: [
        { q: { a: 1 }, u: { $set: { b: 2 } }, multi: true },
        { q: { _id: 1 }, u: { $set: { b: 2 } } },
        { q: { _id: 9 }, u: { $set: { b: 3 } }, upsert: true },
      ],
      $db: 'd',
    },
    conn,
  );
  expect(res).toEqual({ n: 4, nModified: 2, upserted: [{ index: 2, _id: 9 }], ok: 1 });
});

test('delete limit 1 removes one document, limit 0 removes all matches', () => {
  const e = engine();
  e.dispatch({ insert: 'w', documents: [{ k: 1 }, { k: 1 }, { k: 1 }, { k: 2 }], $db: 'd' }, conn);
  expect(e.dispatch({ delete: 'w', deletes: [{ q: { k: 1 }, limit: 1 }], $db: 'd' }, conn)).toEqual({ n: 1, ok: 1 });
  expect(e.dispatch({ delete: 'w', deletes: [{ q: { k: 1 }, limit: 0 }], $db: 'd' }, conn)).toEqual({ n: 2, ok: 1 });
  expect(e.dispatch({ count: 'w', $db: 'd' }, conn)).toEqual({ n: 1, ok: 1 });
});

test('$out and $merge (unsupported) answer NotImplemented instead of writing', () => {
  const e = engine();
  e.dispatch({ insert: 'x', documents: [{ _id: 1 }], $db: 'd' }, conn);
  expect(() => e.dispatch({ aggregate: 'x', pipeline: [{ $out: 'y' }], cursor: {}, $db: 'd' }, conn)).toThrow(
    '$out is not supported by embedded-mongo',
  );
  expect(() => e.dispatch({ aggregate: 'x', pipeline: [{ $merge: { into: 'y' } }], cursor: {}, $db: 'd' }, conn)).toThrow(
    '$merge is not supported by embedded-mongo',
  );
  // nothing was written to the target
  expect(e.dispatch({ find: 'y', filter: {}, $db: 'd' }, conn).cursor.firstBatch).toEqual([]);
});

test('find batchSize 0 returns an empty first batch and an open cursor', () => {
  const e = engine();
  e.dispatch({ insert: 'b0', documents: [{ _id: 1 }, { _id: 2 }], $db: 'd' }, conn);
  const r = e.dispatch({ find: 'b0', filter: {}, batchSize: 0, $db: 'd' }, conn);
  expect(r.cursor.firstBatch).toEqual([]);
  const more = e.dispatch({ getMore: (r.cursor.id as Long).toNumber(), collection: 'b0', $db: 'd' }, conn);
  expect(more.cursor.nextBatch).toEqual([{ _id: 1 }, { _id: 2 }]);
  expect((more.cursor.id as Long).toNumber()).toBe(0);
});
