/**
 * Streams CCP's JSON Lines SDE into versioned collections and switches the active pointer
 * once everything (data + indexes) is written. Plain class over the driver's Db: used by the
 * Nest service (auto-import at start), the CLI (`npm run sde:import`), tests and the bench.
 */
import { hostname } from 'node:os';
import type { mongo } from 'mongoose';
import { deriveRigs, derivePlanetResources, deriveStructures, keepDogma, requiredSkillsOf, toDogmaDoc } from './dogma';
import { deriveRigEffects, readRigEffectFiles } from './rig-effects';
import { silentProgress, type ImportProgress } from './progress';
import { openSdeSource, readJsonl, SdeFormatError, SdeSourceError, type SdeSource } from './sde-source';
import {
  collectionName,
  importIdOf,
  metaCollection,
  newImportId,
  readActive,
  SDE_FORMAT_VERSION,
  type SdeLockDoc,
} from './sde-store';
import {
  RecordError,
  toBlueprint,
  toBuild,
  toCategory,
  toConstellation,
  toDogmaAttributes,
  toGroup,
  toMarketGroup,
  toPlanet,
  toRegion,
  toSchematic,
  toSystem,
  toType,
} from './transforms';
import {
  DATASETS,
  type Dataset,
  type DogmaDoc,
  type Names,
  type RequiredSkillsDoc,
  type SdeActiveMeta,
  type SdeBuild,
} from './sde.types';
import { isDuplicateKey } from '../../common/database/duplicate-key';

import { SDE_FILES, type SdeFile } from './sde-files';
export { SDE_FILES, type SdeFile };

export const INDEXES: Partial<Record<Dataset, mongo.IndexDescription[]>> = {
  groups: [{ key: { categoryId: 1 } }],
  marketGroups: [{ key: { parentId: 1 } }],
  types: [{ key: { nameKeys: 1 } }, { key: { groupId: 1 } }, { key: { marketGroupId: 1 } }],
  dogma: [{ key: { groupId: 1 } }],
  blueprints: [{ key: { productTypeId: 1 } }, { key: { activity: 1 } }, { key: { 'activities.invention.products.typeId': 1 } }],
  schematics: [{ key: { 'output.typeId': 1 } }],
  constellations: [{ key: { regionId: 1 } }],
  systems: [{ key: { nameLower: 1 } }, { key: { regionId: 1 } }, { key: { constellationId: 1 } }],
  planets: [{ key: { systemId: 1 } }, { key: { typeId: 1 } }],
};

export class SdeBusyError extends Error {
  constructor() {
    super('Импорт SDE уже выполняется другим процессом');
    this.name = 'SdeBusyError';
  }
}

export interface SdeImportOptions {
  /** Folder with the .jsonl files or CCP's zip. */
  sourcePath: string;
  /**
   * Folder with the SDE's industry modifier tables (`rigIndustryModifierSources.csv`,
   * `rigAffectedProductGroups.csv`): which product groups each rig affects. Default: the tables
   * shipped in `backend/data/sde-industry`. A folder lacking them imports rigs with no product
   * groups (and so no bonus), with a warning in the log.
   */
  industryPath?: string;
  progress?: ImportProgress;
  log?: (msg: string) => void;
  /** Called after all collections are written and indexed, right before the switch (tests). */
  beforeActivate?: (importId: string) => Promise<void>;
  batchSize?: number;
  /** Lock lease; renewed while the import progresses. */
  lockMs?: number;
}

export interface SdeImportSummary {
  importId: string;
  buildNumber: number;
  releaseDate: string | null;
  counts: Record<Dataset, number>;
  durationMs: number;
  source: string;
}

