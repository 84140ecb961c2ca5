import { Injectable } from '@nestjs/common';
import { ROLES_DISPLAY_ORDER, type Role, type RolesResponse } from '@eve-toolkit/shared-types';
import type { SessionUser } from '../common/auth/session-user';
import { RoleRequestsService } from '../role-requests/role-requests.service';

/**
 * 'Запрос роли': the roles in the spec's display order, whether the caller holds each and
 * whether a request is pending. Requests and decisions live in the role-requests module (admins
 * decide in the admin area; the decision reaches the requester live).
 */
@Injectable()
export class CorpRolesService {
  constructor(private readonly requests: RoleRequestsService) {}

  async list(user: SessionUser): Promise<RolesResponse> {
    const pending = new Set((await this.requests.forUser(user.id)).filter((r) => r.status === 'pending').map((r) => r.role));
    return {
      roles: ROLES_DISPLAY_ORDER.map((name) => ({ name, has_role: user.roles.includes(name), pending: pending.has(name) })),
    };
  }

  async request(user: SessionUser, role: Role): Promise<RolesResponse> {
    await this.requests.create(user, role);
    return this.list(user);
  }
}
