/**
 * Search result limits on a mini SDE with more matches than the cap: 60 real "Compressed ..."
 * ore and ice types, all published and on the market.
 */
import request from 'supertest';
import type { RunningApp } from '../src/bootstrap';
import { createTestApp } from './app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs } from './fixtures/mini-sde';

const COMPRESSED = [
  28433, 28434, 28435, 28436, 28437, 28438, 28439, 28440, 28441, 28442, 28443, 28444, 41139, 41144, 47450, 62377, 62379, 62380,
  62381, 62382, 62383, 62384, 62385, 62386, 62387, 62390, 62391, 62392, 62393, 62394, 62396, 62397, 62398, 62399, 62400, 62402,
  62403, 62404, 62405, 62406, 62454, 62455, 62456, 62457, 62458, 62459, 62460, 62461, 62463, 62464, 62466, 62467, 62468, 62469,
  62470, 62471, 62472, 62473, 62474, 62475,
];

let running: RunningApp;

beforeAll(async () => {
  running = await createTestApp();
  await importSdeInto(running, await buildMiniSde({ typeIds: COMPRESSED }));
}, 60_000);

afterAll(async () => {
  await running?.close();
  removeMiniSdeDirs();
});

const items = async (query: string) =>
  (await request(running.url).get(`/data/industry/items?q=Compressed${query}`).expect(200)).body.items as { id: number }[];

it('answers 20 results by default and at most 50 on request, the same ranking in both', async () => {
  const byDefault = await items('');
  const capped = await items('&limit=50');
  expect(COMPRESSED).toHaveLength(60);
  expect(byDefault).toHaveLength(20);
  expect(capped).toHaveLength(50);
  expect(byDefault.map((i) => i.id)).toEqual(capped.slice(0, 20).map((i) => i.id));
  expect(new Set(capped.map((i) => i.id)).size).toBe(50);
  expect(capped.every((i) => COMPRESSED.includes(i.id))).toBe(true);
});

it('refuses a limit over the cap of 50 or below 1', async () => {
  expect((await request(running.url).get('/data/industry/items?q=Compressed&limit=51').expect(400)).body.message).toBe(
    'limit не больше 50',
  );
  await request(running.url).get('/data/industry/items?q=Compressed&limit=0').expect(400);
});
