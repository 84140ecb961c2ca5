/**
 * A real `redis-server` (Debian's package) on a loopback port of its own for the tests that run
 * several instances; no persistence, gone with the test. The port is reserved below the ephemeral
 * range for the server's whole life (support/ports.ts): `stop()` then `start()` binds it again
 * with no window in which another socket could be handed the number (the restart used to race
 * with ephemeral ports: EADDRINUSE).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { reservePort } from './ports';

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port (after `stop`). */
  start(): Promise<void>;
}

export async function startRedis(): Promise<TestRedis> {
  const { port } = await reservePort(); // kept until this process exits: the server may be restarted any time

  let proc: ChildProcess | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc = p;
      let out = '';
      const onData = (b: Buffer) => {
        out += b.toString();
        if (out.includes('Ready to accept connections')) {
          p.stdout?.off('data', onData);
          resolve();
        }
      };
      p.stdout?.on('data', onData);
      p.once('error', (e) =>
        reject(new Error(`redis-server could not start (is the redis-server package installed?): ${e.message}`)),
      );
      p.once('exit', (code) => {
        if (!out.includes('Ready to accept connections')) reject(new Error(`redis-server exited (${code}): ${out.slice(-500)}`));
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const p = proc;
      proc = null;
      if (!p || p.exitCode !== null) return resolve();
      p.once('exit', () => resolve());
      p.kill('SIGKILL');
    });
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
