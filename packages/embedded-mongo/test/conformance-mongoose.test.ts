/**
 * Conformance through mongoose 9 models (embedded server, or real MongoDB when MONGODB_URI is set).
 */
import mongoose, { Schema, Types } from 'mongoose';
import { AGAINST_REAL_MONGO, Target, startTarget } from './harness';

jest.setTimeout(AGAINST_REAL_MONGO ? 60_000 : 30_000);

let t: Target;
let conn: mongoose.Connection;

interface Pilot {
  name: string;
  corp?: Types.ObjectId;
  isk: number;
  ships: string[];
  runs: number;
}
interface Corp {
  ticker: string;
  alliance: string;
}
interface Membership {
  corpId: number;
  charId: number;
  role: string;
}

let PilotModel: mongoose.Model<Pilot>;
let CorpModel: mongoose.Model<Corp>;
let MembershipModel: mongoose.Model<Membership>;

beforeAll(async () => {
  t = await startTarget('conformance_mongoose');
  conn = await mongoose.createConnection(t.dbUri).asPromise();
  PilotModel = conn.model<Pilot>(
    'Pilot',
    new Schema<Pilot>(
      {
        name: { type: String, required: true, unique: true },
        corp: { type: Schema.Types.ObjectId, ref: 'Corp' },
        isk: { type: Number, default: 0 },
        ships: { type: [String], default: [] },
        runs: { type: Number, default: 0 },
      },
      { timestamps: true },
    ),
  );
  CorpModel = conn.model<Corp>('Corp', new Schema<Corp>({ ticker: { type: String, required: true }, alliance: String }));
  const membershipSchema = new Schema<Membership>({ corpId: Number, charId: Number, role: String });
  membershipSchema.index({ corpId: 1, charId: 1 }, { unique: true });
  MembershipModel = conn.model<Membership>('Membership', membershipSchema);
  await Promise.all([PilotModel.init(), CorpModel.init(), MembershipModel.init()]);
});

afterAll(async () => {
  await conn.close();
  await t.close();
});

beforeEach(async () => {
  await Promise.all([PilotModel.deleteMany({}), CorpModel.deleteMany({}), MembershipModel.deleteMany({})]);
});

test('create, find, update, delete through a model', async () => {
  const p = await PilotModel.create({ name: 'Alice', isk: 100 });
  expect(p._id).toBeInstanceOf(Types.ObjectId);
  const found = await PilotModel.findById(p._id).lean();
  expect(found).toMatchObject({ name: 'Alice', isk: 100, ships: [], runs: 0 });
  expect((found as unknown as { createdAt: unknown }).createdAt).toBeInstanceOf(Date);
  await PilotModel.updateOne({ _id: p._id }, { $push: { ships: 'Rifter' }, $inc: { isk: 5 } });
  expect(await PilotModel.findById(p._id).lean()).toMatchObject({ isk: 105, ships: ['Rifter'] });
  p.isk = 1;
  await p.save();
  expect((await PilotModel.findOne({ name: 'Alice' }).lean())?.isk).toBe(1);
  expect((await PilotModel.deleteOne({ _id: p._id })).deletedCount).toBe(1);
  expect(await PilotModel.findById(p._id)).toBeNull();
});

test('schema unique index: duplicate surfaces code 11000 through mongoose', async () => {
  await PilotModel.create({ name: 'Dup' });
  await expect(PilotModel.create({ name: 'Dup' })).rejects.toMatchObject({
    code: 11000,
    keyPattern: { name: 1 },
    keyValue: { name: 'Dup' },
  });
});

test('compound unique index: same pair rejected, different pair accepted', async () => {
  await MembershipModel.create({ corpId: 1, charId: 10, role: 'a' });
  await MembershipModel.create({ corpId: 1, charId: 11, role: 'b' });
  await MembershipModel.create({ corpId: 2, charId: 10, role: 'c' });
  await expect(MembershipModel.create({ corpId: 1, charId: 10, role: 'd' })).rejects.toMatchObject({
    code: 11000,
    keyValue: { corpId: 1, charId: 10 },
  });
  expect(await MembershipModel.countDocuments()).toBe(3);
});

test('indexes created by mongoose are listed', async () => {
  const names = (await MembershipModel.listIndexes()).map((i) => i.name);
  expect(names).toEqual(['_id_', 'corpId_1_charId_1']);
});

