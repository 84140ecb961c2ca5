import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  characterCheckSchema,
  type AdminCharacterResponse,
  type AdminCharactersResponse,
  type AdminListQuery,
  type CharacterCheckResult,
  type CharacterHistoryResponse,
} from '@eve-toolkit/shared-types';
import type { z } from 'zod';
import { Roles } from '../common/auth/auth.decorators';
import { ZodPipe } from '../common/validation/zod.pipe';
import { AdminCharactersService } from './admin-characters.service';
import { adminListQuery, characterIdParam } from './admin.params';
import { CharacterCheckService } from './character-check.service';
import { CharacterFlagsService } from './character-flags.service';

/** Admin: characters, a character's check through ESI and its history. Admin-only (rows of the authorization matrix). */
@Controller('api/admin')
@Roles('admin')
export class AdminCharactersController {
  constructor(
    private readonly chars: AdminCharactersService,
    private readonly check: CharacterCheckService,
    private readonly flags: CharacterFlagsService,
  ) {}

  @Get('stats_chars')
  charList(@Query(adminListQuery) q: AdminListQuery): Promise<AdminCharactersResponse> {
    return this.chars.list(q);
  }

  @Get('stats_chars/:id')
  async char(@Param('id', characterIdParam) id: number): Promise<AdminCharacterResponse> {
    return { char: await this.chars.get(id) };
  }

  @Post('stats_chars/:id')
  @HttpCode(200)
  checkChar(
    @Param('id', characterIdParam) id: number,
    @Body(new ZodPipe(characterCheckSchema)) body: z.infer<typeof characterCheckSchema>,
  ): Promise<CharacterCheckResult> {
    return this.check.check(id, body.code);
  }

  /** The character's snapshots from the scheduled checks and its flags. */
  @Get('stats_chars/:id/history')
  charHistory(@Param('id', characterIdParam) id: number): Promise<CharacterHistoryResponse> {
    return this.flags.history(id);
  }
}
