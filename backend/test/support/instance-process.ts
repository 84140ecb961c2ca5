/**
 * One app instance in a process of its own, for tests that kill it with SIGKILL: the parent calls
 * `spawnInstance`; the child (this file run through register-ts.cjs) boots `startTestInstance` on
 * the same database and prints its URL. With `killAfterEvent` the child SIGKILLs itself as the
 * first listener of that domain event: right after the write that emits it, before any other
 * listener (the webhook outbox, the sockets) has run.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { AppConfig } from '../../src/common/config/config';
import type { DatabaseHandle } from '../../src/common/database/database';
import { startTestInstance } from '../app';

interface InstanceSpec {
  database: Omit<DatabaseHandle, 'close'>;
  config: Partial<AppConfig>;
  killAfterEvent?: string;
}

export interface InstanceProcess {
  url: string;
  /** How the process ended: its signal (SIGKILL when it killed itself) or exit code. */
  ended: Promise<NodeJS.Signals | number | null>;
  stop(): Promise<void>;
}

export function spawnInstance(
  database: DatabaseHandle,
  config: Partial<AppConfig>,
  killAfterEvent?: string,
): Promise<InstanceProcess> {
  const { close: _close, ...db } = database;
  const spec: InstanceSpec = { database: db, config, killAfterEvent };
  const child = spawn(process.execPath, ['-r', resolve(__dirname, '../../register-ts.cjs'), __filename], {
    env: { ...process.env, TEST_INSTANCE: JSON.stringify(spec) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ended = new Promise<NodeJS.Signals | number | null>((done) => child.once('exit', (code, signal) => done(signal ?? code)));
  let out = '';
  return new Promise((ready, fail) => {
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const url = /^listening (\S+)$/m.exec(out)?.[1];
      if (!url) return;
      ready({
        url,
        ended,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await ended;
        },
      });
    });
    void ended.then((how) => fail(new Error(`the instance ended (${String(how)}) before listening:\n${out.slice(-3000)}`)));
  });
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.env.TEST_INSTANCE!) as InstanceSpec;
  const running = await startTestInstance({ ...spec.database, close: async () => undefined }, spec.config);
  const killer = spec.killAfterEvent;
  if (killer) running.app.get(EventEmitter2).prependListener(killer, () => process.kill(process.pid, 'SIGKILL'));
  process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));
  process.stdout.write(`listening ${running.url}\n`);
}

if (require.main === module)
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