test('upsert with $setOnInsert through findOneAndUpdate', async () => {
  const first = await PilotModel.findOneAndUpdate(
    { name: 'Ups' },
    { $set: { isk: 7 }, $setOnInsert: { ships: ['Heron'] } },
    { upsert: true, returnDocument: 'after' },
  ).lean();
  expect(first).toMatchObject({ name: 'Ups', isk: 7, ships: ['Heron'] });
  const second = await PilotModel.findOneAndUpdate(
    { name: 'Ups' },
    { $set: { isk: 8 }, $setOnInsert: { ships: ['Other'] } },
    { upsert: true, returnDocument: 'after' },
  ).lean();
  expect(second).toMatchObject({ name: 'Ups', isk: 8, ships: ['Heron'] });
  expect(await PilotModel.countDocuments({ name: 'Ups' })).toBe(1);
});

test('$inc race from two connections gives the exact count', async () => {
  const p = await PilotModel.create({ name: 'Racer' });
  const conn2 = await mongoose.createConnection(t.dbUri).asPromise();
  try {
    const Other = conn2.model<Pilot>('Pilot', PilotModel.schema);
    await Promise.all([
      ...Array.from({ length: 40 }, () => PilotModel.updateOne({ _id: p._id }, { $inc: { isk: 1 } })),
      ...Array.from({ length: 40 }, () => Other.updateOne({ _id: p._id }, { $inc: { isk: 1 } })),
    ]);
  } finally {
    await conn2.close();
  }
  expect((await PilotModel.findById(p._id).lean())?.isk).toBe(80);
});

test('guarded findOneAndUpdate stops at the limit under concurrency', async () => {
  const p = await PilotModel.create({ name: 'Guarded' });
  const results = await Promise.all(
    Array.from({ length: 25 }, () =>
      PilotModel.findOneAndUpdate({ _id: p._id, runs: { $lt: 5 } }, { $inc: { runs: 1 } }, { returnDocument: 'after' }).lean(),
    ),
  );
  expect(results.filter((r) => r !== null)).toHaveLength(5);
  expect((await PilotModel.findById(p._id).lean())?.runs).toBe(5);
});

test('populate resolves references', async () => {
  const corp = await CorpModel.create({ ticker: 'ABC', alliance: 'X' });
  await PilotModel.create({ name: 'Member', corp: corp._id });
  const p = await PilotModel.findOne({ name: 'Member' }).populate<{ corp: Corp }>('corp').lean();
  expect(p?.corp.ticker).toBe('ABC');
});

test('sort, skip, limit, select and countDocuments / estimatedDocumentCount', async () => {
  await PilotModel.insertMany(Array.from({ length: 30 }, (_, i) => ({ name: `p${String(i).padStart(2, '0')}`, isk: i })));
  const page = await PilotModel.find({ isk: { $gte: 10 } })
    .sort({ isk: -1 })
    .skip(5)
    .limit(3)
    .select('name -_id')
    .lean();
  expect(page).toEqual([{ name: 'p24' }, { name: 'p23' }, { name: 'p22' }]);
  expect(await PilotModel.countDocuments({ isk: { $lt: 10 } })).toBe(10);
  expect(await PilotModel.estimatedDocumentCount()).toBe(30);
  expect((await PilotModel.distinct('isk', { isk: { $lt: 3 } })).sort()).toEqual([0, 1, 2]);
});

test('aggregate with $lookup and $group through a model', async () => {
  const a = await CorpModel.create({ ticker: 'A', alliance: 'X' });
  const b = await CorpModel.create({ ticker: 'B', alliance: 'X' });
  await PilotModel.insertMany([
    { name: 'a1', corp: a._id, isk: 1 },
    { name: 'a2', corp: a._id, isk: 2 },
    { name: 'b1', corp: b._id, isk: 4 },
  ]);
  const rows = await PilotModel.aggregate<{ _id: string; isk: number }>([
    { $lookup: { from: 'corps', localField: 'corp', foreignField: '_id', as: 'c' } },
    { $unwind: '$c' },
    { $group: { _id: '$c.ticker', isk: { $sum: '$isk' } } },
    { $sort: { _id: 1 } },
  ]);
  expect(rows).toEqual([
    { _id: 'A', isk: 3 },
    { _id: 'B', isk: 4 },
  ]);
});

test('cursor iteration over many documents with batchSize', async () => {
  await PilotModel.insertMany(Array.from({ length: 350 }, (_, i) => ({ name: `c${i}`, isk: i })));
  let sum = 0;
  let n = 0;
  for await (const doc of PilotModel.find().sort({ isk: 1 }).batchSize(100).cursor()) {
    sum += doc.isk;
    n++;
  }
  expect(n).toBe(350);
  expect(sum).toBe((349 * 350) / 2);
});
