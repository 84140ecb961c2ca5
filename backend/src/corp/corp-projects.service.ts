import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import {
  CORP_MESSAGES,
  CORP_PERMISSIONS,
  typeIconUrl,
  type AddProjectRequest,
  type CandidateJob,
  type Project,
  type ProjectsResponse,
  type PushJobsRequest,
  type PushJobsResponse,
  type UpdateProjectRequest,
  type VerifyJobResponse,
} from '@eve-toolkit/shared-types';
import { hasRole, requirePermission } from '../common/access/access';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-exception.filter';
import { portraitUrl } from '../characters/characters.mapper';
import { GameData } from '../game-data/game-data.contract';
import type { CorpMember } from './corp-membership.service';
import { CorpMembership } from './corp-membership.service';
import { CorpEsi } from './corp-esi.service';
import { CORP_EVENTS, type ProjectCreatedEvent, type ProjectDeletedEvent, type ProjectUpdatedEvent } from './corp.events';
import { toProject } from './corp.mapper';
import { CORP_MODELS, type ClaimDoc, type ExecutorEntry, type ProjectDoc, type ProjectJobDoc } from './corp.schema';
import { buildJobMatches, checkBuyContract, contractToCorporation, type BuyJobState } from './domain/candidates';

const PROJECTS_LISTED = 200;
/** A claim not reflected in its project after this long was left by an interrupted push (see claimedRefs). */
export const ORPHAN_CLAIM_MS = 60_000;

type Claimable = { char_id: number; char_name: string; ref: number; runs: number; credits: { jobId: string; units: number }[] };

/**
 * Corporation projects: created from the industry calculator, moderated, and filled by members
 * whose game jobs and contracts (read through ESI) are credited per run. What a claim changes
 * (runs done, executors) changes in one conditional update of the project document, so runs
 * never exceed a job's quantity however many members claim at once; the same game job or
 * contract counts once (unique claim ids).
 */
