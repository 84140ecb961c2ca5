import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import {
  canManagePing,
  CORP_LIMITS,
  CORP_MESSAGES,
  eventDateFromEt,
  type AddPingFields,
  type Ping,
  type PingsResponse,
  type PingSystem,
  type RsvpAnswer,
  type UpdatePingFields,
} from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import { GameData } from '../game-data/game-data.contract';
import { CorpAccess, type CorpMember } from './corp-access';
import { CorpScoped, type CorpReader } from './corp-scope';
import { CORP_EVENTS, type PingCancelledEvent, type PingCreatedEvent, type PingUpdatedEvent } from './corp.events';
import { toPing } from './corp.mapper';
import { CORP_MODELS, type PingDoc, type PingAnnouncement } from './corp.schema';
import { pingStartProblem } from './domain/pings';
import { CorpDoctrinesService } from './doctrines/corp-doctrines.service';

const PINGS_LISTED = 200;

/**
 * Pings (spec "Пинги", issue 27): fleet commanders and admins create them (`can_create`) with
 * what a fleet runs from (formup system, doctrine, comms, SRP, FC); members see the upcoming
 * ones and those of the last week, soonest first, and answer them (yes / no / maybe). The
 * author, the pilot named as FC and the corporation's admins edit and cancel them
 * (`canManagePing`). Date and time are EVE time (UTC). Every change is a domain event carrying
 * the shared view of the ping. A creation, an edit and a cancellation also write, in the same
 * single-document write, their announcement for the corporation's webhooks (`webhooks_due`, see
 * PingAnnouncement): the webhook listener turns it into outbox rows before the answer, and if the
 * instance dies in between, WebhookOutbox's sweep finds it.
 */
