/**
 * Full-data check (`SDE_PATH=… npm run test:full-sde`, EVE_DATA_DIR with market-samples/): the
 * market seed shipped in tools/fake-esi/data is exactly what `npm run demo:market-seed` makes of
 * the team's EVE data folder, and its prices start from the real averages and adjusted prices.
 */
import { readFileSync } from 'node:fs';
import { buildCatalog, FEATURED_TYPE_IDS, formatSeed, loadCatalog, SEED_FILE } from '../src';
import { fullEveDataDir } from '../../sde-subset/paths';

const dataDir = () => fullEveDataDir('market-samples');

it('starts prices from real averages and real adjusted prices', async () => {
  const catalog = await loadCatalog(dataDir());
  // value / volume of the June 2025 month: 28 661 489 562 / 10 384 035 118
  expect(catalog.byId.get(34)?.basePrice).toBeCloseTo(28661489562 / 10384035118, 10);
  expect(catalog.byId.get(44992)?.basePrice).toBeCloseTo(4581431498593 / 1341157, 6);
  expect(catalog.byId.get(34)?.adjustedPrice).toBeGreaterThan(3);
  expect(catalog.systemIds).toContain(30000142);
  for (const id of FEATURED_TYPE_IDS) expect(catalog.byId.has(id)).toBe(true);
});

it('the seed shipped in the repository is exactly what the generator makes of the EVE data folder', async () => {
  const built = await buildCatalog(dataDir());
  expect(readFileSync(SEED_FILE, 'utf8')).toBe(formatSeed(built));
  const seed = await loadCatalog();
  expect(seed.types).toEqual(built.types);
  expect(seed.systemIds).toEqual(built.systemIds);
});
