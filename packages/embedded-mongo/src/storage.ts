/**
 * Durable storage: append-only journal with group commit (one fsync per batch of
 * concurrent writes), snapshots + journal truncation (compaction), replay on start,
 * and a lock file guarding the data directory.
 *
 * Files in dbPath:
 *   mongod.lock            pid of the owning process
 *   snapshot-<gen>.bson    full state as records (written to .tmp, fsync'd, renamed)
 *   journal-<gen>.log      records appended after snapshot <gen> was taken
 * Record framing: uint32 LE length of BSON | uint32 LE crc32 of BSON | BSON document.
 * Records are idempotent full-state operations, so replaying a journal suffix on a
 * snapshot that already contains it converges to the same state.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BSON, Document } from 'bson';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function encodeRecord(rec: Document): Buffer {
  const body = BSON.serialize(rec);
  const head = Buffer.allocUnsafe(8);
  head.writeUInt32LE(body.length, 0);
  head.writeUInt32LE(crc32(body), 4);
  return Buffer.concat([head, body], body.length + 8);
}

const RECORD_DESERIALIZE = { promoteLongs: true, promoteValues: true, promoteBuffers: false } as const;

/**
 * Decode records from a buffer. Stops at the first truncated or corrupt record
 * (a torn tail after a crash); `validLength` is the byte length of the good prefix.
 */
export function decodeRecords(buf: Buffer): { records: Document[]; validLength: number } {
  const records: Document[] = [];
  let off = 0;
  while (off + 8 <= buf.length) {
    const len = buf.readUInt32LE(off);
    const crc = buf.readUInt32LE(off + 4);
    if (len < 5 || off + 8 + len > buf.length) break;
    const body = buf.subarray(off + 8, off + 8 + len);
    if (crc32(body) !== crc) break;
    try {
      records.push(BSON.deserialize(body, RECORD_DESERIALIZE));
    } catch {
      break;
    }
    off += 8 + len;
  }
  return { records, validLength: off };
}

export class LockError extends Error {
  constructor(
    message: string,
    /** The process holding the lock, when known. */
    readonly pid: number | null = null,
    readonly dir: string | null = null,
  ) {
    super(message);
    this.name = 'LockError';
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Take the dbPath lock (stale locks of dead processes are taken over). */
export function acquireLock(dir: string): string {
  const lockPath = path.join(dir, 'mongod.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return lockPath;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let pid = NaN;
      try {
        pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
      } catch {
        /* vanished meanwhile */
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && pidAlive(pid)) {
        throw new LockError(`dbPath ${dir} is locked by running process ${pid} (${lockPath})`, pid, dir);
      }
      if (pid === process.pid) {
        throw new LockError(`dbPath ${dir} is already open in this process (${lockPath})`, pid, dir);
      }
      try {
        fs.unlinkSync(lockPath);
      } catch {
        /* raced with another taker */
      }
    }
  }
  throw new LockError(`could not acquire lock ${lockPath}`);
}

export function releaseLock(lockPath: string): void {
  try {
    const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
    if (pid === process.pid) fs.unlinkSync(lockPath);
  } catch {
    /* ignore */
  }
}

function fsyncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* not supported on some platforms */
  }
}

const SNAP_RE = /^snapshot-(\d+)\.bson$/;
const JOURNAL_RE = /^journal-(\d+)\.log$/;

export interface LoadResult {
  records: Document[];
  generation: number;
  journalBytes: number;
}

/** push(...items) overflows the call stack for large arrays (a full SDE is ~300k records). */
function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/** Read the newest complete snapshot and the journals that follow it; clean stale files. */
export function loadStore(dir: string): LoadResult {
  const names = fs.readdirSync(dir);
  let snapGen = 0;
  for (const n of names) {
    const m = SNAP_RE.exec(n);
    if (m) snapGen = Math.max(snapGen, Number(m[1]));
  }
  const records: Document[] = [];
  if (snapGen > 0) {
    const buf = fs.readFileSync(path.join(dir, `snapshot-${snapGen}.bson`));
    const dec = decodeRecords(buf);
    if (dec.validLength !== buf.length) throw new Error(`corrupt snapshot-${snapGen}.bson`);
    appendAll(records, dec.records);
  }
  const journals = names
    .map((n) => JOURNAL_RE.exec(n))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .filter((g) => g >= snapGen)
    .sort((a, b) => a - b);
  let generation = Math.max(snapGen, 1);
  let journalBytes = 0;
  for (let i = 0; i < journals.length; i++) {
    const g = journals[i];
    const file = path.join(dir, `journal-${g}.log`);
    const buf = fs.readFileSync(file);
    const dec = decodeRecords(buf);
    appendAll(records, dec.records);
    if (dec.validLength !== buf.length) {
      // torn tail from a crash: unacknowledged, drop it
      fs.truncateSync(file, dec.validLength);
    }
    generation = g;
    journalBytes = dec.validLength;
  }
  // remove files older than the snapshot in use, and leftovers of interrupted compactions
  for (const n of names) {
    const s = SNAP_RE.exec(n);
    const j = JOURNAL_RE.exec(n);
    if ((s && Number(s[1]) < snapGen) || (j && Number(j[1]) < snapGen) || n.endsWith('.tmp')) {
      fs.rmSync(path.join(dir, n), { force: true });
    }
  }
  return { records, generation, journalBytes };
}

