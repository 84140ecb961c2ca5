/**
 * Starts the built app (backend/dist/main.js serving frontend/dist) as a real child process,
 * exactly as `npm start` does, on a free port with a throw-away data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { reservePort } from '../../backend/test/support/ports';

export const REPO = resolve(__dirname, '..', '..');

export interface AppProcess {
  url: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * A free loopback port below the kernel's ephemeral range, for a server that must be told its port
 * in advance and may be restarted on it (the topology test's instances, nginx, redis): kept for
 * this process's life, claimed across the test processes running at once (see
 * backend/test/support/ports.ts, which the several-instance backend tests use too).
 */
export async function reservedPort(): Promise<number> {
  return (await reservePort()).port;
}

export async function waitForHealth(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`app exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`app did not become healthy within ${timeoutMs} ms (${last})`);
}

/** Waits until the demo market has prices at Jita (the first refresh after the SDE import). */
export async function waitForMarket(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/data/market/items?hub=2`);
      const body = (await res.json()) as { updated_at?: string | null; data?: { items: { sell: number | null }[] }[] };
      if (res.ok && body.updated_at && body.data?.some((c) => c.items.some((i) => i.sell !== null))) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the demo market had no prices within ${timeoutMs} ms (${last})`);
}

/**
 * The app listens on a port the OS picks (PORT=0) and prints its address; we read it from
 * stdout. (Probing a "free" port first and passing it in raced with the app's own in-process
 * fake ESI, which could be handed the same ephemeral port: EADDRINUSE.)
 */
const STARTED_LINE = /запущен: http:\/\/localhost:(\d+)/;

/** `root`: another copy of the built repository (the standalone test runs one without ../shared beside it). */
export async function startApp(env: Record<string, string> = {}, timeoutMs = 180_000, root = REPO): Promise<AppProcess> {
  const main = join(root, 'backend', 'dist', 'main.js');
  if (!existsSync(main) || !existsSync(join(root, 'frontend', 'dist', 'index.html'))) {
    throw new Error('The app is not built: run `npm run build` (npm test does it first)');
  }
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'eve-e2e-'));
  let out = '';
  // Like `npm start`: jest's NODE_ENV=test must not leak into the app process.
  const { NODE_ENV: _jestNodeEnv, PUBLIC_URL: _publicUrl, ...inherited } = process.env;
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = new Promise<number>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`app did not start listening within ${timeoutMs} ms`)), timeoutMs);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = STARTED_LINE.exec(out);
      if (m) {
        clearTimeout(timer);
        res(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`app exited with code ${code}`));
    });
  });
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  let url = '';
  try {
    url = `http://127.0.0.1:${await listening}`;
    await waitForHealth(url, timeoutMs, child);
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${(e as Error).message}\n--- app output ---\n${out.slice(-4000)}`);
  }
  return {
    url,
    child,
    dataDir,
    output: () => out,
    stop: (signal: NodeJS.Signals = 'SIGTERM') =>
      new Promise((res) => {
        if (child.exitCode !== null || child.signalCode !== null) return res(child.exitCode);
        child.once('exit', (code) => res(code));
        child.kill(signal);
      }),
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
