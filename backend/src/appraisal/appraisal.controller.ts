import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  appraisalIdSchema,
  appraisalRequestSchema,
  appraisalViewQuerySchema,
  type AppraisalRequest,
  type AppraisalViewQuery,
  type SavedAppraisal,
} from '@eve-toolkit/shared-types';
import { sendPreparedJson } from '../common/http/prepared-json';
import { RateLimit } from '../common/rate-limit/rate-limit';
import { ZodPipe } from '../common/validation/zod.pipe';
import { AppraisalService } from './appraisal.service';

/** Appraisal of pasted lists (spec §2 "Appraisal", §7 `POST appraisal`); public, CSRF-protected like every POST. */
@Controller('data/market/appraisal')
export class AppraisalController {
  constructor(private readonly appraisal: AppraisalService) {}

  /** Answers `AppraisalResponse`, serialised (and gzipped) once by the service, which saves the same bytes. */
  @Post()
  @HttpCode(200)
  @RateLimit('appraisal')
  async appraise(
    @Body(new ZodPipe(appraisalRequestSchema)) body: AppraisalRequest,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    sendPreparedJson(req, res, await this.appraisal.appraise(body));
  }

  @Get(':id')
  open(
    @Param('id', new ZodPipe(appraisalIdSchema)) id: string,
    @Query(new ZodPipe(appraisalViewQuerySchema)) query: AppraisalViewQuery,
  ): Promise<SavedAppraisal> {
    return this.appraisal.open(id, query.current);
  }
}
