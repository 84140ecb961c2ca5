import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  addSrpSchema,
  decideSrpSchema,
  paySrpSchema,
  relinkSrpSchema,
  srpManagerSchema,
  srpSettingsSchema,
  type PaySrpResponse,
  type SrpLossesResponse,
  type SrpRequest,
  type SrpRequestsResponse,
  type SrpSettingsResponse,
} from '@eve-toolkit/shared-types';
import { z } from 'zod';
import { Authenticated } from '../common/auth/auth.decorators';
import { ZodPipe } from '../common/validation/zod.pipe';
import type { CorpMember } from '../corp/corp-access';
import { CorpArea, Member } from '../corp/corp-member.guard';
import { SrpManagers } from './srp-managers.service';
import { SrpService } from './srp.service';

type Parsed<T extends z.ZodType> = z.output<T>;

/**
 * Ship replacement (issue 39) under `auth/corp/`: any member files their own losses and reads
 * their requests; SRP managers (`manageSrp`: the corporation's admins and whom they grant it,
 * CorpAccess) decide, pay and set the rule; only admins grant it.
 */
@Controller('auth/corp')
@Authenticated()
export class SrpController {
  constructor(
    private readonly srp: SrpService,
    private readonly managers: SrpManagers,
  ) {}

  @Get('srp_losses')
  @CorpArea()
  losses(@Member() member: CorpMember): Promise<SrpLossesResponse> {
    return this.srp.losses(member);
  }

  @Post('add_srp')
  @CorpArea()
  @HttpCode(200)
  async add(
    @Member() member: CorpMember,
    @Body(new ZodPipe(addSrpSchema)) body: Parsed<typeof addSrpSchema>,
  ): Promise<{ request: SrpRequest }> {
    return { request: await this.srp.file(member, body) };
  }

  @Get('srp_requests')
  @CorpArea()
  requests(@Member() member: CorpMember): Promise<SrpRequestsResponse> {
    return this.srp.list(member);
  }

  @Post('decide_srp')
  @CorpArea('manageSrp')
  @HttpCode(200)
  async decide(
    @Member() member: CorpMember,
    @Body(new ZodPipe(decideSrpSchema)) body: Parsed<typeof decideSrpSchema>,
  ): Promise<{ request: SrpRequest }> {
    return { request: await this.srp.decide(member, body) };
  }

  @Post('pay_srp')
  @CorpArea('manageSrp')
  @HttpCode(200)
  async pay(
    @Member() member: CorpMember,
    @Body(new ZodPipe(paySrpSchema)) body: Parsed<typeof paySrpSchema>,
  ): Promise<PaySrpResponse> {
    return { requests: await this.srp.pay(member, body) };
  }

  /** The FC's or a manager's correction of the fleet a pending request belongs to. */
  @Post('relink_srp')
  @CorpArea('manageSrp')
  @HttpCode(200)
  async relink(
    @Member() member: CorpMember,
    @Body(new ZodPipe(relinkSrpSchema)) body: Parsed<typeof relinkSrpSchema>,
  ): Promise<{ request: SrpRequest }> {
    return { request: await this.srp.relink(member, body) };
  }

  @Get('srp_settings')
  @CorpArea('manageSrp')
  settings(@Member() member: CorpMember): Promise<SrpSettingsResponse> {
    return this.managers.view(member);
  }

  @Post('srp_settings')
  @CorpArea('manageSrp')
  @HttpCode(200)
  saveSettings(
    @Member() member: CorpMember,
    @Body(new ZodPipe(srpSettingsSchema)) body: Parsed<typeof srpSettingsSchema>,
  ): Promise<SrpSettingsResponse> {
    return this.managers.save(member, body);
  }

  /** Admins grant SRP management in their corporation (decided in the service: role admin). */
  @Post('srp_manager')
  @CorpArea('manageSrp')
  @HttpCode(200)
  grant(
    @Member() member: CorpMember,
    @Body(new ZodPipe(srpManagerSchema)) body: Parsed<typeof srpManagerSchema>,
  ): Promise<SrpSettingsResponse> {
    return this.managers.grant(member, body);
  }
}
