/**
 * Pieces for proving the repository stands alone (CCP's static-data address on loopback is the
 * stand-in's `startFakeStaticData`, tools/fake-esi):
 * - `standaloneCopy`: the built repository copied to a temp folder with no `../shared` beside it
 *   (node_modules linked entry by entry, the project's own packages copied, not linked).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO } from './app-process';

/** What `npm start` runs, copied out of the repository (built files, the data that ships with it). */
const COPIED = [
  'package.json',
  'backend/package.json',
  'backend/dist',
  'backend/data',
  'frontend/dist',
  'shared-types/package.json',
  'shared-types/dist',
  'packages/embedded-mongo/package.json',
  'packages/embedded-mongo/dist',
  'tools/fake-esi/package.json',
  'tools/fake-esi/dist',
  'tools/fake-esi/data',
];
/** The project's own packages, as npm links them into node_modules (copied, so nothing resolves back here). */
const WORKSPACES: Record<string, string> = {
  'shared-types': 'shared-types',
  'embedded-mongo': 'packages/embedded-mongo',
  'fake-esi': 'tools/fake-esi',
  backend: 'backend',
};

/**
 * `<tmp>/copy/repo`: the built repository without `../shared` beside it. Third-party packages are
 * linked from this checkout's node_modules (an `npm install` would give the same files).
 */
export function standaloneCopy(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'eve-standalone-')), 'repo');
  for (const rel of COPIED) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    cpSync(join(REPO, rel), join(root, rel), { recursive: true });
  }
  const modules = join(root, 'node_modules');
  mkdirSync(join(modules, '@eve-toolkit'), { recursive: true });
  for (const entry of readdirSync(join(REPO, 'node_modules'))) {
    if (entry === '@eve-toolkit' || entry === '.bin') continue;
    symlinkSync(join(REPO, 'node_modules', entry), join(modules, entry));
  }
  for (const [name, dir] of Object.entries(WORKSPACES)) symlinkSync(join(root, dir), join(modules, '@eve-toolkit', name));
  return root;
}
