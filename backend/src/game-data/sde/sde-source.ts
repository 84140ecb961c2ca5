/**
 * Where the SDE comes from: a folder of CCP's JSON Lines files or CCP's
 * `eve-online-static-data-<build>-jsonl.zip`, read as streams, line by line.
 */
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import * as yauzl from 'yauzl';

/** No usable source: the message says what was looked for. */
export class SdeSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SdeSourceError';
  }
}

/** A malformed file: names the file and the 1-based line. */
export class SdeFormatError extends Error {
  constructor(
    public readonly file: string,
    public readonly line: number,
    public readonly reason: string,
  ) {
    super(`Ошибка в файле SDE ${file}, строка ${line}: ${reason}`);
    this.name = 'SdeFormatError';
  }
}

export interface SdeSource {
  /** Human-readable location, for logs. */
  readonly description: string;
  has(file: string): boolean;
  /** Uncompressed size in bytes (for the progress bar). */
  size(file: string): number;
  open(file: string): Promise<Readable>;
  close(): Promise<void>;
}

class DirectorySource implements SdeSource {
  constructor(private readonly dir: string) {}
  get description(): string {
    return this.dir;
  }
  has(file: string): boolean {
    return existsSync(join(this.dir, file));
  }
  size(file: string): number {
    return statSync(join(this.dir, file)).size;
  }
  async open(file: string): Promise<Readable> {
    return createReadStream(join(this.dir, file), { highWaterMark: 256 * 1024 });
  }
  async close(): Promise<void> {
    /* nothing held open */
  }
}

class ZipSource implements SdeSource {
  private constructor(
    private readonly path: string,
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
  ) {}

  static async open(path: string): Promise<ZipSource> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, z) => (err ? reject(err) : resolve(z))),
    ).catch((err: unknown) => {
      throw new SdeSourceError(`Не удалось открыть архив SDE ${path}: ${err instanceof Error ? err.message : String(err)}`);
    });
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        // CCP's zip is flat; tolerate one folder level (a re-zipped unpacked folder).
        if (!entry.fileName.endsWith('/')) entries.set(basename(entry.fileName), entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
    return new ZipSource(path, zip, entries);
  }

  get description(): string {
    return this.path;
  }
  has(file: string): boolean {
    return this.entries.has(file);
  }
  size(file: string): number {
    return this.entries.get(file)?.uncompressedSize ?? 0;
  }
  open(file: string): Promise<Readable> {
    const entry = this.entries.get(file);
    if (!entry) return Promise.reject(new SdeSourceError(`В архиве ${this.path} нет файла ${file}`));
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
    );
  }
  async close(): Promise<void> {
    this.zip.close();
  }
}

const ZIP_NAME = /^eve-online-static-data-.*jsonl\.zip$/;

/**
 * Opens a folder with `_sde.jsonl` or a `.zip`. A folder without `_sde.jsonl` but with
 * downloaded CCP zips (SDE_URL) uses the newest of them.
 */
export async function openSdeSource(path: string): Promise<SdeSource> {
  if (!existsSync(path)) throw new SdeSourceError(`Источник SDE не найден: ${path} не существует`);
  const st = statSync(path);
  if (st.isFile()) {
    if (!path.endsWith('.zip')) throw new SdeSourceError(`Источник SDE ${path}: ожидается папка с файлами .jsonl или архив .zip`);
    return ZipSource.open(path);
  }
  if (existsSync(join(path, '_sde.jsonl'))) return new DirectorySource(path);
  const zips = readdirSync(path)
    .filter((f) => ZIP_NAME.test(f))
    .map((f) => ({ f, mtime: statSync(join(path, f)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  if (zips.length) return ZipSource.open(join(path, zips[0].f));
  throw new SdeSourceError(`Источник SDE не найден: в ${path} нет файла _sde.jsonl и архива eve-online-static-data-*-jsonl.zip`);
}

export interface JsonlLine {
  line: number;
  record: Record<string, unknown>;
}

/**
 * Streams the records of one JSON Lines file. Empty lines are skipped; anything that is not
 * a JSON object with `_key` throws SdeFormatError naming the file and line.
 * `onBytes` receives the raw byte count as the file is read (progress).
 */
export async function* readJsonl(source: SdeSource, file: string, onBytes?: (bytes: number) => void): AsyncGenerator<JsonlLine> {
  const stream = await source.open(file);
  if (onBytes) stream.on('data', (chunk: Buffer) => onBytes(chunk.length));
  const rl = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of rl) {
      line++;
      if (text.length === 0 || /^\s*$/.test(text)) continue;
      let record: unknown;
      try {
        record = JSON.parse(text);
      } catch (err) {
        throw new SdeFormatError(file, line, `некорректный JSON (${err instanceof Error ? err.message : String(err)})`);
      }
      if (typeof record !== 'object' || record === null || Array.isArray(record)) {
        throw new SdeFormatError(file, line, 'ожидается JSON-объект');
      }
      if (!('_key' in record)) throw new SdeFormatError(file, line, 'нет поля _key');
      yield { line, record: record as Record<string, unknown> };
    }
  } finally {
    rl.close();
    stream.destroy();
  }
}
