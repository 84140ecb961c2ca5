/**
 * Loopback ports for servers a test must tell their port in advance and may restart on it
 * (redis-server in the several-instance tests, the topology test's instances, nginx and redis).
 *
 * A port from "listen on 0, close, hand the number on" is ephemeral: between its release and the
 * server's bind, any socket of any process may be handed the same number (a client connecting
 * somewhere, another test's port-0 server), and a client reconnecting to a stopped server's port
 * may even connect to itself on it. Then the bind, or the restart, fails with EADDRINUSE. A port
 * below the kernel's ephemeral range is only ever taken by an explicit bind; the test processes
 * running at once (jest workers, e2e files) claim theirs with an exclusive lock file, so two of
 * them never pick the same one, and keep it until `release()` — across a server's restarts.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOCKS = join(tmpdir(), 'eve-toolkit-test-ports');
const FLOOR = 20_000;

/** The first port of the kernel's ephemeral range (Linux: 32768 unless configured). */
function ephemeralStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(first) && first > FLOOR + 1000) return first;
  } catch {
    /* not Linux: the IANA range starts at 49152 */
  }
  return 32_768;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Claims `port` for this process (false when another live process holds it). */
function claim(port: number): boolean {
  const file = join(LOCKS, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const holder = Number(readFileSync(file, 'utf8'));
    if (alive(holder)) return false;
    rmSync(file, { force: true }); // its process is gone
    return claim(port);
  }
}

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

const mine = new Set<number>();
process.once('exit', () => {
  for (const port of mine) rmSync(join(LOCKS, String(port)), { force: true });
});

export interface ReservedPort {
  port: number;
  /** Gives the port back (its lock file goes; also at the process's exit). */
  release(): void;
}

export async function reservePort(): Promise<ReservedPort> {
  mkdirSync(LOCKS, { recursive: true });
  const span = ephemeralStart() - FLOOR;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = FLOOR + Math.floor(Math.random() * span);
    if (mine.has(port) || !claim(port)) continue;
    if (!(await bindable(port))) {
      rmSync(join(LOCKS, String(port)), { force: true }); // a server outside the tests has it
      continue;
    }
    mine.add(port);
    return {
      port,
      release() {
        if (mine.delete(port)) rmSync(join(LOCKS, String(port)), { force: true });
      },
    };
  }
  throw new Error(`no free loopback port between ${FLOOR} and ${FLOOR + span} (locks in ${LOCKS}: ${readdirSync(LOCKS).length})`);
}
