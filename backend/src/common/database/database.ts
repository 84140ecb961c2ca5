import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { LockError, startEmbeddedMongo } from '@eve-toolkit/embedded-mongo';
import type { AppConfig } from '../config/config';

export interface DatabaseHandle {
  uri: string;
  dbName: string;
  mode: 'embedded' | 'external';
  close(): Promise<void>;
}

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

/** Another running process already uses this DATA_DIR (one clear line, no stack trace). */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number | null) {
    super(
      `Папка данных ${dataDir} уже используется ${pid ? `запущенным процессом ${pid}` : 'другим процессом'}: ` +
        'остановите его или укажите другую папку в DATA_DIR',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Unix socket paths are limited to ~107 bytes; longer DATA_DIRs fall back to loopback TCP. */
const MAX_SOCKET_PATH = 100;

/**
 * MONGODB_URI set: use that MongoDB. Otherwise start the embedded MongoDB-compatible server
 * in-process, with durable data under DATA_DIR/db. It has no authentication, so it listens on a
 * Unix domain socket inside DATA_DIR/db (owner-only permissions) rather than a TCP port that
 * every local user could reach.
 */
export async function openDatabase(config: AppConfig, log: (msg: string) => void): Promise<DatabaseHandle> {
  if (config.mongodbUri) {
    return { uri: config.mongodbUri, dbName: config.mongodbDb, mode: 'external', close: async () => undefined };
  }
  const dbPath = join(config.dataDir, 'db');
  mkdirSync(dbPath, { recursive: true, mode: 0o700 });
  chmodSync(dbPath, 0o700);
  const socketPath = join(dbPath, 'mongod.sock');
  const useSocket = Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH;
  if (!useSocket) log(`Путь ${socketPath} слишком длинный для сокета: база слушает 127.0.0.1`);
  let server;
  try {
    server = await startEmbeddedMongo({
      ...(useSocket ? { socketPath } : { port: 0 }),
      dbPath,
      logger: { info: log, warn: log, error: log },
    });
  } catch (err) {
    if (err instanceof LockError) throw new DataDirLockedError(config.dataDir, err.pid);
    throw err;
  }
  log(`Встроенная база данных запущена: ${server.uri} (данные в ${dbPath})`);
  return { uri: server.uri, dbName: config.mongodbDb, mode: 'embedded', close: () => server.close() };
}
