/**
 * Pieces for proving the repository stands alone:
 * - `writeSdeZip`: CCP's archive layout (a flat zip of the JSON Lines files) built from a folder;
 * - `startFakeCcp`: CCP's static-data address on loopback (`tranquility/latest.jsonl` and the
 *   build's archive, with HTTP Range; the first archive response can be cut to force a resume,
 *   once every byte sent is in the downloader's `.part`, so the resume must ask for exactly the rest);
 * - `standaloneCopy`: the built repository copied to a temp folder with no `../shared` beside it
 *   (node_modules linked entry by entry, the project's own packages copied, not linked).
 */
import { once } from 'node:events';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { REPO } from './app-process';

/** Zips every file of `dir` (deflate, level 1) into `out`, CCP-style: flat, no folders. */
export function writeSdeZip(dir: string, out: string): void {
  const names = readdirSync(dir).filter((f) => statSync(join(dir, f)).isFile());
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const data = readFileSync(join(dir, name));
    const packed = deflateRawSync(data, { level: 1 });
    const crc = crc32(data);
    const fname = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fname.length, 26);
    parts.push(local, fname, packed);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(packed.length, 20);
    c.writeUInt32LE(data.length, 24);
    c.writeUInt16LE(fname.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, fname);
    offset += 30 + fname.length + packed.length;
  }
  const dirSize = central.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(out, Buffer.concat([...parts, ...central, end]));
}

export interface FakeCcp {
  /** SDE_BASE_URL for the app. */
  base: string;
  requests: { url: string; range?: string }[];
  close(): Promise<void>;
}

/** Resolves once `path` holds at least `bytes` bytes (bounded: the cut happens anyway after `ms`). */
async function fileReaches(path: string, bytes: number, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!existsSync(path) || statSync(path).size < bytes) {
    if (Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Serves `zip` as build `build` the way developers.eveonline.com/static-data does. `cut`: the first
 * archive response stops after `at` bytes, once they are all in the downloader's `.part` file.
 */
export async function startFakeCcp(
  zip: string,
  build: number,
  options: { cut?: { at: number; part: string } } = {},
): Promise<FakeCcp> {
  const data = readFileSync(zip);
  const size = data.length;
  const requests: FakeCcp['requests'] = [];
  let cut = options.cut ?? null;
  const server: Server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', range: req.headers.range });
    if (req.url === '/static-data/tranquility/latest.jsonl') {
      res.writeHead(200, { 'content-type': 'application/jsonl' });
      return void res.end(`{"_key": "sde", "buildNumber": ${build}, "releaseDate": "2025-06-24T00:00:00Z"}\n`);
    }
    if (req.url !== `/static-data/tranquility/eve-online-static-data-${build}-jsonl.zip`) return void res.writeHead(404).end();
    const r = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const from = r ? Number(r[1]) : 0;
    res.writeHead(r ? 206 : 200, {
      'content-type': 'application/zip',
      'content-length': String(size - from),
      'accept-ranges': 'bytes',
      ...(r ? { 'content-range': `bytes ${from}-${size - 1}/${size}` } : {}),
    });
    const once = cut;
    cut = null;
    if (once === null) return void res.end(data.subarray(from));
    res.write(
      data.subarray(from, from + once.at),
      () => void fileReaches(once.part, from + once.at).finally(() => res.destroy()),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/static-data`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

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
