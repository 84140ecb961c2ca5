import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { WebhookOutbox } from '../corp/webhooks/webhook-outbox';
import { srpMessage } from './domain/srp-message';
import { SRP_EVENTS, type SrpRequestChangedEvent } from './srp.events';

/**
 * A request filed or decided -> the corporation's webhooks, through the corporation area's one
 * outbox (one row per enabled webhook, one per change: the change key). The service awaits it, so
 * the rows exist before the answer; payments and re-links are not announced.
 */
@Injectable()
export class SrpWebhooksListener {
  constructor(private readonly outbox: WebhookOutbox) {}

  @OnEvent(SRP_EVENTS.requestChanged)
  async onChanged(e: SrpRequestChangedEvent): Promise<void> {
    if (e.reason !== 'filed' && e.reason !== 'decided') return;
    const kind = e.reason === 'filed' ? 'srp-filed' : 'srp-decided';
    await this.outbox.enqueue({
      corporationId: e.corporationId,
      pingId: e.request.id,
      pingName: `СРП: ${e.request.character.name} — ${e.request.ship.name}`,
      kind,
      changeKey: `srp:${e.request.id}:${kind}`,
      message: srpMessage(e.request, kind),
    });
  }
}
