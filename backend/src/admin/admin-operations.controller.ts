import { Controller, Get, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { KillSessionsResponse, UpdateLibsResponse, UpdateLibsStatusResponse } from '@eve-toolkit/shared-types';
import { CurrentUser, Roles } from '../common/auth/auth.decorators';
import { ChangesState } from '../common/auth/csrf';
import type { SessionUser } from '../common/auth/session-user';
import { AdminSessionsService } from './admin-sessions.service';
import { UpdateLibsService } from './update-libs.service';

/** Admin: ending the sessions and the game-data update job. Admin-only (rows of the authorization matrix). */
@Controller('api/admin')
@Roles('admin')
export class AdminOperationsController {
  constructor(
    private readonly sessions: AdminSessionsService,
    private readonly updateLibs: UpdateLibsService,
  ) {}

  /** `?dry_run=1` only counts the sessions it would end. */
  @Get('kill')
  @ChangesState()
  kill(@Req() req: Request, @Query('dry_run') dryRun?: string): Promise<KillSessionsResponse> {
    return dryRun === '1' ? this.sessions.countAllBut(req.sessionID) : this.sessions.killAllBut(req.sessionID);
  }

  /** Starts the job (409 while one runs); `?dry_run=1` only tells the current job, like update_libs/status. */
  @Get('update_libs')
  @ChangesState()
  async startUpdateLibs(@CurrentUser() admin: SessionUser, @Query('dry_run') dryRun?: string): Promise<UpdateLibsResponse> {
    return { job: dryRun === '1' ? await this.updateLibs.current() : await this.updateLibs.start(admin.username) };
  }

  /** The job and the game data's state (the build served, the last import's outcome). */
  @Get('update_libs/status')
  updateLibsStatus(): Promise<UpdateLibsStatusResponse> {
    return this.updateLibs.status();
  }
}
