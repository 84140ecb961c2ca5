import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BSON } from 'bson';
import { Catalog } from '../src/catalog';
import { Journal, acquireLock, crc32, decodeRecords, encodeRecord, loadStore, releaseLock } from '../src/storage';

const dirs: string[] = [];
function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'em-storage-'));
  dirs.push(d);
  return d;
}
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

test('crc32 of the standard check string', () => {
  expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
});

test('record framing: length, crc, BSON', () => {
  const rec = encodeRecord({ op: 'r', db: 'd', c: 'c', id: 1 });
  const body = Buffer.from(BSON.serialize({ op: 'r', db: 'd', c: 'c', id: 1 }));
  expect(rec.readUInt32LE(0)).toBe(body.length);
  expect(rec.readUInt32LE(4)).toBe(crc32(body));
  expect(rec.subarray(8)).toEqual(body);
});

test('decodeRecords stops at a torn tail and reports the valid prefix length', () => {
  const a = encodeRecord({ op: 'i', db: 'd', c: 'c', doc: { _id: 1 } });
  const b = encodeRecord({ op: 'i', db: 'd', c: 'c', doc: { _id: 2 } });
  const torn = Buffer.concat([a, b.subarray(0, b.length - 3)]);
  expect(decodeRecords(torn)).toEqual({ records: [{ op: 'i', db: 'd', c: 'c', doc: { _id: 1 } }], validLength: a.length });
  const corrupt = Buffer.concat([a, b]);
  corrupt[a.length + 12] ^= 0xff; // flip a byte inside the second record body
  expect(decodeRecords(corrupt).validLength).toBe(a.length);
});

test('journal replay rebuilds state, truncates a torn tail, and later appends are readable', async () => {
  const dir = tmp();
  const catalog = new Catalog();
  const journal = new Journal({
    dir,
    generation: 1,
    journalBytes: 0,
    compactThresholdBytes: 1 << 30,
    dumpState: () => catalog.dumpState(),
    onError: (e) => {
      throw e;
    },
  });
  catalog.journal = journal;
  const { coll } = catalog.ensureCollection('db', 'c');
  catalog.createIndex(coll, { v: 2, key: { k: 1 }, name: 'k_1', unique: true });
  catalog.insert(coll, { _id: 1, k: 'a' });
  catalog.insert(coll, { _id: 2, k: 'b' });
  catalog.replace(coll, { _id: 2, k: 'bb' });
  catalog.remove(coll, coll.docs.keys().next().value as string, 1);
  await journal.commit();
  await journal.close();
  // simulate a crash in the middle of appending a record
  const file = path.join(dir, 'journal-1.log');
  const goodSize = fs.statSync(file).size;
  fs.appendFileSync(file, encodeRecord({ op: 'i', db: 'db', c: 'c', doc: { _id: 3 } }).subarray(0, 10));

  const loaded = loadStore(dir);
  expect(loaded.records.map((r) => r.op)).toEqual(['cc', 'ci', 'i', 'i', 'u', 'r']);
  expect(loaded.generation).toBe(1);
  expect(loaded.journalBytes).toBe(goodSize);
  expect(fs.statSync(file).size).toBe(goodSize);
  const replayed = new Catalog();
  for (const r of loaded.records) replayed.applyRecord(r);
  const c = replayed.getCollection('db', 'c')!;
  expect([...c.docs.values()]).toEqual([{ _id: 2, k: 'bb' }]);
  expect([...c.indexes.keys()]).toEqual(['_id_', 'k_1']);
});

test('lock file: refused while held by this process, free after release, stale pid taken over', () => {
  const dir = tmp();
  const lock = acquireLock(dir);
  expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
  expect(() => acquireLock(dir)).toThrow(/already open/);
  releaseLock(lock);
  expect(fs.existsSync(lock)).toBe(false);
  fs.writeFileSync(lock, '999999999'); // a pid that cannot exist
  expect(acquireLock(dir)).toBe(lock);
  releaseLock(lock);
});
