/**
 * Importer behaviour against the real database: malformed input (file + line), missing source,
 * atomic re-import (readers keep the old build until the switch), idempotence, zip source,
 * auto-import policy at start.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { hostname } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { bootstrap, type RunningApp } from '../src/bootstrap';
import type { DatabaseHandle } from '../src/common/database/database';
import { SdeImportService } from '../src/game-data/sde-import.service';
import { SdeBusyError } from '../src/game-data/sde/sde-importer';
import { SdeFormatError, SdeSourceError } from '../src/game-data/sde/sde-source';
import { createTestApp, testDatabase } from './app';
import {
  buildMiniSde,
  DEFAULT_MINI_SDE,
  importSdeInto,
  withLineReplaced,
  zipMiniSde,
  removeMiniSdeDirs,
} from './fixtures/mini-sde';

// Imports and app restarts; generous under CPU contention (2 cores shared).
jest.setTimeout(30_000);

let running: RunningApp;
let dir: string;

beforeAll(async () => {
  running = await createTestApp();
  dir = await buildMiniSde();
}, 60_000);

afterAll(async () => {
  await running?.close();
  removeMiniSdeDirs();
});

const get = (path: string) => request(running.url).get(path);
const db = () => running.app.get<Connection>(getConnectionToken()).db!;
async function sdeCollections(): Promise<string[]> {
  return (await db().listCollections({}, { nameOnly: true }).toArray())
    .map((c) => c.name)
    .filter((n) => n.startsWith('sde_') && n !== 'sde_meta');
}

describe('before any import', () => {
  it('endpoints answer 503 in Russian and health shows no SDE', async () => {
    expect((await get('/data/industry/items?q=tritanium').expect(503)).body.message).toBe(
      'Игровые данные ещё загружаются, попробуйте через минуту',
    );
    expect((await get('/api/health').expect(200)).body.sde).toBeNull();
  });
});

describe('malformed input', () => {
  it.each([
    [
      'types.jsonl',
      3,
      '{"_key": 36, "groupID": 18, "name": {"en": "Mexallon"',
      'Ошибка в файле SDE types.jsonl, строка 3: некорректный JSON',
    ],
    ['mapSolarSystems.jsonl', 1, '[1, 2, 3]', 'Ошибка в файле SDE mapSolarSystems.jsonl, строка 1: ожидается JSON-объект'],
    [
      'blueprints.jsonl',
      2,
      '{"activities": {}, "maxProductionLimit": 1}',
      'Ошибка в файле SDE blueprints.jsonl, строка 2: нет поля _key',
    ],
    [
      'types.jsonl',
      1,
      '{"_key": 11, "groupID": 424242, "name": {"en": "X"}, "published": true}',
      'Ошибка в файле SDE types.jsonl, строка 1: неизвестная группа 424242',
    ],
  ])('%s line %d -> error naming file and line', async (file, line, text, message) => {
    const bad = withLineReplaced(dir, file, line, text);
    const err = await importSdeInto(running, bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdeFormatError);
    expect((err as Error).message.startsWith(message)).toBe(true);
    expect(err).toMatchObject({ file, line });
    // Nothing half-written stays behind, nothing is active.
    expect(await sdeCollections()).toEqual([]);
    expect((await get('/api/health').expect(200)).body.sde).toBeNull();
  });

  it('a missing source or a missing file is a clear error', async () => {
    await expect(importSdeInto(running, '/nonexistent/sde')).rejects.toThrow(
      new SdeSourceError('Источник SDE не найден: /nonexistent/sde не существует'),
    );
    const empty = mkdtempSync(join(tmpdir(), 'no-sde-'));
    await expect(importSdeInto(running, empty)).rejects.toThrow(
      `Источник SDE не найден: в ${empty} нет файла _sde.jsonl и архива eve-online-static-data-*-jsonl.zip`,
    );
  });
});

describe('a source missing files', () => {
  it('names the missing files', async () => {
    const partial = mkdtempSync(join(tmpdir(), 'partial-sde-'));
    copyFileSync(join(dir, '_sde.jsonl'), join(partial, '_sde.jsonl'));
    copyFileSync(join(dir, 'types.jsonl'), join(partial, 'types.jsonl'));
    await expect(importSdeInto(running, partial)).rejects.toThrow(
      `В источнике SDE ${partial} нет файлов: categories.jsonl, groups.jsonl, marketGroups.jsonl, typeDogma.jsonl, blueprints.jsonl, planetSchematics.jsonl, mapRegions.jsonl, mapConstellations.jsonl, mapSolarSystems.jsonl, mapPlanets.jsonl`,
    );
  });
});

describe('import lock', () => {
  afterEach(async () => {
    await db()
      .collection('sde_meta')
      .deleteOne({ _id: 'lock' as never });
  });

  it('refuses while another live process holds the lock', async () => {
    await db()
      .collection('sde_meta')
      .insertOne({
        _id: 'lock' as never,
        importId: 'iother',
        expiresAt: new Date(Date.now() + 60_000),
        host: 'another-host',
        pid: 1,
      });
    await expect(importSdeInto(running, dir)).rejects.toThrow(new SdeBusyError());
  });

  it('takes over the lock of a dead process on this machine or an expired lease', async () => {
    await db()
      .collection('sde_meta')
      .insertOne({
        _id: 'lock' as never,
        importId: 'idead',
        expiresAt: new Date(Date.now() + 60_000),
        host: hostname(),
        pid: 2 ** 22 + 12345,
      });
    await expect(importSdeInto(running, dir)).resolves.toMatchObject({ buildNumber: 0 });
    await db()
      .collection('sde_meta')
      .insertOne({
        _id: 'lock' as never,
        importId: 'iold',
        expiresAt: new Date(Date.now() - 1000),
        host: 'another-host',
        pid: 1,
      });
    await expect(importSdeInto(running, dir)).resolves.toMatchObject({ buildNumber: 0 });
    expect(
      await db()
        .collection('sde_meta')
        .findOne({ _id: 'lock' as never }),
    ).toBeNull();
  });
});

describe('import, re-import', () => {
  it('imports from CCP-style zip', async () => {
    const summary = await importSdeInto(running, await zipMiniSde(dir));
    expect(summary.counts).toMatchObject({ systems: 1, planets: 8, blueprints: 2 });
    expect((await get('/data/industry/items/34').expect(200)).body.item.name).toBe('Tritanium');
  });

  it('re-import serves the old build until the switch, then the new one; counts unchanged', async () => {
    const first = await importSdeInto(running, await buildMiniSde({ ...DEFAULT_MINI_SDE, buildNumber: 3484001 }));
    expect((await get('/api/health').expect(200)).body.sde.buildNumber).toBe(3484001);

    const newer = await buildMiniSde({ ...DEFAULT_MINI_SDE, buildNumber: 3484002 });
    const seenDuringImport: unknown[] = [];
    const second = await importSdeInto(running, newer, {
      beforeActivate: async () => {
        // Every collection of the new import is written and indexed; readers still see the old one.
        seenDuringImport.push((await get('/api/health').expect(200)).body.sde.buildNumber);
        seenDuringImport.push((await get('/data/universe/systems/30000142/planets').expect(200)).body.planets.length);
      },
    });
    expect(seenDuringImport).toEqual([3484001, 8]);
    expect((await get('/api/health').expect(200)).body.sde.buildNumber).toBe(3484002);
    expect(second.counts).toEqual(first.counts);
    expect((await get('/data/universe/systems?q=jita').expect(200)).body.systems.map((s: { id: number }) => s.id)).toEqual([
      30000142,
    ]);

    // Idempotent: the same source again gives the same counts and data; only two generations are kept.
    const third = await importSdeInto(running, newer);
    expect(third.counts).toEqual(first.counts);
    const ids = new Set((await sdeCollections()).map((n) => n.split('_').pop()));
    expect([...ids].sort()).toEqual([second.importId, third.importId].sort());
    expect((await get('/data/industry/blueprints/691').expect(200)).body.blueprint.activities.manufacturing.time).toBe(6000);
  });

  it('one import at a time per process: the same source shares the run, another source is refused', async () => {
    const a = importSdeInto(running, dir);
    const same = importSdeInto(running, dir);
    await expect(importSdeInto(running, await zipMiniSde(dir))).rejects.toThrow(new SdeBusyError());
    expect(await same).toBe(await a);
  });

  it('a failed re-import leaves the active build serving', async () => {
    const before = (await get('/api/health').expect(200)).body.sde;
    const bad = withLineReplaced(
      dir,
      'mapPlanets.jsonl',
      5,
      '{"_key": 40009098, "celestialIndex": 5, "solarSystemID": 30000142}',
    );
    await expect(importSdeInto(running, bad)).rejects.toThrow(
      'Ошибка в файле SDE mapPlanets.jsonl, строка 5: поле typeID должно быть целым числом',
    );
    expect((await get('/api/health').expect(200)).body.sde).toEqual(before);
    expect((await get('/data/universe/systems/30000142/planets').expect(200)).body.planets).toHaveLength(8);
  });
});

describe('auto-import at start', () => {
  /** Starts the app on a given database, like `npm start` does (SDE_AUTO_IMPORT=true). */
  const start = (database: DatabaseHandle, path: string, autoImport = true) =>
    bootstrap({
      database,
      config: { port: 0, host: '127.0.0.1', logLevel: 'silent', schedulerEnabled: false, sde: { path, autoImport } },
    });

  it('first start imports, a second start does not, a start with another build re-imports', async () => {
    const database = testDatabase();
    const logs: string[] = [];
    const log = (m: string) => logs.push(m);
    const newer = await buildMiniSde({ ...DEFAULT_MINI_SDE, buildNumber: 3484357 });

    let app = await start(database, dir);
    try {
      expect((await app.app.get(SdeImportService).autoImport(log))?.buildNumber).toBe(0);
      expect(logs[0]).toBe('Импорт игровых данных (SDE): игровых данных в базе ещё нет');
      expect(logs).toContain('Импорт SDE: types.jsonl (0.2 МБ)'); // progress (no TTY: one line per file)
      expect(logs[logs.length - 1]).toMatch(
        /^Импорт SDE завершён за [\d.]+ с: сборка 0 от 2025-06-24 \(.+\)\n {2}categories +\d+\n/,
      );
    } finally {
      await app.close();
    }

    app = await start(database, dir);
    try {
      const seen = logs.length;
      expect(await app.app.get(SdeImportService).autoImport(log)).toBeNull();
      expect(logs).toHaveLength(seen);
      expect((await request(app.url).get('/data/industry/items/34').expect(200)).body.item.id).toBe(34);
    } finally {
      await app.close();
    }

    app = await start(database, newer);
    try {
      const seen = logs.length;
      expect((await app.app.get(SdeImportService).autoImport(log))?.buildNumber).toBe(3484357);
      expect(logs[seen]).toBe('Импорт игровых данных (SDE): сборка SDE изменилась (0 -> 3484357)');
      expect((await request(app.url).get('/api/health').expect(200)).body.sde.buildNumber).toBe(3484357);
    } finally {
      await app.app.get<Connection>(getConnectionToken()).dropDatabase();
      await app.close();
    }
  });

  it('logs (does not throw) when the source is missing; does nothing with SDE_AUTO_IMPORT=false', async () => {
    const database = testDatabase();
    let app = await start(database, '/nonexistent');
    const logs: string[] = [];
    try {
      expect(await app.app.get(SdeImportService).autoImport((m) => logs.push(m))).toBeNull();
      expect(logs).toEqual(['Импорт SDE не выполнен: Источник SDE не найден: /nonexistent не существует (SDE_PATH)']);
    } finally {
      await app.close();
    }
    app = await start(database, dir, false);
    try {
      expect(await app.app.get(SdeImportService).autoImport(() => undefined)).toBeNull();
      expect((await request(app.url).get('/api/health').expect(200)).body.sde).toBeNull();
    } finally {
      await app.app.get<Connection>(getConnectionToken()).dropDatabase();
      await app.close();
    }
  });
});