@Injectable()
export class CorpPingsService {
  private readonly pings: CorpScoped<PingDoc>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CORP_MODELS.ping) pings: Model<PingDoc>,
    private readonly access: CorpAccess,
    private readonly gameData: GameData,
    private readonly events: EventEmitter2,
    private readonly doctrines: CorpDoctrinesService,
  ) {
    this.pings = new CorpScoped(pings);
  }

  async list(member: CorpMember, now = new Date()): Promise<PingsResponse> {
    const since = new Date(now.getTime() - CORP_LIMITS.eventsPastDays * 86_400_000);
    const [docs, characters] = await Promise.all([
      this.pings
        // A cancelled ping stays (marked) until its start has passed.
        .find(member, { date: { $gte: since }, $or: [{ cancelled: null }, { date: { $gt: now } }] })
        .sort({ date: 1 })
        .limit(PINGS_LISTED)
        .lean<PingDoc[]>(),
      this.access.charactersOf(member),
    ]);
    const names = (corporationId: number) => characters.filter((c) => c.corporationId === corporationId).map((c) => c.name);
    return {
      events: await Promise.all(docs.map((d) => this.view(d, member, names(d.corporation_id)))),
      can_create: member.can.createPing,
      viewer: { username: member.user.username, admin: member.can.managePings, characters: characters.map((c) => c.name) },
    };
  }

  async create(member: CorpMember, req: AddPingFields, now = new Date()): Promise<Ping> {
    const date = eventDateFromEt(req.date, req.time);
    const problem = pingStartProblem(date, now);
    if (problem) throw apiError(400, problem);
    const _id = new Types.ObjectId();
    // A doctrine of the library: of the corporation the ping goes to (404 otherwise); its name is the ping's doctrine text.
    const doctrineRef = req.doctrine_id ? await this.doctrines.pingDoctrine(member.corporationId, req.doctrine_id) : null;
    const doc = await this.pings.create(member, {
      _id,
      name: req.name,
      desc: req.desc,
      type: req.type,
      date,
      formup: await this.system(req.formup),
      doctrine: doctrineRef ? doctrineRef.name : req.doctrine,
      doctrine_ref: doctrineRef,
      comms: req.comms,
      srp: req.srp,
      fc: req.fc,
      rsvp: {},
      author_id: member.user.id,
      author: member.user.username,
      created_at: now,
      updated_at: now,
      rev: 0,
      seq: 0,
      cancelled: null,
      webhooks_due: [announcement(`${String(_id)}:created`, 'created', now)],
    });
    const saved = doc.toObject<PingDoc>();
    const payload: PingCreatedEvent = { corporationId: saved.corporation_id, ping: this.shared(saved) };
    await this.events.emitAsync(CORP_EVENTS.pingCreated, payload);
    return this.view(saved, member);
  }

  /** The fields given change (404 outside the member's corporations, 403 for someone who may not). */
  async update(member: CorpMember, req: UpdatePingFields, now = new Date()): Promise<Ping> {
    const doc = await this.managed(member, req.id);
    if (doc.cancelled) throw apiError(409, CORP_MESSAGES.eventCancelled);
    const set: Partial<PingDoc> = { updated_at: now };
    for (const key of ['name', 'desc', 'type', 'doctrine', 'comms', 'srp', 'fc'] as const)
      if (req[key] !== undefined) (set as Record<string, unknown>)[key] = req[key];
    if (req.date !== undefined && req.time !== undefined) {
      const date = eventDateFromEt(req.date, req.time);
      // The same moment again is no change (a started ping's other fields stay editable).
      if (date.getTime() !== new Date(doc.date).getTime()) {
        const problem = pingStartProblem(date, now);
        if (problem) throw apiError(400, problem);
        set.date = date;
      }
    }
    if (req.formup !== undefined) set.formup = await this.system(req.formup);
    if (req.doctrine_id !== undefined) {
      set.doctrine_ref = req.doctrine_id === null ? null : await this.doctrines.pingDoctrine(doc.corporation_id, req.doctrine_id);
      if (set.doctrine_ref) set.doctrine = set.doctrine_ref.name;
    }
    const change = announcement(`${String(doc._id)}:updated:${now.toISOString()}`, 'updated', now);
    const updated = await this.pings
      .findOneAndUpdate(
        member,
        { _id: doc._id, cancelled: null },
        { $set: set, $inc: { rev: 1, seq: 1 }, $push: { webhooks_due: change } },
      )
      .lean<PingDoc>();
    if (!updated) throw await this.missing(member, doc._id);
    const payload: PingUpdatedEvent = { corporationId: updated.corporation_id, ping: this.shared(updated), reason: 'edit' };
    await this.events.emitAsync(CORP_EVENTS.pingUpdated, payload);
    return this.view(updated, member);
  }

  /**
   * Cancels the ping (the same access as `update`): it is marked cancelled (who, when) and stays
   * until its start has passed; a second cancel is 409. Members' pages turn it cancelled live
   * (`corp.ping-updated`, reason `cancel`); `corp.ping-cancelled` announces it.
   */
  async cancel(member: CorpMember, id: string, now = new Date()): Promise<{ ok: true; event: Ping }> {
    const doc = await this.managed(member, id);
    const change = announcement(`${String(doc._id)}:cancelled`, 'cancelled', now);
    const updated = await this.pings
      .findOneAndUpdate(
        member,
        { _id: doc._id, cancelled: null },
        {
          $set: { cancelled: { by: member.user.username, at: now } },
          $inc: { rev: 1, seq: 1 },
          $push: { webhooks_due: change },
        },
      )
      .lean<PingDoc>();
    if (!updated) throw await this.missing(member, doc._id);
    const shared = this.shared(updated);
    const live: PingUpdatedEvent = { corporationId: updated.corporation_id, ping: shared, reason: 'cancel' };
    await this.events.emitAsync(CORP_EVENTS.pingUpdated, live);
    const payload: PingCancelledEvent = { corporationId: updated.corporation_id, ping: shared };
    await this.events.emitAsync(CORP_EVENTS.pingCancelled, payload);
    return { ok: true, event: await this.view(updated, member) };
  }

  /** Any member answers (again to change it): one conditional update of the ping's answers. */
  async rsvp(member: CorpMember, id: string, answer: RsvpAnswer): Promise<Ping> {
    const _id = objectId(id);
    const updated = await this.pings
      .findOneAndUpdate(member, { _id, cancelled: null }, { $set: { [`rsvp.${member.user.id}`]: answer }, $inc: { rev: 1 } })
      .lean<PingDoc>();
    if (!updated) throw await this.missing(member, _id);
    const payload: PingUpdatedEvent = {
      corporationId: updated.corporation_id,
      ping: this.shared(updated),
      reason: 'rsvp',
      answer: { userId: member.user.id, answer },
    };
    await this.events.emitAsync(CORP_EVENTS.pingUpdated, payload);
    return this.view(updated, member);
  }

  /**
   * Pings of one corporation starting between `from` and `to` (ship replacement's fleet match,
   * `reader` is the corporation the loss belongs to).
   */
  async startingBetween(reader: CorpReader, from: Date, to: Date): Promise<PingRef[]> {
    const docs = await this.pings
      .find(reader, { date: { $gte: from, $lte: to } })
      .sort({ date: 1 })
      .limit(PINGS_LISTED)
      .lean<PingDoc[]>();
    return docs.map(toPingRef);
  }

  /** One ping of the reader's corporations (null when there is none). */
  async ref(reader: CorpReader, id: string): Promise<PingRef | null> {
    if (!Types.ObjectId.isValid(id)) return null;
    const doc = await this.pings.findOne(reader, { _id: new Types.ObjectId(id) }).lean<PingDoc>();
    return doc ? toPingRef(doc) : null;
  }

  /** The ping, when the member may edit it: 404 when it is not in their corporations, 403 when not theirs to manage. */
  private async managed(member: CorpMember, id: string): Promise<PingDoc> {
    const doc = await this.pings.findOne(member, { _id: objectId(id) }).lean<PingDoc>();
    if (!doc) throw apiError(404, CORP_MESSAGES.eventNotFound);
    if (!(await this.mayManage(member, doc))) throw apiError(403, CORP_MESSAGES.cannotEditPing);
    return doc;
  }

  /** Why a conditional update of a ping found nothing: 409 when it is cancelled, else 404. */
  private async missing(member: CorpMember, _id: Types.ObjectId): Promise<Error> {
    const doc = await this.pings.findOne(member, { _id }).lean<PingDoc>();
    return doc?.cancelled ? apiError(409, CORP_MESSAGES.eventCancelled) : apiError(404, CORP_MESSAGES.eventNotFound);
  }

  /** Whether `member` may edit and cancel the ping (`names`: their characters in its corporation, read when needed). */
  private async mayManage(member: CorpMember, doc: PingDoc, names?: string[]): Promise<boolean> {
    const viewer = { isAuthor: doc.author_id === member.user.id, admin: member.can.managePings };
    if (viewer.isAuthor || viewer.admin || !doc.fc) return viewer.isAuthor || viewer.admin;
    const characters = names ?? (await this.access.charactersIn(member, doc.corporation_id)).map((c) => c.name);
    return canManagePing({ fc: doc.fc }, { ...viewer, characters });
  }

  /** The ping as `member` sees it (their answer, whether they may edit it). */
  private async view(doc: PingDoc, member: CorpMember, names?: string[]): Promise<Ping> {
    const canEdit = await this.mayManage(member, doc, names);
    return toPing(doc, this.config.imageServerUrl, { userId: member.user.id, canEdit });
  }

  /** The view every member shares (socket and domain events). */
  private shared(doc: PingDoc): Ping {
    return toPing(doc, this.config.imageServerUrl);
  }

  /** The formup system from the game data (400 when there is no such system). */
  private async system(id: number | null): Promise<PingSystem | null> {
    if (id === null) return null;
    const system = await this.gameData.system(id);
    if (!system) throw apiError(400, CORP_MESSAGES.unknownSystem);
    return { id: system.id, name: system.name, security: system.security };
  }
}

/** What another feature (ship replacement) needs of a ping. */
export interface PingRef {
  id: string;
  corporationId: number;
  name: string;
  date: Date;
  cancelled: boolean;
  /** The library's doctrine the ping names (issue 38), or null. */
  doctrineId: string | null;
}

const toPingRef = (d: PingDoc): PingRef => ({
  id: String(d._id),
  corporationId: d.corporation_id,
  name: d.name,
  date: new Date(d.date),
  cancelled: !!d.cancelled,
  doctrineId: d.doctrine_ref?.id ?? null,
});

/** A change for the webhooks, written with the change (see PingAnnouncement). */
function announcement(key: string, kind: PingAnnouncement['kind'], at: Date): PingAnnouncement {
  return { key, kind, at };
}

/** A ping id from the client as an ObjectId (404 for anything that cannot be one). */
function objectId(id: string): Types.ObjectId {
  if (!Types.ObjectId.isValid(id) || String(new Types.ObjectId(id)) !== id) throw apiError(404, CORP_MESSAGES.eventNotFound);
  return new Types.ObjectId(id);
}
