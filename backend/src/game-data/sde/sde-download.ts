/**
 * CCP's published SDE (developers.eveonline.com/docs/services/static-data): the build-info record
 * `<base>/tranquility/latest.jsonl` (`{"_key": "sde", "buildNumber": N, "releaseDate": "..."}`)
 * and the archive of that build `<base>/tranquility/eve-online-static-data-<N>-jsonl.zip`.
 * Downloads resume where they stopped (HTTP Range on the `.part` file), are retried with backoff,
 * show a progress bar on a terminal, and are verified before use: the size the server announced,
 * the zip's directory, every file the importer reads present, and each of them read whole against
 * its CRC-32. Only then is the `.part` renamed to the archive's name.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { crc32 } from 'node:zlib';
import { SingleBar } from 'cli-progress';
import * as yauzl from 'yauzl';
import { SdeSourceError } from './sde-source';
import type { SdeBuild } from './sde.types';

/** CCP's static-data address (SDE_BASE_URL overrides it, e.g. a mirror or a test server). */
export const CCP_SDE_BASE_URL = 'https://developers.eveonline.com/static-data';

export const latestBuildUrl = (base: string) => `${base.replace(/\/$/, '')}/tranquility/latest.jsonl`;
export const buildZipName = (build: number) => `eve-online-static-data-${build}-jsonl.zip`;
export const buildZipUrl = (base: string, build: number) => `${base.replace(/\/$/, '')}/tranquility/${buildZipName(build)}`;
/** CCP's "latest" archive (the CLI's `--url` without a value). */
export const latestZipUrl = (base: string) => `${base.replace(/\/$/, '')}/eve-online-static-data-latest-jsonl.zip`;

const ZIP_NAME = /^eve-online-static-data-(\d+|latest)-jsonl\.zip$/;

export interface DownloadOptions {
  /** Attempts in all (first try included). */
  attempts?: number;
  /** First retry delay; doubles each time. */
  retryDelayMs?: number;
  /** Per-request idle timeout: no byte for this long aborts the attempt (it resumes on the next). */
  idleTimeoutMs?: number;
  /** Files that must be in the archive (read whole and checked against their CRC-32). */
  requiredFiles?: readonly string[];
  log?: (msg: string) => void;
  /** Progress bar on a terminal, a line every 10 % otherwise (default: by process.stderr.isTTY). */
  progress?: 'bar' | 'lines' | 'none';
  fetchImpl?: typeof fetch;
}

const errText = (err: unknown) => {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
};

/** Reads CCP's build-info record. Throws SdeSourceError naming the address on any failure. */
export async function fetchLatestBuild(base: string, fetchImpl: typeof fetch = fetch, timeoutMs = 15_000): Promise<SdeBuild> {
  const url = latestBuildUrl(base);
  let text: string;
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = await res.text();
  } catch (err) {
    throw new SdeSourceError(`не удалось получить сведения о последней сборке SDE с ${url}: ${errText(err)}`);
  }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let rec: { _key?: unknown; buildNumber?: unknown; releaseDate?: unknown };
    try {
      rec = JSON.parse(line) as typeof rec;
    } catch {
      throw new SdeSourceError(`${url}: строка не JSON: ${line.slice(0, 80)}`);
    }
    if (rec._key !== 'sde') continue;
    if (typeof rec.buildNumber !== 'number' || !Number.isInteger(rec.buildNumber) || rec.buildNumber < 0)
      throw new SdeSourceError(`${url}: в записи sde нет номера сборки (buildNumber)`);
    return { buildNumber: rec.buildNumber, releaseDate: typeof rec.releaseDate === 'string' ? rec.releaseDate : null };
  }
  throw new SdeSourceError(`${url}: нет записи с ключом sde`);
}

/** Cached archives in `dir`, newest build first (CCP's numbered builds; "latest" last). */
export function cachedZips(dir: string): { file: string; build: number | null }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => ({ f, m: ZIP_NAME.exec(f) }))
    .filter((x): x is { f: string; m: RegExpExecArray } => x.m !== null)
    .map(({ f, m }) => ({ file: join(dir, f), build: m[1] === 'latest' ? null : Number(m[1]) }))
    .sort((a, b) => (b.build ?? -1) - (a.build ?? -1));
}

