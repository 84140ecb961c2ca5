import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Model } from 'mongoose';
import { CHECK_FLAG_MESSAGES, CHECK_FLAG_RULES } from '@eve-toolkit/shared-types';
import { CharacterRoster } from '../characters/character-roster.service';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import { LeaseService } from '../common/scheduling/lease.service';
import { LeasedSchedule } from '../common/scheduling/leased-schedule';
import { EsiClient } from '../esi/esi.client';
import { ADMIN_EVENTS, type CharacterChecksFinishedEvent } from './admin.events';
import { CharacterCheckService } from './character-check.service';
import {
  CHECK_MODELS,
  type CharacterCheckDoc,
  type CharacterFlagDoc,
  type CharacterWatchDoc,
  type CheckRunDoc,
} from './character-checks.schema';
import { detectChanges, errorBudgetWait, mergeKnown } from './domain/character-changes';

export const CHARACTER_CHECKS_LEASE = 'admin-character-checks';
/**
 * The schedule wakes this often; a run starts when the last one started CHARACTER_CHECK_INTERVAL_HOURS
 * ago, and an unfinished run (its instance died or stopped) is resumed at the next wake-up.
 */
export const CHARACTER_CHECKS_TICK_MS = 10 * 60_000;
/** Characters read from the roster at a time. */
const ROSTER_PAGE = 100;
/** Errors of ESI's budget (100 a minute) left to players: below this the run waits for the window's reset. */
export const ESI_ERRORS_KEPT_FOR_PLAYERS = 30;

const DAY_MS = 86_400_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Regular character checks (issue 27 item 6): every CHARACTER_CHECK_INTERVAL_HOURS one instance
 * (a MongoDB lease) runs the admin's character check for every linked character,
 * CHARACTER_CHECK_CONCURRENCY at a time, keeps one snapshot per character per run and flags what
 * changed since the last known state (domain/character-changes.ts). A character is marked done
 * for the run (`admin_character_watch.last_run_id`) only after its snapshot and flags are written,
 * so a run interrupted by a restart resumes with the characters not yet checked.
 */