@Injectable()
export class CorpProjectsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CORP_MODELS.project) private readonly projects: Model<ProjectDoc>,
    @InjectModel(CORP_MODELS.claim) private readonly claims: Model<ClaimDoc>,
    private readonly gameData: GameData,
    private readonly membership: CorpMembership,
    private readonly esi: CorpEsi,
    private readonly events: EventEmitter2,
  ) {}

  private map(doc: ProjectDoc): Project {
    return toProject(doc, this.config.imageServerUrl);
  }

  async list(member: CorpMember): Promise<ProjectsResponse> {
    const docs = await this.projects
      .find({ corporation_id: { $in: member.corporationIds } })
      .sort({ created_at: -1 })
      .limit(PROJECTS_LISTED)
      .lean<ProjectDoc[]>();
    return {
      projects: docs.map((d) => this.map(d)),
      can_create: hasRole(member.user, ...CORP_PERMISSIONS.createProject),
      can_moderate: hasRole(member.user, ...CORP_PERMISSIONS.moderate),
    };
  }

  /** One project of the caller's corporations (404 for any other, without telling it exists). */
  async get(member: CorpMember, id: string): Promise<ProjectDoc> {
    if (!Types.ObjectId.isValid(id) || String(new Types.ObjectId(id)) !== id) throw apiError(404, CORP_MESSAGES.projectNotFound);
    const doc = await this.projects
      .findOne({ _id: new Types.ObjectId(id), corporation_id: { $in: member.corporationIds } })
      .lean<ProjectDoc>();
    if (!doc) throw apiError(404, CORP_MESSAGES.projectNotFound);
    return doc;
  }

  async view(member: CorpMember, id: string): Promise<{ project: Project; can_moderate: boolean }> {
    return { project: this.map(await this.get(member, id)), can_moderate: hasRole(member.user, ...CORP_PERMISSIONS.moderate) };
  }

  /** POST add_project: the calculator's built nodes and bought materials, checked against the game data. */
  async create(member: CorpMember, req: AddProjectRequest & { desc: string }, now = new Date()): Promise<Project> {
    requirePermission(member.user, CORP_PERMISSIONS.createProject, CORP_MESSAGES.cannotCreateProject);
    if (req.jobs.length === 0 && req.materials.length === 0) throw apiError(400, CORP_MESSAGES.projectEmpty);
    const builds = new Map<string, { id: number; blueprint_id: number; runs: number; pay: number }>();
    for (const j of req.jobs) {
      const key = `${j.blueprint_id}:${j.id}`;
      const prev = builds.get(key);
      builds.set(key, prev ? { ...prev, runs: prev.runs + j.runs, pay: Math.max(prev.pay, j.pay) } : { ...j });
    }
    const buys = new Map<number, { id: number; quantity: number; pay: number }>();
    for (const m of req.materials) {
      const prev = buys.get(m.id);
      buys.set(m.id, prev ? { ...prev, quantity: prev.quantity + m.quantity, pay: Math.max(prev.pay, m.pay) } : { ...m });
    }
    const types = await this.gameData.typesByIds([...[...builds.values()].map((b) => b.id), ...buys.keys()]);
    const jobs: ProjectJobDoc[] = [];
    let n = 0;
    for (const b of builds.values()) {
      const bp = await this.gameData.blueprint(b.blueprint_id);
      const type = types.get(b.id);
      if (!type) throw apiError(400, `${CORP_MESSAGES.unknownItem}: ${b.id}`);
      if (!bp || !bp.products.some((p) => p.typeId === b.id)) throw apiError(400, `${CORP_MESSAGES.badBlueprint}: ${type.name}`);
      jobs.push({
        id: `j${++n}`,
        type: 'build',
        type_id: b.id,
        name: type.name,
        activity_id: bp.activityId,
        blueprint_id: bp.id,
        pay: b.pay,
        quantity: b.runs,
      });
    }
    for (const m of buys.values()) {
      const type = types.get(m.id);
      if (!type) throw apiError(400, `${CORP_MESSAGES.unknownItem}: ${m.id}`);
      jobs.push({
        id: `j${++n}`,
        type: 'buy',
        type_id: m.id,
        name: type.name,
        activity_id: null,
        blueprint_id: null,
        pay: m.pay,
        quantity: m.quantity,
      });
    }
    const doc = await this.projects.create({
      corporation_id: member.corporationId,
      name: req.name,
      desc: req.desc,
      status: 'waiting',
      jobs,
      progress: Object.fromEntries(jobs.map((j) => [j.id, { done: 0, executors: [] }])),
      author_id: member.user.id,
      author: member.user.username,
      created_at: now,
      updated_at: now,
    });
    const project = this.map(doc.toObject<ProjectDoc>());
    const event: ProjectCreatedEvent = { corporationId: member.corporationId, project };
    this.events.emit(CORP_EVENTS.projectCreated, event);
    return project;
  }

  /** POST update_project: any status for moderators; delete only a ready project. */
  async update(member: CorpMember, req: UpdateProjectRequest, now = new Date()): Promise<{ ok: true; project?: Project }> {
    requirePermission(member.user, CORP_PERMISSIONS.moderate, CORP_MESSAGES.cannotModerate);
    const doc = await this.get(member, req.project_id);
    if (req.type === 'del') {
      if (req.new_status !== 'ready' || doc.status !== 'ready') throw apiError(409, CORP_MESSAGES.deleteOnlyReady);
      const res = await this.projects.deleteOne({ _id: doc._id, status: 'ready' });
      if (res.deletedCount !== 1) throw apiError(409, CORP_MESSAGES.deleteOnlyReady);
      const event: ProjectDeletedEvent = { corporationId: doc.corporation_id, projectId: String(doc._id) };
      this.events.emit(CORP_EVENTS.projectDeleted, event);
      return { ok: true };
    }
    const updated = await this.projects
      .findOneAndUpdate({ _id: doc._id }, { $set: { status: req.new_status, updated_at: now } }, { returnDocument: 'after' })
      .lean<ProjectDoc>();
    if (!updated) throw apiError(404, CORP_MESSAGES.projectNotFound);
    const project = this.map(updated);
    const event: ProjectUpdatedEvent = { corporationId: updated.corporation_id, project, reason: 'status' };
    this.events.emit(CORP_EVENTS.projectUpdated, event);
    return { ok: true, project };
  }

  /** POST verify_job: the caller's game jobs (build) or contracts (buy) that may be credited to the job. */
  async verify(member: CorpMember, projectId: string, jobId: string): Promise<VerifyJobResponse> {
    const doc = await this.get(member, projectId);
    const job = this.jobOf(doc, jobId);
    this.checkOpen(doc, job);
    const found = await this.claimable(member, doc, job);
    return {
      job_type: job.type,
      candidates: found.map((c): CandidateJob => ({
        job_id: c.ref,
        char_id: c.char_id,
        char_name: c.char_name,
        char_icon: portraitUrl(this.config.imageServerUrl, c.char_id, 32),
        runs: c.runs,
        facility_name: c.facility_name,
        facility_icon: c.facility_icon,
      })),
    };
  }

  /** POST push_jobs: credits the chosen candidates (re-read from ESI now, never taken from the client). */
  async push(member: CorpMember, req: PushJobsRequest, now = new Date()): Promise<PushJobsResponse> {
    const doc = await this.get(member, req.project_id);
    const job = this.jobOf(doc, req.job_id);
    if (job.type !== req.job_type) throw apiError(400, CORP_MESSAGES.wrongJobType);
    this.checkOpen(doc, job);
    const wanted = req.jobs.map((j) => ({ char_id: j.char_id, ref: 'job_id' in j ? j.job_id : j.contract_id }));
    const mine = new Set((await this.membership.charactersIn(member.user.id, [doc.corporation_id])).map((c) => c._id));
    if (wanted.some((w) => !mine.has(w.char_id))) throw apiError(403, CORP_MESSAGES.notYourCharacter);
    const available = await this.claimable(member, doc, job);
    const chosen: Claimable[] = [];
    for (const w of new Map(wanted.map((x) => [`${x.char_id}:${x.ref}`, x])).values()) {
      const c = available.find((a) => a.char_id === w.char_id && a.ref === w.ref);
      if (!c) throw apiError(409, CORP_MESSAGES.candidateGone);
      chosen.push(c);
    }
    // Sum what the chosen candidates credit per job; every job must stay within its quantity.
    const perJob = new Map<string, number>();
    for (const c of chosen) for (const cr of c.credits) perJob.set(cr.jobId, (perJob.get(cr.jobId) ?? 0) + cr.units);
    const jobs = new Map(doc.jobs.map((j) => [j.id, j]));
    for (const [id, units] of perJob) {
      const j = jobs.get(id)!;
      if ((doc.progress[id]?.done ?? 0) + units > j.quantity) throw apiError(409, CORP_MESSAGES.overQuantity);
    }
    // 1) the claims: a game job or contract counts once, in any project.
    const prefix = job.type === 'build' ? 'job' : 'contract';
    const claimDocs: ClaimDoc[] = chosen.map((c) => ({
      _id: `${prefix}:${c.ref}`,
      project_id: String(doc._id),
      job_id: job.id,
      char_id: c.char_id,
      user_id: member.user.id,
      at: now,
    }));
    const inserted: string[] = [];
    try {
      for (const claim of claimDocs) {
        await this.claims.create(claim);
        inserted.push(claim._id);
      }
    } catch (err) {
      await this.releaseClaims(inserted);
      if ((err as { code?: number }).code === 11000) throw apiError(409, CORP_MESSAGES.alreadyClaimed);
      throw err;
    }
    // 2) the runs: one conditional update keeps every job within its quantity and the status open.
    const filter: Record<string, unknown> = { _id: doc._id, status: job.type === 'build' ? 'working' : 'waiting' };
    const inc: Record<string, number> = {};
    const push: Record<string, { $each: ExecutorEntry[] }> = {};
    for (const [id, units] of perJob) {
      filter[`progress.${id}.done`] = { $lte: jobs.get(id)!.quantity - units };
      inc[`progress.${id}.done`] = units;
      push[`progress.${id}.executors`] = {
        $each: chosen
          .filter((c) => c.credits.some((cr) => cr.jobId === id))
          .map((c) => ({
            char_id: c.char_id,
            name: c.char_name,
            runs: c.credits.find((cr) => cr.jobId === id)!.units,
            refs: [c.ref],
            at: now,
          })),
      };
    }
    const updated = await this.projects
      .findOneAndUpdate(filter, { $inc: inc, $push: push, $set: { updated_at: now } }, { returnDocument: 'after' })
      .lean<ProjectDoc>();
    if (!updated) {
      await this.releaseClaims(inserted);
      const fresh = await this.projects.findById(doc._id, { status: 1 }).lean<Pick<ProjectDoc, 'status'>>();
      if (!fresh) throw apiError(404, CORP_MESSAGES.projectNotFound);
      throw apiError(409, fresh.status !== filter.status ? this.closedMessage(job) : CORP_MESSAGES.overQuantity);
    }
    const project = this.map(updated);
    const event: ProjectUpdatedEvent = { corporationId: updated.corporation_id, project, reason: 'jobs' };
    this.events.emit(CORP_EVENTS.projectUpdated, event);
    return { project, credited: perJob.get(job.id) ?? 0 };
  }

  private async releaseClaims(ids: string[]): Promise<void> {
    if (ids.length) await this.claims.deleteMany({ _id: { $in: ids } });
  }

  private jobOf(doc: ProjectDoc, jobId: string): ProjectJobDoc {
    const job = doc.jobs.find((j) => j.id === jobId);
    if (!job) throw apiError(404, CORP_MESSAGES.jobNotFound);
    return job;
  }

  private closedMessage(job: ProjectJobDoc): string {
    return job.type === 'build' ? CORP_MESSAGES.buildNotWorking : CORP_MESSAGES.buyNotWaiting;
  }

  /** Spec §5: build jobs while the project is working; buy jobs while waiting and not complete. */
  private checkOpen(doc: ProjectDoc, job: ProjectJobDoc): void {
    if (job.type === 'build' && doc.status !== 'working') throw apiError(409, CORP_MESSAGES.buildNotWorking);
    if (job.type === 'buy' && doc.status !== 'waiting') throw apiError(409, CORP_MESSAGES.buyNotWaiting);
    if ((doc.progress[job.id]?.done ?? 0) >= job.quantity) throw apiError(409, CORP_MESSAGES.jobComplete);
  }

  /** The caller's game jobs or contracts that fit the job now (not claimed before by anyone). */
  private async claimable(
    member: CorpMember,
    doc: ProjectDoc,
    job: ProjectJobDoc,
  ): Promise<(Claimable & { facility_name: string; facility_icon: string })[]> {
    const chars = await this.membership.charactersIn(member.user.id, [doc.corporation_id]);
    const out: (Claimable & { facility_name: string; facility_icon: string })[] = [];
    const images = this.config.imageServerUrl;
    if (job.type === 'build') {
      for (const ch of chars) {
        const jobs = await this.esi.industryJobs(ch._id);
        const claimed = await this.claimedRefs(
          'job',
          jobs.map((j) => j.job_id),
        );
        const fitting = jobs.filter((j) =>
          buildJobMatches(j, { typeId: job.type_id, activityId: job.activity_id, characterId: ch._id }, claimed),
        );
        const facilities = new Map<number, string | null>();
        for (const id of new Set(fitting.map((j) => j.facility_id))) facilities.set(id, await this.esi.facilityName(ch._id, id));
        for (const j of fitting) {
          out.push({
            char_id: ch._id,
            char_name: ch.name,
            ref: j.job_id,
            runs: j.runs,
            credits: [{ jobId: job.id, units: j.runs }],
            facility_name: facilities.get(j.facility_id) ?? `Сооружение ${j.facility_id}`,
            facility_icon: typeIconUrl(images, j.blueprint_type_id, 32, 'bp'),
          });
        }
      }
      return out;
    }
    const buyJobs: BuyJobState[] = doc.jobs
      .filter((j) => j.type === 'buy')
      .map((j) => ({ id: j.id, typeId: j.type_id, pay: j.pay, quantity: j.quantity, done: doc.progress[j.id]?.done ?? 0 }));
    for (const ch of chars) {
      const contracts = (await this.esi.contracts(ch._id)).filter((c) => contractToCorporation(c, ch._id, doc.corporation_id));
      const claimed = await this.claimedRefs(
        'contract',
        contracts.map((c) => c.contract_id),
      );
      for (const c of contracts) {
        if (claimed.has(c.contract_id)) continue;
        const items = await this.esi.contractItems(ch._id, c.contract_id);
        if (!items.some((i) => i.type_id === job.type_id)) continue;
        const verdict = checkBuyContract(c.price ?? 0, items, buyJobs);
        if (!verdict.ok) continue;
        out.push({
          char_id: ch._id,
          char_name: ch.name,
          ref: c.contract_id,
          runs: verdict.credits.find((cr) => cr.jobId === job.id)?.units ?? 0,
          credits: verdict.credits,
          facility_name: c.title?.trim() ? `Контракт: ${c.title.trim()}` : `Контракт ${c.contract_id}`,
          facility_icon: typeIconUrl(images, job.type_id, 32),
        });
      }
    }
    return out;
  }

  /**
   * Game jobs / contracts already credited. A claim is written before the project's conditional
   * update; if the instance died in between (or the update was refused and the release failed),
   * the claim is an orphan: its ref is not among the project's executors. Orphans older than
   * ORPHAN_CLAIM_MS are removed here, so the member can claim the job again.
   */
  private async claimedRefs(prefix: 'job' | 'contract', refs: number[], now = new Date()): Promise<Set<number>> {
    if (refs.length === 0) return new Set();
    const docs = await this.claims.find({ _id: { $in: refs.map((r) => `${prefix}:${r}`) } }).lean<ClaimDoc[]>();
    const old = docs.filter((d) => now.getTime() - new Date(d.at).getTime() > ORPHAN_CLAIM_MS);
    const orphans = new Set<string>();
    for (const projectId of new Set(old.map((d) => d.project_id))) {
      const project = Types.ObjectId.isValid(projectId)
        ? await this.projects.findById(projectId, { progress: 1 }).lean<Pick<ProjectDoc, 'progress'>>()
        : null;
      if (!project) continue; // a deleted (finished) project's claims stay: the job was paid
      const credited = new Set(
        Object.values(project.progress).flatMap((p) => p.executors.flatMap((e) => e.refs.map((r) => String(r)))),
      );
      for (const d of old) if (d.project_id === projectId && !credited.has(d._id.slice(prefix.length + 1))) orphans.add(d._id);
    }
    if (orphans.size)
      await this.claims.deleteMany({ _id: { $in: [...orphans] }, at: { $lt: new Date(now.getTime() - ORPHAN_CLAIM_MS) } });
    return new Set(docs.filter((d) => !orphans.has(d._id)).map((d) => Number(d._id.slice(prefix.length + 1))));
  }
}
