import { Controller, Get } from '@nestjs/common';
import type { SessionResponse } from '@eve-toolkit/shared-types';

/**
 * Session endpoint. Accounts (registration, captcha login, SSO) are a later issue; until then
 * nobody can sign in, so every visitor is a guest. The response shape is the final one.
 */
@Controller('auth')
export class AuthController {
  @Get('get_session')
  session(): SessionResponse {
    return { isAuthenticated: false, username: null, roles: [] };
  }
}
