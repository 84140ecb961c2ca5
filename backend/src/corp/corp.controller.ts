import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  addPingSchema,
  addProjectSchema,
  cancelPingSchema,
  rsvpPingSchema,
  updatePingSchema,
  newRoleRequestSchema,
  pushJobsSchema,
  updateBuySchema,
  updateProjectSchema,
  verifyJobSchema,
  type AddPingRequest,
  type AddProjectRequest,
  type BuysResponse,
  type Ping,
  type CancelPingRequest,
  type RsvpPingRequest,
  type PingsResponse,
  type Project,
  type ProjectResponse,
  type ProjectsResponse,
  type PushJobsRequest,
  type PushJobsResponse,
  type RolesResponse,
  type UpdateBuyRequest,
  type UpdateProjectRequest,
  type VerifyJobRequest,
  type VerifyJobResponse,
} from '@eve-toolkit/shared-types';
import { z } from 'zod';
import { Authenticated, CurrentUser } from '../common/auth/auth.decorators';
import type { SessionUser } from '../common/auth/session-user';
import { ZodPipe } from '../common/validation/zod.pipe';
import type { CorpMember } from './corp-access';
import { CorpBuysService } from './corp-buys.service';
import { CorpArea, Member } from './corp-member.guard';
import { CorpPingsService } from './corp-pings.service';
import { CorpProjectsService } from './corp-projects.service';
import { CorpRolesService } from './corp-roles.service';
import { ProjectClaims } from './project-claims.service';

type Parsed<T extends z.ZodType> = z.output<T>;

/**
 * The corporation area (spec §7 "Corporation", under `auth/corp/`). Every handler resolves the
 * caller's corporations and permission on the server first (@CorpArea: CorpMemberGuard, 401/403
 * in Russian, before validation), and every read and write is scoped to them (CorpScoped). Role requests only need a signed-in user (spec §6:
 * any signed-in user may request a role).
 */
@Controller('auth/corp')
@Authenticated()
export class CorpController {
  constructor(
    private readonly buys: CorpBuysService,
    private readonly pings: CorpPingsService,
    private readonly projects: CorpProjectsService,
    private readonly claims: ProjectClaims,
    private readonly roles: CorpRolesService,
  ) {}

  @Get('buys')
  @CorpArea()
  getBuys(@Member() member: CorpMember): Promise<BuysResponse> {
    return this.buys.list(member);
  }

  @Post('update_buy')
  @CorpArea('moderate')
  @HttpCode(200)
  updateBuy(@Member() member: CorpMember, @Body(new ZodPipe(updateBuySchema)) body: UpdateBuyRequest): Promise<BuysResponse> {
    return this.buys.update(member, body);
  }

  @Get('events')
  @CorpArea()
  listPings(@Member() member: CorpMember): Promise<PingsResponse> {
    return this.pings.list(member);
  }

  @Post('add_event')
  @CorpArea('createPing')
  @HttpCode(200)
  async addPing(
    @Member() member: CorpMember,
    @Body(new ZodPipe(addPingSchema)) body: Parsed<typeof addPingSchema>,
  ): Promise<{ event: Ping }> {
    return { event: await this.pings.create(member, body satisfies AddPingRequest) };
  }

  /** Author, the ping's FC, admins: decided per ping in the service (404 for another corporation's). */
  @Post('update_event')
  @CorpArea()
  @HttpCode(200)
  async updatePing(
    @Member() member: CorpMember,
    @Body(new ZodPipe(updatePingSchema)) body: Parsed<typeof updatePingSchema>,
  ): Promise<{ event: Ping }> {
    return { event: await this.pings.update(member, body) };
  }

  @Post('delete_event')
  @CorpArea()
  @HttpCode(200)
  cancelPing(
    @Member() member: CorpMember,
    @Body(new ZodPipe(cancelPingSchema)) body: CancelPingRequest,
  ): Promise<{ ok: true; event: Ping }> {
    return this.pings.cancel(member, body.id);
  }

  @Post('rsvp_event')
  @CorpArea()
  @HttpCode(200)
  async rsvpPing(
    @Member() member: CorpMember,
    @Body(new ZodPipe(rsvpPingSchema)) body: RsvpPingRequest,
  ): Promise<{ event: Ping }> {
    return { event: await this.pings.rsvp(member, body.id, body.answer) };
  }

  @Get('roles')
  getRoles(@CurrentUser() user: SessionUser): Promise<RolesResponse> {
    return this.roles.list(user);
  }

  @Post('new_role_request')
  @HttpCode(200)
  newRoleRequest(
    @CurrentUser() user: SessionUser,
    @Body(new ZodPipe(newRoleRequestSchema)) body: Parsed<typeof newRoleRequestSchema>,
  ): Promise<RolesResponse> {
    return this.roles.request(user, body.role);
  }

  @Get('projects')
  @CorpArea()
  getProjects(@Member() member: CorpMember): Promise<ProjectsResponse> {
    return this.projects.list(member);
  }

  @Get('projects/:id')
  @CorpArea()
  getProject(@Member() member: CorpMember, @Param('id') id: string): Promise<ProjectResponse> {
    return this.projects.view(member, id);
  }

  @Post('add_project')
  @CorpArea('createProject')
  @HttpCode(200)
  async addProject(
    @Member() member: CorpMember,
    @Body(new ZodPipe(addProjectSchema)) body: Parsed<typeof addProjectSchema>,
  ): Promise<{ project: Project }> {
    return { project: await this.projects.create(member, body satisfies AddProjectRequest) };
  }

  @Post('update_project')
  @CorpArea('moderate')
  @HttpCode(200)
  updateProject(
    @Member() member: CorpMember,
    @Body(new ZodPipe(updateProjectSchema)) body: UpdateProjectRequest,
  ): Promise<{ ok: true; project?: Project }> {
    return this.projects.update(member, body);
  }

  @Post('verify_job')
  @CorpArea()
  @HttpCode(200)
  verifyJob(
    @Member() member: CorpMember,
    @Body(new ZodPipe(verifyJobSchema)) body: VerifyJobRequest,
  ): Promise<VerifyJobResponse> {
    return this.claims.candidates(member, body.project_id, body.job_id);
  }

  @Post('push_jobs')
  @CorpArea()
  @HttpCode(200)
  pushJobs(@Member() member: CorpMember, @Body(new ZodPipe(pushJobsSchema)) body: PushJobsRequest): Promise<PushJobsResponse> {
    return this.claims.claim(member, body);
  }
}
