import { mkdtempSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { LockError, startEmbeddedMongo } from '../src';

describe('listening on a Unix domain socket', () => {
  const dir = mkdtempSync(join(tmpdir(), 'emb-sock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the driver over the socket, owner-only, and removes the socket on close', async () => {
    const socketPath = join(dir, 'mongod.sock');
    const server = await startEmbeddedMongo({ socketPath, dbPath: join(dir, 'db') });
    try {
      expect(server.uri).toBe(`mongodb://${encodeURIComponent(socketPath)}`);
      expect(statSync(socketPath).mode & 0o777).toBe(0o600);
      const client = await MongoClient.connect(server.uri);
      try {
        await client
          .db('d')
          .collection('c')
          .insertOne({ _id: 1 as never, v: 'через сокет' });
        expect(await client.db('d').collection('c').findOne({})).toEqual({ _id: 1, v: 'через сокет' });
      } finally {
        await client.close();
      }
    } finally {
      await server.close();
    }
    expect(existsSync(socketPath)).toBe(false);
  });

  it('says which process holds a locked dbPath', async () => {
    const first = await startEmbeddedMongo({ port: 0, dbPath: join(dir, 'locked') });
    try {
      const err = await startEmbeddedMongo({ port: 0, dbPath: join(dir, 'locked') }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LockError);
      expect((err as LockError).pid).toBe(process.pid);
    } finally {
      await first.close();
    }
  });
});
