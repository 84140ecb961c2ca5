/**
 * Starts one in-memory embedded MongoDB per jest worker (unless MONGODB_URI points at a real
 * MongoDB). Each test file then uses its own database on its worker's server (see test/app.ts).
 */
import { startEmbeddedMongo, type EmbeddedMongo } from '../../tools/embedded-mongo/src';

declare global {
  var __EMBEDDED_MONGOS__: EmbeddedMongo[] | undefined;
}

export default async function globalSetup(config: { maxWorkers: number }): Promise<void> {
  if (process.env.MONGODB_URI) return;
  const count = Math.max(1, config.maxWorkers);
  // The date sweep (TEST_NOW) shifts the test files' clock; the servers' TTL monitors follow the
  // same shift, or captchas and sessions written with the shifted dates would expire at once.
  // eslint-disable-next-line no-restricted-syntax -- a clock shift (TEST_NOW minus now), not a duration
  const shift = process.env.TEST_NOW ? new Date(process.env.TEST_NOW).getTime() - Date.now() : 0;
  const now = () => Date.now() + shift;
  const servers = await Promise.all(Array.from({ length: count }, () => startEmbeddedMongo({ port: 0, now })));
  globalThis.__EMBEDDED_MONGOS__ = servers;
  servers.forEach((s, i) => {
    process.env[`TEST_MONGO_URI_${i + 1}`] = s.uri;
  });
}
