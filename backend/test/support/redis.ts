/**
 * A real `redis-server` (Debian's package) on a free loopback port for the tests that run several
 * instances; no persistence, gone with the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port (after `stop`). */
  start(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
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
