// One lint setup for every workspace (flat config).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';

/**
 * Tests never decide on wall-clock time (issue 41): a duration measured in a test (a clock read
 * subtracted, or hrtime) is a figure for a benchmark (bench/), not something to compare with a
 * budget — on a shared 2-core machine any budget fails one run in N. Wait for an event or a state
 * instead; a hang is caught by the test's own timeout. Where a test only prints a duration, say so
 * in an eslint-disable comment.
 */
const clockRead = (name) => `CallExpression[callee.object.name='${name}'][callee.property.name='now']`;
const TIMING_IN_TESTS = [
  ...['performance', 'Date'].flatMap((clock) => [
    {
      // An instant in the past or future (`new Date(Date.now() - DAY)`) is data, not a duration.
      selector: `BinaryExpression[operator='-']:not(NewExpression[callee.name='Date'] BinaryExpression) > ${clockRead(clock)}`,
      message: `A duration measured in a test (${clock}.now() subtracted): tests wait for events or states, timings belong in bench/.`,
    },
    {
      selector: `CallExpression[callee.name='expect'] ${clockRead(clock)}`,
      message: `${clock}.now() inside expect(): a test's outcome must not depend on wall-clock time.`,
    },
  ]),
  {
    selector: "MemberExpression[object.name='process'][property.name='hrtime']",
    message: 'process.hrtime in a test: a duration measured in a test; timings belong in bench/.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'coverage/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // No regular expression that can backtrack super-linearly (pastes, uploads and forms reach them).
      'regexp/no-super-linear-backtracking': 'error',
    },
  },
  {
    files: [
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/*.test.{ts,tsx}',
      '**/*.e2e.ts',
      'backend/test/**/*.ts',
      'e2e/**/*.ts',
      'tools/*/test/**/*.ts',
      'packages/*/test/**/*.ts',
      'frontend/src/test/**/*.{ts,tsx}',
      'shared-types/src/test-support/**/*.ts',
    ],
    ignores: ['bench/**'],
    rules: { 'no-restricted-syntax': ['error', ...TIMING_IN_TESTS] },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: {
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
