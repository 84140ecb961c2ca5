import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import {
  CORP_MESSAGES,
  typeIconUrl,
  type PushJobsRequest,
  type PushJobsResponse,
  type VerifyJobResponse,
} from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { isDuplicateKey } from '../common/database/duplicate-key';
import { apiError } from '../common/errors/api-error';
import { CorpAccess, type CorpMember } from './corp-access';
import { CorpEsi } from './corp-esi.service';
import { CorpProjectsService } from './corp-projects.service';
import { CORP_EVENTS, type ProjectUpdatedEvent } from './corp.events';
import { toCandidateJob } from './corp.mapper';
import { CORP_MODELS, type ClaimDoc, type ExecutorEntry, type ProjectDoc, type ProjectJobDoc } from './corp.schema';
import { buildJobMatches, checkBuyContract, contractToCorporation, type BuyJobState, type Candidate } from './domain/candidates';
import { creditedTo, planCredit, type JobCredit } from './domain/credits';

type Member = { id: number; name: string };

const claimId = (job: ProjectJobDoc, ref: number) => `${job.type === 'build' ? 'job' : 'contract'}:${ref}`;

/**
 * Claiming game jobs and contracts for a project job, as one use case: `candidates` lists what
 * the member's characters (in the project's corporation) did that fits, read through ESI now;
 * `claim` credits the chosen ones — re-read from ESI, never taken from the client. A game job
 * or contract counts once in any project (the claim's unique id); the runs change in one
 * conditional update of the project, so they never exceed a job's quantity however many members
 * claim at once. A claim whose update did not land is released at once, or, if the instance died
 * in between, by OrphanClaimsCleanup.
 */
