import { Schema, Types } from 'mongoose';
import type { WebhookDeliveryKind, WebhookDeliveryStatus } from '@eve-toolkit/shared-types';
import type { DiscordMessage } from '../domain/discord-message';

export const WEBHOOK_MODELS = { webhook: 'CorpWebhook', delivery: 'CorpWebhookDelivery' } as const;

/** A corporation's outgoing webhook (`corp_webhooks`); the URL only encrypted (common/crypto). */
export interface WebhookDoc {
  _id: Types.ObjectId;
  corporation_id: number;
  name: string;
  /** AES-256-GCM of the URL (secretKey 'ping-webhooks'); never sent to a page. */
  url_enc: string;
  /** What moderators see (maskWebhookUrl). */
  url_masked: string;
  enabled: boolean;
  created_by: string;
  created_at: Date;
  /**
   * Its place in the corporation's quota (0 … webhooksPerCorp-1), unique per corporation: adding
   * one takes a free place in one insert, so simultaneous adds cannot pass the quota. Webhooks
   * written before places existed get one when the next is added.
   */
  slot?: number;
}

export const WebhookSchema = new Schema<WebhookDoc>(
  {
    corporation_id: { type: Number, required: true },
    name: { type: String, required: true },
    url_enc: { type: String, required: true },
    url_masked: { type: String, required: true },
    enabled: { type: Boolean, required: true },
    created_by: { type: String, required: true },
    created_at: { type: Date, required: true },
    slot: { type: Number },
  },
  { collection: 'corp_webhooks', versionKey: false },
);
WebhookSchema.index({ corporation_id: 1, created_at: 1 });
WebhookSchema.index({ corporation_id: 1, slot: 1 }, { unique: true, partialFilterExpression: { slot: { $exists: true } } });

/** What a document announces (a moderator's test is written as a row at once, never announced). */
export type AnnouncedKind = Exclude<WebhookDeliveryKind, 'test'>;

/**
 * A change its corporation's webhooks are to hear of, written in the same write as the change
 * itself, into the changed document's `webhooks_due` (the transactional outbox inside one
 * document: a change and its announcement exist together or not at all). WebhookOutbox turns it
 * into delivery rows and then removes it. Pings and SRP requests carry them
 * (`withWebhookAnnouncements`).
 */
export interface WebhookAnnouncement<K extends AnnouncedKind = AnnouncedKind> {
  /** The change (`<ping>:created`, `srp:<request>:srp-filed` …): one delivery per webhook. */
  key: string;
  kind: K;
  at: Date;
}

const AnnouncementSchema = new Schema<WebhookAnnouncement>(
  { key: { type: String, required: true }, kind: { type: String, required: true }, at: { type: Date, required: true } },
  { _id: false },
);

/**
 * Gives a document's schema its pending announcements (`webhooks_due`, empty once the outbox
 * wrote them) and the index the outbox's sweep reads them by: announcements left behind by an
 * instance that died after the document's write.
 */
export function withWebhookAnnouncements(schema: Schema): void {
  schema.add({ webhooks_due: { type: [AnnouncementSchema], default: [] } });
  schema.index({ 'webhooks_due.at': 1 }, { sparse: true });
}

/**
 * The outbox and the delivery log in one (`corp_webhook_deliveries`): one row per change (a
 * ping's, an SRP request's, a test) and webhook, written when the change happens, sent by
 * whichever instance claims it first (`lease_owner`/`lease_until`, one findOneAndUpdate), kept 30
 * days for the log.
 */
export interface DeliveryDoc {
  _id: Types.ObjectId;
  corporation_id: number;
  webhook_id: Types.ObjectId;
  webhook_name: string;
  /** The ping or SRP request changed (null: a test), and its name for the log. */
  event_id: string | null;
  event_name: string;
  kind: WebhookDeliveryKind;
  /** One row per change and webhook: a change announced twice is still sent once. */
  change_key: string;
  /** The message as the ping or request was when the row was written (later edits are their own rows). */
  message: DiscordMessage;
  status: WebhookDeliveryStatus;
  attempts: number;
  code: number | null;
  error: string | null;
  /** Due time of the next attempt (pending, retrying). */
  next_at: Date | null;
  lease_owner: string | null;
  lease_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const DeliverySchema = new Schema<DeliveryDoc>(
  {
    corporation_id: { type: Number, required: true },
    webhook_id: { type: Schema.Types.ObjectId, required: true },
    webhook_name: { type: String, required: true },
    event_id: { type: String, default: null },
    event_name: { type: String, required: true },
    kind: { type: String, required: true },
    change_key: { type: String, required: true },
    message: { type: Schema.Types.Mixed, required: true },
    status: { type: String, required: true },
    attempts: { type: Number, default: 0 },
    code: { type: Number, default: null },
    error: { type: String, default: null },
    next_at: { type: Date, default: null },
    lease_owner: { type: String, default: null },
    lease_until: { type: Date, default: null },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: 'corp_webhook_deliveries', versionKey: false, minimize: false },
);
DeliverySchema.index({ webhook_id: 1, change_key: 1 }, { unique: true });
DeliverySchema.index({ status: 1, next_at: 1 });
DeliverySchema.index({ corporation_id: 1, created_at: -1 });
DeliverySchema.index({ created_at: 1 }, { expireAfterSeconds: 30 * 86_400 });
