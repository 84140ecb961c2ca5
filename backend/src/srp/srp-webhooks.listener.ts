import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { WebhookOutbox, type Announce } from '../corp/webhooks/webhook-outbox';
import { srpMessage } from './domain/srp-message';
import { SRP_EVENTS, type SrpRequestChangedEvent } from './srp.events';
import { toSrpRequest } from './srp.mapper';
import { SRP_MODELS, type SrpRequestDoc } from './srp.schema';

/**
 * A request filed or decided -> the corporation's webhooks, through the corporation area's one
 * outbox. SRP requests are one of its announcement sources (registered here, from above: the
 * corporation area knows nothing of SRP): a filing and a decision write their announcement
 * (`srp-filed`, `srp-decided`; change key `srp:<id>:<kind>`) in the request's own write, the
 * service awaits this listener, which turns it into rows (one per enabled webhook) before the
 * answer, and the outbox's sweep writes what an instance that died in between left. Payments and
 * re-links are not announced.
 */
@Injectable()
export class SrpWebhooksListener {
  private readonly announce: Announce;

  constructor(outbox: WebhookOutbox, @InjectModel(SRP_MODELS.request) requests: Model<SrpRequestDoc>) {
    this.announce = outbox.register<SrpRequestDoc>({
      name: 'Заявка СРП',
      model: requests,
      describe: (doc, change) => {
        const request = toSrpRequest(doc);
        return {
          eventName: `СРП: ${request.character.name} — ${request.ship.name}`,
          message: srpMessage(request, change.kind),
        };
      },
    });
  }

  @OnEvent(SRP_EVENTS.requestChanged)
  async onChanged(e: SrpRequestChangedEvent): Promise<void> {
    if (e.reason === 'filed' || e.reason === 'decided') await this.announce(e.request.id);
  }
}
