import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import {
  DELIVERY_LIMITS,
  DELIVERY_MESSAGES,
  type CorpWebhook,
  type WebhookDelivery,
  type WebhooksResponse,
} from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { encryptSecret, secretKey } from '../../common/crypto/secret-box';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { apiError } from '../../common/errors/api-error';
import type { CorpMember } from '../corp-access';
import { CorpScoped } from '../corp-scope';
import { checkWebhookUrl, maskWebhookUrl, type WebhookPolicy } from '../domain/webhook-url';
import { WebhookOutbox } from './webhook-outbox';
import { resolveWebhookHost } from './webhook-sender';
import { WEBHOOK_MODELS, type DeliveryDoc, type WebhookDoc } from './webhook.schema';

const toWebhook = (d: WebhookDoc): CorpWebhook => ({
  id: String(d._id),
  name: d.name,
  url: d.url_masked,
  enabled: d.enabled,
  created_at: d.created_at.toISOString(),
  created_by: d.created_by,
});

const toDelivery = (d: DeliveryDoc): WebhookDelivery => ({
  id: String(d._id),
  webhook_id: String(d.webhook_id),
  webhook_name: d.webhook_name,
  event_id: d.event_id,
  event_name: d.event_name,
  kind: d.kind,
  status: d.status,
  attempts: d.attempts,
  code: d.code,
  error: d.error,
  created_at: d.created_at.toISOString(),
  updated_at: d.updated_at.toISOString(),
  next_at: d.status === 'retrying' && d.next_at ? d.next_at.toISOString() : null,
});

/**
 * A corporation's webhooks as its moderators manage them (`@CorpArea('moderate')`): add (URL
 * checked against the allow-list and its addresses resolved, stored encrypted), switch on/off,
 * delete, send a test, and the delivery log. URLs leave the server only masked.
 */
@Injectable()
export class CorpWebhooksService {
  private readonly hooks: CorpScoped<WebhookDoc>;
  private readonly log: CorpScoped<DeliveryDoc>;
  private readonly key: Buffer;
  private readonly policy: WebhookPolicy;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectModel(WEBHOOK_MODELS.webhook) private readonly webhooks: Model<WebhookDoc>,
    @InjectModel(WEBHOOK_MODELS.delivery) deliveries: Model<DeliveryDoc>,
    private readonly outbox: WebhookOutbox,
  ) {
    this.hooks = new CorpScoped(webhooks);
    this.log = new CorpScoped(deliveries);
    this.key = secretKey(config.tokenEncryptionKey, 'ping-webhooks');
    const { hosts, allowHttp, allowPrivate } = config.pingWebhooks;
    this.policy = { hosts, allowHttp, allowPrivate };
  }

  async list(member: CorpMember): Promise<WebhooksResponse> {
    const [hooks, deliveries] = await Promise.all([
      this.hooks.find(member).sort({ created_at: 1 }).lean<WebhookDoc[]>(),
      this.log.find(member).sort({ created_at: -1, _id: -1 }).limit(DELIVERY_LIMITS.deliveriesListed).lean<DeliveryDoc[]>(),
    ]);
    return { webhooks: hooks.map(toWebhook), deliveries: deliveries.map(toDelivery) };
  }

  async add(member: CorpMember, req: { name: string; url: string }, now = new Date()): Promise<{ webhook: CorpWebhook }> {
    const check = checkWebhookUrl(req.url, this.policy);
    if (!check.ok) throw apiError(400, check.message);
    const refused = await resolveWebhookHost(check.url, this.policy);
    if (refused) throw apiError(400, refused);
    const fields = {
      name: req.name,
      url_enc: encryptSecret(check.url.href, this.key),
      url_masked: maskWebhookUrl(check.url.href),
      enabled: true,
      created_by: member.user.username,
      created_at: now,
    };
    // The quota of the member's corporation (where new webhooks go), kept by the unique place
    // (`slot`): a free place taken by someone else meanwhile is a duplicate key, and we look again.
    for (;;) {
      const taken = await this.hooks.findOwn(member).select({ slot: 1 }).lean<Pick<WebhookDoc, '_id' | 'slot'>[]>();
      const used = new Set(taken.map((h) => h.slot));
      const free = Array.from({ length: DELIVERY_LIMITS.webhooksPerCorp }, (_, i) => i).filter((i) => !used.has(i));
      if (free.length === 0) throw apiError(400, DELIVERY_MESSAGES.tooMany(DELIVERY_LIMITS.webhooksPerCorp));
      // A random free place: simultaneous adds rarely pick the same one.
      const slot = free[randomInt(free.length)];
      const unplaced = taken.find((h) => h.slot === undefined || h.slot === null);
      try {
        if (unplaced) {
          await this.webhooks.updateOne({ _id: unplaced._id, slot: null }, { $set: { slot } });
          continue;
        }
        const doc = await this.hooks.create(member, { ...fields, slot });
        return { webhook: toWebhook(doc.toObject<WebhookDoc>()) };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
  }

  async setEnabled(member: CorpMember, id: string, enabled: boolean): Promise<{ webhook: CorpWebhook }> {
    const doc = await this.webhooks
      .findOneAndUpdate(
        this.hooks.within(member, { _id: new Types.ObjectId(id) }),
        { $set: { enabled } },
        { returnDocument: 'after' },
      )
      .lean<WebhookDoc>();
    if (!doc) throw apiError(404, DELIVERY_MESSAGES.notFound);
    return { webhook: toWebhook(doc) };
  }

  async remove(member: CorpMember, id: string): Promise<{ ok: true }> {
    const doc = await this.webhooks
      .findOneAndDelete(this.hooks.within(member, { _id: new Types.ObjectId(id) }))
      .lean<WebhookDoc>();
    if (!doc) throw apiError(404, DELIVERY_MESSAGES.notFound);
    return { ok: true };
  }

  /** A test message to one webhook (even a disabled one), through the outbox like a ping. */
  async test(member: CorpMember, id: string, now = new Date()): Promise<{ delivery: WebhookDelivery }> {
    const hook = await this.hooks.findOne(member, { _id: new Types.ObjectId(id) }).lean<WebhookDoc>();
    if (!hook) throw apiError(404, DELIVERY_MESSAGES.notFound);
    const [row] = await this.outbox.enqueue(
      {
        corporationId: hook.corporation_id,
        eventId: null,
        eventName: 'Проверка вебхука',
        kind: 'test',
        changeKey: `test:${new Types.ObjectId().toHexString()}`,
        message: {
          content: `**Проверка вебхука «${hook.name}»:** сюда будут приходить новые, изменённые и отменённые пинги корпорации.`,
          embeds: [],
          allowed_mentions: { parse: [] },
        },
      },
      hook._id,
      now,
    );
    return { delivery: toDelivery(row) };
  }
}
