/**
 * Integration-test harness: the real app (bootstrap()) on a random port, talking to this jest
 * worker's embedded MongoDB (or MONGODB_URI), each test file in its own database.
 */
import { randomBytes } from 'node:crypto';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { bootstrap, type RunningApp } from '../src/bootstrap';
import { loadConfig, type AppConfig } from '../src/common/config/config';
import type { DatabaseHandle } from '../src/common/database/database';

export function testDatabase(): DatabaseHandle {
  const worker = process.env.JEST_WORKER_ID ?? '1';
  const uri = process.env.MONGODB_URI ?? process.env[`TEST_MONGO_URI_${worker}`] ?? process.env.TEST_MONGO_URI_1;
  if (!uri) throw new Error('No test MongoDB: the backend jest globalSetup did not run');
  const dbName = `test_${worker}_${randomBytes(4).toString('hex')}`;
  return { uri, dbName, mode: process.env.MONGODB_URI ? 'external' : 'embedded', close: async () => undefined };
}

export async function createTestApp(config: Partial<AppConfig> = {}): Promise<RunningApp> {
  const database = testDatabase();
  const base = loadConfig();
  const running = await bootstrap({
    database,
    config: {
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      schedulerEnabled: false,
      // Test files make hundreds of calls from one address; limiter tests pass rateLimitScale: 1.
      rateLimitScale: 100,
      sde: { ...base.sde, autoImport: false },
      ...config,
    },
  });
  const close = running.close.bind(running);
  running.close = async () => {
    try {
      await running.app.get<Connection>(getConnectionToken()).dropDatabase();
    } catch {
      /* the database may already be gone */
    }
    await close();
  };
  return running;
}