@Injectable()
export class CharacterChecksSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CharacterChecks');
  private readonly schedule: LeasedSchedule;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CHECK_MODELS.run) private readonly runs: Model<CheckRunDoc>,
    @InjectModel(CHECK_MODELS.check) private readonly checks: Model<CharacterCheckDoc>,
    @InjectModel(CHECK_MODELS.watch) private readonly watch: Model<CharacterWatchDoc>,
    @InjectModel(CHECK_MODELS.flag) private readonly flags: Model<CharacterFlagDoc>,
    private readonly roster: CharacterRoster,
    private readonly check: CharacterCheckService,
    private readonly esi: EsiClient,
    leases: LeaseService,
    private readonly scheduler: SchedulerRegistry,
    private readonly events: EventEmitter2,
  ) {
    this.schedule = new LeasedSchedule(leases, this.logger, {
      name: CHARACTER_CHECKS_LEASE,
      leaseTtlMs: 5 * 60_000,
      intervalMs: CHARACTER_CHECKS_TICK_MS,
      firstDelayMs: 30_000,
      failure: 'Плановая проверка персонажей не удалась',
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.schedulerEnabled && this.config.characterChecks.intervalMs > 0)
      this.schedule.start(this.scheduler, () => this.pass());
  }

  onModuleDestroy(): Promise<void> {
    return this.schedule.stop();
  }

  /**
   * One wake-up now (skipped when another instance holds the lease): resumes an unfinished run or
   * starts one when due. `now` (tests): the moment that decides whether a run is due and stamps
   * what it writes.
   */
  runOnce(now?: Date): Promise<void> {
    return this.schedule.runOnce(() => this.pass(now));
  }

  /**
   * The admin's «Проверить всех сейчас»: a new run now, whether due or not (also when the schedule
   * is off), in the background under the same lease; 409 while a run is unfinished. `dryRun`:
   * only whether it would start.
   */
  async runNow(dryRun = false): Promise<{ started: boolean }> {
    const last = await this.runs.findOne().sort({ _id: -1 }).lean<CheckRunDoc>();
    if (last && !last.finished_at) throw apiError(409, CHECK_FLAG_MESSAGES.runInProgress);
    if (dryRun) return { started: false };
    void this.schedule.runOnce(() => this.pass(undefined, true));
    return { started: true };
  }

  private async pass(now?: Date, force = false): Promise<void> {
    const clock = () => now ?? new Date();
    const run = await this.currentRun(clock(), force);
    if (!run) return;
    const complete = await this.checkRemaining(run, clock);
    if (!complete) return;
    await this.runs.updateOne({ _id: run._id, finished_at: null }, { $set: { finished_at: clock() } });
    await this.flags.deleteMany({ acked_at: { $lt: new Date(clock().getTime() - CHECK_FLAG_RULES.ackedFlagDays * DAY_MS) } });
    const done = await this.runs.findById(run._id).lean<CheckRunDoc>();
    const event: CharacterChecksFinishedEvent = {
      runId: String(run._id),
      checked: done?.checked ?? 0,
      flagged: done?.flagged ?? 0,
    };
    this.logger.log(`Плановая проверка персонажей завершена: проверено ${event.checked}, изменений ${event.flagged}`);
    this.events.emit(ADMIN_EVENTS.characterChecksFinished, event);
  }

  /** The unfinished run to resume, a new one when the last started an interval ago (or `force`), else null. */
  private async currentRun(now: Date, force: boolean): Promise<CheckRunDoc | null> {
    const last = await this.runs.findOne().sort({ _id: -1 }).lean<CheckRunDoc>();
    if (last && !last.finished_at) return last;
    if (!force && last && now.getTime() - last.started_at.getTime() < this.config.characterChecks.intervalMs) return null;
    const created = await this.runs.create({ started_at: now, finished_at: null, checked: 0, flagged: 0 });
    return created.toObject();
  }

  /** Every linked character not yet checked in this run; false when stopped midway. */
  private async checkRemaining(run: CheckRunDoc, clock: () => Date): Promise<boolean> {
    const signal = this.schedule.signal;
    let after = 0;
    for (;;) {
      const page = await this.roster.idsAfter(after, ROSTER_PAGE);
      if (page.length === 0) return true;
      after = page[page.length - 1]._id;
      const done = new Set(
        (
          await this.watch
            .find({ _id: { $in: page.map((c) => c._id) }, last_run_id: run._id }, { _id: 1 })
            .lean<{ _id: number }[]>()
        ).map((d) => d._id),
      );
      const todo = page.filter((c) => !done.has(c._id));
      let next = 0;
      const worker = async () => {
        while (next < todo.length && !signal.aborted) {
          const c = todo[next++];
          await this.checkOne(run, c, clock).catch((err: unknown) =>
            this.logger.warn(`Плановая проверка персонажа ${c._id} не удалась: ${String(err)}`),
          );
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.config.characterChecks.concurrency, todo.length) }, worker));
      if (signal.aborted) return false;
    }
  }

  private async checkOne(run: CheckRunDoc, character: { _id: number; name: string }, clock: () => Date): Promise<void> {
    const signal = this.schedule.signal;
    const wait = errorBudgetWait(this.esi.errorBudget(), Date.now(), ESI_ERRORS_KEPT_FOR_PLAYERS);
    if (wait > 0) {
      this.logger.warn(`Лимит ошибок ESI низкий: проверки персонажей ждут ${Math.ceil(wait / 1000)} с`);
      await sleep(wait, signal);
    }
    if (signal.aborted) return;
    const snapshot = await this.check.snapshot(character._id);
    if (!snapshot) return; // unlinked meanwhile (a check in flight when the app stops is still written)
    const id = character._id;
    const watched = await this.watch.findById(id).lean<CharacterWatchDoc>();
    const known = watched?.known ?? null;
    const changes = detectChanges(known, snapshot);
    const at = clock();
    await this.checks.updateOne({ character_id: id, run_id: run._id }, { $set: { at, snapshot } }, { upsert: true });
    // A retry of this character within the run (its instance died before the watch was written)
    // writes the same flags again: one per kind, nothing left from the earlier attempt.
    await this.flags.deleteMany({ character_id: id, run_id: run._id, kind: { $nin: changes.map((c) => c.kind) } });
    for (const change of changes) {
      await this.flags.updateOne(
        { character_id: id, run_id: run._id, kind: change.kind },
        {
          $set: { character_name: character.name, from: change.from, to: change.to, at },
          $setOnInsert: { acked_at: null, acked_by: null },
        },
        { upsert: true },
      );
    }
    await this.watch.updateOne(
      { _id: id },
      { $set: { name: character.name, known: mergeKnown(known, snapshot), last_run_id: run._id, checked_at: at } },
      { upsert: true },
    );
    await this.runs.updateOne({ _id: run._id }, { $inc: { checked: 1, flagged: changes.length } });
    const old = await this.checks
      .find({ character_id: id }, { _id: 1 })
      .sort({ at: -1, _id: -1 })
      .skip(CHECK_FLAG_RULES.historyPerCharacter)
      .lean<{ _id: CharacterCheckDoc['_id'] }[]>();
    if (old.length) await this.checks.deleteMany({ _id: { $in: old.map((d) => d._id) } });
  }
}
