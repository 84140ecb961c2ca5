import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import {
  CORP_MESSAGES,
  type AddProjectRequest,
  type Project,
  type ProjectsResponse,
  type UpdateProjectRequest,
} from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import { GameData } from '../game-data/game-data.contract';
import type { CorpMember } from './corp-access';
import { CorpScoped } from './corp-scope';
import { CORP_EVENTS, type ProjectCreatedEvent, type ProjectDeletedEvent, type ProjectUpdatedEvent } from './corp.events';
import { toProject } from './corp.mapper';
import { CORP_MODELS, type ProjectDoc, type ProjectJobDoc } from './corp.schema';

const PROJECTS_LISTED = 200;

/**
 * Corporation projects: created from the industry calculator, listed, moderated (status, delete
 * a ready one). Members fill them with their game jobs and contracts through ProjectClaims.
 * Permissions are the guard's (@CorpArea); reads and new projects go through CorpScoped.
 */
@Injectable()
export class CorpProjectsService {
  private readonly scoped: CorpScoped<ProjectDoc>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CORP_MODELS.project) private readonly projects: Model<ProjectDoc>,
    private readonly gameData: GameData,
    private readonly events: EventEmitter2,
  ) {
    this.scoped = new CorpScoped(projects);
  }

  map(doc: ProjectDoc): Project {
    return toProject(doc, this.config.imageServerUrl);
  }

  async list(member: CorpMember): Promise<ProjectsResponse> {
    const docs = await this.scoped.find(member).sort({ created_at: -1 }).limit(PROJECTS_LISTED).lean<ProjectDoc[]>();
    return {
      projects: docs.map((d) => this.map(d)),
      can_create: member.can.createProject,
      can_moderate: member.can.moderate,
    };
  }

  /** One project of the caller's corporations (404 for any other, without telling it exists). */
  async get(member: CorpMember, id: string): Promise<ProjectDoc> {
    if (!Types.ObjectId.isValid(id) || String(new Types.ObjectId(id)) !== id) throw apiError(404, CORP_MESSAGES.projectNotFound);
    const doc = await this.scoped.findOne(member, { _id: new Types.ObjectId(id) }).lean<ProjectDoc>();
    if (!doc) throw apiError(404, CORP_MESSAGES.projectNotFound);
    return doc;
  }

  async view(member: CorpMember, id: string): Promise<{ project: Project; can_moderate: boolean }> {
    return { project: this.map(await this.get(member, id)), can_moderate: member.can.moderate };
  }

  /** POST add_project: the calculator's built nodes and bought materials, checked against the game data. */
  async create(member: CorpMember, req: AddProjectRequest & { desc: string }, now = new Date()): Promise<Project> {
    if (req.jobs.length === 0 && req.materials.length === 0) throw apiError(400, CORP_MESSAGES.projectEmpty);
    /** The higher of two rates; a rate beats none. */
    const maxPay = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
    const builds = new Map<string, { id: number; blueprint_id: number; runs: number; pay: number | null }>();
    for (const j of req.jobs) {
      const key = `${j.blueprint_id}:${j.id}`;
      const prev = builds.get(key);
      builds.set(key, prev ? { ...prev, runs: prev.runs + j.runs, pay: maxPay(prev.pay, j.pay) } : { ...j });
    }
    const buys = new Map<number, { id: number; quantity: number; pay: number | null }>();
    for (const m of req.materials) {
      const prev = buys.get(m.id);
      buys.set(m.id, prev ? { ...prev, quantity: prev.quantity + m.quantity, pay: maxPay(prev.pay, m.pay) } : { ...m });
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
        pay: b.pay || null,
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
        pay: m.pay || null,
        quantity: m.quantity,
      });
    }
    const doc = await this.scoped.create(member, {
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

  /** POST update_project (moderators: @CorpArea('moderate')): any status; delete only a ready project. */
  async update(member: CorpMember, req: UpdateProjectRequest, now = new Date()): Promise<{ ok: true; project?: Project }> {
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
}
