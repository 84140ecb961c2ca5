import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { CORP_EVENTS, type PingCancelledEvent, type PingCreatedEvent, type PingUpdatedEvent } from '../corp.events';
import { WebhookOutbox } from './webhook-outbox';

/**
 * Ping changes -> the corporation's webhooks. The change's announcement was written with the ping
 * itself (PingAnnouncement); the service awaits this listener, which turns it into outbox rows
 * before the ping's answer (the sending itself happens in WebhookOutbox, on whichever instance
 * claims a row, and is never awaited). Answers (`rsvp`) change only the counts and are not announced.
 */
@Injectable()
export class CorpWebhooksListener {
  constructor(private readonly outbox: WebhookOutbox) {}

  @OnEvent(CORP_EVENTS.pingCreated)
  @OnEvent(CORP_EVENTS.pingUpdated)
  @OnEvent(CORP_EVENTS.pingCancelled)
  async onPingChanged(e: PingCreatedEvent | PingUpdatedEvent | PingCancelledEvent): Promise<void> {
    if ('reason' in e && e.reason !== 'edit') return;
    await this.outbox.announce(e.ping.id);
  }
}
