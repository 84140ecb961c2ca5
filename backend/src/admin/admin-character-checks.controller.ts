import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  characterFlagsAckSchema,
  characterFlagsQuerySchema,
  type CharacterChecksRunResponse,
  type CharacterFlagsAck,
  type CharacterFlagsAckResponse,
  type CharacterFlagsQuery,
  type CharacterFlagsResponse,
} from '@eve-toolkit/shared-types';
import { CurrentUser, Roles } from '../common/auth/auth.decorators';
import type { SessionUser } from '../common/auth/session-user';
import { ZodPipe } from '../common/validation/zod.pipe';
import { CharacterChecksSchedule } from './character-checks.schedule';
import { CharacterFlagsService } from './character-flags.service';

/** Admin: the scheduled character checks, what they found changed, a run now. Admin-only (rows of the authorization matrix). */
@Controller('api/admin')
@Roles('admin')
export class AdminCharacterChecksController {
  constructor(
    private readonly flags: CharacterFlagsService,
    private readonly checks: CharacterChecksSchedule,
  ) {}

  @Get('char_flags')
  charFlags(@Query(new ZodPipe(characterFlagsQuerySchema)) q: CharacterFlagsQuery): Promise<CharacterFlagsResponse> {
    return this.flags.list(q);
  }

  @Post('char_flags/ack')
  @HttpCode(200)
  ackCharFlags(
    @Body(new ZodPipe(characterFlagsAckSchema)) body: CharacterFlagsAck,
    @CurrentUser() admin: SessionUser,
  ): Promise<CharacterFlagsAckResponse> {
    return this.flags.acknowledge(body.ids, admin.username);
  }

  /** Starts a run of the scheduled checks now (409 while one is unfinished); `?dry_run=1` only asks. */
  @Post('char_checks/run')
  @HttpCode(200)
  runCharChecks(@Query('dry_run') dryRun?: string): Promise<CharacterChecksRunResponse> {
    return this.checks.runNow(dryRun === '1');
  }
}
