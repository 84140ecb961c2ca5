import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { ADMIN_MESSAGES, HUBS, type UpdateLibsJob, type UpdateLibsStatusResponse } from '@eve-toolkit/shared-types';
import { apiError } from '../common/errors/api-error';
import { LeaseService } from '../common/scheduling/lease.service';
import { GameData } from '../game-data/game-data.contract';
import { SdeImportService } from '../game-data/sde-import.service';
import type { ImportProgress } from '../game-data/sde/progress';
import { IndustryInputsRefreshService } from '../market/industry-inputs-refresh.service';
import { MarketRefreshService } from '../market/market-refresh.service';
import { ADMIN_EVENTS, type UpdateLibsEvent } from './admin.events';

export const UPDATE_LIBS_LEASE = 'admin-update-libs';
const LEASE_TTL_MS = 2 * 60_000;
const JOB_ID = 'update_libs';

interface JobDoc extends Omit<UpdateLibsJob, 'id'> {
  _id: string;
  job_id: string;
}

/**
 * GET api/admin/update_libs: one background job that re-imports the game data (SDE) and then
 * refreshes every hub's prices and the industry inputs. One at a time across instances (a
 * MongoDB lease, renewed while it runs); a second start is refused with 409. Its state is kept
 * in `admin_jobs` (so any instance and a reloaded page can show it) and every step is sent to
 * the `admins` room.
 */
@Injectable()
export class UpdateLibsService implements OnModuleDestroy {
  private readonly logger = new Logger('UpdateLibs');
  private running: Promise<void> | null = null;

  constructor(
    private readonly leases: LeaseService,
    private readonly sde: SdeImportService,
    private readonly gameData: GameData,
    private readonly market: MarketRefreshService,
    private readonly industryInputs: IndustryInputsRefreshService,
    private readonly events: EventEmitter2,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private get jobs() {
    return this.connection.collection<JobDoc>('admin_jobs');
  }

  async current(): Promise<UpdateLibsJob | null> {
    const doc = await this.jobs.findOne({ _id: JOB_ID });
    return doc ? toJob(doc) : null;
  }

  /** The job and the game data's state: the build served and the last import's outcome (a failed start-up import too). */
  async status(): Promise<UpdateLibsStatusResponse> {
    const [job, build, status] = await Promise.all([this.current(), this.gameData.buildInfo(), this.gameData.status()]);
    return { job, game_data: { build, status } };
  }

  /** Starts the job and answers at once with its first state; 409 while one runs (here or elsewhere). */
  async start(startedBy: string): Promise<UpdateLibsJob> {
    if (this.running || !(await this.leases.acquire(UPDATE_LIBS_LEASE, LEASE_TTL_MS))) {
      throw apiError(409, ADMIN_MESSAGES.updateRunning);
    }
    const steps = ['sde', ...HUBS.map((h) => `hub:${h.id}`), 'industry'];
    const job: UpdateLibsJob = {
      id: randomUUID(),
      state: 'running',
      step: 'Запуск',
      done: 0,
      total: steps.length,
      started_by: startedBy,
      started_at: new Date().toISOString(),
      finished_at: null,
      error: null,
      warnings: [],
    };
    await this.save(job);
    const renew = setInterval(
      () => void this.leases.acquire(UPDATE_LIBS_LEASE, LEASE_TTL_MS).catch(() => undefined),
      LEASE_TTL_MS / 3,
    );
    renew.unref();
    this.running = this.run(job)
      .catch((err: unknown) => {
        this.logger.error(`Обновление библиотек не удалось: ${String(err)}`);
      })
      .finally(() => {
        clearInterval(renew);
        this.running = null;
        void this.leases.release(UPDATE_LIBS_LEASE).catch(() => undefined);
      });
    return job;
  }

  /** Resolves when the job started here ends (tests, shutdown). */
  whenIdle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async run(job: UpdateLibsJob): Promise<void> {
    const progress = async (patch: Partial<UpdateLibsJob>) => {
      Object.assign(job, patch);
      await this.save(job);
    };
    try {
      await progress({ step: 'Импорт игровых данных (SDE)' });
      const files: ImportProgress = {
        begin: () => undefined,
        file: (name) => void progress({ step: `Импорт игровых данных (SDE): ${name}` }).catch(() => undefined),
        bytes: () => undefined,
        end: () => undefined,
      };
      const summary = await this.sde.importNow({ progress: files });
      await progress({ done: job.done + 1, step: `Игровые данные: сборка ${summary.buildNumber}` });
      for (const hub of HUBS) {
        await progress({ step: `Цены: ${hub.label}` });
        const result = await this.market.refreshHub(hub.id, { force: true });
        const warnings =
          result.outcome === 'failed' ? [...job.warnings, `Цены ${hub.label}: ${result.error ?? 'ошибка'}`] : job.warnings;
        await progress({ done: job.done + 1, warnings });
      }
      await progress({ step: 'Индустрия: индексы систем и скорректированные цены' });
      const inputs = await this.industryInputs.refreshAll();
      const failed = [
        ...(inputs.adjustedPrices === 'failed' ? ['Скорректированные цены: ESI не ответил'] : []),
        ...(inputs.costIndices === 'failed' ? ['Индексы систем: ESI не ответил'] : []),
      ];
      await progress({
        done: job.done + 1,
        warnings: [...job.warnings, ...failed],
        state: 'done',
        step: 'Готово',
        finished_at: new Date().toISOString(),
      });
    } catch (err) {
      await progress({
        state: 'failed',
        step: 'Ошибка',
        error: err instanceof Error ? err.message : String(err),
        finished_at: new Date().toISOString(),
      });
    }
  }

  private async save(job: UpdateLibsJob): Promise<void> {
    const { id, ...rest } = job;
    await this.jobs.replaceOne({ _id: JOB_ID }, { ...rest, job_id: id, warnings: [...job.warnings] }, { upsert: true });
    const event: UpdateLibsEvent = { job: { ...job, warnings: [...job.warnings] } };
    this.events.emit(ADMIN_EVENTS.updateLibs, event);
  }
}

function toJob(doc: JobDoc): UpdateLibsJob {
  const { _id, job_id, ...rest } = doc;
  void _id;
  return { ...rest, id: job_id };
}
