import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  industryBlueprintIdSchema,
  type IndustryJobParams,
  type IndustryJobResponse,
  type IndustryJobSimpleResponse,
  type IndustryStaticData,
} from '@eve-toolkit/shared-types';
import { ZodPipe } from '../common/validation/zod.pipe';
import { IndustryJobBodyPipe } from './industry-body.pipe';
import { IndustryService } from './industry.service';

const blueprintId = new ZodPipe(industryBlueprintIdSchema);

/** The industry calculator (spec §2, §3, §7). The search and blueprint routes under data/industry/ are game-data's. */
@Controller('data/industry')
export class IndustryController {
  constructor(private readonly industry: IndustryService) {}

  @Get('static_industry_data')
  staticData(): Promise<IndustryStaticData> {
    return this.industry.staticData();
  }

  @Post('job')
  @HttpCode(200)
  job(@Body(new IndustryJobBodyPipe()) body: IndustryJobParams): Promise<IndustryJobResponse> {
    return this.industry.job(body);
  }

  @Get('job_simple/:id')
  jobSimple(@Param('id', blueprintId) id: number): Promise<IndustryJobSimpleResponse> {
    return this.industry.jobSimple(id);
  }
}
