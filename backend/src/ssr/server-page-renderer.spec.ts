import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The server entry is built as CommonJS with its lazy parts in chunks of their own, each of which
 * requires the entry back (frontend/vite.config.ts). A rebuild that changes the entry but keeps a
 * chunk's name (its content hash) must not leave that chunk bound to the previous entry (the
 * previous React: hooks would fail). Run in a Node process of its own: jest's `require` keeps a
 * module registry of its own, not Node's `require.cache` that the renderer clears.
 */
describe('the server entry, loaded again after a rebuild', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'ssr-entry-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('renders with the new build: its chunks see the new entry', () => {
    const driver = join(dir, 'driver.ts');
    writeFileSync(
      driver,
      `
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from 'express';
import type { AppConfig } from ${JSON.stringify(join(__dirname, '../common/config/config'))};
import type { PageDataService } from ${JSON.stringify(join(__dirname, 'page-data.service'))};
import { SERVER_ENTRY, ServerPageRenderer } from ${JSON.stringify(join(__dirname, 'server-page-renderer'))};

const dist = ${JSON.stringify(dir)};
mkdirSync(join(dist, '.ssr'));
const writeBuild = (version: number, mtime: number) => {
  const entry = join(dist, SERVER_ENTRY);
  writeFileSync(entry, 'exports.version = ' + version + ";\\nexports.render = async () => require('./page-chunk.cjs').page();\\n");
  writeFileSync(
    join(dist, '.ssr', 'page-chunk.cjs'),
    "const entry = require('./entry-server.cjs');\\nexports.page = () => ({ html: 'build ' + entry.version, title: 't', state: '' });\\n",
  );
  utimesSync(entry, mtime, mtime);
};
const pages = new ServerPageRenderer(
  { frontendDist: dist, serverRender: true } as AppConfig,
  { load: () => Promise.reject(new Error('not asked')) } as unknown as PageDataService,
);
const request = { originalUrl: '/news', path: '/news', headers: {} } as Request;
void (async () => {
  const before = (await pages.render(request))?.html ?? null;
  writeBuild(1, 1_000_000);
  const first = (await pages.render(request))?.html;
  writeBuild(2, 2_000_000);
  const second = (await pages.render(request))?.html;
  process.stdout.write(JSON.stringify([before, first, second]));
})();
`,
    );
    const out = execFileSync(process.execPath, ['--import', 'tsx', driver], {
      cwd: join(__dirname, '..', '..'),
      encoding: 'utf8',
    });
    // No build yet: no render (the browser renders the page); then each build's own.
    expect(JSON.parse(out)).toEqual([null, 'build 1', 'build 2']);
  });
});
