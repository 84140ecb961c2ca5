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
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { io, type Socket } from 'socket.io-client';
import { composeFile, composeNginxConf, nativeLayout } from '../deploy/topology';
import { startFakeEsi, startFakeSso, type FakeEsi, type FakeSso } from '../tools/fake-esi/src';
import { REPO, reservedPort } from './support/app-process';

jest.setTimeout(180_000);

const CORP = 98_000_001;

/** A child process whose output is kept; `ready` resolves when `readyText` appears. */
class Proc {
  out = '';
  readonly child: ChildProcess;
  constructor(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
    this.child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (b: Buffer) => (this.out += b.toString()));
    this.child.stderr!.on('data', (b: Buffer) => (this.out += b.toString()));
  }
  async waitFor(text: string | RegExp, ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    const seen = () => (typeof text === 'string' ? this.out.includes(text) : text.test(this.out));
    while (!seen()) {
      if (this.child.exitCode !== null)
        throw new Error(`exited (${this.child.exitCode}) before "${text}":\n${this.out.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`no "${text}" within ${ms} ms:\n${this.out.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  stop(signal: NodeJS.Signals): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve(this.child.exitCode);
    return new Promise((r) => {
      this.child.once('exit', (code) => r(code));
      this.child.kill(signal);
    });
  }
}

/** An HTTP client of one person: its own loopback address, cookies and CSRF token. */
class Person {
  private cookies = new Map<string, string>();
  private csrf: string | null = null;
  constructor(
    private readonly base: string,
    readonly address: string,
  ) {}

  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  request(
    method: string,
    path: string,
    body?: object | { multipart: Record<string, string> },
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    let payload: Buffer | undefined;
    const headers: Record<string, string> = { cookie: this.cookie };
    if (body && 'multipart' in body) {
      const boundary = `----topology${Date.now()}`;
      payload = Buffer.from(
        Object.entries(body.multipart)
          .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
          .join('') + `--${boundary}--\r\n`,
      );
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    } else if (body) {
      payload = Buffer.from(JSON.stringify(body));
      headers['content-type'] = 'application/json';
    }
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${this.base}${path}`, { method, headers, localAddress: this.address, agent: false }, (res) => {
        for (const c of res.headers['set-cookie'] ?? []) {
          const [pair] = c.split(';');
          const i = pair.indexOf('=');
          this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = text; // nginx's own error page (502 while an instance dies)
          }
          resolve({ status: res.statusCode ?? 0, json: json as Record<string, unknown> });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  async post(path: string, body: object | { multipart: Record<string, string> }) {
    if (!this.csrf) this.csrf = (await this.request('GET', '/auth/get_csrf')).json.token as string;
    return this.request('POST', path, body);
  }

  /** Answers a picture captcha the way a person would (the answer read from the database). */
  private async captcha(db: mongoose.Connection): Promise<string> {
    const { json } = await this.request('GET', '/auth/generate_captcha');
    const doc = await db.collection('captchas').findOne({ _id: json.id as never });
    const res = await this.post('/auth/validate_captcha', { captcha_id: json.id, answer: doc!.answer });
    expect(res.json.ok).toBe(true);
    return json.id as string;
  }

  /** Registers, becomes a member of CORP (character as ESI would report it) and logs in. */
  async join(db: mongoose.Connection, username: string, characterId: number): Promise<void> {
    const password = 'секрет-123';
    const reg = await this.post('/auth/registration', {
      multipart: { username, password, email: 'user@example.com', captcha_id: await this.captcha(db) },
    });
    expect(reg.status).toBe(200);
    const user = await db.collection('users').findOneAndUpdate({ username_lower: username }, { $set: { roles: ['corp', 'fc'] } });
    await db.collection('characters').insertOne({
      _id: characterId as never,
      user_id: String(user!._id),
      name: username,
      corporation_id: CORP,
      owner_hash: 'x',
      scopes: [],
      refresh_token_enc: 'x',
      needs_relink: false,
      linked_at: new Date(),
    });
    const login = await this.post('/auth/login', { multipart: { username, password, captcha_id: await this.captcha(db) } });
    expect(login.json).toEqual({ ok: true });
    this.csrf = null; // a new session: a new token
  }

  ping(name: string) {
    return this.post('/auth/corp/add_event', { name, date: '2030-01-01', time: '12:00' });
  }

  socket(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const s = io(this.base, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        extraHeaders: { cookie: this.cookie },
        localAddress: this.address,
        reconnectionDelay: 200,
        reconnectionDelayMax: 1000,
      } as never);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  }
}

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
  const procs: Proc[] = [];
  const sockets: Socket[] = [];
  let sso: FakeSso;
  let esi: FakeEsi;
  let db: mongoose.Connection;
  let proxy = '';
  let layout: ReturnType<typeof nativeLayout>;
  let appEnv: (i: number) => NodeJS.ProcessEnv;
  const apps: Proc[] = [];

  const startAppProc = async (i: number): Promise<Proc> => {
    const p = new Proc(process.execPath, [join(REPO, 'backend', 'dist', 'main.js')], appEnv(i));
    procs.push(p);
    await p.waitFor('запущен: ');
    return p;
  };

  beforeAll(async () => {
    sso = await startFakeSso();
    esi = await startFakeEsi({ dataDir: null, ordersPerRegion: 0, sso });
    const ports = {
      proxy: await reservedPort(),
      apps: [await reservedPort(), await reservedPort()],
      redis: await reservedPort(),
      mongo: await reservedPort(),
    };
    const runtime = join(work, 'nginx');
    mkdirSync(runtime, { recursive: true });
    layout = nativeLayout(ports, runtime);

    const mongo = new Proc(process.execPath, [
      join(REPO, 'packages', 'embedded-mongo', 'dist', 'cli.js'),
      ...layout.mongoArgs(join(work, 'db')),
    ]);
    const redis = new Proc('redis-server', layout.redisArgs);
    procs.push(mongo, redis);
    await mongo.waitFor(/mongodb:\/\/\S+/);
    await redis.waitFor('Ready to accept connections');

    const { NODE_ENV: _jest, ...inherited } = process.env;
    appEnv = (i) => ({
      ...inherited,
      ...layout.appEnv(i),
      NODE_ENV: 'production',
      DATA_DIR: join(work, `app-${i}`),
      SESSION_SECRET: 'topology-session-secret',
      TOKEN_ENCRYPTION_KEY: 'topology-token-key-0123',
      ESI_BASE_URL: esi.url,
      SSO_BASE_URL: sso.url,
      SSO_CLIENT_ID: sso.clientId,
      SSO_CLIENT_SECRET: sso.clientSecret,
      SDE_AUTO_IMPORT: 'false',
      SCHEDULER_ENABLED: 'false',
      LOG_LEVEL: 'info',
      RATE_LIMIT_SCALE: '50',
      // Socket.IO's own account of closing, persisting and restoring sessions (printed when recovery fails).
      DEBUG: 'socket.io-redis-streams-adapter,socket.io:socket',
    });
    apps.push(await startAppProc(0), await startAppProc(1));

    const conf = join(runtime, 'nginx.conf');
    writeFileSync(conf, layout.nginxConf);
    const asRoot = process.getuid?.() === 0 ? ' user root;' : '';
    const nginx = new Proc('nginx', ['-p', runtime, '-c', conf, '-g', `daemon off;${asRoot}`]);
    procs.push(nginx);
    proxy = `http://127.0.0.1:${ports.proxy}`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ok = await fetch(`${proxy}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline || nginx.child.exitCode !== null) throw new Error(`nginx did not serve: ${nginx.out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const uri = /mongodb:\/\/\S+/.exec(mongo.out)![0];
    db = await mongoose.createConnection(uri, { dbName: 'eve_toolkit' }).asPromise();
    await db
      .collection('corporations')
      .insertOne({ _id: CORP as never, name: 'Topology Corp', corp_type: 0, created_at: new Date() });
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await db?.close();
    // SIGTERM (nginx's master takes its workers down with it), SIGKILL what is still there after 10 s.
    await Promise.all(
      procs.map((p) => {
        const force = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
        return p.stop('SIGTERM').finally(() => clearTimeout(force));
      }),
    );
    await esi?.close();
    await sso?.close();
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
    expect(strip(layout.nginxConf)).toBe(strip(composeNginxConf()));
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
    const byInstance: (string | undefined)[] = [undefined, undefined];
    for (let n = 2; n < 64 && byInstance.some((x) => !x); n++) {
      const address = `127.0.0.${n}`;
      const probe = `probe-${n}`;
      expect((await new Person(proxy, address).request('GET', `/api/client_config?${probe}`)).status).toBe(200);
      const deadline = Date.now() + 5_000;
      let served = -1;
      while (served < 0 && Date.now() < deadline) {
        served = apps.findIndex((a) => a.out.includes(probe));
        if (served < 0) await new Promise((r) => setTimeout(r, 20));
      }
      expect(served).toBeGreaterThanOrEqual(0);
      byInstance[served] ??= address;
    }
    const [toA, toB] = byInstance as [string, string];
    const author = new Person(proxy, toA);
    const readerA = new Person(proxy, toA);
    const readerB = new Person(proxy, toB);
    await author.join(db, 'topo_author', 2_100_200_001);
    await readerA.join(db, 'topo_reader_a', 2_100_200_002);
    await readerB.join(db, 'topo_reader_b', 2_100_200_003);
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
    apps[0] = await startAppProc(0);
    const writers = [new Person(proxy, toB), new Person(proxy, toB), new Person(proxy, toB), new Person(proxy, toB)];
    for (const [i, w] of writers.entries()) await w.join(db, `topo_writer_${i}`, 2_100_200_010 + i);
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
