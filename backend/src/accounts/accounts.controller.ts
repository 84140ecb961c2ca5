import { Body, Controller, Get, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import {
  deleteAccountSchema,
  loginSchema,
  registrationSchema,
  validateCaptchaSchema,
  type CaptchaResponse,
  type CsrfResponse,
  type LoginRequest,
  type LoginLimitResponse,
  type LoginResponse,
  type RegistrationRequest,
  type SessionResponse,
  type UserProfileResponse,
} from '@eve-toolkit/shared-types';
import { Authenticated, CurrentUser } from '../common/auth/auth.decorators';
import { ChangesState, generateCsrfToken } from '../common/auth/csrf';
import { SessionResolver } from '../common/auth/session-resolver.service';
import type { SessionUser } from '../common/auth/session-user';
import { FormInterceptor } from '../common/http/forms';
import { RateLimit, RateLimits } from '../common/rate-limit/rate-limit';
import { ZodPipe } from '../common/validation/zod.pipe';
import { CaptchaService } from '../captcha/captcha.service';
import { AccountsService } from './accounts.service';

/** The client a captcha ban applies to: its address (X-Forwarded-For only through TRUST_PROXY). */
const client = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Sessions, CSRF, captcha and accounts (spec §7 authentication). Multipart forms carry no files. */
@Controller('auth')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly captcha: CaptchaService,
    private readonly limits: RateLimits,
    private readonly sessions: SessionResolver,
  ) {}

  @Get('get_session')
  async session(@Req() req: Request): Promise<SessionResponse> {
    return this.accounts.session(await this.sessions.resolve(req));
  }

  @Get('get_csrf')
  csrf(@Req() req: Request): CsrfResponse {
    return { token: generateCsrfToken(req) };
  }

  @Get('generate_captcha')
  @RateLimit('captcha')
  generateCaptcha(@Req() req: Request): Promise<CaptchaResponse> {
    req.session.captcha = true; // keeps a guest's session (and so the captcha's binding) alive
    return this.captcha.generate(req.sessionID, client(req));
  }

  @Post('validate_captcha')
  @HttpCode(200)
  validateCaptcha(@Req() req: Request, @Body(new ZodPipe(validateCaptchaSchema)) body: { captcha_id: string; answer: string }) {
    return this.captcha.validate(req.sessionID, client(req), body.captcha_id, body.answer);
  }

  @Post('ban_me')
  @HttpCode(200)
  banMe(@Req() req: Request): Promise<{ ok: true }> {
    return this.captcha.ban(client(req));
  }

  /** Asked before the captcha: the registration budget of this address (nothing spent). */
  @Get('registration_limit')
  registrationLimit(@Req() req: Request): Promise<LoginLimitResponse> {
    return this.limits.state('registration', req);
  }

  @Post('registration')
  @HttpCode(200)
  @RateLimit('registration')
  @UseInterceptors(FormInterceptor())
  register(@Req() req: Request, @Body(new ZodPipe(registrationSchema)) body: RegistrationRequest): Promise<{ ok: true }> {
    return this.accounts.register(req, body);
  }

  /** Asked before the captcha: the login budget of this address (nothing spent). */
  @Get('login_limit')
  loginLimit(@Req() req: Request): Promise<LoginLimitResponse> {
    return this.limits.state('login', req);
  }

  @Post('login')
  @HttpCode(200)
  @RateLimit('login')
  @UseInterceptors(FormInterceptor())
  login(@Req() req: Request, @Body(new ZodPipe(loginSchema)) body: LoginRequest): Promise<LoginResponse> {
    return this.accounts.login(req, body);
  }

  @Get('user/:name')
  @Authenticated()
  profile(@CurrentUser() user: SessionUser, @Param('name') name: string): Promise<UserProfileResponse> {
    return this.accounts.profile(user, name);
  }

  @Get('logout')
  @ChangesState()
  logout(@Req() req: Request): Promise<{ ok: true }> {
    return this.accounts.logout(req);
  }

  @Post('delete')
  @HttpCode(200)
  @Authenticated()
  @UseInterceptors(FormInterceptor())
  delete(
    @Req() req: Request,
    @CurrentUser() user: SessionUser,
    @Body(new ZodPipe(deleteAccountSchema)) body: { captcha_id: string },
  ): Promise<{ ok: true }> {
    return this.accounts.delete(req, user, body.captcha_id);
  }
}
