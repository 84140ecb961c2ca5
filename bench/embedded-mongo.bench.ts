/**
 * embedded-mongo benchmark: `npx tsx bench/embedded-mongo.bench.ts`
 *
 * Each figure is printed next to a same-run baseline doing the same work on plain
 * in-process JS structures (Map / array), with the ratio, so regressions show up even
 * on a busy machine. Runs in well under a minute.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedMongo } from '../packages/embedded-mongo/src/index';

const N = 100_000;
const BATCH = 1_000;
const LOOKUPS = 5_000;

interface Pilot {
  _id?: ObjectId;
  charId: number;
  corp: number;
  name: string;
  isk: number;
  tags: string[];
}

function makeDocs(n: number): Pilot[] {
  return Array.from({ length: n }, (_, i) => ({
    charId: 90_000_000 + i,
    corp: i % 500,
    name: `Pilot ${i}`,
    isk: (i * 7919) % 1_000_000,
    tags: [`t${i % 7}`, `g${i % 13}`],
  }));
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const fmt = (x: number, d = 1): string => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function row(label: string, value: string, baseline: string, ratio: string): void {
  console.log(`${label.padEnd(44)} ${value.padStart(16)} ${baseline.padStart(18)} ${ratio.padStart(10)}`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const serverTimes = new Map<string, number[]>();
  let recording = false;
  const server = await startEmbeddedMongo({
    port: 0,
    onCommandTiming: (cmd, ms) => {
      if (!recording) return;
      let arr = serverTimes.get(cmd);
      if (!arr) serverTimes.set(cmd, (arr = []));
      arr.push(ms);
    },
  });
  const client = await MongoClient.connect(`${server.uri}/bench`);
  const coll = client.db().collection<Pilot>('pilots');
  await coll.createIndex({ charId: 1 }, { unique: true });

  console.log(`embedded-mongo benchmark (${N.toLocaleString('en-US')} docs, node ${process.version}, ${os.cpus().length} cpus)`);
  console.log('');
  row('metric', 'embedded-mongo', 'baseline (Map/array)', 'ratio');
  row('-'.repeat(44), '-'.repeat(16), '-'.repeat(18), '-'.repeat(10));

  // 1. batched inserts (in-memory server) ------------------------------------------------
  const docs = makeDocs(N);
  let t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i += BATCH) await coll.insertMany(docs.slice(i, i + BATCH).map((d) => ({ ...d })));
  const insertSec = Number(process.hrtime.bigint() - t0) / 1e9;
  const baseDocs = makeDocs(N);
  t0 = process.hrtime.bigint();
  const map = new Map<string, Pilot>();
  const byChar = new Map<number, Pilot>();
  for (const d of baseDocs) {
    const doc = { _id: new ObjectId(), ...d };
    map.set(doc._id.toHexString(), doc);
    byChar.set(doc.charId, doc);
  }
  const baseInsertSec = Number(process.hrtime.bigint() - t0) / 1e9;
  row(
    `insertMany x${BATCH} (memory), docs/s`,
    fmt(N / insertSec, 0),
    fmt(N / baseInsertSec, 0),
    `${fmt(baseInsertSec / insertSec, 3)}x`,
  );

  // 2. indexed equality lookups ----------------------------------------------------------
  const keys = Array.from({ length: LOOKUPS }, (_, i) => 90_000_000 + ((i * 104_729) % N));
  for (let i = 0; i < 500; i++) await coll.findOne({ charId: keys[i] }); // warm-up
  const rtt: number[] = [];
  recording = true;
  for (const k of keys) {
    const s = process.hrtime.bigint();
    const d = await coll.findOne({ charId: k });
    rtt.push(Number(process.hrtime.bigint() - s) / 1e6);
    if (!d || d.charId !== k) throw new Error(`lookup ${k} failed`);
  }
  recording = false;
  rtt.sort((a, b) => a - b);
  const srv = (serverTimes.get('find') ?? []).sort((a, b) => a - b);
  t0 = process.hrtime.bigint();
  let found = 0;
  const REPS = 200;
  for (let r = 0; r < REPS; r++) for (const k of keys) if (byChar.get(k)) found++;
  const baseLookupMs = Number(process.hrtime.bigint() - t0) / 1e6 / (REPS * keys.length);
  if (found !== REPS * keys.length) throw new Error('baseline lookup failed');
  row(
    'indexed findOne p50 round trip, ms',
    fmt(pct(rtt, 50), 3),
    fmt(baseLookupMs, 5),
    `${fmt(pct(rtt, 50) / baseLookupMs, 0)}x`,
  );
  row(
    'indexed findOne p99 round trip, ms',
    fmt(pct(rtt, 99), 3),
    fmt(baseLookupMs, 5),
    `${fmt(pct(rtt, 99) / baseLookupMs, 0)}x`,
  );
  row('indexed find p50 server time, ms', fmt(pct(srv, 50), 3), fmt(baseLookupMs, 5), `${fmt(pct(srv, 50) / baseLookupMs, 0)}x`);
  row('indexed find p99 server time, ms', fmt(pct(srv, 99), 3), fmt(baseLookupMs, 5), `${fmt(pct(srv, 99) / baseLookupMs, 0)}x`);

  // 3. full scan with a non-indexed filter -----------------------------------------------
  const filter = { isk: { $gte: 990_000 }, corp: { $lt: 250 } };
  const scanMs: number[] = [];
  let scanCount = 0;
  for (let r = 0; r < 5; r++) {
    const s = process.hrtime.bigint();
    const res = await coll.find(filter).toArray();
    scanMs.push(Number(process.hrtime.bigint() - s) / 1e6);
    scanCount = res.length;
  }
  const baseScan: number[] = [];
  let baseCount = 0;
  const arr = [...map.values()];
  for (let r = 0; r < 5; r++) {
    const s = process.hrtime.bigint();
    const res = arr.filter((d) => d.isk >= 990_000 && d.corp < 250).map((d) => structuredClone(d));
    baseScan.push(Number(process.hrtime.bigint() - s) / 1e6);
    baseCount = res.length;
  }
  if (scanCount !== baseCount) throw new Error(`scan mismatch ${scanCount} vs ${baseCount}`);
  scanMs.sort((a, b) => a - b);
  baseScan.sort((a, b) => a - b);
  row(
    `full scan ${N / 1000}k docs (${scanCount} hits), median ms`,
    fmt(pct(scanMs, 50), 1),
    fmt(pct(baseScan, 50), 2),
    `${fmt(pct(scanMs, 50) / pct(baseScan, 50), 1)}x`,
  );

  await client.close();
  await server.close();

  // 4. durable inserts (fsync'd journal, group commit) -----------------------------------
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'em-bench-'));
  try {
    const durable = await startEmbeddedMongo({ port: 0, dbPath: dir });
    const dc = await MongoClient.connect(`${durable.uri}/bench`);
    const dcoll = dc.db().collection<Pilot>('pilots');
    const DN = 20_000;
    const ddocs = makeDocs(DN);
    t0 = process.hrtime.bigint();
    for (let i = 0; i < DN; i += BATCH) await dcoll.insertMany(ddocs.slice(i, i + BATCH));
    const dSec = Number(process.hrtime.bigint() - t0) / 1e9;
    // concurrent single inserts: group commit batches them into few fsyncs
    const CONC = 2_000;
    // warm the driver's connection pool first so connection setup is not measured
    await Promise.all(Array.from({ length: 100 }, (_, i) => dcoll.findOne({ charId: i })));
    t0 = process.hrtime.bigint();
    await Promise.all(Array.from({ length: CONC }, (_, i) => dcoll.insertOne({ ...makeDocs(1)[0], charId: -1 - i })));
    const cSec = Number(process.hrtime.bigint() - t0) / 1e9;
    await dc.close();
    await durable.close();
    row(
      `insertMany x${BATCH} (durable, fsync), docs/s`,
      fmt(DN / dSec, 0),
      fmt(N / baseInsertSec, 0),
      `${fmt(N / baseInsertSec / (DN / dSec), 0)}x`,
    );
    row(`${CONC} concurrent insertOne (durable), ops/s`, fmt(CONC / cSec, 0), '-', '-');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  console.log('');
  console.log('ratio: how many times slower than the in-process baseline (inserts: baseline time / server time).');
  console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
