/**
 * Starts one embedded MongoDB per jest worker, each in a process of its own (unless MONGODB_URI
 * points at a real MongoDB; see support/mongo-process.ts for why not in this process). Each test
 * file then uses its own database on its worker's server (see test/app.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

declare global {
  var __EMBEDDED_MONGOS__: ChildProcess[] | undefined;
}

function startServer(shiftMs: number): Promise<{ child: ChildProcess; uri: string }> {
  const child = fork(join(__dirname, 'support', 'mongo-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, TEST_CLOCK_SHIFT_MS: String(shiftMs) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { uri: string }) => resolve({ child, uri: m.uri }));
    child.once('exit', (code) => reject(new Error(`the tests' embedded MongoDB exited (${code}) before listening`)));
  });
}

export default async function globalSetup(config: { maxWorkers: number }): Promise<void> {
  if (process.env.MONGODB_URI) return;
  const count = Math.max(1, config.maxWorkers);
  // The date sweep (TEST_NOW) shifts the test files' clock; the servers' TTL monitors follow the
  // same shift, or captchas and sessions written with the shifted dates would expire at once.
  // eslint-disable-next-line no-restricted-syntax -- a clock shift (TEST_NOW minus now), not a duration
  const shift = process.env.TEST_NOW ? new Date(process.env.TEST_NOW).getTime() - Date.now() : 0;
  const servers = await Promise.all(Array.from({ length: count }, () => startServer(shift)));
  globalThis.__EMBEDDED_MONGOS__ = servers.map((s) => s.child);
  servers.forEach((s, i) => {
    process.env[`TEST_MONGO_URI_${i + 1}`] = s.uri;
  });
}
