import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  roleRequestDecisionSchema,
  type AdminRoleRequestsResponse,
  type RoleRequestDecisionResponse,
} from '@eve-toolkit/shared-types';
import type { z } from 'zod';
import { CurrentUser, Roles } from '../common/auth/auth.decorators';
import type { SessionUser } from '../common/auth/session-user';
import { ZodPipe } from '../common/validation/zod.pipe';
import { toAdminRoleRequest } from '../role-requests/role-requests.mapper';
import { RoleRequestsService } from '../role-requests/role-requests.service';

/** Admin: pending role requests and the decision on one. Admin-only (rows of the authorization matrix). */
@Controller('api/admin')
@Roles('admin')
export class AdminRoleRequestsController {
  constructor(private readonly roleRequests: RoleRequestsService) {}

  @Get('stats/role_requests')
  async roleRequestList(): Promise<AdminRoleRequestsResponse> {
    return { requests: (await this.roleRequests.pending()).map(toAdminRoleRequest) };
  }

  @Post('stats/role_requests')
  @HttpCode(200)
  async decide(
    @Body(new ZodPipe(roleRequestDecisionSchema)) body: z.infer<typeof roleRequestDecisionSchema>,
    @CurrentUser() admin: SessionUser,
  ): Promise<RoleRequestDecisionResponse> {
    const doc = await this.roleRequests.decide(body.req_id, body.type, admin);
    return { ok: true, id: String(doc._id), status: doc.status };
  }
}
