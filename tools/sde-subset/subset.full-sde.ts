/**
 * Full-data check (`SDE_PATH=… npm run test:full-sde`): the committed SDE subset is exactly what
 * `npm run test:sde-subset` makes of the full SDE at SDE_PATH from subset.list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSubset, parseList } from './make-subset';
import { fullSdeDir, SDE_SUBSET_DIR, SDE_SUBSET_FILES, SUBSET_LIST } from './paths';

it('the committed subset is what subset.list picks from the full SDE, line for line', async () => {
  const built = await buildSubset(fullSdeDir(), parseList(readFileSync(SUBSET_LIST, 'utf8')));
  expect(Object.keys(built).sort()).toEqual([...SDE_SUBSET_FILES].sort());
  for (const file of SDE_SUBSET_FILES)
    expect({ file, text: readFileSync(join(SDE_SUBSET_DIR, file), 'utf8') }).toEqual({
      file,
      text: built[file].map((l) => `${l}\n`).join(''),
    });
});
