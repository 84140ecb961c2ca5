import request from 'supertest';
import type { RunningApp } from '../src/bootstrap';
import { createTestApp } from './app';

/** First start: prices may exist before the SDE import finishes; the market says it is loading. */
describe('market before the game data is imported', () => {
  let running: RunningApp;
  beforeAll(async () => {
    running = await createTestApp();
  });
  afterAll(() => running.close());

  it.each(['/data/market/items?hub=2', '/data/market/detail/34?hub=2'])('%s answers 503 with a clear message', async (path) => {
    const res = await request(running.url).get(path).expect(503);
    expect(res.body).toEqual({
      statusCode: 503,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'Игровые данные ещё загружаются, попробуйте через минуту',
    });
  });

  it('still lists the hubs', async () => {
    const res = await request(running.url).get('/data/market/hubs').expect(200);
    expect(res.body.hubs).toHaveLength(5);
  });
});
