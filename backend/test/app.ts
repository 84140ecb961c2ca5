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
import { startEmbeddedMongo } from '../../packages/embedded-mongo/src';

export function testDatabase(): DatabaseHandle {
  const worker = process.env.JEST_WORKER_ID ?? '1';
  const uri = process.env.MONGODB_URI ?? process.env[`TEST_MONGO_URI_${worker}`] ?? process.env.TEST_MONGO_URI_1;
  if (!uri) throw new Error('No test MongoDB: the backend jest globalSetup did not run');
  const dbName = `test_${worker}_${randomBytes(4).toString('hex')}`;
  return { uri, dbName, mode: process.env.MONGODB_URI ? 'external' : 'embedded', close: async () => undefined };
}

/**
 * The real app with the test defaults on `database`, for a test that runs several instances on one
 * database: closing an instance leaves the database to the others (`createTestApp` drops it).
 */
export function startTestInstance(database: DatabaseHandle, config: Partial<AppConfig> = {}): Promise<RunningApp> {
  const base = loadConfig();
  return bootstrap({
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
}

export async function createTestApp(config: Partial<AppConfig> = {}, database = testDatabase()): Promise<RunningApp> {
  const running = await startTestInstance(database, config);
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

/**
 * A database on an embedded MongoDB of its own, started in this test file's process, for a file
 * that fixes the wall clock (tools/test-clock `fixedClock`). The worker's shared server expires TTL
 * documents (captchas, sessions) by the real clock: written at a fixed instant that real time has
 * passed, they would be deleted within a second of being written — a sign-in would fail on any later
 * day. This server's TTL monitor reads the file's own (fixed, advancing) clock, as production's reads
 * the one clock app and database share. With MONGODB_URI (a real server) the file cannot move the
 * server's clock: its fixed instant must then lie ahead of the real time.
 */
export async function testDatabaseOnTestClock(): Promise<{ database: DatabaseHandle; stop: () => Promise<void> }> {
  if (process.env.MONGODB_URI) return { database: testDatabase(), stop: async () => undefined };
  const mongo = await startEmbeddedMongo({ port: 0, now: () => Date.now() });
  return { database: { ...testDatabase(), uri: mongo.uri }, stop: () => mongo.close() };
}

/** `createTestApp` on a database that keeps the test file's clock (`testDatabaseOnTestClock`). */
export async function createTestAppOnTestClock(config: Partial<AppConfig> = {}): Promise<RunningApp> {
  const { database, stop } = await testDatabaseOnTestClock();
  const running = await createTestApp(config, database);
  const close = running.close.bind(running);
  running.close = async () => {
    await close();
    await stop();
  };
  return running;
}
