/**
 * The production topology, natively on this machine, from the same description as
 * docker-compose.yml (deploy/topology.ts): Debian's nginx with the project's proxy configuration
 * (templated for loopback upstreams), two app instances in production mode, redis-server, and the
 * embedded MongoDB-compatible server as its own process; the game's SSO and ESI are the local
 * stand-ins (tools/fake-esi). Clients come from different loopback addresses, as different people
 * would, so the proxy's `hash $remote_addr` sends them to different instances. Through the proxy:
 * - log in, open sockets; a ping posted through instance A reaches a socket held by instance B;
 * - SIGTERM A: its socket reconnects through the proxy to B and recovers the ping it missed;
 * - with A back, kill -9 B while writes are in flight: every acknowledged write is stored.
 * Also: the committed docker-compose.yml and deploy/nginx.conf are what the description makes.
 */
import { mkdtempSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type mongoose from 'mongoose';
import type { Socket } from 'socket.io-client';
import { composeFile, composeNginxConf } from '../deploy/topology';
import { REPO } from './support/app-process';
import { Person, startTopology, type Proc, type Topology } from './support/topology';

jest.setTimeout(180_000);

const CORP = 98_000_001;

/** Names of the corporation events a socket received, in order. */
function eventNames(s: Socket): { names: string[]; next(name: string, ms?: number): Promise<void> } {
  const names: string[] = [];
  const waiters: { name: string; resolve: () => void }[] = [];
  s.on('corp:ping-created', (p: { ping: { name: string } }) => {
    names.push(p.ping.name);
    for (const w of waiters.filter((x) => x.name === p.ping.name)) w.resolve();
  });
  return {
    names,
    next: (name, ms = 15_000) =>
      names.includes(name)
        ? Promise.resolve()
        : new Promise((resolve, reject) => {
            const t = setTimeout(() => reject(new Error(`no ping "${name}" within ${ms} ms (got ${names.join(', ')})`)), ms);
            waiters.push({ name, resolve: () => (clearTimeout(t), resolve()) });
          }),
  };
}

describe('native production topology (nginx, two instances, redis-server, embedded MongoDB process)', () => {
  const work = mkdtempSync(join(tmpdir(), 'eve-topology-'));
  const sockets: Socket[] = [];
  let topology: Topology;
  let db: mongoose.Connection;
  let proxy = '';
  let apps: Proc[];

  beforeAll(async () => {
    topology = await startTopology({
      work,
      corporation: { id: CORP, name: 'Topology Corp' },
      appEnv: {
        RATE_LIMIT_SCALE: '50',
        // Socket.IO's own account of closing, persisting and restoring sessions (printed when recovery fails).
        DEBUG: 'socket.io-redis-streams-adapter,socket.io:socket',
      },
    });
    ({ db, proxy, apps } = topology);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    // SIGTERM (nginx's master takes its workers down with it), SIGKILL what is still there after 10 s.
    await topology?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('docker-compose.yml and deploy/nginx.conf are what deploy/topology.ts makes (npm run deploy:generate)', () => {
    expect(readFileSync(join(REPO, 'docker-compose.yml'), 'utf8')).toBe(composeFile());
    expect(readFileSync(join(REPO, 'deploy', 'nginx.conf'), 'utf8')).toBe(composeNginxConf());
    // The native file differs only in its loopback upstreams, listen address and runtime paths.
    const strip = (c: string) =>
      c
        .split('\n')
        .filter((l) => !/^\s*(server |listen |pid |error_log |access_log |\w+_temp_path )/.test(l))
        .join('\n');
    expect(strip(topology.layout.nginxConf)).toBe(strip(composeNginxConf()));
  });

  it("the proxy's access log never holds a calendar link's token", async () => {
    const token = 'a'.repeat(20) + 'SecretCalendarToken';
    const res = await fetch(`${proxy}/api/calendar/${token}.ics`);
    expect(res.status).toBe(404); // no such link: what matters is what nginx wrote
    await res.arrayBuffer();
    const log = await fileContaining(join(work, 'nginx', 'access.log'), '/api/calendar/', 10_000);
    expect(log).toContain('"GET /api/calendar/[token] HTTP/1.1" 404');
    expect(log).not.toContain(token);
  });

  it('through the proxy: a ping via A reaches B; SIGTERM A -> its socket recovers on B; kill -9 B mid-request loses no acknowledged write', async () => {
    // Which loopback addresses the proxy sends to which instance (each instance logs the request it served).
    const [[toA], [toB]] = await topology.addressesByInstance(1);
    const author = new Person(proxy, toA);
    const readerA = new Person(proxy, toA);
    const readerB = new Person(proxy, toB);
    await author.join(db, 'topo_author', 2_100_200_001, CORP);
    await readerA.join(db, 'topo_reader_a', 2_100_200_002, CORP);
    await readerB.join(db, 'topo_reader_b', 2_100_200_003, CORP);
    const socketA = await readerA.socket();
    const socketB = await readerB.socket();
    sockets.push(socketA, socketB);
    const onA = eventNames(socketA);
    const onB = eventNames(socketB);

    // A ping posted through instance A reaches the socket held by instance B.
    expect((await author.ping('Через A')).status).toBe(200);
    const servedAddEvent = '"url":"/auth/corp/add_event"';
    await apps[0].waitFor(servedAddEvent, 10_000); // its request log (written right after the answer)
    expect(apps[1].out).not.toContain(servedAddEvent);
    await onB.next('Через A');
    await onA.next('Через A');

    // SIGTERM A: its socket drops, a ping is sent meanwhile (through B), the socket comes back
    // through the proxy (to B) and recovers it.
    const dropped = new Promise<void>((r) => socketA.once('disconnect', () => r()));
    // The socket's own 'connect' (not the manager's 'reconnect', which fires when the transport opens,
    // before the server's CONNECT packet says whether the session was recovered).
    const back = new Promise<void>((r) => socketA.once('connect', () => r()));
    const stopped = apps[0].stop('SIGTERM');
    await dropped;
    expect((await readerB.ping('Пока A остановлен')).status).toBe(200);
    expect(await stopped).toBe(0);
    await back;
    expect(socketA.recovered).toBe(true);
    await onA.next('Пока A остановлен');
    expect(onA.names).toEqual(['Через A', 'Пока A остановлен']);

    // A starts again; kill -9 B while four writers keep posting through the proxy.
    apps[0] = await topology.startApp(0);
    const writers = [new Person(proxy, toB), new Person(proxy, toB), new Person(proxy, toB), new Person(proxy, toB)];
    for (const [i, w] of writers.entries()) await w.join(db, `topo_writer_${i}`, 2_100_200_010 + i, CORP);
    const acked: string[] = [];
    const failed: string[] = [];
    let inFlight = 0;
    let inFlightAtKill = -1;
    let killed = false;
    let seq = 0;
    const write = async (w: Person) => {
      while (acked.length < 60 && seq < 400) {
        const name = `Запись ${seq++}`;
        inFlight++;
        try {
          const res = await w.ping(name);
          (res.status === 200 ? acked : failed).push(name);
        } catch {
          failed.push(name); // the connection died with B: no answer, not acknowledged
        } finally {
          inFlight--;
        }
        if (!killed && acked.length >= 20) {
          killed = true;
          inFlightAtKill = inFlight;
          void apps[1].stop('SIGKILL');
        }
      }
    };
    await Promise.all(writers.map(write));
    expect(killed).toBe(true);
    expect(inFlightAtKill).toBeGreaterThan(0);
    const stored = new Set(
      (await db.collection('corp_events').find({ corporation_id: CORP }).toArray()).map((e) => e.name as string),
    );
    expect(acked.filter((n) => !stored.has(n))).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(60);
    // The survivor serves them all through the proxy.
    const list = await writers[0].request('GET', '/auth/corp/events');
    expect(list.status).toBe(200);
    const names = new Set((list.json.events as { name: string }[]).map((e) => e.name));
    expect(acked.filter((n) => !names.has(n))).toEqual([]);
    console.log(
      `topology: ${acked.length} writes acknowledged, ${failed.length} without an answer, ${inFlightAtKill} in flight at kill -9 of B; all acknowledged stored`,
    );
  });
});

/** The file's text once it holds `text` (read now and on every change of the file); fails after `ms`. */
function fileContaining(path: string, text: string, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      watcher.close();
      clearTimeout(timer);
    };
    const check = () => {
      const body = readFileSync(path, 'utf8');
      if (body.includes(text)) {
        stop();
        resolve(body);
      }
    };
    const watcher = watch(path, check);
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${path} did not come to hold ${text} within ${ms} ms`));
    }, ms);
    check();
  });
}
