import { Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Types, type Connection, type Model } from 'mongoose';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminListQuery,
  type AdminMainStats,
  type AdminUser,
  type AdminUsersResponse,
  type AdminUserUpdate,
} from '@eve-toolkit/shared-types';
import { USER_MODEL, type UserDoc } from '../accounts/user.schema';
import { CHARACTER_MODELS, type CharacterDoc } from '../characters/character.schema';
import { ACCESS_EVENTS, type AccessChangedEvent } from '../common/access/access.events';
import type { SessionUser } from '../common/auth/session-user';
import { SESSION_TTL_SECONDS } from '../common/auth/session.middleware';
import { apiError } from '../common/errors/api-exception.filter';

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Statistics and users for the admin area. Visitors (spec "counts of unauthenticated and
 * authenticated"): sessions in the `sessions` collection (connect-mongo, rolling) active in the
 * last 24 hours, i.e. whose expiry was pushed past now + TTL - 24 h by a request. Guests get a
 * session on their first visit (the SPA fetches a CSRF token), so `unauth` counts guest browsers;
 * `auth` counts distinct accounts (one person on two devices counts once).
 */
@Injectable()
export class AdminUsersService {
  constructor(
    @InjectModel(USER_MODEL) private readonly users: Model<UserDoc>,
    @InjectModel(CHARACTER_MODELS.character) private readonly characters: Model<CharacterDoc>,
    @InjectConnection() private readonly connection: Connection,
    private readonly events: EventEmitter2,
  ) {}

  async main(now = new Date()): Promise<AdminMainStats> {
    const created = await this.users.find({}, { created_at: 1 }).sort({ created_at: 1 }).lean<Pick<UserDoc, 'created_at'>[]>();
    const perDay = new Map<string, number>();
    for (const u of created) {
      const day = u.created_at.toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const activeSince = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000 - ADMIN_LIMITS.visitorWindowHours * 3600_000);
    const [row] = await this.connection
      .collection('sessions')
      .aggregate<{ unauth: number; auth: string[] }>([
        { $match: { expires: { $gt: activeSince } } },
        {
          $group: {
            _id: null,
            unauth: { $sum: { $cond: [{ $ifNull: ['$session.userId', false] }, 0, 1] } },
            auth: { $addToSet: '$session.userId' },
          },
        },
      ])
      .toArray();
    return {
      users: {
        dates: created.map((u) => u.created_at.toISOString()),
        per_day: [...perDay].map(([date, count]) => ({ date, count })),
      },
      unauth: row?.unauth ?? 0,
      auth: (row?.auth ?? []).filter((id) => typeof id === 'string').length,
      window_hours: ADMIN_LIMITS.visitorWindowHours,
    };
  }

  async list(query: AdminListQuery): Promise<AdminUsersResponse> {
    const page = query.page ?? 1;
    const filter = query.q ? { username_lower: { $regex: escapeRegex(query.q.toLowerCase()) } } : {};
    const [total, docs] = await Promise.all([
      this.users.countDocuments(filter),
      this.users
        .find(filter, { password_hash: 0 })
        .sort({ username_lower: 1 })
        .skip((page - 1) * ADMIN_LIMITS.pageSize)
        .limit(ADMIN_LIMITS.pageSize)
        .lean<UserDoc[]>(),
    ]);
    const chars = await this.charsOf(docs.map((d) => String(d._id)));
    return { users: docs.map((d) => this.toUser(d, chars)), total, page, page_size: ADMIN_LIMITS.pageSize };
  }

  async get(id: string): Promise<AdminUser> {
    const doc = await this.find(id);
    return this.toUser(doc, await this.charsOf([id]));
  }

  /** Grant or revoke a role, switch the account on or off; the user's access is recomputed at once. */
  async update(id: string, change: AdminUserUpdate, admin: SessionUser): Promise<AdminUser> {
    await this.find(id);
    if (change.type === 'del_role' && change.role === 'admin' && id === admin.id)
      throw apiError(409, ADMIN_MESSAGES.ownAdminRole);
    if (change.type === 'active' && !change.is_active && id === admin.id) throw apiError(409, ADMIN_MESSAGES.ownAccount);
    const update =
      change.type === 'add_role'
        ? { $addToSet: { roles: change.role } }
        : change.type === 'del_role'
          ? { $pull: { roles: change.role } }
          : { $set: { is_active: change.is_active } };
    await this.users.updateOne({ _id: id }, update);
    const event: AccessChangedEvent = { userIds: [id] };
    this.events.emit(ACCESS_EVENTS.changed, event);
    return this.get(id);
  }

  private async find(id: string): Promise<UserDoc> {
    if (!/^[0-9a-f]{24}$/.test(id)) throw apiError(404, ADMIN_MESSAGES.userNotFound);
    const doc = await this.users.findById(new Types.ObjectId(id), { password_hash: 0 }).lean<UserDoc>();
    if (!doc) throw apiError(404, ADMIN_MESSAGES.userNotFound);
    return doc;
  }

  private async charsOf(userIds: string[]): Promise<Map<string, { id: number; name: string }[]>> {
    const out = new Map<string, { id: number; name: string }[]>();
    const docs = await this.characters
      .find({ user_id: { $in: userIds } }, { _id: 1, name: 1, user_id: 1 })
      .sort({ name: 1 })
      .lean<Pick<CharacterDoc, '_id' | 'name' | 'user_id'>[]>();
    for (const c of docs) out.set(c.user_id, [...(out.get(c.user_id) ?? []), { id: c._id, name: c.name }]);
    return out;
  }

  private toUser(doc: UserDoc, chars: Map<string, { id: number; name: string }[]>): AdminUser {
    const id = String(doc._id);
    return {
      id,
      username: doc.username,
      roles: doc.roles.map((name) => ({ name })),
      chars: chars.get(id) ?? [],
      is_active: doc.is_active,
      last_active: doc.last_active?.toISOString() ?? null,
      created_at: doc.created_at.toISOString(),
    };
  }
}
