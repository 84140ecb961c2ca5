/**
 * Start-up: the indexes the stores (sessions, rate limits) and the models create as they start
 * are there once the app has started, so nothing of its start is still in flight when it is
 * closed at once (the database driver would interrupt it and the close would fail).
 */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createTestApp } from './app';

describe('start-up', () => {
  it('a started app has its stores’ and models’ indexes, and closes at once without an error', async () => {
    const running = await createTestApp();
    const db = running.app.get<Connection>(getConnectionToken()).db!;
    const keys = async (collection: string) =>
      (await db.collection(collection).indexes()).map((i) => ({ key: i.key, ttl: i.expireAfterSeconds, unique: i.unique }));
    expect(await keys('rate_limits')).toEqual(
      expect.arrayContaining([
        { key: { expire: -1 }, ttl: 0, unique: undefined },
        { key: { key: 1 }, ttl: undefined, unique: true },
      ]),
    );
    expect(await keys('sessions')).toEqual(expect.arrayContaining([{ key: { expires: 1 }, ttl: 0, unique: undefined }]));
    expect(await keys('appraisals')).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: { created_at: 1 }, ttl: expect.any(Number) })]),
    );
    await expect(running.close()).resolves.toBeUndefined();
  });
});