/** Buffers documents and writes them with unordered insertMany, one batch in flight. */
class BatchWriter<T extends mongo.Document> {
  private buffer: T[] = [];
  private inFlight: Promise<unknown> = Promise.resolve();
  count = 0;
  constructor(
    private readonly coll: mongo.Collection<T>,
    private readonly size: number,
  ) {}
  async add(doc: T): Promise<void> {
    this.buffer.push(doc);
    this.count++;
    if (this.buffer.length >= this.size) await this.send();
  }
  private async send(): Promise<void> {
    const batch = this.buffer;
    this.buffer = [];
    await this.inFlight;
    const p = this.coll.insertMany(batch as mongo.OptionalUnlessRequiredId<T>[], { ordered: false });
    p.catch(() => undefined); // awaited by the next send()/close(); never an unhandled rejection
    this.inFlight = p;
  }
  async close(): Promise<number> {
    if (this.buffer.length) await this.send();
    await this.inFlight;
    return this.count;
  }
}

/** Reads the build record only (used to decide whether a start needs a re-import). */
export async function readSourceBuild(sourcePath: string): Promise<SdeBuild> {
  const source = await openSdeSource(sourcePath);
  try {
    for await (const { line, record } of readJsonl(source, '_sde.jsonl')) {
      try {
        return toBuild(record);
      } catch (err) {
        throw new SdeFormatError('_sde.jsonl', line, (err as Error).message);
      }
    }
    throw new SdeFormatError('_sde.jsonl', 1, 'файл пуст');
  } finally {
    await source.close();
  }
}

export class SdeImporter {
  constructor(private readonly db: mongo.Db) {}

  async run(options: SdeImportOptions): Promise<SdeImportSummary> {
    const started = Date.now();
    const progress = options.progress ?? silentProgress;
    const log = options.log ?? (() => undefined);
    const source = await openSdeSource(options.sourcePath);
    const importId = newImportId();
    const lockMs = options.lockMs ?? 60_000;
    try {
      const missing = SDE_FILES.filter((f) => !source.has(f));
      if (missing.length) throw new SdeSourceError(`В источнике SDE ${source.description} нет файлов: ${missing.join(', ')}`);
      await this.acquireLock(importId, lockMs);
      try {
        await this.dropOrphans();
        progress.begin(SDE_FILES.map((name) => ({ name, bytes: source.size(name) })));
        let build: SdeBuild;
        let counts: Record<Dataset, number>;
        try {
          ({ build, counts } = await this.load(
            source,
            importId,
            options.batchSize ?? 1000,
            progress,
            () => this.renewLock(importId, lockMs),
            { industryPath: options.industryPath, log },
          ));
        } finally {
          progress.end();
        }
        for (const [ds, indexes] of Object.entries(INDEXES) as [Dataset, mongo.IndexDescription[]][]) {
          await this.db.collection(collectionName(ds, importId)).createIndexes(indexes);
        }
        await options.beforeActivate?.(importId);
        const previous = await readActive(this.db);
        const meta: Omit<SdeActiveMeta, '_id'> = {
          importId,
          previousImportId: previous?.importId ?? null,
          buildNumber: build.buildNumber,
          releaseDate: build.releaseDate,
          importedAt: new Date(),
          formatVersion: SDE_FORMAT_VERSION,
          source: source.description,
          counts,
        };
        await metaCollection(this.db).updateOne({ _id: 'active' }, { $set: meta }, { upsert: true });
        // Keep the previous generation for readers that resolved it just before the switch.
        await this.dropExcept(new Set([importId, meta.previousImportId ?? importId]));
        const summary: SdeImportSummary = {
          importId,
          buildNumber: build.buildNumber,
          releaseDate: build.releaseDate,
          counts,
          durationMs: Date.now() - started,
          source: source.description,
        };
        log(formatSummary(summary));
        return summary;
      } catch (err) {
        await this.dropExcept(null, importId).catch(() => undefined);
        throw err;
      } finally {
        await metaCollection(this.db)
          .deleteOne({ _id: 'lock', importId })
          .catch(() => undefined);
      }
    } finally {
      await source.close();
    }
  }

