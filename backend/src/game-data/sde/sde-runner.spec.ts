import { createHash } from 'node:crypto';
import { startFakeStaticData, zipSde, type FakeStaticData } from '@eve-toolkit/fake-esi';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../common/config/config';
import { parseArgs } from './cli';
import { SDE_FILES } from './sde-importer';
import { CCP_LATEST_SDE_URL, reimportReason, resolveSdeSource, usesCcpSource } from './sde-runner';
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

/** Temp folders of this file, removed at the end. */
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A valid CCP-style archive of build `build` (every file the importer reads; tiny contents). */
async function fakeSdeZip(build: number): Promise<Buffer> {
  const dir = tempDir('sde-src-');
  for (const f of SDE_FILES) writeFileSync(join(dir, f), '{"_key": 1}\n');
  writeFileSync(join(dir, '_sde.jsonl'), `{"_key": "sde", "buildNumber": ${build}, "releaseDate": "2026-08-28T11:07:12Z"}\n`);
  // Big enough to be sent in several chunks, so a cut mid-body leaves a partial file.
  const noise = (i: number) => createHash('sha256').update(String(i)).digest('hex');
  writeFileSync(
    join(dir, 'types.jsonl'),
    `${Array.from({ length: 3000 }, (_, i) => `{"_key": ${i}, "n": "${noise(i)}"}`).join('\n')}\n`,
  );
  return zipSde(dir, SDE_FILES);
}

