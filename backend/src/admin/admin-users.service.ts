import { Injectable } from '@nestjs/common';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminListQuery,
  type AdminMainStats,
  type AdminUser,
  type AdminUsersResponse,
  type AdminUserUpdate,
} from '@eve-toolkit/shared-types';
import { UsersService, type UserSummary } from '../accounts/users.service';
import { CharacterRoster } from '../characters/character-roster.service';
import type { SessionUser } from '../common/auth/session-user';
import { SessionStore } from '../common/auth/session-store';
import { SESSION_TTL_SECONDS } from '../common/auth/session.middleware';
import { apiError } from '../common/errors/api-error';

/**
 * Statistics and users for the admin area. Visitors (spec "counts of unauthenticated and
 * authenticated"): sessions (SessionStore, rolling) active in the last 24 hours, i.e. whose
 * expiry was pushed past now + TTL - 24 h by a request. Guests get a session on their first
 * visit (the SPA fetches a CSRF token), so `unauth` counts guest browsers; `auth` counts distinct
 * accounts (one person on two devices counts once). Accounts are the accounts module's
 * (UsersService), characters the characters module's (CharacterRoster).
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersService,
    private readonly characters: CharacterRoster,
    private readonly sessions: SessionStore,
  ) {}

  async main(now = new Date()): Promise<AdminMainStats> {
    const created = await this.users.creationDates();
    const perDay = new Map<string, number>();
    for (const at of created) {
      const day = at.toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const activeSince = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000 - ADMIN_LIMITS.visitorWindowHours * 3600_000);
    const visitors = await this.sessions.activeSince(activeSince);
    return {
      users: {
        dates: created.map((at) => at.toISOString()),
        per_day: [...perDay].map(([date, count]) => ({ date, count })),
      },
      unauth: visitors.guests,
      auth: visitors.accounts,
      window_hours: ADMIN_LIMITS.visitorWindowHours,
    };
  }

  async list(query: AdminListQuery): Promise<AdminUsersResponse> {
    const page = query.page ?? 1;
    const { total, users } = await this.users.page(query.q, page, ADMIN_LIMITS.pageSize);
    const chars = await this.characters.linkedTo(users.map((u) => u.id));
    return { users: users.map((u) => this.toUser(u, chars)), total, page, page_size: ADMIN_LIMITS.pageSize };
  }

  async get(id: string): Promise<AdminUser> {
    const user = await this.find(id);
    return this.toUser(user, await this.characters.linkedTo([id]));
  }

  /** Grant or revoke a role, switch the account on or off; the user's access is recomputed at once. */
  async update(id: string, change: AdminUserUpdate, admin: SessionUser): Promise<AdminUser> {
    await this.find(id);
    if (change.type === 'del_role' && change.role === 'admin' && id === admin.id)
      throw apiError(409, ADMIN_MESSAGES.ownAdminRole);
    if (change.type === 'active' && !change.is_active && id === admin.id) throw apiError(409, ADMIN_MESSAGES.ownAccount);
    if (change.type === 'add_role') await this.users.grantRole(id, change.role);
    else if (change.type === 'del_role') await this.users.revokeRole(id, change.role);
    else await this.users.setActive(id, change.is_active);
    return this.get(id);
  }

  private async find(id: string): Promise<UserSummary> {
    const user = await this.users.get(id);
    if (!user) throw apiError(404, ADMIN_MESSAGES.userNotFound);
    return user;
  }

  private toUser(user: UserSummary, chars: Map<string, { id: number; name: string }[]>): AdminUser {
    return {
      id: user.id,
      username: user.username,
      roles: user.roles.map((name) => ({ name })),
      chars: chars.get(user.id) ?? [],
      is_active: user.is_active,
      last_active: user.last_active?.toISOString() ?? null,
      created_at: user.created_at.toISOString(),
    };
  }
}
