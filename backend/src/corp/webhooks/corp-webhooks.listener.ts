import { Inject, Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { CORP_EVENTS, type PingCancelledEvent, type PingCreatedEvent, type PingUpdatedEvent } from '../corp.events';
import { toPing } from '../corp.mapper';
import { CORP_MODELS, type PingDoc } from '../corp.schema';
import { pingMessage } from '../domain/discord-message';
import { WebhookOutbox, type Announce } from './webhook-outbox';

/**
 * Ping changes -> the corporation's webhooks. Pings are one of the outbox's announcement sources
 * (registered here: the message as the ping is when its row is written). The change's
 * announcement was written with the ping itself (`webhooks_due`, see WebhookAnnouncement); the
 * service awaits this listener, which turns it into outbox rows before the ping's answer (the
 * sending itself happens in WebhookOutbox, on whichever instance claims a row, and is never
 * awaited). Answers (`rsvp`) change only the counts and are not announced.
 */
@Injectable()
export class CorpWebhooksListener {
  private readonly announce: Announce;

  constructor(
    outbox: WebhookOutbox,
    @InjectModel(CORP_MODELS.ping) pings: Model<PingDoc>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.announce = outbox.register<PingDoc>({
      name: 'Пинг',
      model: pings,
      describe: (ping, change) => ({
        eventName: ping.name,
        message: pingMessage(toPing(ping, config.imageServerUrl), change.kind),
      }),
    });
  }

  @OnEvent(CORP_EVENTS.pingCreated)
  @OnEvent(CORP_EVENTS.pingUpdated)
  @OnEvent(CORP_EVENTS.pingCancelled)
  async onPingChanged(e: PingCreatedEvent | PingUpdatedEvent | PingCancelledEvent): Promise<void> {
    if ('reason' in e && e.reason !== 'edit') return;
    await this.announce(e.ping.id);
  }
}
