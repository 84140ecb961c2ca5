import { Controller, Delete, Get, HttpCode, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  gameIdParamSchema,
  ssoErrorCode,
  type AuthLinkResponse,
  type CharactersRefreshResponse,
} from '@eve-toolkit/shared-types';
import { Authenticated, CurrentUser } from '../common/auth/auth.decorators';
import { ChangesState } from '../common/auth/csrf';
import type { SessionUser } from '../common/auth/session-user';
import { toApiError } from '../common/errors/api-exception.filter';
import { ZodPipe } from '../common/validation/zod.pipe';
import { CharactersService } from './characters.service';

/** Linking game characters through EVE SSO (spec §7: esi/auth_link, esi/del_char/{id}). */
@Controller('auth/esi')
@Authenticated()
export class CharactersController {
  private readonly logger = new Logger('Characters');

  constructor(private readonly characters: CharactersService) {}

  @Get('auth_link')
  @ChangesState()
  authLink(@Req() req: Request): AuthLinkResponse {
    return this.characters.authLink(req);
  }

  /** The browser comes back here from the SSO; it ends on the profile page, with a message on failure. */
  @Get('callback')
  async callback(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentUser() user: SessionUser,
    @Query('code') code?: unknown,
    @Query('state') state?: unknown,
  ): Promise<void> {
    const profile = `/account/user/${encodeURIComponent(user.username)}`;
    try {
      const linked = await this.characters.callback(req, user, code, state);
      res.redirect(303, `${profile}?linked=${linked._id}`);
    } catch (err) {
      const { body, internal } = toApiError(err);
      if (internal) this.logger.error(`Привязка персонажа не удалась: ${String(err)}`);
      res.redirect(303, `${profile}?sso_error=${ssoErrorCode(body.message)}`);
    }
  }

  /** Reads the caller's characters from ESI now (those not read in the last 30 s). */
  @Post('refresh')
  @HttpCode(200)
  refresh(@CurrentUser() user: SessionUser): Promise<CharactersRefreshResponse> {
    return this.characters.refreshMine(user);
  }

  @Delete('del_char/:id')
  unlink(@CurrentUser() user: SessionUser, @Param('id', new ZodPipe(gameIdParamSchema)) id: number): Promise<{ ok: true }> {
    return this.characters.unlink(user, id);
  }
}
