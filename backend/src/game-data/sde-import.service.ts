import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { LeasedSchedule } from '../common/scheduling/leased-schedule';
import { LeaseService } from '../common/scheduling/lease.service';
import { GAME_DATA_EVENTS } from './game-data.events';
import { SdeReader } from './sde-reader';
import { readSourceBuild, SdeBusyError, SdeImporter, type SdeImportOptions, type SdeImportSummary } from './sde/sde-importer';
import { defaultProgress, type ImportProgress } from './sde/progress';
import { readActive, writeStatus, writeStep } from './sde/sde-store';
import { reimportReason, resolveSdeSource, usesCcpSource, type ResolveOptions } from './sde/sde-runner';

/** One instance at a time checks CCP for a newer build, downloads and imports it. */
export const SDE_UPDATE_LEASE = 'sde-update';
const SDE_UPDATE_LEASE_TTL_MS = 2 * 60_000;

/**
 * Runs imports inside the app: the import at start (when the database has no game data or the
 * source has another build), the scheduled check for a newer CCP build (SDE_CHECK_INTERVAL_HOURS,
 * one instance at a time under the `sde-update` lease), the admin's update action, and tests.
 */
@Injectable()
export class SdeImportService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SDE');
  private running: { key: string; promise: Promise<SdeImportSummary> } | null = null;
  private readonly schedule: LeasedSchedule;
  /** Download tuning and fetch for tests. */
  resolveOptions: ResolveOptions = {};

  constructor(
    private readonly reader: SdeReader,
    private readonly leases: LeaseService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventEmitter2,
  ) {
    const interval = config.sde.checkIntervalMs ?? 0;
    this.schedule = new LeasedSchedule(this.leases, this.logger, {
      name: SDE_UPDATE_LEASE,
      leaseTtlMs: SDE_UPDATE_LEASE_TTL_MS,
      intervalMs: interval,
      // The start-up import (main.ts) covers the first minutes.
      firstDelayMs: interval,
      failure: 'Проверка новой сборки SDE не удалась',
    });
  }

  /** The scheduled check runs only for CCP's SDE (SDE_PATH and SDE_URL name a fixed source). */
  onApplicationBootstrap(): void {
    if (this.config.schedulerEnabled && this.config.sde.autoImport && usesCcpSource(this.config) && this.schedule.intervalMs > 0)
      this.schedule.start(this.scheduler, () => this.recorded(() => this.importIfNeeded((m) => this.logger.log(m))));
  }

  onModuleDestroy(): Promise<void> {
    return this.schedule.stop();
  }

  /**
   * Imports now (sourcePath defaults to SDE_PATH / SDE_URL / CCP's latest build, downloaded when
   * new). A call while an import of the same source runs in this process shares it; another
   * source is refused with SdeBusyError. The game data's status (sde_meta/status) says importing,
   * then ready or failed.
   */
  importNow(options: Partial<SdeImportOptions> = {}): Promise<SdeImportSummary> {
    return this.recorded(() => this.importShared(options));
  }

  private importShared(options: Partial<SdeImportOptions>): Promise<SdeImportSummary> {
    const key = options.sourcePath ?? '';
    if (this.running) return this.running.key === key ? this.running.promise : Promise.reject(new SdeBusyError());
    const log = options.log ?? ((m: string) => this.logger.log(m));
    const promise = (async () => {
      const sourcePath = options.sourcePath ?? (await resolveSdeSource(this.config, log, this.resolveOptions));
      try {
        return await new SdeImporter(this.reader.db).run({
          log,
          industryPath: this.config.sde.industryPath,
          ...options,
          progress: this.withSteps(options.progress ?? defaultProgress(log)),
          sourcePath,
        });
      } finally {
        this.reader.invalidate();
      }
    })().finally(() => {
      this.running = null;
    });
    this.running = { key, promise };
    return promise;
  }

  /** The same progress, each file also recorded as the status's step. */
  private withSteps(progress: ImportProgress): ImportProgress {
    return {
      begin: (files) => progress.begin(files),
      file: (name) => {
        progress.file(name);
        const db = this.reader.db;
        this.steps = this.steps.then(() => writeStep(db, `Импорт ${name}`)).catch(() => undefined);
      },
      bytes: (n) => progress.bytes(n),
      end: () => progress.end(),
    };
  }

  /** Step writes in order; awaited before the outcome is written. */
  private steps: Promise<void> = Promise.resolve();

  /**
   * Runs a pass that may import (start, scheduled check, admin's update) and records the game
   * data's state for every instance: importing while it runs, then ready, or failed with the reason
   * (the data endpoints then say so instead of "loading"). A pass refused because another import
   * runs (SdeBusyError) records nothing: that import writes its own outcome.
   */
  private async recorded<T>(pass: () => Promise<T>): Promise<T> {
    await this.record({ state: 'importing', step: 'Поиск источника SDE' });
    try {
      const result = await pass();
      await this.steps;
      await this.record({ state: 'ready' });
      return result;
    } catch (err) {
      await this.steps;
      if (!(err instanceof SdeBusyError))
        await this.record({ state: 'failed', reason: err instanceof Error ? err.message : String(err) });
      throw err;
    }
  }

  /** Writes the status; a failed write is logged and never fails the import it describes. */
  private async record(status: Parameters<typeof writeStatus>[1]): Promise<void> {
    try {
      await writeStatus(this.reader.db, status);
    } catch (err) {
      this.logger.error(`Состояние игровых данных не записано: ${String(err)}`);
    }
  }

  /**
   * At start (SDE_AUTO_IMPORT): imports when the database has no game data yet, when the
   * importer's format changed, or when the source's build number differs from the imported one.
   * Never throws: a failed import is logged and the app keeps serving what it has. Runs under the
   * `sde-update` lease, so of several instances starting together one downloads and imports.
   * Then GAME_DATA_EVENTS.ready (its listeners have run when this resolves).
   */
  async autoImport(log: (msg: string) => void = (m) => this.logger.log(m)): Promise<SdeImportSummary | null> {
    const summary = await this.importAtStart(log);
    await this.events.emitAsync(GAME_DATA_EVENTS.ready);
    return summary;
  }

  private async importAtStart(log: (msg: string) => void): Promise<SdeImportSummary | null> {
    if (!this.config.sde.autoImport) return null;
    try {
      const outcome = await this.leases.runExclusive(SDE_UPDATE_LEASE, SDE_UPDATE_LEASE_TTL_MS, () =>
        this.recorded(() => this.importIfNeeded(log)),
      );
      if (!outcome.ran) log('Импорт SDE выполняет другой экземпляр приложения');
      return outcome.ran ? outcome.result : null;
    } catch (err) {
      if (err instanceof SdeBusyError) log(err.message);
      else log(`Импорт SDE не выполнен: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }

  /** One scheduled check now (tests): the same pass the schedule runs, under its lease. */
  checkNow(): Promise<void> {
    return this.schedule.runOnce(() => this.recorded(() => this.importIfNeeded((m) => this.logger.log(m))));
  }

  /** Resolves the source (asking CCP for its latest build and downloading it when new) and imports when needed. */
  private async importIfNeeded(log: (msg: string) => void): Promise<SdeImportSummary | null> {
    const sourcePath = await resolveSdeSource(this.config, log, this.resolveOptions);
    const reason = reimportReason(await readActive(this.reader.db), await readSourceBuild(sourcePath));
    if (!reason) return null;
    log(`Импорт игровых данных (SDE): ${reason}`);
    return this.importShared({ sourcePath, log });
  }
}
