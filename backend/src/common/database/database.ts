import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedMongo } from '@eve-toolkit/embedded-mongo';
import type { AppConfig } from '../config/config';

export interface DatabaseHandle {
  uri: string;
  dbName: string;
  mode: 'embedded' | 'external';
  close(): Promise<void>;
}

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

/**
 * MONGODB_URI set: use that MongoDB. Otherwise start the embedded MongoDB-compatible server
 * in-process on loopback with durable data under DATA_DIR/db.
 */
export async function openDatabase(config: AppConfig, log: (msg: string) => void): Promise<DatabaseHandle> {
  if (config.mongodbUri) {
    return { uri: config.mongodbUri, dbName: config.mongodbDb, mode: 'external', close: async () => undefined };
  }
  const dbPath = join(config.dataDir, 'db');
  mkdirSync(dbPath, { recursive: true });
  const server = await startEmbeddedMongo({
    port: 0,
    dbPath,
    logger: { info: log, warn: log, error: log },
  });
  log(`Встроенная база данных запущена: ${server.uri} (данные в ${dbPath})`);
  return { uri: server.uri, dbName: config.mongodbDb, mode: 'embedded', close: () => server.close() };
}
