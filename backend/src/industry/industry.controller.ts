import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  industryBlueprintIdSchema,
  industryCharacterIdSchema,
  industryInventionRequestSchema,
  industryJobRequestSchema,
  type IndustryCharacterSkillsResponse,
  type IndustryCharactersResponse,
  type IndustryInventionParams,
  type IndustryInventionResponse,
  type IndustryJobParams,
  type IndustryJobResponse,
  type IndustryJobSimpleResponse,
  type IndustryStaticData,
} from '@eve-toolkit/shared-types';
import { Authenticated, CurrentUser } from '../common/auth/auth.decorators';
import type { SessionUser } from '../common/auth/session-user';
import { ZodPipe } from '../common/validation/zod.pipe';
import { IndustryBodyPipe } from './industry-body.pipe';
import { IndustryFacilities } from './industry-facilities.service';
import { IndustryInventionService } from './industry-invention.service';
import { IndustryJobService } from './industry-job.service';
import { IndustrySkillsService } from './industry-skills.service';

const blueprintId = new ZodPipe(industryBlueprintIdSchema);
const characterId = new ZodPipe(industryCharacterIdSchema);

/** The industry calculator (spec §2, §3, §7). The search and blueprint routes under data/industry/ are game-data's. */
@Controller('data/industry')
export class IndustryController {
  constructor(
    private readonly facilities: IndustryFacilities,
    private readonly jobs: IndustryJobService,
    private readonly inventions: IndustryInventionService,
    private readonly skillsService: IndustrySkillsService,
  ) {}

  @Get('static_industry_data')
  staticData(): Promise<IndustryStaticData> {
    return this.facilities.staticData();
  }

  @Post('job')
  @HttpCode(200)
  job(@Body(new IndustryBodyPipe(industryJobRequestSchema)) body: IndustryJobParams): Promise<IndustryJobResponse> {
    return this.jobs.job(body);
  }

  @Post('invention')
  @HttpCode(200)
  invention(
    @Body(new IndustryBodyPipe(industryInventionRequestSchema)) body: IndustryInventionParams,
  ): Promise<IndustryInventionResponse> {
    return this.inventions.invention(body);
  }

  @Get('job_simple/:id')
  jobSimple(@Param('id', blueprintId) id: number): Promise<IndustryJobSimpleResponse> {
    return this.jobs.jobSimple(id);
  }

  @Get('skills')
  @Authenticated()
  characters(@CurrentUser() user: SessionUser): Promise<IndustryCharactersResponse> {
    return this.skillsService.characterList(user);
  }

  @Get('skills/:id')
  @Authenticated()
  skills(@CurrentUser() user: SessionUser, @Param('id', characterId) id: number): Promise<IndustryCharacterSkillsResponse> {
    return this.skillsService.skills(user, id);
  }
}
