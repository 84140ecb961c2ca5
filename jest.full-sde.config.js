// `SDE_PATH=<folder of CCP's .jsonl files> npm run test:full-sde`: the checks that need a full SDE
// (and, for a few, the team's EVE data folder: EVE_DATA_DIR, default the folder holding SDE_PATH).
// Not part of `npm test`, which reads only the repository's SDE subset (tools/sde-subset); .ci/run
// runs this when ../shared/eve-data/sde-jsonl exists. The golden trees, the planetary catalogue and
// the rig effects run here again on the full data, so a row the subset lacks shows up.
const base = require('./jest.config.js');

const project = (name) => base.projects.find((p) => p.displayName === name);
const fullSde = { setupFiles: ['<rootDir>/tools/sde-subset/full-sde.setup.ts'] };
// No database: the backend project's global setup (an embedded MongoDB per worker) is left out.
const backend = { ...project('backend') };
delete backend.globalSetup;
delete backend.globalTeardown;

module.exports = {
  ...base,
  projects: [
    {
      ...backend,
      ...fullSde,
      displayName: 'full-sde',
      testMatch: [
        '<rootDir>/backend/src/**/*.full-sde.ts',
        '<rootDir>/backend/src/industry/domain/*.golden.spec.ts',
        '<rootDir>/backend/src/planetology/domain/{catalogue,chain,templates}.spec.ts',
        '<rootDir>/backend/src/game-data/sde/rig-effects.spec.ts',
        '<rootDir>/tools/fake-esi/test/**/*.full-sde.ts',
        '<rootDir>/tools/sde-subset/**/*.full-sde.ts',
      ],
    },
  ],
  testTimeout: 120_000,
};