describe('resolveSdeSource', () => {
  let ccp: FakeStaticData;
  beforeAll(async () => {
    ccp = await startFakeStaticData({
      latest: 3484357,
      zips: [
        [3484357, await fakeSdeZip(3484357)],
        [3500000, await fakeSdeZip(3500000)],
      ],
    });
  });
  afterAll(() => ccp.close());
  beforeEach(() => ccp.reset(3484357));

  const dataDir = () => tempDir('sde-data-');
  const logs: string[] = [];
  const log = (m: string) => void logs.push(m);
  const fast = { retryDelayMs: 10, progress: 'none' as const };
  const ccpConfig = (dir: string) => ({ dataDir: dir, sde: { baseUrl: ccp.base, autoImport: true } });

  it('uses SDE_PATH when it exists; a missing SDE_PATH is an error naming it', async () => {
    const dir = dataDir();
    expect(await resolveSdeSource({ dataDir: dir, sde: { path: dir, autoImport: true } }, log)).toBe(dir);
    await expect(resolveSdeSource({ dataDir: dir, sde: { path: '/nonexistent/sde', autoImport: true } }, log)).rejects.toThrow(
      'Источник SDE не найден: /nonexistent/sde не существует (SDE_PATH)',
    );
  });

  it("CCP's latest build: reads latest.jsonl, downloads that build's archive, retries a cut transfer, verifies it", async () => {
    const dir = dataDir();
    const zip = ccp.zips.get(3484357)!;
    expect(zip.length).toBeGreaterThan(110_000);
    // Cut after 60 000 bytes, once they are all in the downloader's .part.
    ccp.cutNext(60_000, join(dir, 'sde', 'eve-online-static-data-3484357-jsonl.zip.part'));
    const file = await resolveSdeSource(ccpConfig(dir), log, fast);
    expect(file).toBe(join(dir, 'sde', 'eve-online-static-data-3484357-jsonl.zip'));
    expect(readFileSync(file).equals(zip)).toBe(true);
    expect(ccp.requests.map((r) => r.url)).toEqual([
      '/static-data/tranquility/latest.jsonl',
      '/static-data/tranquility/eve-online-static-data-3484357-jsonl.zip',
      '/static-data/tranquility/eve-online-static-data-3484357-jsonl.zip',
    ]);
    // The first request asks for everything; the retry for exactly the rest of the 60 000 bytes on disk.
    expect(ccp.requests[1].range).toBeUndefined();
    expect(ccp.requests[2].range).toBe('bytes=60000-');
    expect(readdirSync(join(dir, 'sde'))).toEqual(['eve-online-static-data-3484357-jsonl.zip']);

    // Cached: the next check only reads latest.jsonl.
    ccp.requests.length = 0;
    expect(await resolveSdeSource(ccpConfig(dir), log, fast)).toBe(file);
    expect(ccp.requests.map((r) => r.url)).toEqual(['/static-data/tranquility/latest.jsonl']);

    // CCP publishes a newer build: it is downloaded and the older archive removed.
    ccp.latest = 3500000;
    const newer = await resolveSdeSource(ccpConfig(dir), log, fast);
    expect(newer).toBe(join(dir, 'sde', 'eve-online-static-data-3500000-jsonl.zip'));
    expect(readdirSync(join(dir, 'sde'))).toEqual(['eve-online-static-data-3500000-jsonl.zip']);
  });

  it('resumes the .part an interrupted run left with HTTP Range, and the result is the whole archive', async () => {
    const dir = dataDir();
    const zip = ccp.zips.get(3484357)!;
    mkdirSync(join(dir, 'sde'));
    writeFileSync(join(dir, 'sde', 'eve-online-static-data-3484357-jsonl.zip.part'), zip.subarray(0, 50_000));
    const file = await resolveSdeSource(ccpConfig(dir), log, fast);
    expect(ccp.requests.slice(1)).toEqual([
      { url: '/static-data/tranquility/eve-online-static-data-3484357-jsonl.zip', range: 'bytes=50000-' },
    ]);
    expect(readFileSync(file).equals(zip)).toBe(true);
    expect(readdirSync(join(dir, 'sde'))).toEqual(['eve-online-static-data-3484357-jsonl.zip']);
  });

  it('a corrupt archive is refused after every attempt, and nothing is left behind', async () => {
    const dir = dataDir();
    ccp.corrupt = true;
    await expect(resolveSdeSource(ccpConfig(dir), log, { ...fast, attempts: 2 })).rejects.toThrow(
      /Не удалось скачать SDE с http:\/\/127\.0\.0\.1:\d+\/static-data\/tranquility\/eve-online-static-data-3484357-jsonl\.zip: Архив SDE .* повреждён/,
    );
    expect(ccp.requests.filter((r) => r.url.endsWith('.zip'))).toHaveLength(2);
    expect(readdirSync(join(dir, 'sde'))).toEqual([]);
  });

  it('offline: the cached archive is used; with none the error names the address tried and what to set', async () => {
    const dir = dataDir();
    await resolveSdeSource(ccpConfig(dir), log, fast);
    const offline = { dataDir: dir, sde: { baseUrl: 'http://127.0.0.1:9/static-data', autoImport: true } };
    expect(await resolveSdeSource(offline, log, fast)).toBe(join(dir, 'sde', 'eve-online-static-data-3484357-jsonl.zip'));
    await expect(resolveSdeSource({ ...offline, dataDir: dataDir() }, log, fast)).rejects.toThrow(
      /^Источник SDE не найден: не удалось получить сведения о последней сборке SDE с http:\/\/127\.0\.0\.1:9\/static-data\/tranquility\/latest\.jsonl: .*Нужен доступ к http:\/\/127\.0\.0\.1:9\/static-data\/tranquility\/latest\.jsonl \(SDE_BASE_URL\), или задайте SDE_PATH \(папка с файлами \.jsonl или архив \.zip\) либо SDE_URL/,
    );
  });

  it("with no setting at all the source is CCP's address, and the error names it", async () => {
    const config = loadConfig({ APP_MODE: 'production', SESSION_SECRET: 'x'.repeat(16), TOKEN_ENCRYPTION_KEY: 'y'.repeat(16) });
    expect(config.sde.path).toBeUndefined();
    expect(config.sde.baseUrl).toBe('https://developers.eveonline.com/static-data');
    expect(config.sde.checkIntervalMs).toBe(6 * 3_600_000);
    expect(usesCcpSource(config)).toBe(true);
    const offline: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    await expect(resolveSdeSource({ ...config, dataDir: dataDir() }, log, { fetchImpl: offline })).rejects.toThrow(
      'Источник SDE не найден: не удалось получить сведения о последней сборке SDE с https://developers.eveonline.com/static-data/tranquility/latest.jsonl: fetch failed. Нужен доступ к https://developers.eveonline.com/static-data/tranquility/latest.jsonl (SDE_BASE_URL)',
    );
  });

  it('SDE_URL: downloaded once into DATA_DIR/sde, again only when asked; a 404 is final and leaves nothing', async () => {
    const dir = dataDir();
    const url = `${ccp.base}/tranquility/eve-online-static-data-3484357-jsonl.zip`;
    const config = { dataDir: dir, sde: { url, autoImport: true } };
    expect(usesCcpSource(config)).toBe(false);
    const file = await resolveSdeSource(config, log, fast);
    expect(file).toBe(join(dir, 'sde', 'eve-online-static-data-3484357-jsonl.zip'));
    expect(existsSync(`${file}.part`)).toBe(false);
    await resolveSdeSource(config, log, fast);
    expect(ccp.requests).toHaveLength(1);
    await resolveSdeSource(config, log, { ...fast, download: true });
    expect(ccp.requests).toHaveLength(2);

    const missing = { dataDir: dataDir(), sde: { url: `${ccp.base}/missing.zip`, autoImport: true } };
    await expect(resolveSdeSource(missing, log, fast)).rejects.toThrow(
      `Не удалось скачать SDE с ${ccp.base}/missing.zip: HTTP 404`,
    );
    expect(ccp.requests).toHaveLength(3); // a 404 is not retried
    expect(readdirSync(join(missing.dataDir, 'sde'))).toEqual([]);
  });
});
