/**
 * Pings delivered outside the page (issue 27 items 3 and 5): a corporation's outgoing webhooks
 * in Discord's format with their delivery log, and each member's personal calendar feed.
 */
import { z } from 'zod';
import { DELIVERY_LIMITS, DELIVERY_MESSAGES } from './delivery-limits';
import { text } from '../text';

export { DELIVERY_LIMITS, DELIVERY_MESSAGES } from './delivery-limits';

/** Ping changes, a test, and SRP requests filed and decided (issue 39). */
export const WEBHOOK_DELIVERY_KINDS = ['created', 'updated', 'cancelled', 'test', 'srp-filed', 'srp-decided'] as const;
export type WebhookDeliveryKind = (typeof WEBHOOK_DELIVERY_KINDS)[number];

/** pending: waiting for its first attempt; retrying: failed with 429/5xx, next attempt at `next_at`. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'sent', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** A webhook as moderators see it: the URL is a secret and only ever shown masked. */
export interface CorpWebhook {
  id: string;
  name: string;
  /** Masked: scheme, host and the last characters only. */
  url: string;
  enabled: boolean;
  created_at: string;
  created_by: string;
}

/** One row of the delivery log: one ping change (or a test) to one webhook. */
export interface WebhookDelivery {
  id: string;
  webhook_id: string;
  webhook_name: string;
  /** The ping (null for a test message). */
  event_id: string | null;
  event_name: string;
  kind: WebhookDeliveryKind;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The last answer's HTTP status (null: none yet, or no connection). */
  code: number | null;
  /** Why the last attempt failed (Russian), null when it did not. */
  error: string | null;
  created_at: string;
  updated_at: string;
  /** When the next attempt is due (retrying only). */
  next_at: string | null;
}

export interface WebhooksResponse {
  webhooks: CorpWebhook[];
  deliveries: WebhookDelivery[];
}

const webhookId = z.string({ error: DELIVERY_MESSAGES.badId }).regex(/^[0-9a-f]{24}$/, { error: DELIVERY_MESSAGES.badId });

/** POST auth/corp/add_webhook (the URL's host and addresses are checked on the server). */
export const addWebhookSchema = z.object({
  name: text({ error: DELIVERY_MESSAGES.nameRequired })
    .trim()
    .min(1, DELIVERY_MESSAGES.nameRequired)
    .max(DELIVERY_LIMITS.webhookName, `Не длиннее ${DELIVERY_LIMITS.webhookName} символов`),
  url: text({ error: DELIVERY_MESSAGES.urlRequired })
    .trim()
    .min(1, DELIVERY_MESSAGES.urlRequired)
    .max(DELIVERY_LIMITS.webhookUrl, `Не длиннее ${DELIVERY_LIMITS.webhookUrl} символов`),
});
export type AddWebhookRequest = z.input<typeof addWebhookSchema>;

/** POST auth/corp/delete_webhook, auth/corp/test_webhook. */
export const webhookIdSchema = z.object({ id: webhookId });
export type WebhookIdRequest = z.input<typeof webhookIdSchema>;

/** POST auth/corp/set_webhook: turn a webhook on or off. */
export const setWebhookSchema = z.object({
  id: webhookId,
  enabled: z.boolean({ error: DELIVERY_MESSAGES.enabledRequired }),
});
export type SetWebhookRequest = z.input<typeof setWebhookSchema>;

/** GET auth/corp/calendar: whether the member holds a calendar link (the link itself is shown once). */
export interface CalendarLinkState {
  active: boolean;
  created_at: string | null;
}

/** POST auth/corp/calendar_link: a new link (the previous one stops working). Shown only now. */
export interface CalendarLinkResponse {
  /** Site-relative path of the feed, `/api/calendar/<token>.ics`. */
  path: string;
  created_at: string;
}

/** The feed's path for a token. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;
