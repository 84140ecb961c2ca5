/**
 * Pings delivered outside the page (issue 27 items 3 and 5): a corporation's outgoing webhooks
 * in Discord's format with their delivery log, and each member's personal calendar feed.
 */
import { z } from 'zod';
import { text } from '../text';

export const DELIVERY_LIMITS = {
  webhookName: 60,
  webhookUrl: 500,
  /** Webhooks one corporation may configure. */
  webhooksPerCorp: 10,
  /** Log rows shown to moderators (newest first). */
  deliveriesListed: 50,
  /** Calendar feed: pings that started this long ago are still in it (a fleet in progress). */
  calendarPastHours: 24,
  /** Calendar feed: a ping lasts this long (pings have no end time). */
  calendarEventMinutes: 60,
} as const;

export const DELIVERY_MESSAGES = {
  nameRequired: 'Введите название вебхука',
  urlRequired: 'Введите адрес вебхука',
  urlInvalid: 'Адрес вебхука должен быть полным URL вида https://…',
  httpsOnly: 'Адрес вебхука должен начинаться с https://',
  credentials: 'Адрес вебхука не должен содержать имя пользователя или пароль',
  hostNotAllowed: (hosts: string) => `Вебхуки можно отправлять только на эти серверы: ${hosts}`,
  privateAddress: 'Адрес вебхука ведёт во внутреннюю сеть (частный, локальный или служебный IP) — такие адреса запрещены',
  unresolved: 'Не удалось найти сервер вебхука по имени',
  tooMany: (n: number) => `Не больше ${n} вебхуков на корпорацию`,
  notFound: 'Вебхук не найден',
  badId: 'Вебхук не найден',
  enabledRequired: 'Укажите, включён ли вебхук',
  redirect: 'Сервер ответил перенаправлением: вебхуки не следуют перенаправлениям',
  timeout: 'Сервер вебхука не ответил вовремя',
  network: 'Не удалось соединиться с сервером вебхука',
  urlUnreadable: 'Адрес вебхука не расшифровывается (сменился ключ шифрования): добавьте вебхук заново',
  calendarNotFound: 'Ссылка на календарь недействительна или отозвана',
  calendarNoAccess: 'Нет доступа к пингам корпорации: эта ссылка на календарь больше не работает',
} as const;

export const WEBHOOK_DELIVERY_KINDS = ['created', 'updated', 'cancelled', 'test'] as const;
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

const webhookId = z
  .string({ error: DELIVERY_MESSAGES.badId })
  .regex(/^[0-9a-f]{24}$/, { error: DELIVERY_MESSAGES.badId });

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
