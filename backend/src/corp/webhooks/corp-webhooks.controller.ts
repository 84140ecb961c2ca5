import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  addWebhookSchema,
  setWebhookSchema,
  webhookIdSchema,
  type AddWebhookRequest,
  type CorpWebhook,
  type SetWebhookRequest,
  type WebhookDelivery,
  type WebhookIdRequest,
  type WebhooksResponse,
} from '@eve-toolkit/shared-types';
import { Authenticated } from '../../common/auth/auth.decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import type { CorpMember } from '../corp-access';
import { CorpArea, Member } from '../corp-member.guard';
import { CorpWebhooksService } from './corp-webhooks.service';

/** A corporation's ping webhooks and their delivery log: moderators (industrialists, admins) only. */
@Controller('auth/corp')
@Authenticated()
export class CorpWebhooksController {
  constructor(private readonly webhooks: CorpWebhooksService) {}

  @Get('webhooks')
  @CorpArea('moderate')
  list(@Member() member: CorpMember): Promise<WebhooksResponse> {
    return this.webhooks.list(member);
  }

  @Post('add_webhook')
  @CorpArea('moderate')
  @HttpCode(200)
  add(
    @Member() member: CorpMember,
    @Body(new ZodPipe(addWebhookSchema)) body: AddWebhookRequest,
  ): Promise<{ webhook: CorpWebhook }> {
    return this.webhooks.add(member, body);
  }

  @Post('set_webhook')
  @CorpArea('moderate')
  @HttpCode(200)
  set(
    @Member() member: CorpMember,
    @Body(new ZodPipe(setWebhookSchema)) body: SetWebhookRequest,
  ): Promise<{ webhook: CorpWebhook }> {
    return this.webhooks.setEnabled(member, body.id, body.enabled);
  }

  @Post('delete_webhook')
  @CorpArea('moderate')
  @HttpCode(200)
  remove(@Member() member: CorpMember, @Body(new ZodPipe(webhookIdSchema)) body: WebhookIdRequest): Promise<{ ok: true }> {
    return this.webhooks.remove(member, body.id);
  }

  @Post('test_webhook')
  @CorpArea('moderate')
  @HttpCode(200)
  test(
    @Member() member: CorpMember,
    @Body(new ZodPipe(webhookIdSchema)) body: WebhookIdRequest,
  ): Promise<{ delivery: WebhookDelivery }> {
    return this.webhooks.test(member, body.id);
  }
}
