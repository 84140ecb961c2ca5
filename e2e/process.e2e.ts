/**
 * The built app as a real process: graceful shutdown, and durability of an acknowledged write
 * across `kill -9` with the embedded database (data under DATA_DIR).
 */
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../tools/embedded-mongo/src';
import { removeDir, startApp } from './support/app-process';

jest.setTimeout(240_000);

const QUIET = { APP_MODE: 'demo', SDE_AUTO_IMPORT: 'false', SCHEDULER_ENABLED: 'false' };

describe('app process', () => {
  it('stops cleanly on SIGTERM (exit code 0)', async () => {
    const app = await startApp(QUIET);
    try {
      const started = Date.now();
      const code = await app.stop('SIGTERM');
      expect(code).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      removeDir(app.dataDir);
    }
  });

  it('keeps an acknowledged write after kill -9 and serves again from the same data', async () => {
    const first = await startApp(QUIET);
    const title = `kill9-${Date.now()}`;
    try {
      const res = await fetch(`${first.url}/api/post_debug`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
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
});