/**
 * Checks a downloaded archive: its central directory, the required files present, each of them
 * inflated whole and matching its CRC-32 and size. Throws SdeSourceError with the reason.
 */
export async function verifySdeZip(path: string, requiredFiles: readonly string[]): Promise<void> {
  const fail = (why: string) => new SdeSourceError(`Архив SDE ${path} повреждён: ${why}`);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, z) => (err ? reject(fail(err.message)) : resolve(z))),
  );
  try {
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => {
        if (!e.fileName.endsWith('/')) entries.set(basename(e.fileName), e);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', (err: Error) => reject(fail(err.message)));
      zip.readEntry();
    });
    const missing = requiredFiles.filter((f) => !entries.has(f));
    if (missing.length) throw fail(`нет файлов ${missing.join(', ')}`);
    for (const name of requiredFiles) {
      const entry = entries.get(name)!;
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err ? reject(fail(`${name}: ${err.message}`)) : resolve(s))),
      );
      let crc = 0;
      let size = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          crc = crc32(chunk, crc);
          size += chunk.length;
        }
      } catch (err) {
        throw fail(`${name}: ${errText(err)}`);
      }
      if (size !== entry.uncompressedSize) throw fail(`${name}: ${size} байт вместо ${entry.uncompressedSize}`);
      if (crc >>> 0 !== entry.crc32 >>> 0) throw fail(`${name}: контрольная сумма CRC-32 не совпадает`);
    }
  } finally {
    zip.close();
  }
}

class DownloadProgress {
  private bar: SingleBar | null = null;
  private lastTenth = -1;
  constructor(
    private readonly mode: 'bar' | 'lines' | 'none',
    private readonly log: (msg: string) => void,
    private readonly name: string,
  ) {}
  start(total: number, done: number): void {
    if (this.mode === 'bar' && total > 0) {
      this.bar = new SingleBar({
        format: 'Загрузка SDE [{bar}] {percentage}% | {mbDone}/{mbTotal} МБ | {eta_formatted}',
        barCompleteChar: '█',
        barIncompleteChar: '░',
        hideCursor: true,
        fps: 5,
        stream: process.stderr,
      });
      this.bar.start(total, done, { mbDone: mb(done), mbTotal: mb(total) });
    }
    this.update(done, total);
  }
  update(done: number, total: number): void {
    if (this.bar) this.bar.update(done, { mbDone: mb(done), mbTotal: mb(total) });
    else if (this.mode === 'lines' && total > 0) {
      const tenth = Math.floor((done / total) * 10);
      if (tenth !== this.lastTenth) {
        this.lastTenth = tenth;
        this.log(`Загрузка SDE ${this.name}: ${tenth * 10}% (${mb(done)} из ${mb(total)} МБ)`);
      }
    }
  }
  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }
}

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

/** Bytes already in `.part` (0 when there is none). */
const partSize = (part: string) => (existsSync(part) ? statSync(part).size : 0);

/**
 * One attempt: GET (with `Range: bytes=<have>-` when a `.part` exists) appended to the `.part`.
 * Returns the total size the server announced (or null when it did not say).
 */