  private async load(
    source: SdeSource,
    importId: string,
    batchSize: number,
    progress: ImportProgress,
    renew: () => Promise<void>,
    extra: { industryPath?: string; log: (msg: string) => void } = { log: () => undefined },
  ): Promise<{ build: SdeBuild; counts: Record<Dataset, number> }> {
    const writer = <T extends mongo.Document>(ds: Dataset) =>
      new BatchWriter<T>(this.db.collection<T>(collectionName(ds, importId)), batchSize);
    const counts = Object.fromEntries(DATASETS.map((d) => [d, 0])) as Record<Dataset, number>;

    /** Streams one file through `handle`; a RecordError becomes SdeFormatError(file, line). */
    const each = async (file: SdeFile, handle: (record: Record<string, unknown>) => Promise<void> | void) => {
      progress.file(file);
      let renewedAt = Date.now();
      for await (const { line, record } of readJsonl(source, file, (n) => progress.bytes(n))) {
        try {
          await handle(record);
        } catch (err) {
          if (err instanceof RecordError) throw new SdeFormatError(file, line, err.message);
          throw err;
        }
        if (Date.now() - renewedAt > 10_000) {
          renewedAt = Date.now();
          await renew();
        }
      }
      await renew();
    };
    /** Streams one file into one collection. */
    const pipe = async <T extends mongo.Document>(
      file: SdeFile,
      ds: Dataset,
      transform: (r: Record<string, unknown>) => T | null,
    ) => {
      const w = writer<T>(ds);
      await each(file, async (r) => {
        const doc = transform(r);
        if (doc) await w.add(doc);
      });
      counts[ds] = await w.close();
    };

    let build: SdeBuild | null = null;
    await each('_sde.jsonl', (r) => {
      build = toBuild(r);
    });
    if (!build) throw new SdeFormatError('_sde.jsonl', 1, 'файл пуст');

    const categories = new Map<number, Names>();
    await pipe('categories.jsonl', 'categories', (r) => {
      const d = toCategory(r);
      categories.set(d._id, { en: d.nameEn, ru: d.nameRu });
      return d;
    });
    const groups = new Map<number, { categoryId: number; names: Names }>();
    await pipe('groups.jsonl', 'groups', (r) => {
      const d = toGroup(r);
      groups.set(d._id, { categoryId: d.categoryId, names: { en: d.nameEn, ru: d.nameRu } });
      return d;
    });
    await pipe('marketGroups.jsonl', 'marketGroups', toMarketGroup);

    const types = new Map<number, { groupId: number; published: boolean; en: string; ru: string }>();
    await pipe('types.jsonl', 'types', (r) => {
      const d = toType(r, (g) => groups.get(g)?.categoryId);
      types.set(d._id, { groupId: d.groupId, published: d.published, en: d.nameEn, ru: d.nameRu });
      return d;
    });

    const dogma: DogmaDoc[] = [];
    const required: RequiredSkillsDoc[] = [];
    await pipe('typeDogma.jsonl', 'dogma', (r) => {
      const id = r._key as number;
      const info = types.get(id);
      const attrs = toDogmaAttributes(r);
      const skills = requiredSkillsOf(attrs);
      if (skills.length > 0) required.push({ _id: id, skills });
      if (!keepDogma(id, info, attrs)) return null;
      const d = toDogmaDoc(id, info?.groupId ?? 0, attrs);
      dogma.push(d);
      return d;
    });

    const typeNames = (id: number) => {
      const t = types.get(id);
      return t ? { names: { en: t.en, ru: t.ru }, published: t.published } : undefined;
    };
    await pipe('blueprints.jsonl', 'blueprints', (r) => toBlueprint(r, typeNames));
    await pipe('planetSchematics.jsonl', 'schematics', toSchematic);

    const regions = new Map<number, string>();
    await pipe('mapRegions.jsonl', 'regions', (r) => {
      const d = toRegion(r);
      regions.set(d._id, d.name);
      return d;
    });
    const constellations = new Map<number, string>();
    await pipe('mapConstellations.jsonl', 'constellations', (r) => {
      const d = toConstellation(r);
      constellations.set(d._id, d.name);
      return d;
    });
    const systems = new Map<number, string>();
    await pipe('mapSolarSystems.jsonl', 'systems', (r) => {
      const d = toSystem(
        r,
        (id) => regions.get(id),
        (id) => constellations.get(id),
      );
      systems.set(d._id, d.name);
      return d;
    });
    await pipe('mapPlanets.jsonl', 'planets', (r) => toPlanet(r, (id) => systems.get(id)));

    // Derived from the kept dogma.
    const typeOf = (id: number) => {
      const t = types.get(id);
      return t ? { en: t.en, ru: t.ru, published: t.published } : undefined;
    };
    const rigs = deriveRigs(dogma, typeOf, (g) => groups.get(g)?.names);
    const rigFiles = readRigEffectFiles(extra.industryPath);
    if (typeof rigFiles === 'string') {
      extra.log(`Риги импортированы без групп предметов (бонусы ригов не будут учитываться): ${rigFiles}`);
    } else {
      const effects = deriveRigEffects(rigFiles.sources, rigFiles.groups, new Map(dogma.map((d) => [d._id, d])));
      for (const rig of rigs) rig.effects = effects.get(rig._id) ?? [];
    }
    const derived: [Dataset, mongo.Document[]][] = [
      ['planetResources', derivePlanetResources(dogma)],
      ['structures', deriveStructures(dogma, typeOf)],
      ['rigs', rigs],
      ['requiredSkills', required],
    ];
    for (const [ds, docs] of derived) {
      if (docs.length) await this.db.collection(collectionName(ds, importId)).insertMany(docs, { ordered: false });
      else await this.db.createCollection(collectionName(ds, importId)).catch(() => undefined);
      counts[ds] = docs.length;
    }
    return { build, counts };
  }

