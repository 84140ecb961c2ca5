/**
 * Conformance suite through the official `mongodb` driver.
 * Runs against the embedded server, or against a real MongoDB when MONGODB_URI is set.
 */
import { Db, MongoClient, MongoServerError, ObjectId } from 'mongodb';
import { AGAINST_REAL_MONGO, Target, startTarget } from './harness';

jest.setTimeout(AGAINST_REAL_MONGO ? 120_000 : 30_000);

let t: Target;
let db: Db;

beforeAll(async () => {
  t = await startTarget('conformance_driver');
  db = t.client.db(t.dbName);
});

afterAll(async () => {
  await t.close();
});

async function serverError(p: Promise<unknown>): Promise<MongoServerError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof MongoServerError) return e;
    throw e;
  }
  throw new Error('expected the operation to fail');
}

describe('connection and commands', () => {
  test('ping answers ok 1', async () => {
    expect(await db.command({ ping: 1 })).toEqual({ ok: 1 });
  });

  test('hello reports a writable standalone (no replica set name)', async () => {
    const hello = await db.admin().command({ hello: 1 });
    expect(hello.isWritablePrimary).toBe(true);
    expect(hello.setName).toBeUndefined();
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(21);
    expect(hello.maxBsonObjectSize).toBe(16777216);
  });

  test('unknown command has MongoDB error shape', async () => {
    const err = await serverError(db.command({ xyzNoSuchCommand: 1 }));
    expect(err.code).toBe(59);
    expect(err.codeName).toBe('CommandNotFound');
    expect(err.errmsg).toBe("no such command: 'xyzNoSuchCommand'");
  });

  test('buildInfo reports a version string', async () => {
    const info = await db.admin().command({ buildInfo: 1 });
    expect(typeof info.version).toBe('string');
    expect(Array.isArray(info.versionArray)).toBe(true);
  });

  test('listCollections with filter and nameOnly', async () => {
    await db.createCollection('lc_a');
    await db.createCollection('lc_b');
    const names = (await db.listCollections({ name: 'lc_a' }, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).toEqual(['lc_a']);
    const all = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(all).toEqual(expect.arrayContaining(['lc_a', 'lc_b']));
  });

  test('create on an existing collection fails with NamespaceExists', async () => {
    await db.createCollection('exists_once');
    const err = await serverError(db.command({ create: 'exists_once' }));
    expect(err.code).toBe(48);
    expect(err.codeName).toBe('NamespaceExists');
  });

  test('drop removes the collection', async () => {
    await db.collection('to_drop').insertOne({ a: 1 });
    expect(await db.collection('to_drop').drop()).toBe(true);
    const names = (await db.listCollections({ name: 'to_drop' }).toArray()).map((c) => c.name);
    expect(names).toEqual([]);
  });

  test('listDatabases includes the test database', async () => {
    await db.collection('ld').insertOne({ a: 1 });
    const res = await db.admin().listDatabases({ nameOnly: true });
    expect(res.databases.map((d) => d.name)).toContain(t.dbName);
  });
});

describe('CRUD', () => {
  test('insertOne generates an ObjectId _id and findOne returns the document', async () => {
    const c = db.collection('crud_basic');
    const res = await c.insertOne({ name: 'Rifter', hp: 500 });
    expect(res.insertedId).toBeInstanceOf(ObjectId);
    expect(await c.findOne({ name: 'Rifter' })).toEqual({ _id: res.insertedId, name: 'Rifter', hp: 500 });
  });

  test('raw insert command without _id gets a server-generated ObjectId', async () => {
    await db.command({ insert: 'crud_rawid', documents: [{ x: 1 }] });
    const doc = await db.collection('crud_rawid').findOne({ x: 1 });
    expect(doc?._id).toBeInstanceOf(ObjectId);
  });

  test('updateOne with operators, replaceOne, deleteOne and deleteMany report counts', async () => {
    const c = db.collection<{ _id: number; n?: number; tags?: string[]; s?: string; replaced?: boolean }>('crud_update');
    await c.insertMany([
      { _id: 1, n: 1, tags: ['a'] },
      { _id: 2, n: 2, tags: [] },
      { _id: 3, n: 3, tags: ['b'] },
    ]);
    const u = await c.updateOne({ n: 1 }, { $set: { s: 'x' }, $push: { tags: 'c' }, $inc: { n: 10 } });
    expect([u.matchedCount, u.modifiedCount]).toEqual([1, 1]);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, n: 11, tags: ['a', 'c'], s: 'x' });
    const same = await c.updateOne({ _id: 1 }, { $set: { s: 'x' } });
    expect([same.matchedCount, same.modifiedCount]).toEqual([1, 0]);
    const many = await c.updateMany({ n: { $lt: 5 } }, { $unset: { tags: '' } });
    expect([many.matchedCount, many.modifiedCount]).toEqual([2, 2]);
    const r = await c.replaceOne({ _id: 2 }, { replaced: true });
    expect(r.modifiedCount).toBe(1);
    expect(await c.findOne({ _id: 2 })).toEqual({ _id: 2, replaced: true });
    expect((await c.deleteOne({ n: { $gte: 0 } })).deletedCount).toBe(1);
    expect((await c.deleteMany({})).deletedCount).toBe(2);
    expect(await c.countDocuments()).toBe(0);
  });

  test('arrayFilters update only matching elements', async () => {
    const c = db.collection('crud_arrayfilters');
    await c.insertOne({ _id: 'f' as unknown as ObjectId, items: [{ q: 1 }, { q: 5 }, { q: 7 }] });
    await c.updateOne(
      { _id: 'f' as unknown as ObjectId },
      { $set: { 'items.$[big].flag': true } },
      { arrayFilters: [{ 'big.q': { $gt: 4 } }] },
    );
    expect((await c.findOne({ _id: 'f' as unknown as ObjectId }))?.items).toEqual([
      { q: 1 },
      { q: 5, flag: true },
      { q: 7, flag: true },
    ]);
  });

  test('positional $ operator updates the matched array element', async () => {
    const c = db.collection('crud_positional');
    await c.insertOne({ _id: 'p' as unknown as ObjectId, grades: [80, 85, 90] });
    await c.updateOne({ _id: 'p' as unknown as ObjectId, grades: 85 }, { $set: { 'grades.$': 86 } });
    expect((await c.findOne({ _id: 'p' as unknown as ObjectId }))?.grades).toEqual([80, 86, 90]);
  });

  test('pipeline-style update computes from existing fields', async () => {
    const c = db.collection('crud_pipeline_update');
    await c.insertOne({ _id: 'pl' as unknown as ObjectId, a: 2, b: 3 });
    await c.updateOne({ _id: 'pl' as unknown as ObjectId }, [{ $set: { sum: { $add: ['$a', '$b'] } } }]);
    expect(await c.findOne({ _id: 'pl' as unknown as ObjectId })).toEqual({ _id: 'pl', a: 2, b: 3, sum: 5 });
  });

  test('changing _id in an update is rejected with ImmutableField', async () => {
    const c = db.collection('crud_immutable');
    await c.insertOne({ _id: 'im' as unknown as ObjectId, a: 1 });
    const err = await serverError(c.updateOne({ _id: 'im' as unknown as ObjectId }, { $set: { _id: 'other' } }));
    expect(err.code).toBe(66);
  });

  test('unknown update operator fails with FailedToParse', async () => {
    const c = db.collection('crud_badop');
    await c.insertOne({ a: 1 });
    const err = await serverError(c.updateOne({ a: 1 }, { $frobnicate: { a: 2 } } as never));
    expect(err.code).toBe(9);
  });
});

