import { HttpException, Inject, Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { createHash, randomBytes } from 'node:crypto';
import type { Model } from 'mongoose';
import {
  calendarFeedPath,
  DELIVERY_LIMITS,
  DELIVERY_MESSAGES,
  type CalendarLinkResponse,
  type CalendarLinkState,
} from '@eve-toolkit/shared-types';
import { ACCOUNT_EVENTS, type AccountDeletedEvent } from '../../common/auth/account.events';
import { SessionUsers } from '../../common/auth/session-users';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { apiError } from '../../common/errors/api-error';
import { CorpAccess, type CorpMember } from '../corp-access';
import { CorpScoped } from '../corp-scope';
import { toPing } from '../corp.mapper';
import { CORP_MODELS, type PingDoc } from '../corp.schema';
import { pingCalendar } from '../domain/calendar-feed';
import { CALENDAR_MODELS, type CalendarLinkDoc } from './calendar.schema';

const FEED_PINGS = 200;

/** The stored form of a token (only the hash is kept: a database leak gives no working link). */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256-bit tokens, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Personal calendar links: each member takes one (a new one replaces the old), revokes it, and
 * calendar apps read the corporation's upcoming pings through it. The token resolves to its
 * account and that account to a member through CorpAccess at every request, so a member who
 * lost access (role, character, corporation, ban) gets no feed; pings are read through CorpScoped.
 */
@Injectable()
export class CorpCalendarService {
  private readonly pings: CorpScoped<PingDoc>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CALENDAR_MODELS.link) private readonly links: Model<CalendarLinkDoc>,
    @InjectModel(CORP_MODELS.ping) pings: Model<PingDoc>,
    private readonly users: SessionUsers,
    private readonly access: CorpAccess,
  ) {
    this.pings = new CorpScoped(pings);
  }

  async state(member: CorpMember): Promise<CalendarLinkState> {
    const doc = await this.links.findOne({ user_id: member.user.id }).lean<CalendarLinkDoc>();
    return { active: !!doc, created_at: doc ? doc.created_at.toISOString() : null };
  }

  /** A new link for the member; the previous one stops working. The token is returned only now. */
  async take(member: CorpMember, now = new Date()): Promise<CalendarLinkResponse> {
    const token = randomBytes(32).toString('base64url');
    await this.links.updateOne(
      { user_id: member.user.id },
      { $set: { token_hash: hashOf(token), created_at: now } },
      { upsert: true },
    );
    return { path: calendarFeedPath(token), created_at: now.toISOString() };
  }

  async revoke(member: CorpMember): Promise<CalendarLinkState> {
    await this.links.deleteOne({ user_id: member.user.id });
    return { active: false, created_at: null };
  }

  /** The feed behind `<token>.ics`: 404 for an unknown or revoked token, 403 when its owner lost access. */
  async feed(file: string, now = new Date()): Promise<string> {
    const token = file.replace(/\.ics$/i, '');
    const link = TOKEN.test(token) ? await this.links.findOne({ token_hash: hashOf(token) }).lean<CalendarLinkDoc>() : null;
    if (!link) throw apiError(404, DELIVERY_MESSAGES.calendarNotFound);
    const member = await this.memberOf(link.user_id);
    const since = new Date(now.getTime() - DELIVERY_LIMITS.calendarPastHours * 3_600_000);
    const docs = await this.pings
      .find(member, { date: { $gte: since } })
      .sort({ date: 1 })
      .limit(FEED_PINGS)
      .lean<PingDoc[]>();
    const pageUrl = this.config.publicUrl ? `${this.config.publicUrl.replace(/\/$/, '')}/corp/events` : undefined;
    return pingCalendar(
      docs.map((d) => ({ ...toPing(d, this.config.imageServerUrl), cancelled: !!d.cancelled, sequence: d.seq ?? 0 })),
      { now, pageUrl },
    );
  }

  /** An account deleted: its link goes with it. */
  @OnEvent(ACCOUNT_EVENTS.deleted)
  async onAccountDeleted(e: AccountDeletedEvent): Promise<void> {
    await this.links.deleteMany({ user_id: e.userId });
  }

  private async memberOf(userId: string): Promise<CorpMember> {
    const user = await this.users.sessionUser(userId);
    try {
      return await this.access.require(user);
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() < 500) throw apiError(403, DELIVERY_MESSAGES.calendarNoAccess);
      throw err;
    }
  }
}