  private async acquireLock(importId: string, lockMs: number): Promise<void> {
    const meta = metaCollection(this.db);
    const lock: SdeLockDoc = {
      _id: 'lock',
      importId,
      expiresAt: new Date(Date.now() + lockMs),
      host: hostname(),
      pid: process.pid,
    };
    try {
      await meta.insertOne({ ...lock });
      return;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    // Someone holds it: take it over only if their lease expired or they were a process of
    // this machine that no longer exists (an import interrupted by Ctrl-C or a crash).
    const holder = (await meta.findOne({ _id: 'lock' })) as unknown as SdeLockDoc | null;
    const dead = holder !== null && holder.host === lock.host && !processAlive(holder.pid);
    const taken = await meta.findOneAndUpdate(
      dead ? { _id: 'lock', importId: holder.importId } : { _id: 'lock', expiresAt: { $lt: new Date() } },
      { $set: { importId, expiresAt: lock.expiresAt, host: lock.host, pid: lock.pid } },
    );
    if (!taken) throw new SdeBusyError();
  }

  private async renewLock(importId: string, lockMs: number): Promise<void> {
    await metaCollection(this.db).updateOne(
      { _id: 'lock', importId },
      {
        $set: { expiresAt: new Date(Date.now() + lockMs) },
      },
    );
  }

  /** Leftovers of crashed imports (neither active nor previous). Runs under the lock. */
  private async dropOrphans(): Promise<void> {
    const active = await readActive(this.db);
    await this.dropExcept(new Set([active?.importId, active?.previousImportId].filter((x): x is string => !!x)));
  }

  /** Drops versioned collections whose import id is not kept (or, with `only`, just that import's). */
  private async dropExcept(keep: Set<string> | null, only?: string): Promise<void> {
    const names = await this.db.listCollections({}, { nameOnly: true }).toArray();
    for (const { name } of names) {
      const id = importIdOf(name);
      if (!id) continue;
      if (only ? id === only : keep && !keep.has(id)) await this.db.dropCollection(name).catch(() => undefined);
    }
  }
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function formatSummary(s: SdeImportSummary): string {
  const rows = (Object.entries(s.counts) as [Dataset, number][]).map(([ds, n]) => `  ${ds.padEnd(16)} ${String(n).padStart(7)}`);
  return [
    `Импорт SDE завершён за ${(s.durationMs / 1000).toFixed(1)} с: сборка ${s.buildNumber}` +
      (s.releaseDate ? ` от ${s.releaseDate.slice(0, 10)}` : '') +
      ` (${s.source})`,
    ...rows,
  ].join('\n');
}
