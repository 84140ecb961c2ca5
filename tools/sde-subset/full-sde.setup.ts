// jest.full-sde.config.js: the specs read the full SDE at SDE_PATH (tools/sde-subset/paths.ts).
import { FULL_SDE_ENV, fullSdeDir } from './paths';

process.env[FULL_SDE_ENV] = fullSdeDir();