export interface JournalOptions {
  dir: string;
  generation: number;
  journalBytes: number;
  /** compact when the journal exceeds this many bytes */
  compactThresholdBytes: number;
  /** produce the full current state as records (synchronously) */
  dumpState: () => Document[];
  onError: (e: unknown) => void;
}

/** Append-only journal with group commit. */
export class Journal {
  private fd: number;
  private generation: number;
  private bytes: number;
  private pending: Buffer[] = [];
  private pendingWaiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  private flushing: Promise<void> | null = null;
  private closed = false;
  private failed: unknown = null;
  private lastSnapshotBytes = 0;

  constructor(private readonly opts: JournalOptions) {
    this.generation = opts.generation;
    this.bytes = opts.journalBytes;
    this.fd = fs.openSync(this.journalPath(this.generation), 'a');
    fsyncDir(opts.dir);
  }

  private journalPath(g: number): string {
    return path.join(this.opts.dir, `journal-${g}.log`);
  }

  /** Queue a record; it becomes durable at the next commit(). */
  append(rec: Document): void {
    if (this.closed) throw new Error('journal is closed');
    this.pending.push(encodeRecord(rec));
  }

  /** Resolves once everything appended so far is on disk (fsync'd). */
  commit(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.pending.length === 0 && !this.flushing) return Promise.resolve();
    const p = new Promise<void>((resolve, reject) => this.pendingWaiters.push({ resolve, reject }));
    if (!this.flushing) this.flushing = this.flushLoop();
    return p;
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.pending.length > 0 || this.pendingWaiters.length > 0) {
        const batch = this.pending;
        const waiters = this.pendingWaiters;
        this.pending = [];
        this.pendingWaiters = [];
        try {
          if (batch.length) {
            const data = batch.length === 1 ? batch[0] : Buffer.concat(batch);
            await writeAll(this.fd, data);
            await new Promise<void>((res, rej) => fs.fdatasync(this.fd, (e) => (e ? rej(e) : res())));
            this.bytes += data.length;
          }
          for (const w of waiters) w.resolve();
        } catch (e) {
          this.failed = e;
          for (const w of waiters) w.reject(e);
          this.opts.onError(e);
          return;
        }
        if (this.bytes > Math.max(this.opts.compactThresholdBytes, this.lastSnapshotBytes) && !this.closed) {
          try {
            await this.compact();
          } catch (e) {
            this.opts.onError(e);
          }
        }
      }
    } finally {
      this.flushing = null;
    }
  }

  /**
   * Snapshot the current in-memory state and start a new journal generation.
   * Records still pending (and all later ones) go to the new journal; they may
   * already be contained in the snapshot, which is harmless (idempotent records).
   */
  async compact(): Promise<void> {
    const state = this.opts.dumpState().map(encodeRecord);
    const oldGen = this.generation;
    const newGen = oldGen + 1;
    const newFd = fs.openSync(this.journalPath(newGen), 'a');
    const oldFd = this.fd;
    this.fd = newFd;
    this.generation = newGen;
    this.bytes = 0;
    fsyncDir(this.opts.dir);
    fs.closeSync(oldFd);
    const tmp = path.join(this.opts.dir, `snapshot-${newGen}.bson.tmp`);
    const fd = fs.openSync(tmp, 'w');
    try {
      let size = 0;
      const CHUNK = 1 << 20;
      let parts: Buffer[] = [];
      let partBytes = 0;
      for (const r of state) {
        parts.push(r);
        partBytes += r.length;
        if (partBytes >= CHUNK) {
          await writeAll(fd, Buffer.concat(parts, partBytes));
          size += partBytes;
          parts = [];
          partBytes = 0;
        }
      }
      if (partBytes) await writeAll(fd, Buffer.concat(parts, partBytes));
      size += partBytes;
      await new Promise<void>((res, rej) => fs.fsync(fd, (e) => (e ? rej(e) : res())));
      this.lastSnapshotBytes = size;
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, path.join(this.opts.dir, `snapshot-${newGen}.bson`));
    fsyncDir(this.opts.dir);
    fs.rmSync(this.journalPath(oldGen), { force: true });
    fs.rmSync(path.join(this.opts.dir, `snapshot-${oldGen}.bson`), { force: true });
  }

  get currentGeneration(): number {
    return this.generation;
  }

  async close(): Promise<void> {
    await this.commit().catch(() => undefined);
    if (this.flushing) await this.flushing;
    this.closed = true;
    fs.closeSync(this.fd);
  }
}

function writeAll(fd: number, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    let off = 0;
    const step = (): void => {
      fs.write(fd, data, off, data.length - off, null, (err, written) => {
        if (err) return reject(err);
        off += written;
        if (off < data.length) step();
        else resolve();
      });
    };
    step();
  });
}