describe('upserts', () => {
  test('$set of _id to its own value is accepted (as connect-mongo sends it); another value is refused', async () => {
    const c = db.collection<{ _id: string; a?: number }>('sessions_like');
    expect((await c.updateOne({ _id: 's1' }, { $set: { _id: 's1', a: 1 } }, { upsert: true })).upsertedCount).toBe(1);
    expect((await c.updateOne({ _id: 's1' }, { $set: { _id: 's1', a: 2 } }, { upsert: true })).modifiedCount).toBe(1);
    expect(await c.find({}).toArray()).toEqual([{ _id: 's1', a: 2 }]);
    const err = await serverError(c.updateOne({ _id: 's1' }, { $set: { _id: 's2' } }));
    expect(err.code).toBe(66);
  });

  test('updateOne upsert inserts from filter equality + $set + $setOnInsert, then updates', async () => {
    const c = db.collection('ups');
    const first = await c.updateOne(
      { charId: 42, kind: 'pilot' },
      { $set: { name: 'A' }, $setOnInsert: { createdBy: 'seed' } },
      { upsert: true },
    );
    expect(first.upsertedCount).toBe(1);
    expect(first.upsertedId).toBeInstanceOf(ObjectId);
    const second = await c.updateOne(
      { charId: 42, kind: 'pilot' },
      { $set: { name: 'B' }, $setOnInsert: { createdBy: 'other' } },
      { upsert: true },
    );
    expect([second.matchedCount, second.modifiedCount, second.upsertedCount]).toEqual([1, 1, 0]);
    const doc = await c.findOne({ charId: 42 }, { projection: { _id: 0 } });
    expect(doc).toEqual({ charId: 42, kind: 'pilot', name: 'B', createdBy: 'seed' });
  });

  test('replaceOne upsert uses the filter _id', async () => {
    const c = db.collection('ups_replace');
    const res = await c.replaceOne({ _id: 'k1' as unknown as ObjectId }, { v: 1 }, { upsert: true });
    expect(res.upsertedId).toBe('k1');
    expect(await c.findOne({ _id: 'k1' as unknown as ObjectId })).toEqual({ _id: 'k1', v: 1 });
  });

  test('findOneAndUpdate upsert returns the new document', async () => {
    const c = db.collection('ups_fam');
    const doc = await c.findOneAndUpdate(
      { key: 'x' },
      { $inc: { n: 1 } },
      { upsert: true, returnDocument: 'after', projection: { _id: 0 } },
    );
    expect(doc).toEqual({ key: 'x', n: 1 });
  });
});

