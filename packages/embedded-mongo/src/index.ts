/**
 * Embedded MongoDB-compatible server (wire protocol on loopback), built on bson + mingo.
 */
import * as fs from 'node:fs';
import { Catalog } from './catalog';
import { Engine } from './engine';
import { Logger, WireServer } from './server';
import { Journal, acquireLock, loadStore, releaseLock } from './storage';

export interface EmbeddedMongoOptions {
  /** default 27017; 0 = pick a free port */
  port?: number;
  /** default '127.0.0.1' */
  host?: string;
  /**
   * Listen on this Unix domain socket instead of TCP (readable and writable by the owner only);
   * the URI is then `mongodb://<percent-encoded path>`. `port` and `host` are ignored.
   */
  socketPath?: string;
  /** directory for durable storage; undefined => pure in-memory */
  dbPath?: string;
  logger?: { info(msg: string): void; warn(msg: string): void; error(msg: string): void };
  /** TTL monitor period in ms (default 1000) */
  ttlMonitorIntervalMs?: number;
  /**
   * The TTL monitor's clock (default Date.now). The date sweep (TEST_NOW) shifts the test
   * processes' clock; the server's TTL monitor follows the same shift so TTL documents written
   * with the shifted dates do not expire at once.
   */
  now?: () => number;
  /** journal size that triggers compaction (default 64 MiB) */
  compactThresholdBytes?: number;
  /** observe server-side time per command (for benchmarks) */
  onCommandTiming?: (command: string, durationMs: number) => void;
}

export interface EmbeddedMongo {
  /** e.g. 'mongodb://127.0.0.1:PORT' (no db name; callers append '/dbname') */
  readonly uri: string;
  readonly port: number;
  /** stops listening, closes client sockets, flushes and closes the journal */
  close(): Promise<void>;
}

const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function startEmbeddedMongo(opts: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const host = opts.host ?? '127.0.0.1';
  const logger = opts.logger ?? silentLogger;
  const catalog = new Catalog();
  let journal: Journal | null = null;
  let lockPath: string | null = null;

  if (opts.dbPath !== undefined) {
    fs.mkdirSync(opts.dbPath, { recursive: true });
    lockPath = acquireLock(opts.dbPath);
    try {
      const loaded = loadStore(opts.dbPath);
      for (const rec of loaded.records) catalog.applyRecord(rec);
      journal = new Journal({
        dir: opts.dbPath,
        generation: loaded.generation,
        journalBytes: loaded.journalBytes,
        compactThresholdBytes: opts.compactThresholdBytes ?? 64 * 1024 * 1024,
        dumpState: () => catalog.dumpState(),
        onError: (e) => logger.error(`journal error: ${(e as Error).message}`),
      });
      catalog.journal = journal;
      logger.info(`embedded-mongo: loaded ${loaded.records.length} records from ${opts.dbPath}`);
    } catch (e) {
      releaseLock(lockPath);
      throw e;
    }
  }

  const requestedPort = opts.socketPath ? 0 : (opts.port ?? 27017);
  const engine = new Engine({ catalog, port: requestedPort, host });
  const server = new WireServer(engine, logger, { onCommandTiming: opts.onCommandTiming });
  let port = 0;
  try {
    if (opts.socketPath) {
      // A stale socket file from a killed process would make listen fail (the lock above is ours now).
      fs.rmSync(opts.socketPath, { force: true });
      const oldMask = process.umask(0o177);
      try {
        await server.listenOnPath(opts.socketPath);
      } finally {
        process.umask(oldMask);
      }
      fs.chmodSync(opts.socketPath, 0o600);
    } else {
      port = await server.listen(requestedPort, host);
    }
  } catch (e) {
    if (journal) await journal.close();
    if (lockPath) releaseLock(lockPath);
    throw e;
  }
  engine.setPort(port);

  const ttlTimer = setInterval(() => {
    try {
      const now = (opts.now ?? Date.now)();
      let removed = 0;
      for (const colls of catalog.dbs.values()) {
        for (const coll of colls.values()) {
          for (const index of coll.ttlIndexes()) {
            for (const id of coll.expiredIds(index, now)) {
              const doc = coll.docs.get(id);
              if (doc) {
                catalog.remove(coll, id, doc._id);
                removed++;
              }
            }
          }
        }
      }
      if (removed && journal) journal.commit().catch(() => undefined);
      engine.reapCursors(now);
    } catch (e) {
      logger.error(`TTL monitor: ${(e as Error).message}`);
    }
  }, opts.ttlMonitorIntervalMs ?? 1000);
  ttlTimer.unref();

  const hostForUri = host.includes(':') ? `[${host}]` : host;
  const uri = opts.socketPath ? `mongodb://${encodeURIComponent(opts.socketPath)}` : `mongodb://${hostForUri}:${port}`;
  logger.info(`embedded-mongo listening on ${uri}${opts.dbPath ? ` (dbPath ${opts.dbPath})` : ' (in-memory)'}`);
  let closing: Promise<void> | null = null;
  return {
    uri,
    port,
    close(): Promise<void> {
      if (!closing) {
        closing = (async () => {
          clearInterval(ttlTimer);
          await server.close();
          if (opts.socketPath) fs.rmSync(opts.socketPath, { force: true });
          if (journal) await journal.close();
          if (lockPath) releaseLock(lockPath);
        })();
      }
      return closing;
    },
  };
}
export { LockError } from './storage';
