// One root command runs every test: `npm test` (builds first, then this).
// Each workspace is a jest "project"; TypeScript goes through swc (fast on 2 cores).
const swc = (extra = {}) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      ...extra,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];
const srcMap = {
  '^@eve-toolkit/shared-types$': '<rootDir>/shared-types/src/index.ts',
  '^@eve-toolkit/shared-types/schemas$': '<rootDir>/shared-types/src/schemas.ts',
  '^@eve-toolkit/shared-types/testing$': '<rootDir>/shared-types/src/testing.ts',
  '^@eve-toolkit/embedded-mongo$': '<rootDir>/packages/embedded-mongo/src/index.ts',
  '^@eve-toolkit/fake-esi$': '<rootDir>/tools/fake-esi/src/index.ts',
};
// TEST_NOW (the date sweep, tools/test-clock) fakes the wall clock in every project.
const clock = '<rootDir>/tools/test-clock/fake-clock.ts';
const base = {
  rootDir: __dirname,
  // jose ships only ES modules: swc turns it into CommonJS for jest like the project's own code.
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  transform: { '^.+\\.(t|j)sx?$': swc() },
  moduleNameMapper: srcMap,
  setupFilesAfterEnv: [clock],
};

module.exports = {
  projects: [
    { ...base, displayName: 'shared-types', testEnvironment: 'node', testMatch: ['<rootDir>/shared-types/src/**/*.spec.ts'] },
    {
      ...base,
      displayName: 'embedded-mongo',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/packages/embedded-mongo/{src,test}/**/*.{spec,test}.ts'],
    },
    {
      ...base,
      displayName: 'fake-esi',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tools/fake-esi/{src,test}/**/*.{spec,test}.ts'],
    },
    {
      ...base,
      displayName: 'deploy',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/deploy/**/*.spec.ts'],
    },
    {
      ...base,
      displayName: 'sde-subset',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tools/sde-subset/**/*.spec.ts'],
    },
    {
      ...base,
      displayName: 'backend',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/backend/src/**/*.spec.ts', '<rootDir>/backend/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/backend/test/global-setup.ts',
      globalTeardown: '<rootDir>/backend/test/global-teardown.ts',
    },
    {
      ...base,
      displayName: 'frontend',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/frontend/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: [clock, '<rootDir>/frontend/src/test/setup.ts'],
      moduleNameMapper: {
        ...srcMap,
        '\\.(css|less)$': 'identity-obj-proxy',
        '\\.(svg|png|jpg|webp)$': '<rootDir>/frontend/src/test/file-stub.ts',
      },
    },
    {
      ...base,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/global-teardown.ts',
    },
  ],
  maxWorkers: 2,
  // A test's own budget on a busy 2-core machine (component tests render whole pages with user
  // events; 5 s is too tight when two workers and a build share the cores). Tests that wait for
  // something specific bound that wait themselves.
  testTimeout: 30_000,
};