describe('concurrency', () => {
  test('$inc from several concurrent clients gives the exact total', async () => {
    const c = db.collection('race_inc');
    await c.insertOne({ _id: 'counter' as unknown as ObjectId, n: 0 });
    const clients = await Promise.all(Array.from({ length: 4 }, () => MongoClient.connect(t.dbUri, { maxPoolSize: 5 })));
    try {
      await Promise.all(
        clients.flatMap((cl) =>
          Array.from({ length: 50 }, () =>
            cl
              .db(t.dbName)
              .collection('race_inc')
              .updateOne({ _id: 'counter' as unknown as ObjectId }, { $inc: { n: 1 } }),
          ),
        ),
      );
    } finally {
      await Promise.all(clients.map((cl) => cl.close()));
    }
    expect((await c.findOne({ _id: 'counter' as unknown as ObjectId }))?.n).toBe(200);
  });

  test('findOneAndUpdate guarded by $lt never overshoots under concurrent clients', async () => {
    const c = db.collection('race_guard');
    await c.insertOne({ _id: 'job' as unknown as ObjectId, runs: 0 });
    const clients = await Promise.all(Array.from({ length: 4 }, () => MongoClient.connect(t.dbUri, { maxPoolSize: 5 })));
    let results: Array<unknown>;
    try {
      results = await Promise.all(
        clients.flatMap((cl) =>
          Array.from({ length: 10 }, () =>
            cl
              .db(t.dbName)
              .collection('race_guard')
              .findOneAndUpdate(
                { _id: 'job' as unknown as ObjectId, runs: { $lt: 5 } },
                { $inc: { runs: 1 } },
                { returnDocument: 'after' },
              ),
          ),
        ),
      );
    } finally {
      await Promise.all(clients.map((cl) => cl.close()));
    }
    const won = results.filter((r) => r !== null) as Array<{ runs: number }>;
    expect(won).toHaveLength(5);
    expect(won.map((r) => r.runs).sort()).toEqual([1, 2, 3, 4, 5]);
    expect((await c.findOne({ _id: 'job' as unknown as ObjectId }))?.runs).toBe(5);
  });
});

