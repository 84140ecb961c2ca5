import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CORP_LIMITS, eventDateFromEt, type CorpEvent, type EventsResponse, type EventType } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import type { CorpMember } from './corp-access';
import { CorpScoped } from './corp-scope';
import { CORP_EVENTS, type PingCreatedEvent } from './corp.events';
import { toCorpEvent } from './corp.mapper';
import { CORP_MODELS, type EventDoc } from './corp.schema';

const PINGS_LISTED = 200;

/**
 * Pings (spec "Пинги"): fleet commanders and admins create them (`can_create`); members see the
 * upcoming ones and those of the last week, soonest first. Date and time are EVE time (UTC).
 */
@Injectable()
export class CorpPingsService {
  private readonly pings: CorpScoped<EventDoc>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CORP_MODELS.event) pings: Model<EventDoc>,
    private readonly events: EventEmitter2,
  ) {
    this.pings = new CorpScoped(pings);
  }

  async list(member: CorpMember, now = new Date()): Promise<EventsResponse> {
    const since = new Date(now.getTime() - CORP_LIMITS.eventsPastDays * 86_400_000);
    const docs = await this.pings
      .find(member, { date: { $gte: since } })
      .sort({ date: 1 })
      .limit(PINGS_LISTED)
      .lean<EventDoc[]>();
    return {
      events: docs.map((d) => toCorpEvent(d, this.config.imageServerUrl)),
      can_create: member.can.createEvent,
    };
  }

  async create(
    member: CorpMember,
    req: { name: string; desc: string; type: EventType; date: string; time: string },
    now = new Date(),
  ): Promise<CorpEvent> {
    const doc = await this.pings.create(member, {
      name: req.name,
      desc: req.desc,
      type: req.type,
      date: eventDateFromEt(req.date, req.time),
      author_id: member.user.id,
      author: member.user.username,
      created_at: now,
    });
    const event = toCorpEvent(doc.toObject<EventDoc>(), this.config.imageServerUrl);
    const payload: PingCreatedEvent = { corporationId: member.corporationId, event };
    this.events.emit(CORP_EVENTS.pingCreated, payload);
    return event;
  }
}
