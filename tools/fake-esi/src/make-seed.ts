/**
 * `npm run demo:market-seed [-- <EVE data folder>]` — regenerates the demo market seed
 * (tools/fake-esi/data/market-seed.tsv) from real figures in an EVE data folder (default
 * FAKE_ESI_DATA_DIR or `<repo>/../shared/eve-data`). The app never reads that folder: it reads the
 * seed, which is committed.
 */
import { writeFileSync } from 'node:fs';
import { buildCatalog, defaultDataDir, formatSeed, SEED_FILE } from './catalog';

async function main(): Promise<void> {
  const dir = process.argv[2] ?? defaultDataDir();
  const catalog = await buildCatalog(dir);
  writeFileSync(SEED_FILE, formatSeed(catalog));
  console.log(`Сид рынка: ${catalog.types.length} типов, ${catalog.systemIds.length} систем из ${dir} -> ${SEED_FILE}`);
}

main().catch((err: unknown) => {
  console.error(`Сид рынка не создан: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
