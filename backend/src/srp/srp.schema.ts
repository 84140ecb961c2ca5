import { Schema, Types } from 'mongoose';
import type { DoctrineMatch, SrpMissingPrice, SrpRef, SrpSettings, SrpStatus } from '@eve-toolkit/shared-types';
import { withWebhookAnnouncements, type WebhookAnnouncement } from '../corp/webhooks/webhook.schema';

export const SRP_MODELS = { request: 'SrpRequest', settings: 'SrpSettings' } as const;

/**
 * One ship replacement request (`corp_srp_requests`): the loss as the killmail told it (victim,
 * ship, place, items), its valuation at the corporation's hub, the fleet and doctrine it matched,
 * and its life (pending -> approved | denied, approved -> paid). Every change is one conditional
 * update on `status`, so of simultaneous decisions exactly one applies. One request per killmail
 * (unique index): a second filing is a 409. A filing and a decision carry, in the same write, their
 * announcement for the corporation's webhooks (`webhooks_due`, see WebhookAnnouncement).
 */
export interface SrpRequestDoc {
  _id: Types.ObjectId;
  corporation_id: number;
  killmail_id: number;
  killmail_hash: string;
  user_id: string;
  filed_by: string;
  time: Date;
  character: SrpRef;
  ship: SrpRef;
  system: SrpRef;
  /** The items on board by type (destroyed, dropped), as the killmail listed them. */
  items: { type_id: number; destroyed: number; dropped: number }[];
  hub_id: number;
  loss_value: number | null;
  missing: SrpMissingPrice[];
  price_source: 'history' | 'now' | 'mixed';
  insurance: number | null;
  suggested_payout: number | null;
  payout: number | null;
  ping: { id: string; name: string } | null;
  doctrine_match: DoctrineMatch | null;
  comment: string;
  status: SrpStatus;
  decision: { by: string; at: Date; reason: string } | null;
  paid: { amount: number; by: string; at: Date; note: string } | null;
  created_at: Date;
  rev: number;
  /** Changes not yet in the webhook outbox (absent on requests filed before it was written here). */
  webhooks_due?: SrpAnnouncement[];
}

/** A filing or a decision for the corporation's webhooks (`srp:<id>:<kind>`: announced twice, sent once). */
export type SrpAnnouncement = WebhookAnnouncement<'srp-filed' | 'srp-decided'>;

export const SrpRequestSchema = new Schema<SrpRequestDoc>(
  {
    corporation_id: { type: Number, required: true },
    killmail_id: { type: Number, required: true },
    killmail_hash: { type: String, required: true },
    user_id: { type: String, required: true },
    filed_by: { type: String, required: true },
    time: { type: Date, required: true },
    character: { type: Schema.Types.Mixed, required: true },
    ship: { type: Schema.Types.Mixed, required: true },
    system: { type: Schema.Types.Mixed, required: true },
    items: { type: Schema.Types.Mixed, default: [] },
    hub_id: { type: Number, required: true },
    loss_value: { type: Number, default: null },
    missing: { type: Schema.Types.Mixed, default: [] },
    price_source: { type: String, required: true },
    insurance: { type: Number, default: null },
    suggested_payout: { type: Number, default: null },
    payout: { type: Number, default: null },
    ping: { type: Schema.Types.Mixed, default: null },
    doctrine_match: { type: String, default: null },
    comment: { type: String, default: '' },
    status: { type: String, required: true },
    decision: { type: Schema.Types.Mixed, default: null },
    paid: { type: Schema.Types.Mixed, default: null },
    created_at: { type: Date, required: true },
    rev: { type: Number, default: 0 },
  },
  { collection: 'corp_srp_requests', versionKey: false, minimize: false },
);
SrpRequestSchema.index({ killmail_id: 1 }, { unique: true });
SrpRequestSchema.index({ corporation_id: 1, created_at: -1 });
SrpRequestSchema.index({ corporation_id: 1, user_id: 1, created_at: -1 });
withWebhookAnnouncements(SrpRequestSchema);

/** A corporation's SRP rule (`corp_srp_settings`); absent: DEFAULT_SRP_SETTINGS. */
export interface SrpSettingsDoc extends SrpSettings {
  _id: Types.ObjectId;
  corporation_id: number;
  updated_by: string;
  updated_at: Date;
}

export const SrpSettingsSchema = new Schema<SrpSettingsDoc>(
  {
    corporation_id: { type: Number, required: true },
    hub_id: { type: Number, required: true },
    rule: { type: String, required: true },
    share: { type: Number, required: true },
    fixed: { type: Schema.Types.Mixed, default: {} },
    minus_insurance: { type: Boolean, required: true },
    updated_by: { type: String, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: 'corp_srp_settings', versionKey: false, minimize: false },
);
SrpSettingsSchema.index({ corporation_id: 1 }, { unique: true });
