import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { WebhookDeliveryKind } from '@eve-toolkit/shared-types';
import { CORP_EVENTS, type PingCancelledEvent, type PingCreatedEvent, type PingUpdatedEvent } from '../corp.events';
import { pingMessage, type PingSummary } from '../domain/discord-message';
import { WebhookOutbox } from './webhook-outbox';

/**
 * Ping changes -> the corporation's webhooks. The service emits after the ping is stored; this
 * writes the outbox rows without being awaited by anyone, so the ping's answer never waits for
 * delivery (the sending itself happens in WebhookOutbox, on whichever instance claims the row).
 */
@Injectable()
export class CorpWebhooksListener {
  private readonly logger = new Logger(CorpWebhooksListener.name);

  constructor(private readonly outbox: WebhookOutbox) {}

  @OnEvent(CORP_EVENTS.pingCreated)
  onCreated(e: PingCreatedEvent): void {
    this.announce(e.corporationId, e.event, 'created', `${e.event.id}:created`);
  }

  /** An edit of the ping's fields (answers change only the counts and are not announced). */
  @OnEvent(CORP_EVENTS.pingUpdated)
  onUpdated(e: PingUpdatedEvent): void {
    if (e.reason === 'edit') this.announce(e.corporationId, e.event, 'updated', `${e.event.id}:updated:${e.event.updated_at}`);
  }

  @OnEvent(CORP_EVENTS.pingCancelled)
  onCancelled(e: PingCancelledEvent): void {
    this.announce(e.corporationId, e.event, 'cancelled', `${e.event.id}:cancelled`);
  }

  private announce(corporationId: number, ping: PingSummary, kind: WebhookDeliveryKind, changeKey: string): void {
    this.outbox
      .enqueue({ corporationId, eventId: ping.id, eventName: ping.name, kind, changeKey, message: pingMessage(ping, kind) })
      .catch((err: unknown) => this.logger.error(`Пинг ${ping.id} не поставлен в очередь вебхуков: ${String(err)}`));
  }
}