@Injectable()
export class ProjectClaims {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CORP_MODELS.project) private readonly projectDocs: Model<ProjectDoc>,
    @InjectModel(CORP_MODELS.claim) private readonly claims: Model<ClaimDoc>,
    private readonly projects: CorpProjectsService,
    private readonly access: CorpAccess,
    private readonly esi: CorpEsi,
    private readonly events: EventEmitter2,
  ) {}

  /** POST verify_job: the caller's game jobs (build) or contracts (buy) that may be credited to the job. */
  async candidates(member: CorpMember, projectId: string, jobId: string): Promise<VerifyJobResponse> {
    const { doc, job } = await this.openJob(member, projectId, jobId);
    const chars = await this.access.charactersIn(member, doc.corporation_id);
    const found = await this.find(chars, doc, job);
    return { job_type: job.type, candidates: found.map((c) => toCandidateJob(c, job.id, this.config.imageServerUrl)) };
  }

  /** POST push_jobs: credits the chosen candidates. */
  async claim(member: CorpMember, req: PushJobsRequest, now = new Date()): Promise<PushJobsResponse> {
    const { doc, job } = await this.openJob(member, req.project_id, req.job_id, req.job_type);
    const wanted = req.jobs.map((j) => ({ charId: j.char_id, ref: 'job_id' in j ? j.job_id : j.contract_id }));
    const chars = await this.access.charactersIn(member, doc.corporation_id);
    if (wanted.some((w) => !chars.some((c) => c.id === w.charId))) throw apiError(403, CORP_MESSAGES.notYourCharacter);
    const available = await this.find(chars, doc, job);
    const chosen: Candidate[] = [];
    for (const w of new Map(wanted.map((x) => [`${x.charId}:${x.ref}`, x])).values()) {
      const c = available.find((a) => a.charId === w.charId && a.ref === w.ref);
      if (!c) throw apiError(409, CORP_MESSAGES.candidateGone);
      chosen.push(c);
    }
    const plan = planCredit(
      chosen,
      doc.jobs.map((j) => ({ id: j.id, quantity: j.quantity, done: doc.progress[j.id]?.done ?? 0 })),
    );
    if (!plan.ok)
      throw plan.reason === 'nothing'
        ? apiError(400, CORP_MESSAGES.nothingToPush)
        : apiError(409, plan.reason === 'unknown-job' ? CORP_MESSAGES.jobNotFound : CORP_MESSAGES.overQuantity);

    // 1) the claims: a game job or contract counts once, in any project.
    const batch = randomUUID();
    const ids = chosen.map((c) => claimId(job, c.ref));
    try {
      await this.claims.insertMany(
        chosen.map((c, i) => ({
          _id: ids[i],
          project_id: String(doc._id),
          job_id: job.id,
          char_id: c.charId,
          user_id: member.user.id,
          at: now,
          batch,
        })),
        { ordered: true },
      );
    } catch (err) {
      await this.release(ids, batch);
      if (isDuplicateKey(err)) throw apiError(409, CORP_MESSAGES.alreadyClaimed);
      throw err;
    }
    // 2) the runs: one conditional update keeps every job within its quantity and the status open.
    const status = job.type === 'build' ? 'working' : 'waiting';
    const updated = await this.projectDocs
      .findOneAndUpdate(
        { _id: doc._id, status, ...ceilings(plan.jobs) },
        { $inc: increments(plan.jobs), $push: executors(plan.jobs, now), $set: { updated_at: now } },
        { returnDocument: 'after' },
      )
      .lean<ProjectDoc>();
    if (!updated) {
      await this.release(ids, batch);
      const fresh = await this.projectDocs.findById(doc._id, { status: 1 }).lean<Pick<ProjectDoc, 'status'>>();
      if (!fresh) throw apiError(404, CORP_MESSAGES.projectNotFound);
      throw apiError(409, fresh.status !== status ? closedMessage(job) : CORP_MESSAGES.overQuantity);
    }
    const project = this.projects.map(updated);
    const event: ProjectUpdatedEvent = { corporationId: updated.corporation_id, project, reason: 'jobs' };
    this.events.emit(CORP_EVENTS.projectUpdated, event);
    return { project, credited: creditedTo(plan.jobs, job.id) };
  }

  /** The member's project and one of its jobs, open for claims now (404 / 400 / 409 in Russian). */
  private async openJob(member: CorpMember, projectId: string, jobId: string, jobType?: ProjectJobDoc['type']) {
    const doc = await this.projects.get(member, projectId);
    const job = doc.jobs.find((j) => j.id === jobId);
    if (!job) throw apiError(404, CORP_MESSAGES.jobNotFound);
    if (jobType && job.type !== jobType) throw apiError(400, CORP_MESSAGES.wrongJobType);
    // Spec §5: build jobs while the project is working; buy jobs while waiting and not complete.
    if (job.type === 'build' && doc.status !== 'working') throw apiError(409, CORP_MESSAGES.buildNotWorking);
    if (job.type === 'buy' && doc.status !== 'waiting') throw apiError(409, CORP_MESSAGES.buyNotWaiting);
    if ((doc.progress[job.id]?.done ?? 0) >= job.quantity) throw apiError(409, CORP_MESSAGES.jobComplete);
    return { doc, job };
  }

  /** Releases this call's own claims (never another's claim of the same game job). */
  private async release(ids: string[], batch: string): Promise<void> {
    await this.claims.deleteMany({ _id: { $in: ids }, batch });
  }

  /** The characters' game jobs or contracts that fit the job now (not claimed before by anyone). */
  private async find(chars: readonly Member[], doc: ProjectDoc, job: ProjectJobDoc): Promise<Candidate[]> {
    const out: Candidate[] = [];
    const images = this.config.imageServerUrl;
    if (job.type === 'build') {
      for (const ch of chars) {
        const jobs = await this.esi.industryJobs(ch.id);
        const claimed = await this.claimed(
          job,
          jobs.map((j) => j.job_id),
        );
        const fitting = jobs.filter((j) =>
          buildJobMatches(j, { typeId: job.type_id, activityId: job.activity_id, characterId: ch.id }, claimed),
        );
        const facilities = new Map<number, string | null>();
        for (const id of new Set(fitting.map((j) => j.facility_id))) facilities.set(id, await this.esi.facilityName(ch.id, id));
        for (const j of fitting) {
          out.push({
            charId: ch.id,
            charName: ch.name,
            ref: j.job_id,
            credits: [{ jobId: job.id, units: j.runs }],
            facilityName: facilities.get(j.facility_id) ?? `Сооружение ${j.facility_id}`,
            facilityIcon: typeIconUrl(images, j.blueprint_type_id, 32, 'bp'),
          });
        }
      }
      return out;
    }
    const buyJobs: BuyJobState[] = doc.jobs
      .filter((j) => j.type === 'buy')
      .map((j) => ({
        id: j.id,
        typeId: j.type_id,
        // a job without pay asks no minimum contract price
        pay: j.pay ?? 0,
        quantity: j.quantity,
        done: doc.progress[j.id]?.done ?? 0,
      }));
    for (const ch of chars) {
      const contracts = (await this.esi.contracts(ch.id)).filter((c) => contractToCorporation(c, ch.id, doc.corporation_id));
      const claimed = await this.claimed(
        job,
        contracts.map((c) => c.contract_id),
      );
      for (const c of contracts) {
        if (claimed.has(c.contract_id)) continue;
        const items = await this.esi.contractItems(ch.id, c.contract_id);
        if (!items.some((i) => i.type_id === job.type_id)) continue;
        const verdict = checkBuyContract(c.price ?? 0, items, buyJobs);
        if (!verdict.ok) continue;
        out.push({
          charId: ch.id,
          charName: ch.name,
          ref: c.contract_id,
          credits: verdict.credits,
          facilityName: c.title?.trim() ? `Контракт: ${c.title.trim()}` : `Контракт ${c.contract_id}`,
          facilityIcon: typeIconUrl(images, job.type_id, 32),
        });
      }
    }
    return out;
  }

  /** Of `refs`, the game jobs or contracts already claimed (in any project). */
  private async claimed(job: ProjectJobDoc, refs: number[]): Promise<Set<number>> {
    if (refs.length === 0) return new Set();
    const docs = await this.claims
      .find({ _id: { $in: refs.map((r) => claimId(job, r)) } }, { _id: 1 })
      .lean<Pick<ClaimDoc, '_id'>[]>();
    return new Set(docs.map((d) => Number(d._id.slice(d._id.indexOf(':') + 1))));
  }
}

function closedMessage(job: ProjectJobDoc): string {
  return job.type === 'build' ? CORP_MESSAGES.buildNotWorking : CORP_MESSAGES.buyNotWaiting;
}

/** Each credited job's `done` at most what leaves room for its units. */
function ceilings(jobs: readonly JobCredit[]): Record<string, { $lte: number }> {
  return Object.fromEntries(jobs.map((j) => [`progress.${j.jobId}.done`, { $lte: j.maxDoneBefore }]));
}

function increments(jobs: readonly JobCredit[]): Record<string, number> {
  return Object.fromEntries(jobs.map((j) => [`progress.${j.jobId}.done`, j.units]));
}

function executors(jobs: readonly JobCredit[], at: Date): Record<string, { $each: ExecutorEntry[] }> {
  return Object.fromEntries(
    jobs.map((j) => [
      `progress.${j.jobId}.executors`,
      { $each: j.executors.map((e) => ({ char_id: e.charId, name: e.charName, runs: e.runs, refs: [e.ref], at })) },
    ]),
  );
}