describe('indexes', () => {
  test('unique index violation has the E11000 shape', async () => {
    const c = db.collection('idx_unique');
    await c.createIndex({ name: 1 }, { unique: true });
    await c.insertOne({ name: 'x' });
    const err = await serverError(c.insertOne({ name: 'x' }));
    expect(err.code).toBe(11000);
    expect(err.errmsg).toBe(`E11000 duplicate key error collection: ${t.dbName}.idx_unique index: name_1 dup key: { name: "x" }`);
    expect(err.keyPattern).toEqual({ name: 1 });
    expect(err.keyValue).toEqual({ name: 'x' });
  });

  test('duplicate _id is rejected with code 11000', async () => {
    const c = db.collection('idx_dup_id');
    await c.insertOne({ _id: 'same' as unknown as ObjectId });
    const err = await serverError(c.insertOne({ _id: 'same' as unknown as ObjectId }));
    expect(err.code).toBe(11000);
    expect(err.keyPattern).toEqual({ _id: 1 });
  });

  test('compound unique index allows partial overlap but rejects full duplicates', async () => {
    const c = db.collection('idx_compound');
    await c.createIndex({ corp: 1, name: 1 }, { unique: true });
    await c.insertMany([
      { corp: 1, name: 'a' },
      { corp: 1, name: 'b' },
      { corp: 2, name: 'a' },
    ]);
    const err = await serverError(c.insertOne({ corp: 1, name: 'a' }));
    expect(err.code).toBe(11000);
    expect(err.keyPattern).toEqual({ corp: 1, name: 1 });
    expect(err.keyValue).toEqual({ corp: 1, name: 'a' });
    expect(await c.countDocuments()).toBe(3);
  });

  test('update that would create a duplicate fails and leaves the document unchanged', async () => {
    const c = db.collection('idx_update_dup');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertMany([{ email: 'a@x' }, { email: 'b@x' }]);
    const err = await serverError(c.updateOne({ email: 'b@x' }, { $set: { email: 'a@x' } }));
    expect(err.code).toBe(11000);
    expect(
      (
        await c
          .find({}, { projection: { _id: 0 } })
          .sort({ email: 1 })
          .toArray()
      ).map((d) => d.email),
    ).toEqual(['a@x', 'b@x']);
  });

  test('ordered insertMany stops at the first duplicate; unordered continues', async () => {
    const c = db.collection('idx_bulk');
    await c.createIndex({ k: 1 }, { unique: true });
    await c.insertOne({ k: 2 });
    await expect(c.insertMany([{ k: 1 }, { k: 2 }, { k: 3 }])).rejects.toMatchObject({ code: 11000 });
    expect(await c.countDocuments()).toBe(2);
    await expect(c.insertMany([{ k: 4 }, { k: 2 }, { k: 5 }], { ordered: false })).rejects.toMatchObject({ code: 11000 });
    expect((await c.find().sort({ k: 1 }).toArray()).map((d) => d.k)).toEqual([1, 2, 4, 5]);
  });

  test('sparse unique index ignores documents missing the field', async () => {
    const c = db.collection('idx_sparse');
    await c.createIndex({ code: 1 }, { unique: true, sparse: true });
    await c.insertMany([{ a: 1 }, { a: 2 }, { code: 'z' }]);
    await expect(c.insertOne({ code: 'z' })).rejects.toMatchObject({ code: 11000 });
    expect(await c.countDocuments()).toBe(3);
  });

  test('partial unique index only constrains matching documents', async () => {
    const c = db.collection('idx_partial');
    await c.createIndex({ name: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await c.insertMany([
      { name: 'a', active: false },
      { name: 'a', active: false },
      { name: 'a', active: true },
    ]);
    await expect(c.insertOne({ name: 'a', active: true })).rejects.toMatchObject({ code: 11000 });
  });

  test('creating a unique index over duplicate data fails with 11000', async () => {
    const c = db.collection('idx_build_dup');
    await c.insertMany([{ v: 1 }, { v: 1 }]);
    await expect(c.createIndex({ v: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
  });

  test('listIndexes returns _id_ and created indexes; dropIndex removes one', async () => {
    const c = db.collection('idx_list');
    await c.createIndex({ a: 1, b: -1 }, { name: 'ab' });
    await c.createIndex({ ts: 1 }, { expireAfterSeconds: 3600 });
    const idx = await c.listIndexes().toArray();
    expect(idx.map((i) => [i.name, i.key])).toEqual([
      ['_id_', { _id: 1 }],
      ['ab', { a: 1, b: -1 }],
      ['ts_1', { ts: 1 }],
    ]);
    expect(idx.find((i) => i.name === 'ts_1')?.expireAfterSeconds).toBe(3600);
    await c.dropIndex('ab');
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'ts_1']);
  });

  test('listIndexes on a missing collection fails with NamespaceNotFound', async () => {
    const err = await serverError(db.collection('idx_missing_coll').listIndexes().toArray());
    expect(err.code).toBe(26);
  });

  test('collMod changes expireAfterSeconds of a TTL index', async () => {
    const c = db.collection('idx_collmod');
    await c.createIndex({ at: 1 }, { expireAfterSeconds: 100 });
    const res = await db.command({ collMod: 'idx_collmod', index: { keyPattern: { at: 1 }, expireAfterSeconds: 200 } });
    expect(res.expireAfterSeconds_old).toBe(100);
    expect(res.expireAfterSeconds_new).toBe(200);
    expect((await c.listIndexes().toArray()).find((i) => i.name === 'at_1')?.expireAfterSeconds).toBe(200);
  });

  test('indexed equality, range and $in queries return exactly the matching documents', async () => {
    const c = db.collection('idx_query');
    await c.createIndex({ g: 1, v: 1 });
    await c.createIndex({ tags: 1 });
    await c.insertMany(Array.from({ length: 200 }, (_, i) => ({ i, g: i % 4, v: i, tags: [`t${i % 3}`, 'all'] })));
    expect(await c.countDocuments({ g: 2 })).toBe(50);
    expect(
      (
        await c
          .find({ g: 1, v: { $gte: 10, $lt: 30 } })
          .sort({ v: 1 })
          .toArray()
      ).map((d) => d.v),
    ).toEqual([13, 17, 21, 25, 29]);
    expect(await c.countDocuments({ g: { $in: [0, 3] } })).toBe(100);
    expect(await c.countDocuments({ tags: 't1' })).toBe(67);
    expect(await c.countDocuments({ g: 1, v: { $gt: 190 } })).toBe(2);
    expect(await c.countDocuments({ g: '1' })).toBe(0);
  });
});

describe('queries and cursors', () => {
  beforeAll(async () => {
    const docs = Array.from({ length: 1000 }, (_, i) => ({ i, bucket: i % 10, name: `n${String(i).padStart(4, '0')}` }));
    await db.collection('cur').insertMany(docs);
  });

  test('sort, skip, limit and projection', async () => {
    const res = await db
      .collection('cur')
      .find({ bucket: 3 }, { projection: { _id: 0, i: 1 } })
      .sort({ i: -1 })
      .skip(2)
      .limit(3)
      .toArray();
    expect(res).toEqual([{ i: 973 }, { i: 963 }, { i: 953 }]);
  });

  test('cursor over 1000 documents in batches of 100 returns each document once', async () => {
    const cursor = db.collection('cur').find({}, { batchSize: 100 }).sort({ i: 1 });
    const seen: number[] = [];
    for await (const d of cursor) seen.push(d.i as number);
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });

  test('first batch holds 101 documents by default and getMore continues', async () => {
    const res = await db.command({ find: 'cur', filter: {}, sort: { i: 1 } });
    expect(res.cursor.firstBatch).toHaveLength(101);
    expect(res.cursor.id.toString()).not.toBe('0');
    const more = await db.command({ getMore: res.cursor.id, collection: 'cur', batchSize: 50 });
    expect(more.cursor.nextBatch.map((d: { i: number }) => d.i)).toEqual(Array.from({ length: 50 }, (_, k) => 101 + k));
    await db.command({ killCursors: 'cur', cursors: [res.cursor.id] });
    const err = await serverError(db.command({ getMore: res.cursor.id, collection: 'cur' }));
    expect(err.code).toBe(43);
  });

  test('limit with singleBatch closes the cursor', async () => {
    const res = await db.command({ find: 'cur', filter: {}, limit: 5, singleBatch: true });
    expect(res.cursor.firstBatch).toHaveLength(5);
    expect(res.cursor.id.toString()).toBe('0');
  });

  test('count and countDocuments and estimatedDocumentCount', async () => {
    const c = db.collection('cur');
    expect(await c.countDocuments({ bucket: { $in: [1, 2] } })).toBe(200);
    expect(await c.countDocuments({}, { skip: 990 })).toBe(10);
    expect(await c.estimatedDocumentCount()).toBe(1000);
    expect((await db.command({ count: 'cur', query: { bucket: 0 } })).n).toBe(100);
  });

  test('distinct returns unique values (arrays are unwound)', async () => {
    const c = db.collection('dist');
    await c.insertMany([{ a: 1, t: ['x', 'y'] }, { a: 2, t: ['y'] }, { a: 1, t: 'z' }, { b: 1 }]);
    expect((await c.distinct('a')).sort()).toEqual([1, 2]);
    expect((await c.distinct('t')).sort()).toEqual(['x', 'y', 'z']);
    expect(await c.distinct('a', { t: 'y' })).toEqual(expect.arrayContaining([1, 2]));
  });
});

describe('aggregation', () => {
  beforeAll(async () => {
    await db.collection('corps').insertMany([
      { _id: 1 as unknown as ObjectId, name: 'Alpha' },
      { _id: 2 as unknown as ObjectId, name: 'Beta' },
    ]);
    await db.collection('pilots').insertMany([
      { name: 'p1', corpId: 1, ships: ['rifter', 'slasher'], isk: 10 },
      { name: 'p2', corpId: 1, ships: ['rifter'], isk: 20 },
      { name: 'p3', corpId: 2, ships: [], isk: 5 },
    ]);
  });

  test('$match + $group + $sort', async () => {
    const res = await db
      .collection('pilots')
      .aggregate([
        { $match: { isk: { $gte: 5 } } },
        { $group: { _id: '$corpId', total: { $sum: '$isk' }, n: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(res).toEqual([
      { _id: 1, total: 30, n: 2 },
      { _id: 2, total: 5, n: 1 },
    ]);
  });

  test('$lookup joins another collection of the same database', async () => {
    const res = await db
      .collection('pilots')
      .aggregate([
        { $lookup: { from: 'corps', localField: 'corpId', foreignField: '_id', as: 'corp' } },
        { $project: { _id: 0, name: 1, corp: '$corp.name' } },
        { $sort: { name: 1 } },
      ])
      .toArray();
    expect(res).toEqual([
      { name: 'p1', corp: ['Alpha'] },
      { name: 'p2', corp: ['Alpha'] },
      { name: 'p3', corp: ['Beta'] },
    ]);
  });

  test('$unwind + $group counts ships', async () => {
    const res = await db
      .collection('pilots')
      .aggregate([{ $unwind: '$ships' }, { $group: { _id: '$ships', n: { $sum: 1 } } }, { $sort: { n: -1, _id: 1 } }])
      .toArray();
    expect(res).toEqual([
      { _id: 'rifter', n: 2 },
      { _id: 'slasher', n: 1 },
    ]);
  });

  test('$facet with $count and $limit', async () => {
    const [res] = await db
      .collection('pilots')
      .aggregate([
        { $facet: { total: [{ $count: 'n' }], top: [{ $sort: { isk: -1 } }, { $limit: 1 }, { $project: { _id: 0, name: 1 } }] } },
      ])
      .toArray();
    expect(res).toEqual({ total: [{ n: 3 }], top: [{ name: 'p2' }] });
  });

  test('aggregate cursor honours batchSize across getMore', async () => {
    const pipeline = [{ $match: { bucket: 5 } }, { $project: { _id: 0, i: 1 } }];
    const first = await db.command({ aggregate: 'cur', pipeline, cursor: { batchSize: 7 } });
    const sizes = [first.cursor.firstBatch.length];
    const seen: number[] = first.cursor.firstBatch.map((d: { i: number }) => d.i);
    let id = first.cursor.id;
    while (id.toString() !== '0') {
      const more = await db.command({ getMore: id, collection: 'cur', batchSize: 7 });
      sizes.push(more.cursor.nextBatch.length);
      seen.push(...more.cursor.nextBatch.map((d: { i: number }) => d.i));
      id = more.cursor.id;
    }
    // 100 matches in batches of 7: fourteen full batches and a last one of 2.
    expect(sizes).toEqual([...Array.from({ length: 14 }, () => 7), 2]);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, k) => 5 + 10 * k));
    // The driver's cursor reads the same documents through those batches.
    const docs = await db.collection('cur').aggregate(pipeline, { batchSize: 7 }).toArray();
    expect(docs.map((d) => d.i as number).sort((a, b) => a - b)).toEqual(seen);
  });

  test('aggregation does not modify stored documents', async () => {
    await db
      .collection('pilots')
      .aggregate([{ $set: { isk: 0 } }, { $unset: 'name' }])
      .toArray();
    expect(
      (
        await db
          .collection('pilots')
          .find({}, { projection: { _id: 0, isk: 1 } })
          .sort({ isk: 1 })
          .toArray()
      ).map((d) => d.isk),
    ).toEqual([5, 10, 20]);
  });
});

describe('TTL', () => {
  test(
    'documents with an expired date field are deleted by the TTL monitor',
    async () => {
      const c = db.collection('ttl');
      await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      await c.insertMany([
        { k: 'old', expiresAt: new Date(Date.now() - 60_000) },
        { k: 'future', expiresAt: new Date(Date.now() + 3_600_000) },
        { k: 'nodate', expiresAt: 'not a date' },
      ]);
      // Until the monitor has run (each second here, each minute on a real server); a monitor
      // that never deletes reaches the test's timeout.
      while ((await c.countDocuments({ k: 'old' })) > 0) await new Promise((r) => setTimeout(r, 100));
      expect(
        (
          await c
            .find({}, { projection: { _id: 0, k: 1 } })
            .sort({ k: 1 })
            .toArray()
        ).map((d) => d.k),
      ).toEqual(['future', 'nodate']);
    },
    AGAINST_REAL_MONGO ? 110_000 : 10_000,
  );
});

describe('transactions on a standalone', () => {
  test('a write in a transaction is refused: the server answers IllegalOperation (code 20)', async () => {
    const session = t.client.startSession();
    try {
      session.startTransaction();
      const err = await serverError(db.collection('txn').insertOne({ a: 1 }, { session }));
      // the driver wraps the server's code 20 reply into its "no retryable writes" error
      const original = (err as unknown as { originalError?: MongoServerError }).originalError ?? err;
      expect(original.code).toBe(20);
      expect(original.codeName).toBe('IllegalOperation');
      expect(original.message).toBe('Transaction numbers are only allowed on a replica set member or mongos');
      await session.abortTransaction().catch(() => undefined);
    } finally {
      await session.endSession();
    }
  });
});
