/**
 * Full-data check (`SDE_PATH=… npm run test:full-sde`, EVE_DATA_DIR with sde-csv-2026-01/): the rig
 * tables shipped in backend/data/sde-industry are byte for byte the SDE industry tables of 2026-01
 * in the team's data folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RIG_CSV_FILES, SHIPPED_RIG_TABLES_DIR } from './rig-effects';
import { fullEveDataDir } from '../../../../tools/sde-subset/paths';

it.each(Object.values(RIG_CSV_FILES))('%s is byte for byte the SDE industry table of 2026-01', (name) => {
  const csv = join(fullEveDataDir('sde-csv-2026-01'), 'sde-csv-2026-01');
  expect(readFileSync(join(SHIPPED_RIG_TABLES_DIR, name)).equals(readFileSync(join(csv, name)))).toBe(true);
});
