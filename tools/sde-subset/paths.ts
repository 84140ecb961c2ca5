/**
 * Where the tests' game data lives (tools/sde-subset/README.md): the SDE subset in CCP's JSON Lines
 * layout and the few non-SDE files the tests read, laid out like the team's EVE data folder
 * (`sde-jsonl/`, `industry-test-cases/`, `pi-templates/`), so one folder argument serves both.
 *
 * `npm run test:full-sde` (jest.full-sde.config.js) runs chosen specs against a full SDE instead:
 * `testSdeDir()` then answers SDE_PATH.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** tools/sde-subset/data: the committed test data (this file lives in tools/sde-subset). */
export const TEST_DATA_DIR = resolve(__dirname, 'data');
/** The SDE subset (CCP's JSON Lines layout, the twelve files the importer reads). */
export const SDE_SUBSET_DIR = join(TEST_DATA_DIR, 'sde-jsonl');
export const SUBSET_LIST = resolve(__dirname, 'subset.list');
export const SUBSET_MANIFEST = resolve(__dirname, 'manifest.json');
/** EVE Ref's industry cases (the files the tests read). */
export const INDUSTRY_CASES_DIR = join(TEST_DATA_DIR, 'industry-test-cases', 'everef');
/** The PI templates exported by the game client that the tests read (MIT, see data/pi-templates/LICENSE). */
export const PI_TEMPLATES_DIR = join(TEST_DATA_DIR, 'pi-templates');

/** The subset holds the twelve files the importer reads (the backend's list). */
export { SDE_FILES as SDE_SUBSET_FILES } from '../../backend/src/game-data/sde/sde-files';

/** Non-SDE files copied from the EVE data folder (paths relative to it and to TEST_DATA_DIR). */
export const EXTRA_FILES: readonly string[] = [
  ...['armor-energizing-charge-blueprint', 'astrahus', 'carbon-fiber-reaction-formula-athanor-rigs', 'dominix'].map(
    (c) => `industry-test-cases/everef/${c}/esi-market-prices.json`,
  ),
  'industry-test-cases/everef/dominix-lowsec-sotiyo-rigs/esi-market-prices.json',
  'industry-test-cases/everef/armor-energizing-charge-blueprint/manufacturing.txt',
  'industry-test-cases/everef/dominix-lowsec-sotiyo-rigs/manufacturing.txt',
  'pi-templates/MattFalahe_EVE-PI-Templates/Factory_P3/Factory_-_Robotics.json',
  'pi-templates/MattFalahe_EVE-PI-Templates/Factory_P2/Factory_-_Genetically_Enhanced_Livestock.json',
  'pi-templates/MattFalahe_EVE-PI-Templates/Factory_P2/Factory_-_Microfiber_Shielding.json',
  'pi-templates/MattFalahe_EVE-PI-Templates/Miners_CCU_V/Miner_-_Water_(CCU_V).json',
  'pi-templates/MattFalahe_EVE-PI-Templates/Miners_CCU_V/Miner_-_Oxidizing_Compound_(CCU_V).json',
];

/** Set by jest.full-sde.config.js: the specs it runs read the full SDE at SDE_PATH. */
export const FULL_SDE_ENV = 'EVE_TOOLKIT_FULL_SDE';

/**
 * The SDE folder a test reads: the committed subset, or under `npm run test:full-sde` the full SDE
 * named by SDE_PATH.
 */
export function testSdeDir(): string {
  return process.env[FULL_SDE_ENV] ? fullSdeDir() : SDE_SUBSET_DIR;
}

/** The full SDE of `npm run test:full-sde` (SDE_PATH); throws with what to set when it is missing. */
export function fullSdeDir(): string {
  const path = process.env.SDE_PATH ? resolve(process.env.SDE_PATH) : '';
  if (!path || !existsSync(join(path, 'types.jsonl')))
    throw new Error(`The full-SDE checks need SDE_PATH: a folder of CCP's JSON Lines SDE (got «${path}»)`);
  return path;
}

/**
 * The team's EVE data folder for the full-data checks that read more than the SDE (all PI templates,
 * the 2026-01 industry tables, the market samples): EVE_DATA_DIR, else the folder holding SDE_PATH.
 */
export function fullEveDataDir(need: string): string {
  const dir = resolve(process.env.EVE_DATA_DIR ?? dirname(fullSdeDir()));
  if (!existsSync(join(dir, need))) throw new Error(`This full-data check needs ${need} in EVE_DATA_DIR (got ${dir})`);
  return dir;
}
