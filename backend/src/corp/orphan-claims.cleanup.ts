import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Types, type Model } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { LeaseService } from '../common/scheduling/lease.service';
import { LeasedSchedule } from '../common/scheduling/leased-schedule';
import { CORP_MODELS, type ClaimDoc, type ProjectDoc } from './corp.schema';

/** A claim not reflected in its project after this long was left by an interrupted claim call. */
export const ORPHAN_CLAIM_MS = 60_000;
export const ORPHAN_CLAIMS_LEASE = 'corp-orphan-claims';
/** Claims looked at per pass (the rest wait for the next one). */
const PASS_LIMIT = 1000;

/**
 * A scheduled step (every minute, one instance at a time under a MongoDB lease): a claim is
 * written just before its project's conditional update; if the instance died in between, the
 * claim is an orphan — older than ORPHAN_CLAIM_MS and its game job or contract is not among the
 * project's executors — and is deleted, so the member can claim that job again. Claims whose
 * credit landed (or whose project was finished and deleted: the job was paid) are marked
 * `settled` and never looked at again.
 */
@Injectable()
export class OrphanClaimsCleanup implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OrphanClaims');
  private readonly schedule: LeasedSchedule;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CORP_MODELS.claim) private readonly claims: Model<ClaimDoc>,
    @InjectModel(CORP_MODELS.project) private readonly projects: Model<ProjectDoc>,
    leases: LeaseService,
    private readonly scheduler: SchedulerRegistry,
  ) {
    this.schedule = new LeasedSchedule(leases, this.logger, {
      name: ORPHAN_CLAIMS_LEASE,
      leaseTtlMs: 5 * 60_000,
      intervalMs: ORPHAN_CLAIM_MS,
      firstDelayMs: 5_000,
      failure: 'Очистка незавершённых заявок не удалась',
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.schedulerEnabled) this.schedule.start(this.scheduler, () => this.sweep());
  }

  onModuleDestroy(): Promise<void> {
    return this.schedule.stop();
  }

  /** One pass now, skipped when another instance holds the lease. */
  runOnce(now = new Date()): Promise<void> {
    return this.schedule.runOnce(() => this.sweep(now));
  }

  /** Deletes orphaned claims and settles credited ones; returns how many were deleted. */
  async sweep(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - ORPHAN_CLAIM_MS);
    const old = await this.claims
      .find({ settled: { $ne: true }, at: { $lt: cutoff } }, { _id: 1, project_id: 1 })
      .sort({ at: 1 })
      .limit(PASS_LIMIT)
      .lean<Pick<ClaimDoc, '_id' | 'project_id'>[]>();
    const orphans: string[] = [];
    const settled: string[] = [];
    for (const projectId of new Set(old.map((d) => d.project_id))) {
      const project = Types.ObjectId.isValid(projectId)
        ? await this.projects.findById(projectId, { progress: 1 }).lean<Pick<ProjectDoc, 'progress'>>()
        : null;
      const credited = new Set(
        Object.values(project?.progress ?? {}).flatMap((p) => p.executors.flatMap((e) => e.refs.map((r) => String(r)))),
      );
      for (const d of old) {
        if (d.project_id !== projectId) continue;
        // A deleted (finished) project's claims stay: the job was paid.
        if (!project || credited.has(d._id.slice(d._id.indexOf(':') + 1))) settled.push(d._id);
        else orphans.push(d._id);
      }
    }
    if (settled.length) await this.claims.updateMany({ _id: { $in: settled } }, { $set: { settled: true } });
    if (orphans.length) {
      const res = await this.claims.deleteMany({ _id: { $in: orphans }, at: { $lt: cutoff } });
      this.logger.warn(`Удалены незавершённые заявки: ${res.deletedCount}`);
      return res.deletedCount;
    }
    return 0;
  }
}
