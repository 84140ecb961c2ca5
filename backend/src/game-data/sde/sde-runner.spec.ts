import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from './cli';
import { CCP_LATEST_SDE_URL, reimportReason, resolveSdeSource } from './sde-runner';
import { SDE_FORMAT_VERSION } from './sde-store';

describe('reimportReason (start policy)', () => {
  it.each([
    [null, 0, 'игровых данных в базе ещё нет'],
    [{ buildNumber: 0, formatVersion: SDE_FORMAT_VERSION }, 0, null],
    [{ buildNumber: 3484357, formatVersion: SDE_FORMAT_VERSION }, 3484357, null],
    [{ buildNumber: 0, formatVersion: SDE_FORMAT_VERSION }, 3484357, 'сборка SDE изменилась (0 -> 3484357)'],
    [{ buildNumber: 3484357, formatVersion: SDE_FORMAT_VERSION }, 3294658, 'сборка SDE изменилась (3484357 -> 3294658)'],
    [
      { buildNumber: 0, formatVersion: SDE_FORMAT_VERSION - 1 },
      0,
      `формат данных изменился (${SDE_FORMAT_VERSION - 1} -> ${SDE_FORMAT_VERSION})`,
    ],
  ])('active %p, source build %p -> %p', (active, build, expected) => {
    expect(reimportReason(active, { buildNumber: build, releaseDate: null })).toBe(expected);
  });
});

describe('cli arguments', () => {
  it.each([
    [[], { ifNeeded: false }],
    [['--path', '/data/sde.zip'], { ifNeeded: false, path: '/data/sde.zip' }],
    [['--url'], { ifNeeded: false, url: CCP_LATEST_SDE_URL }],
    [['--url', 'http://mirror/sde.zip', '--if-needed'], { ifNeeded: true, url: 'http://mirror/sde.zip' }],
    [['--url', '--if-needed'], { ifNeeded: true, url: CCP_LATEST_SDE_URL }],
  ])('%p', (argv, expected) => expect(parseArgs(argv)).toEqual(expected));

  it('rejects unknown arguments', () => {
    expect(() => parseArgs(['--force'])).toThrow('Неизвестный аргумент: --force');
  });
});

describe('resolveSdeSource', () => {
  let server: Server;
  let base: string;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url === '/static-data/eve-online-static-data-3484357-jsonl.zip') {
        res.writeHead(200, { 'content-type': 'application/zip' }).end(Buffer.from('PK-fake-zip-bytes'));
      } else res.writeHead(404).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const dataDir = () => mkdtempSync(join(tmpdir(), 'sde-data-'));
  const log = () => undefined;

  it('uses SDE_PATH when it exists', async () => {
    const dir = dataDir();
    expect(await resolveSdeSource({ dataDir: dir, sde: { path: dir, autoImport: true } }, log)).toBe(dir);
  });

  it('downloads SDE_URL once into DATA_DIR/sde, again only when asked', async () => {
    const dir = dataDir();
    const config = {
      dataDir: dir,
      sde: { url: `${base}/static-data/eve-online-static-data-3484357-jsonl.zip`, autoImport: true },
    };
    expect(await resolveSdeSource(config, log)).toBe(join(dir, 'sde'));
    const file = join(dir, 'sde', 'eve-online-static-data-3484357-jsonl.zip');
    expect(readFileSync(file, 'utf8')).toBe('PK-fake-zip-bytes');
    expect(existsSync(`${file}.part`)).toBe(false);
    const before = hits;
    await resolveSdeSource(config, log);
    expect(hits).toBe(before);
    await resolveSdeSource(config, log, { download: true });
    expect(hits).toBe(before + 1);
  });

  it('a failed download is a clear error and leaves nothing behind', async () => {
    const dir = dataDir();
    await expect(resolveSdeSource({ dataDir: dir, sde: { url: `${base}/missing.zip`, autoImport: true } }, log)).rejects.toThrow(
      `Не удалось скачать SDE с ${base}/missing.zip: HTTP 404`,
    );
    expect(readdirSync(join(dir, 'sde'))).toEqual([]);
  });

  it.each([
    [
      { path: '/nonexistent/sde', autoImport: true },
      'Источник SDE не найден: /nonexistent/sde не существует (SDE_PATH), SDE_URL не задан',
    ],
    [{ autoImport: true }, 'Источник SDE не найден: задайте SDE_PATH (папка с файлами .jsonl или архив .zip) или SDE_URL'],
  ])('no source: %p', async (sde, message) => {
    await expect(resolveSdeSource({ dataDir: dataDir(), sde }, log)).rejects.toThrow(message);
  });
});
