/**
 * The native production topology on loopback, for the topology test (e2e/topology.e2e.ts) and the
 * broadcast bench (bench/corp-broadcast.bench.ts --topology): the embedded MongoDB process,
 * redis-server, two production instances (backend/dist/main.js) and nginx in front, laid out by
 * deploy/topology.ts's `nativeLayout`; the SSO and ESI stand-ins; one registered corporation.
 * `Person` is one member's HTTP and socket client through the proxy from its own loopback address
 * (nginx balances by address).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import mongoose from 'mongoose';
import { io, type Socket } from 'socket.io-client';
import { nativeLayout } from '../../deploy/topology';
import { startFakeEsi, startFakeSso, type FakeEsi, type FakeSso } from '../../tools/fake-esi/src';
import { REPO, reservedPort } from './app-process';

/** A child process whose output is kept (the last 200 000 characters; the instances log every request). */
export class Proc {
  out = '';
  readonly child: ChildProcess;
  constructor(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
    this.child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (b: Buffer) => {
      this.out = (this.out + b.toString()).slice(-200_000);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
  }

  /** Resolves once the output holds `text`; fails if the process exits first, or after `ms`. */
  async waitFor(text: string | RegExp, ms = 120_000): Promise<void> {
    const deadline = Date.now() + ms;
    const seen = () => (typeof text === 'string' ? this.out.includes(text) : text.test(this.out));
    while (!seen()) {
      if (this.child.exitCode !== null)
        throw new Error(`exited (${this.child.exitCode}) before "${text}":\n${this.out.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`no "${text}" within ${ms} ms:\n${this.out.slice(-2000)}`);
      await delay(20);
    }
  }

  /** Sends `signal` and resolves with the exit code once the process has exited. */
  stop(signal: NodeJS.Signals): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve(this.child.exitCode);
    return new Promise((r) => {
      this.child.once('exit', (code) => r(code));
      this.child.kill(signal);
    });
  }

  /** Resident memory (MB) now, from /proc. */
  rssMb(): number {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
  }
}

type Body = object | { multipart: Record<string, string> };

/** One person's HTTP client through the proxy: its own loopback address, cookies and CSRF token. */
export class Person {
  private cookies = new Map<string, string>();
  private csrf: string | null = null;
  constructor(
    private readonly base: string,
    readonly address: string,
  ) {}

  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  request(method: string, path: string, body?: Body): Promise<{ status: number; json: Record<string, unknown> }> {
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
          resolve({ status: res.statusCode ?? 0, json: (json ?? {}) as Record<string, unknown> });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  async post(path: string, body: Body) {
    if (!this.csrf) this.csrf = (await this.request('GET', '/auth/get_csrf')).json.token as string;
    return this.request('POST', path, body);
  }

  /** Answers a picture captcha the way a person would (the answer read from the database). */
  private async captcha(db: mongoose.Connection): Promise<string> {
    const { json } = await this.request('GET', '/auth/generate_captcha');
    const doc = await db.collection('captchas').findOne({ _id: json.id as never });
    const res = await this.post('/auth/validate_captcha', { captcha_id: json.id, answer: doc!.answer });
    if (res.json.ok !== true) throw new Error(`captcha: ${JSON.stringify(res.json)}`);
    return json.id as string;
  }

  /** Registers, becomes a member (corp, fc) of `corporationId` with one character (as ESI would report it), logs in. */
  async join(db: mongoose.Connection, username: string, characterId: number, corporationId: number): Promise<void> {
    const password = 'секрет-123';
    const multipart = { username, password, email: 'user@example.com', captcha_id: await this.captcha(db) };
    const reg = await this.post('/auth/registration', { multipart });
    if (reg.status !== 200) throw new Error(`registration of ${username}: ${reg.status} ${JSON.stringify(reg.json)}`);
    const user = await db.collection('users').findOneAndUpdate({ username_lower: username }, { $set: { roles: ['corp', 'fc'] } });
    await db.collection('characters').insertOne({
      _id: characterId as never,
      user_id: String(user!._id),
      name: username,
      corporation_id: corporationId,
      owner_hash: 'x',
      scopes: [],
      refresh_token_enc: 'x',
      needs_relink: false,
      linked_at: new Date(),
    });
    const login = await this.post('/auth/login', { multipart: { username, password, captcha_id: await this.captcha(db) } });
    if (login.json.ok !== true) throw new Error(`login of ${username}: ${JSON.stringify(login.json)}`);
    this.csrf = null; // a new session: a new token
  }

  ping(name: string) {
    return this.post('/auth/corp/add_event', { name, date: '2030-01-01', time: '12:00' });
  }

  /** A socket.io client through the proxy from this person's address, with their session. */
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

export interface Topology {
  sso: FakeSso;
  esi: FakeEsi;
  layout: ReturnType<typeof nativeLayout>;
  /** The proxy's address (http://127.0.0.1:port). */
  proxy: string;
  /** A connection to the topology's database. */
  db: mongoose.Connection;
  /** The two instances, A and B (replace an entry after `startApp`). */
  apps: Proc[];
  /** Starts instance `i` (0 = A, 1 = B) and resolves once it serves. */
  startApp(i: number): Promise<Proc>;
  /** `count` loopback addresses per instance that the proxy sends to it (each instance logs what it served). */
  addressesByInstance(count: number): Promise<string[][]>;
  /** Stops everything (SIGTERM, SIGKILL after 10 s) and closes the stand-ins. */
  close(): Promise<void>;
  /** SIGKILL to every process now (synchronous: for an exit handler). */
  kill(): void;
}

/**
 * Starts the topology in `work` (a temp folder the caller removes): the database and redis, both
 * instances with `appEnv` on top of the production defaults, nginx; resolves once the proxy
 * answers /api/health and `corporation` is registered.
 */
export async function startTopology(options: {
  work: string;
  corporation: { id: number; name: string };
  appEnv?: NodeJS.ProcessEnv;
}): Promise<Topology> {
  const { work } = options;
  const procs: Proc[] = [];
  const sso = await startFakeSso();
  const esi = await startFakeEsi({ dataDir: null, ordersPerRegion: 0, sso });
  const ports = {
    proxy: await reservedPort(),
    apps: [await reservedPort(), await reservedPort()],
    redis: await reservedPort(),
    mongo: await reservedPort(),
  };
  const runtime = join(work, 'nginx');
  mkdirSync(runtime, { recursive: true });
  const layout = nativeLayout(ports, runtime);

  const mongo = new Proc(process.execPath, [
    join(REPO, 'packages', 'embedded-mongo', 'dist', 'cli.js'),
    ...layout.mongoArgs(join(work, 'db')),
  ]);
  const redis = new Proc('redis-server', layout.redisArgs);
  procs.push(mongo, redis);
  await mongo.waitFor(/mongodb:\/\/\S+/);
  await redis.waitFor('Ready to accept connections');

  const { NODE_ENV: _jest, ...inherited } = process.env;
  const appEnv = (i: number): NodeJS.ProcessEnv => ({
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
    ...options.appEnv,
  });
  const startApp = async (i: number): Promise<Proc> => {
    const p = new Proc(process.execPath, [join(REPO, 'backend', 'dist', 'main.js')], appEnv(i));
    procs.push(p);
    await p.waitFor('запущен: ');
    return p;
  };
  const apps = [await startApp(0), await startApp(1)];

  const conf = join(runtime, 'nginx.conf');
  writeFileSync(conf, layout.nginxConf);
  const asRoot = process.getuid?.() === 0 ? ' user root;' : '';
  const nginx = new Proc('nginx', ['-p', runtime, '-c', conf, '-g', `daemon off;${asRoot}`]);
  procs.push(nginx);
  const proxy = `http://127.0.0.1:${ports.proxy}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${proxy}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || nginx.child.exitCode !== null) throw new Error(`nginx did not serve: ${nginx.out}`);
    await delay(100);
  }
  const db = await mongoose.createConnection(/mongodb:\/\/\S+/.exec(mongo.out)![0], { dbName: 'eve_toolkit' }).asPromise();
  await db
    .collection('corporations')
    .insertOne({ _id: options.corporation.id as never, name: options.corporation.name, corp_type: 0, created_at: new Date() });

  return {
    sso,
    esi,
    layout,
    proxy,
    db,
    apps,
    startApp,
    async addressesByInstance(count) {
      const byInstance: string[][] = apps.map(() => []);
      for (let n = 2; n < 250 && byInstance.some((list) => list.length < count); n++) {
        const address = `127.0.0.${n}`;
        const probe = `probe-${n}`;
        const res = await new Person(proxy, address).request('GET', `/api/client_config?${probe}`);
        if (res.status !== 200) throw new Error(`probe from ${address}: HTTP ${res.status}`);
        // The request log line is written right after the answer.
        const served = await Promise.any(apps.map((a, i) => a.waitFor(probe, 10_000).then(() => i)));
        if (byInstance[served].length < count) byInstance[served].push(address);
      }
      if (byInstance.some((list) => list.length < count))
        throw new Error(`addresses per instance: ${JSON.stringify(byInstance)}`);
      return byInstance;
    },
    kill() {
      procs.forEach((p) => p.child.kill('SIGKILL'));
    },
    async close() {
      await db.close().catch(() => undefined);
      await Promise.all(
        procs.map((p) => {
          const force = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
          return p.stop('SIGTERM').finally(() => clearTimeout(force));
        }),
      );
      await esi.close();
      await sso.close();
    },
  };
}
