import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { GAME_DATA_EVENTS } from './game-data.events';
import { SdeReader } from './sde-reader';
import { readSourceBuild, SdeBusyError, SdeImporter, type SdeImportOptions, type SdeImportSummary } from './sde/sde-importer';
import { defaultProgress } from './sde/progress';
import { readActive } from './sde/sde-store';
import { reimportReason, resolveSdeSource } from './sde/sde-runner';

/** Runs imports inside the app (auto-import at start; tests import a mini SDE through it). */
@Injectable()
export class SdeImportService {
  private readonly logger = new Logger('SDE');
  private running: { key: string; promise: Promise<SdeImportSummary> } | null = null;

  constructor(
    private readonly reader: SdeReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventEmitter2,
  ) {}

  /**
   * Imports now (sourcePath defaults to SDE_PATH / SDE_URL). A call while an import of the same
   * source runs in this process shares it; another source is refused with SdeBusyError.
   */
  importNow(options: Partial<SdeImportOptions> = {}): Promise<SdeImportSummary> {
    const key = options.sourcePath ?? '';
    if (this.running) return this.running.key === key ? this.running.promise : Promise.reject(new SdeBusyError());
    const log = options.log ?? ((m: string) => this.logger.log(m));
    const promise = (async () => {
      const sourcePath = options.sourcePath ?? (await resolveSdeSource(this.config, log));
      try {
        return await new SdeImporter(this.reader.db).run({
          progress: defaultProgress(log),
          log,
          industryPath: this.config.sde.industryPath,
          ...options,
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

  /**
   * At start (SDE_AUTO_IMPORT): imports when the database has no game data yet, when the
   * importer's format changed, or when the source's build number differs from the imported one.
   * Never throws: a failed import is logged and the app keeps serving what it has. Then
   * GAME_DATA_EVENTS.ready (its listeners have run when this resolves).
   */
  async autoImport(log: (msg: string) => void = (m) => this.logger.log(m)): Promise<SdeImportSummary | null> {
    const summary = await this.importIfNeeded(log);
    await this.events.emitAsync(GAME_DATA_EVENTS.ready);
    return summary;
  }

  private async importIfNeeded(log: (msg: string) => void): Promise<SdeImportSummary | null> {
    if (!this.config.sde.autoImport) return null;
    try {
      const sourcePath = await resolveSdeSource(this.config, log);
      const reason = reimportReason(await readActive(this.reader.db), await readSourceBuild(sourcePath));
      if (!reason) return null;
      log(`Импорт игровых данных (SDE): ${reason}`);
      return await this.importNow({ sourcePath, log });
    } catch (err) {
      if (err instanceof SdeBusyError) log(err.message);
      else log(`Импорт SDE не выполнен: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }
}