async function attempt(
  url: string,
  part: string,
  opts: Required<Pick<DownloadOptions, 'idleTimeoutMs'>> & { fetchImpl: typeof fetch; progress: DownloadProgress },
): Promise<number | null> {
  const have = partSize(part);
  const abort = new AbortController();
  let idle = setTimeout(() => abort.abort(new Error('нет данных')), opts.idleTimeoutMs);
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => abort.abort(new Error(`нет данных ${opts.idleTimeoutMs} мс`)), opts.idleTimeoutMs);
  };
  try {
    const res = await opts.fetchImpl(url, {
      headers: have > 0 ? { range: `bytes=${have}-` } : {},
      signal: abort.signal,
    });
    let start = 0;
    let total: number | null = null;
    if (res.status === 206) {
      const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(res.headers.get('content-range') ?? '');
      if (!m || Number(m[1]) !== have) {
        await res.body?.cancel();
        rmSync(part, { force: true });
        throw new Error('сервер вернул не тот диапазон: загрузка начнётся заново');
      }
      start = have;
      total = m[3] === '*' ? null : Number(m[3]);
    } else if (res.status === 416 && have > 0) {
      // Range beyond the end: the .part already holds everything (or is wrong; verification decides).
      const m = /^bytes \*\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
      await res.body?.cancel();
      if (m && Number(m[1]) === have) return have;
      rmSync(part, { force: true });
      throw new Error('сервер отказал в продолжении: загрузка начнётся заново');
    } else if (res.ok) {
      const len = res.headers.get('content-length');
      total = len !== null && /^\d+$/.test(len) ? Number(len) : null;
    } else {
      await res.body?.cancel();
      const err = new Error(`HTTP ${res.status}`);
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)
        (err as { final?: boolean }).final = true;
      throw err;
    }
    if (!res.body) throw new Error('пустой ответ');
    let done = start;
    opts.progress.start(total ?? 0, done);
    // Each chunk is on disk before the next is read: a transfer cut midway leaves every byte it
    // delivered in the .part, and the next attempt asks for the rest.
    const file = await open(part, start > 0 ? 'a' : 'w');
    try {
      for await (const chunk of Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>) as AsyncIterable<Buffer>) {
        touch();
        await file.write(chunk);
        done += chunk.length;
        opts.progress.update(done, total ?? 0);
      }
    } finally {
      await file.close();
    }
    opts.progress.stop();
    if (total !== null && partSize(part) !== total)
      throw new Error(`получено ${partSize(part)} байт из ${total}: загрузка продолжится`);
    return total;
  } finally {
    clearTimeout(idle);
    opts.progress.stop();
  }
}

/**
 * Downloads `url` into `dir/<name>` (resuming a `.part` left by an earlier try or run), retried
 * with backoff, then verified (size and zip integrity) and renamed into place. Returns the path.
 */
export async function downloadSdeZip(url: string, dir: string, name: string, options: DownloadOptions = {}): Promise<string> {
  const log = options.log ?? (() => undefined);
  const attempts = options.attempts ?? 6;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const fetchImpl = options.fetchImpl ?? fetch;
  const mode = options.progress ?? (process.stderr.isTTY ? 'bar' : 'lines');
  mkdirSync(dir, { recursive: true });
  const target = join(dir, name);
  const part = `${target}.part`;
  let lastError = '';
  for (let i = 1; i <= attempts; i++) {
    const resumeFrom = partSize(part);
    log(
      `Загрузка SDE: ${url}${resumeFrom > 0 ? ` (продолжение с ${mb(resumeFrom)} МБ)` : ''}${i > 1 ? `, попытка ${i} из ${attempts}` : ''}`,
    );
    try {
      const total = await attempt(url, part, {
        idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
        fetchImpl,
        progress: new DownloadProgress(mode, log, name),
      });
      if (total !== null && partSize(part) !== total) throw new Error(`размер ${partSize(part)} вместо ${total}`);
      try {
        await verifySdeZip(part, options.requiredFiles ?? ['_sde.jsonl']);
      } catch (err) {
        rmSync(part, { force: true }); // a corrupt archive is not resumed: start over
        throw err;
      }
      renameSync(part, target);
      log(`SDE сохранён и проверен: ${target} (${mb(statSync(target).size)} МБ)`);
      return target;
    } catch (err) {
      lastError = errText(err);
      if ((err as { final?: boolean }).final) break;
      if (i < attempts) {
        const delay = retryDelayMs * 2 ** (i - 1);
        log(`Загрузка SDE прервана: ${lastError}; повтор через ${(delay / 1000).toFixed(1)} с`);
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }
  throw new SdeSourceError(`Не удалось скачать SDE с ${url}: ${lastError}`);
}

/** Removes cached archives other than `keep` (and their `.part` files). */
export function pruneCachedZips(dir: string, keep: string): void {
  if (!existsSync(dir)) return;
  for (const f of readdirSync(dir)) {
    const path = join(dir, f);
    if (path === keep) continue;
    if (ZIP_NAME.test(f) || (f.endsWith('.zip.part') && ZIP_NAME.test(f.slice(0, -5)))) rmSync(path, { force: true });
  }
}
