/**
 * CCP's static-data address (developers.eveonline.com/static-data) on loopback, for the tests of the
 * SDE download: `tranquility/latest.jsonl` names the latest build, `tranquility/eve-online-static-data-
 * <build>-jsonl.zip` serves a build's archive with HTTP Range. Faults to order: the next archive
 * response cut after some bytes (once they are all in the downloader's `.part` file, so the resume
 * must ask for exactly the rest), and archives with a flipped byte.
 *
 * `zipSde` packs JSON Lines files the way CCP ships them (a flat, deflated zip) through yazl.
 */
import { once } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ZipFile } from 'yazl';

/** CCP's archive name of a build. */
export const sdeArchiveName = (build: number): string => `eve-online-static-data-${build}-jsonl.zip`;

/** The named files of `dir` as CCP's archive (flat, deflated). */
export async function zipSde(dir: string, names: readonly string[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const name of names) zip.addFile(join(dir, name), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface FakeStaticDataRequest {
  url: string;
  range?: string;
}

export interface FakeStaticData {
  /** The app's `SDE_BASE_URL` (…/static-data). */
  readonly base: string;
  /** Every request, in order (clear it with `requests.length = 0`). */
  readonly requests: FakeStaticDataRequest[];
  /** The archives served, by build. */
  readonly zips: Map<number, Buffer>;
  /** The build `latest.jsonl` names. */
  latest: number;
  /** Serve archives with a flipped byte in the middle. */
  corrupt: boolean;
  /**
   * Cut the next archive response after `at` bytes of its body, once the file `part` holds every
   * byte sent (waited for up to `waitMs`; the cut happens anyway after that).
   */
  cutNext(at: number, part: string, waitMs?: number): void;
  /** Forget the requests and the faults, name `latest` again. */
  reset(latest: number): void;
  close(): Promise<void>;
}

/** Resolves once `path` holds at least `bytes` bytes, or after `ms` (the state the cut waits for). */
async function fileReaches(path: string, bytes: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while ((!existsSync(path) || statSync(path).size < bytes) && Date.now() <= deadline) await delay(10);
}

export async function startFakeStaticData(options: {
  latest: number;
  zips?: Iterable<[number, Buffer]>;
  releaseDate?: string;
}): Promise<FakeStaticData> {
  const releaseDate = options.releaseDate ?? '2026-08-28T11:07:12Z';
  let cut: { at: number; part: string; waitMs: number } | null = null;
  const state = {
    latest: options.latest,
    corrupt: false,
    requests: [] as FakeStaticDataRequest[],
    zips: new Map<number, Buffer>(options.zips ?? []),
  };

  const server: Server = createServer((req, res) => {
    const url = req.url ?? '';
    state.requests.push({ url, range: req.headers.range });
    if (url === '/static-data/tranquility/latest.jsonl') {
      res.writeHead(200, { 'content-type': 'application/jsonl' });
      return void res.end(`{"_key": "sde", "buildNumber": ${state.latest}, "releaseDate": "${releaseDate}"}\n`);
    }
    const m = /^\/static-data\/tranquility\/eve-online-static-data-(\d+)-jsonl\.zip$/.exec(url);
    const zip = m ? state.zips.get(Number(m[1])) : undefined;
    if (!zip) return void res.writeHead(404).end();
    let body = zip;
    if (state.corrupt) {
      body = Buffer.from(zip);
      body[Math.floor(body.length / 2)] ^= 0xff;
    }
    const r = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const from = r ? Number(r[1]) : 0;
    if (from >= body.length) return void res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
    const slice = body.subarray(from);
    res.writeHead(r ? 206 : 200, {
      'content-type': 'application/zip',
      'content-length': String(slice.length),
      'accept-ranges': 'bytes',
      ...(r ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
    });
    const once = cut;
    cut = null;
    if (!once) return void res.end(slice);
    res.write(slice.subarray(0, once.at), () => {
      void fileReaches(once.part, from + once.at, once.waitMs).finally(() => res.destroy());
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');

  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/static-data`,
    requests: state.requests,
    zips: state.zips,
    get latest() {
      return state.latest;
    },
    set latest(build: number) {
      state.latest = build;
    },
    get corrupt() {
      return state.corrupt;
    },
    set corrupt(on: boolean) {
      state.corrupt = on;
    },
    cutNext(at, part, waitMs = 60_000) {
      cut = { at, part, waitMs };
    },
    reset(latest) {
      state.requests.length = 0;
      state.latest = latest;
      state.corrupt = false;
      cut = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
