import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  adminUserUpdateSchema,
  type AdminListQuery,
  type AdminMainStats,
  type AdminUserResponse,
  type AdminUsersResponse,
  type AdminUserUpdate,
} from '@eve-toolkit/shared-types';
import { CurrentUser, Roles } from '../common/auth/auth.decorators';
import type { SessionUser } from '../common/auth/session-user';
import { ZodPipe } from '../common/validation/zod.pipe';
import { AdminUsersService } from './admin-users.service';
import { adminListQuery } from './admin.params';

/** Admin (spec §2 "Admin screens", §7 "Admin"): the main figures and users. Admin-only (rows of the authorization matrix). */
@Controller('api/admin')
@Roles('admin')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get('stats/main')
  main(): Promise<AdminMainStats> {
    return this.users.main();
  }

  @Get('stats/users')
  userList(@Query(adminListQuery) q: AdminListQuery): Promise<AdminUsersResponse> {
    return this.users.list(q);
  }

  @Get('stats/users/:id')
  async user(@Param('id') id: string): Promise<AdminUserResponse> {
    return { user: await this.users.get(id) };
  }

  @Post('stats/users/:id')
  @HttpCode(200)
  async updateUser(
    @Param('id') id: string,
    @Body(new ZodPipe(adminUserUpdateSchema)) body: AdminUserUpdate,
    @CurrentUser() admin: SessionUser,
  ): Promise<AdminUserResponse> {
    return { user: await this.users.update(id, body, admin) };
  }
}
