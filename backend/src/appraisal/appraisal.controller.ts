import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  appraisalHistoryQuerySchema,
  appraisalIdSchema,
  appraisalRequestSchema,
  appraisalViewQuerySchema,
  type AppraisalHistoryPage,
  type AppraisalHistoryQuery,
  type AppraisalRequest,
  type AppraisalViewQuery,
  type SavedAppraisal,
} from '@eve-toolkit/shared-types';
import { Authenticated, CurrentUser } from '../common/auth/auth.decorators';
import { SessionResolver } from '../common/auth/session-resolver.service';
import type { SessionUser } from '../common/auth/session-user';
import { sendPreparedJson } from '../common/http/prepared-json';
import { RateLimit } from '../common/rate-limit/rate-limit';
import { ZodPipe } from '../common/validation/zod.pipe';
import { AppraisalService } from './appraisal.service';

/**
 * Appraisal of pasted lists (spec §2 "Appraisal", §7 `POST appraisal`): public, CSRF-protected
 * like every POST; a signed-in player's appraisals are theirs (history, delete).
 */
@Controller('data/market/appraisal')
export class AppraisalController {
  constructor(
    private readonly appraisal: AppraisalService,
    private readonly sessions: SessionResolver,
  ) {}

  /** Answers `AppraisalResponse`, serialised (and gzipped) once by the service, which saves the same bytes. */
  @Post()
  @HttpCode(200)
  @RateLimit('appraisal')
  async appraise(
    @Body(new ZodPipe(appraisalRequestSchema)) body: AppraisalRequest,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const user = await this.sessions.resolve(req);
    sendPreparedJson(req, res, await this.appraisal.appraise(body, user?.id ?? null));
  }

  /** The signed-in player's own appraisals, newest first (declared before `:id`). */
  @Get('history')
  @Authenticated()
  history(
    @CurrentUser() user: SessionUser,
    @Query(new ZodPipe(appraisalHistoryQuerySchema)) query: AppraisalHistoryQuery,
  ): Promise<AppraisalHistoryPage> {
    return this.appraisal.history(user.id, query.page);
  }

  @Get(':id')
  async open(
    @Param('id', new ZodPipe(appraisalIdSchema)) id: string,
    @Query(new ZodPipe(appraisalViewQuerySchema)) query: AppraisalViewQuery,
    @Req() req: Request,
  ): Promise<SavedAppraisal> {
    const user = await this.sessions.resolve(req);
    return this.appraisal.open(id, query.current, user?.id ?? null);
  }

  /** Deletes one of the player's own appraisals: 204; someone else's or an unknown one: 404. */
  @Delete(':id')
  @Authenticated()
  @HttpCode(204)
  remove(@Param('id', new ZodPipe(appraisalIdSchema)) id: string, @CurrentUser() user: SessionUser): Promise<void> {
    return this.appraisal.remove(id, user.id);
  }
}
