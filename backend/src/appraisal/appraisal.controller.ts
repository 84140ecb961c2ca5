import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  appraisalIdSchema,
  appraisalRequestSchema,
  appraisalViewQuerySchema,
  type AppraisalRequest,
  type AppraisalResponse,
  type AppraisalViewQuery,
  type SavedAppraisal,
} from '@eve-toolkit/shared-types';
import { ZodPipe } from '../common/validation/zod.pipe';
import { AppraisalService } from './appraisal.service';

/** Appraisal of pasted lists (spec §2 "Appraisal", §7 `POST appraisal`); public, CSRF-protected like every POST. */
@Controller('data/market/appraisal')
export class AppraisalController {
  constructor(private readonly appraisal: AppraisalService) {}

  @Post()
  @HttpCode(200)
  appraise(@Body(new ZodPipe(appraisalRequestSchema)) body: AppraisalRequest): Promise<AppraisalResponse> {
    return this.appraisal.appraise(body);
  }

  @Get(':id')
  open(
    @Param('id', new ZodPipe(appraisalIdSchema)) id: string,
    @Query(new ZodPipe(appraisalViewQuerySchema)) query: AppraisalViewQuery,
  ): Promise<SavedAppraisal> {
    return this.appraisal.open(id, query.current);
  }
}
