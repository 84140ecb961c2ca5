/**
 * Runs the project's TypeScript from source in a plain node process or worker thread, compiled as
 * jest compiles it (swc with legacy decorators and their metadata, which Nest's injection reads)
 * and with jest's module map (jest.config.js `srcMap`, so no package needs a build):
 * `node -r ./backend/register-ts.cjs file.ts`. Used where code running from source starts more
 * code: the test instances a test kills with SIGKILL (a process of its own, not the jest worker,
 * backend/test/support/instance-process.ts) and the appraisal worker thread when the app runs from
 * source (backend/src/appraisal/appraisal-reader.ts). The build never loads it.
 */
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { resolve } = require('node:path');
const { transformSync } = require('@swc/core');

const root = resolve(__dirname, '..');
const sources = {
  '@eve-toolkit/shared-types': 'shared-types/src/index.ts',
  '@eve-toolkit/shared-types/schemas': 'shared-types/src/schemas.ts',
  '@eve-toolkit/shared-types/testing': 'shared-types/src/testing.ts',
  '@eve-toolkit/embedded-mongo': 'packages/embedded-mongo/src/index.ts',
  '@eve-toolkit/fake-esi': 'tools/fake-esi/src/index.ts',
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, sources[request] ? resolve(root, sources[request]) : request, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
