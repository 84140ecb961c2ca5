/**
 * The built app as a real process: graceful shutdown, and durability of an acknowledged write
 * across `kill -9` with the embedded database (data under DATA_DIR).
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../packages/embedded-mongo/src';
import { REPO, removeDir, startApp, type AppProcess } from './support/app-process';

/** Runs the built app to its exit (for starts that must fail). */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { NODE_ENV: _jest, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(REPO, 'backend', 'dist', 'main.js')], {
    cwd: REPO,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** A session cookie and its CSRF token, for unsafe requests made outside a browser. */
async function csrfSession(url: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${url}/auth/get_csrf`);
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const { token } = (await res.json()) as { token: string };
  return { cookie, token };
}

/**
 * Resolves once the app has printed `text` (on each chunk it writes, not on a clock); rejects if
 * it exits without. A line that never comes reaches the test's timeout.
 */
function waitForOutput(app: AppProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const streams = [app.child.stdout, app.child.stderr];
    const done = (err?: Error) => {
      streams.forEach((s) => s?.off('data', look));
      app.child.off('exit', exited);
      if (err) reject(err);
      else resolve();
    };
    // The app process's own listener appends each chunk to output() first (it was added first).
    const look = () => void (app.output().includes(text) && done());
    const exited = () => done(new Error(`the app exited without "${text}":\n${app.output()}`));
    streams.forEach((s) => s?.on('data', look));
    app.child.once('exit', exited);
    look();
  });
}

jest.setTimeout(240_000);

const QUIET = { APP_MODE: 'demo', SDE_AUTO_IMPORT: 'false', SCHEDULER_ENABLED: 'false' };

describe('app process', () => {
  it('stops cleanly on SIGTERM (exit code 0)', async () => {
    const app = await startApp(QUIET);
    try {
      // A shutdown that hung would reach the test's timeout.
      expect(await app.stop('SIGTERM')).toBe(0);
    } finally {
      removeDir(app.dataDir);
    }
  });

  it('keeps an acknowledged write after kill -9 and serves again from the same data', async () => {
    const first = await startApp(QUIET);
    const title = `kill9-${Date.now()}`;
    try {
      const { cookie, token } = await csrfSession(first.url);
      const res = await fetch(`${first.url}/api/post_debug`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
        body: JSON.stringify({ title, msg: 'после kill -9' }),
      });
      expect(res.status).toBe(200);
      expect(await first.stop('SIGKILL')).toBeNull();

      // The same data directory opened again by the embedded server shows the write.
      const db = await startEmbeddedMongo({ port: 0, dbPath: `${first.dataDir}/db` });
      const client = await MongoClient.connect(db.uri);
      try {
        const docs = await client.db('eve_toolkit').collection('feedback').find({ title }).toArray();
        expect(docs).toHaveLength(1);
        expect(docs[0].msg).toBe('после kill -9');
      } finally {
        await client.close();
        await db.close();
      }

      // And the app starts again on that data.
      const second = await startApp({ ...QUIET, DATA_DIR: first.dataDir });
      const health = (await (await fetch(`${second.url}/api/health`)).json()) as { database: { ok: boolean } };
      expect(health.database.ok).toBe(true);
      expect(await second.stop('SIGTERM')).toBe(0);
    } finally {
      removeDir(first.dataDir);
    }
  });

  it('keeps the embedded database off TCP: a Unix socket in DATA_DIR, owner-only', async () => {
    const app = await startApp(QUIET);
    try {
      const socket = join(app.dataDir, 'db', 'mongod.sock');
      expect(app.output()).toContain(`Встроенная база данных запущена: mongodb://${encodeURIComponent(socket)} `);
      expect(statSync(socket).isSocket()).toBe(true);
      expect(statSync(socket).mode & 0o777).toBe(0o600);
      expect(statSync(join(app.dataDir, 'db')).mode & 0o777).toBe(0o700);
      expect(await app.stop('SIGTERM')).toBe(0);
    } finally {
      removeDir(app.dataDir);
    }
  });

  it('refuses a second instance on the same DATA_DIR with one clear Russian line and a non-zero exit', async () => {
    const first = await startApp(QUIET);
    try {
      const second = await runToExit({ ...QUIET, DATA_DIR: first.dataDir });
      expect(second.code).toBe(1);
      const lines = second.output.split('\n').filter((l) => l.startsWith('Папка данных'));
      expect(lines).toEqual([
        `Папка данных ${first.dataDir} уже используется запущенным процессом ${first.child.pid}: остановите его или укажите другую папку в DATA_DIR`,
      ]);
      expect(second.output).not.toMatch(/^\s+at /m); // no stack trace
      // the first instance is untouched
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    } finally {
      await first.stop('SIGTERM');
      removeDir(first.dataDir);
    }
  });

  it('on SIGTERM finishes a request in flight and refuses new connections', async () => {
    const app = await startApp(QUIET);
    try {
      const { port } = new URL(app.url);
      const body = JSON.stringify({ title: 'в полёте', msg: 'завершится после SIGTERM' });
      const { cookie, token } = await csrfSession(app.url);
      const inFlight = connect(Number(port), '127.0.0.1');
      const answer = new Promise<string>((resolve) => {
        let got = '';
        inFlight.on('data', (d) => (got += d.toString()));
        inFlight.on('close', () => resolve(got));
      });
      await new Promise<void>((r) => inFlight.once('connect', () => r()));
      // Headers first, with Expect: 100-continue: the server's "100 Continue" proves it has the
      // request in hand; then half of the body, so the request is in flight when the signal arrives.
      inFlight.write(
        `POST /api/post_debug HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n` +
          `Cookie: ${cookie}\r\nX-CSRF-Token: ${token}\r\n` +
          `Expect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      let early = '';
      await new Promise<void>((resolve) =>
        inFlight.on('data', function onData(d: Buffer) {
          early += d.toString();
          if (early.includes('100 Continue')) {
            inFlight.off('data', onData);
            resolve();
          }
        }),
      );
      inFlight.write(body.slice(0, 10));
      app.child.kill('SIGTERM');
      await waitForOutput(app, 'SIGTERM: останавливаюсь');
      // New connections are refused while the old request is still open: asked until they are (a
      // server that kept accepting would reach the test's timeout).
      let refused = false;
      while (!refused)
        refused = await fetch(`${app.url}/api/health`).then(
          () => false,
          () => true,
        );
      inFlight.write(body.slice(10)); // the rest of the body (a half-close would abort the request)
      expect(await answer).toMatch(/^HTTP\/1\.1 200 /m);
      expect(await app.stop()).toBe(0);
    } finally {
      removeDir(app.dataDir);
    }
  });
});
