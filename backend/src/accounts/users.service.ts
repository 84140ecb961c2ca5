import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import type { Role } from '@eve-toolkit/shared-types';
import { ACCESS_EVENTS, type AccessChangedEvent } from '../common/access/access.events';
import type { SessionUser } from '../common/auth/session-user';
import { SessionUsers } from '../common/auth/session-users';
import { usernameKeys } from './domain/username';
import { USER_MODEL, type UserDoc } from './user.schema';
import { escapeRegex } from '../common/database/escape-regex';

/** An account as other modules see it (never the password hash). */
export interface UserSummary {
  id: string;
  username: string;
  roles: Role[];
  is_active: boolean;
  created_at: Date;
  last_active: Date | null;
}

/** A new account's fields (the hash is computed by the caller: accounts, or the demo seed). */
export interface NewUser {
  username: string;
  email: string | null;
  password_hash: string;
  roles: Role[];
}

const isObjectId = (id: string) => /^[0-9a-f]{24}$/.test(id);

function toSummary(doc: UserDoc): UserSummary {
  return {
    id: String(doc._id),
    username: doc.username,
    roles: doc.roles,
    is_active: doc.is_active,
    created_at: doc.created_at,
    last_active: doc.last_active ?? null,
  };
}

/**
 * The `users` collection's owner: every other module reads and changes accounts through this.
 * Roles and the active switch change only here, and each change emits ACCESS_EVENTS.changed, so
 * the user's corporation access and socket rooms are recomputed at once.
 */
@Injectable()
export class UsersService implements SessionUsers {
  constructor(
    @InjectModel(USER_MODEL) private readonly users: Model<UserDoc>,
    private readonly events: EventEmitter2,
  ) {}

  async sessionUser(userId: string): Promise<SessionUser | null> {
    if (!Types.ObjectId.isValid(userId)) return null;
    const user = await this.users
      .findOne({ _id: userId, is_active: true }, { username: 1, roles: 1 })
      .lean<Pick<UserDoc, '_id' | 'username' | 'roles'>>();
    return user ? { id: String(user._id), username: user.username, roles: user.roles } : null;
  }

  /** Any account by id (active or not), or null. */
  async get(userId: string): Promise<UserSummary | null> {
    if (!isObjectId(userId)) return null;
    const doc = await this.users.findById(new Types.ObjectId(userId), { password_hash: 0 }).lean<UserDoc>();
    return doc ? toSummary(doc) : null;
  }

  /** Usernames of these accounts (ids that are not accounts are left out). */
  async usernames(userIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)].filter(isObjectId);
    const docs = await this.users.find({ _id: { $in: ids } }, { username: 1 }).lean<Pick<UserDoc, '_id' | 'username'>[]>();
    return new Map(docs.map((u) => [String(u._id), u.username]));
  }

  /** A page of accounts by username, optionally those whose name contains `q` (case-insensitive). */
  async page(q: string | undefined, page: number, pageSize: number): Promise<{ total: number; users: UserSummary[] }> {
    const filter = q ? { username_lower: { $regex: escapeRegex(q.toLowerCase()) } } : {};
    const [total, docs] = await Promise.all([
      this.users.countDocuments(filter),
      this.users
        .find(filter, { password_hash: 0 })
        .sort({ username_lower: 1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<UserDoc[]>(),
    ]);
    return { total, users: docs.map(toSummary) };
  }

  /** When every account was created, oldest first. */
  async creationDates(): Promise<Date[]> {
    const docs = await this.users.find({}, { created_at: 1 }).sort({ created_at: 1 }).lean<Pick<UserDoc, 'created_at'>[]>();
    return docs.map((d) => d.created_at);
  }

  /** Creates the account unless one of this name exists (the unique index decides); true when created now. */
  async createIfAbsent(user: NewUser): Promise<boolean> {
    const res = await this.users.updateOne(
      { username_lower: user.username.toLowerCase() },
      {
        $setOnInsert: {
          ...user,
          ...usernameKeys(user.username),
          is_active: true,
          created_at: new Date(),
          last_active: null,
        },
      },
      { upsert: true },
    );
    return res.upsertedCount > 0;
  }

  /** The id of the account of this name (case-insensitive), active or not. */
  async idOf(username: string): Promise<string | null> {
    const doc = await this.users.findOne({ username_lower: username.toLowerCase() }, { _id: 1 }).lean<Pick<UserDoc, '_id'>>();
    return doc ? String(doc._id) : null;
  }

  /** Grants a role (no change when held); the user's access is recomputed at once. */
  async grantRole(userId: string, role: Role): Promise<void> {
    await this.change(userId, { $addToSet: { roles: role } });
  }

  /** Revokes a role (no change when not held); the user's access is recomputed at once. */
  async revokeRole(userId: string, role: Role): Promise<void> {
    await this.change(userId, { $pull: { roles: role } });
  }

  /** Switches the account on or off (an inactive account resolves to no user); access recomputed at once. */
  async setActive(userId: string, active: boolean): Promise<void> {
    await this.change(userId, { $set: { is_active: active } });
  }

  private async change(userId: string, update: Record<string, unknown>): Promise<void> {
    await this.users.updateOne({ _id: userId }, update);
    const event: AccessChangedEvent = { userIds: [userId] };
    this.events.emit(ACCESS_EVENTS.changed, event);
  }
}
