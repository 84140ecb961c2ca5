/**
 * Durability of the embedded server (embedded-only: these tests restart and kill the server process).
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src/index';

jest.setTimeout(60_000);

const tmpDirs: string[] = [];
function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-test-'));
  tmpDirs.push(d);
  return d;
}

afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

test('data, indexes and deletions survive close + restart with the same dbPath', async () => {
  const dir = tmpDir();
  const s1 = await startEmbeddedMongo({ port: 0, dbPath: dir });
  const c1 = await MongoClient.connect(`${s1.uri}/persist`);
  const coll = c1.db().collection('items');
  await coll.createIndex({ sku: 1 }, { unique: true });
  await coll.insertMany([
    { sku: 'a', qty: 1 },
    { sku: 'b', qty: 2 },
    { sku: 'c', qty: 3 },
  ]);
  await coll.updateOne({ sku: 'b' }, { $inc: { qty: 40 } });
  await coll.deleteOne({ sku: 'c' });
  await c1.close();
  await s1.close();

  const s2 = await startEmbeddedMongo({ port: 0, dbPath: dir });
  const c2 = await MongoClient.connect(`${s2.uri}/persist`);
  try {
    const docs = await c2
      .db()
      .collection('items')
      .find({}, { projection: { _id: 0 } })
      .sort({ sku: 1 })
      .toArray();
    expect(docs).toEqual([
      { sku: 'a', qty: 1 },
      { sku: 'b', qty: 42 },
    ]);
    await expect(c2.db().collection('items').insertOne({ sku: 'a' })).rejects.toMatchObject({ code: 11000 });
  } finally {
    await c2.close();
    await s2.close();
  }
});

test('a second server cannot open a dbPath that is in use', async () => {
  const dir = tmpDir();
  const s1 = await startEmbeddedMongo({ port: 0, dbPath: dir });
  try {
    await expect(startEmbeddedMongo({ port: 0, dbPath: dir })).rejects.toThrow(/already open|locked/);
  } finally {
    await s1.close();
  }
  const s2 = await startEmbeddedMongo({ port: 0, dbPath: dir });
  await s2.close();
});

test('compaction writes a snapshot, truncates the journal and keeps all data', async () => {
  const dir = tmpDir();
  const s1 = await startEmbeddedMongo({ port: 0, dbPath: dir, compactThresholdBytes: 20_000 });
  const c1 = await MongoClient.connect(`${s1.uri}/compact`);
  const coll = c1.db().collection('c');
  for (let i = 0; i < 300; i++)
    await coll.updateOne({ _id: i % 10 } as never, { $set: { v: i, pad: 'x'.repeat(100) } }, { upsert: true });
  await c1.close();
  await s1.close();
  const files = fs.readdirSync(dir).sort();
  const snapshots = files.filter((f) => /^snapshot-\d+\.bson$/.test(f));
  const journals = files.filter((f) => /^journal-\d+\.log$/.test(f));
  expect(snapshots).toHaveLength(1);
  expect(journals).toHaveLength(1);
  expect(fs.statSync(path.join(dir, journals[0])).size).toBeLessThan(20_000 + 2_000);

  const s2 = await startEmbeddedMongo({ port: 0, dbPath: dir });
  const c2 = await MongoClient.connect(`${s2.uri}/compact`);
  try {
    const docs = await c2.db().collection('c').find().sort({ _id: 1 }).toArray();
    expect(docs.map((d) => [d._id, d.v])).toEqual(Array.from({ length: 10 }, (_, k) => [k, 290 + k]));
  } finally {
    await c2.close();
    await s2.close();
  }
});

function startCli(dir: string): Promise<{ child: ChildProcess; uri: string }> {
  const cli = path.join(__dirname, '..', 'src', 'cli.ts');
  // `--import tsx` keeps the server in this one process, so SIGKILL hits the server itself
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--dbpath', dir, '--quiet'], {
    cwd: path.join(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /mongodb:\/\/\S+/.exec(out);
      if (m) resolve({ child, uri: m[0] });
    });
    child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    child.on('exit', (code) => reject(new Error(`cli exited early (${code}): ${err}`)));
  });
}

function waitExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

test('acknowledged writes survive kill -9 of the server process', async () => {
  const dir = tmpDir();
  const first = await startCli(dir);
  const c1 = await MongoClient.connect(`${first.uri}/crash`, { serverSelectionTimeoutMS: 2000 });
  const coll = c1.db().collection('w');
  await coll.createIndex({ n: 1 }, { unique: true });
  // many concurrent acknowledged writes (group commit), then kill without any shutdown
  await Promise.all(Array.from({ length: 200 }, (_, n) => coll.insertOne({ n })));
  await coll.updateOne({ n: 7 }, { $set: { marked: true } });
  first.child.kill('SIGKILL');
  await waitExit(first.child);
  await c1.close().catch(() => undefined);

  const second = await startCli(dir); // also proves the stale lock of the killed process is taken over
  const c2 = await MongoClient.connect(`${second.uri}/crash`);
  try {
    const w = c2.db().collection('w');
    expect(await w.countDocuments()).toBe(200);
    expect((await w.findOne({ n: 7 }))?.marked).toBe(true);
    await expect(w.insertOne({ n: 1 })).rejects.toMatchObject({ code: 11000 });
  } finally {
    await c2.close();
    second.child.kill('SIGTERM');
    await waitExit(second.child);
  }
  expect(second.child.exitCode).toBe(0);
  expect(fs.existsSync(path.join(dir, 'mongod.lock'))).toBe(false);
});

test('a large journal (200k records, more than fit in one call frame) replays on restart', async () => {
  const dir = tmpDir();
  const s1 = await startEmbeddedMongo({ port: 0, dbPath: dir });
  const c1 = await MongoClient.connect(`${s1.uri}/big`);
  const coll = c1.db().collection('rows');
  const batch = 10_000;
  for (let start = 0; start < 200_000; start += batch) {
    await coll.insertMany(
      Array.from({ length: batch }, (_, i) => ({ n: start + i })),
      { ordered: false },
    );
  }
  await c1.close();
  await s1.close();

  const s2 = await startEmbeddedMongo({ port: 0, dbPath: dir });
  const c2 = await MongoClient.connect(`${s2.uri}/big`);
  try {
    expect(await c2.db().collection('rows').countDocuments()).toBe(200_000);
    expect(
      await c2
        .db()
        .collection('rows')
        .findOne({ n: 199_999 }, { projection: { _id: 0 } }),
    ).toEqual({ n: 199_999 });
  } finally {
    await c2.close();
    await s2.close();
  }
});
