/**
 * Ship replacement (SRP, issue 39): a member files a lost ship (from their characters' recent
 * losses or an external kill link), the request is priced at the corporation's hub, matched to
 * the fleet ping whose window holds the loss and to the ping's doctrine; SRP managers (the
 * corporation's admins and the members they grant it) approve with an amount or deny with a
 * reason, then mark paid. Endpoints under `auth/corp/`.
 */
import { z } from 'zod';
import { text } from '../text';

export const SRP_STATUSES = ['pending', 'approved', 'denied', 'paid'] as const;
export type SrpStatus = (typeof SRP_STATUSES)[number];
export const SRP_STATUS_LABELS: Record<SrpStatus, string> = {
  pending: 'Ожидает',
  approved: 'Одобрена',
  denied: 'Отклонена',
  paid: 'Выплачена',
};

/**
 * How the lost ship compares with the ping's doctrine: `exact` (the hull of a fit and every item
 * of that fit was on board), `partial` (a fit's hull, but not all of its items), `none` (no fit of
 * the doctrine has this hull). Null: the request's ping has no doctrine (or none is linked).
 */
export const DOCTRINE_MATCHES = ['exact', 'partial', 'none'] as const;
export type DoctrineMatch = (typeof DOCTRINE_MATCHES)[number];
export const DOCTRINE_MATCH_LABELS: Record<DoctrineMatch, string> = {
  exact: 'По доктрине',
  partial: 'Фит отличается',
  none: 'Не доктрина',
};

export const SRP_LIMITS = {
  comment: 500,
  reason: 500,
  note: 200,
  /** Requests marked paid in one call. */
  payBatch: 100,
  maxAmount: 1e13,
  /** Recent losses read per character (ESI's newest first). */
  lossesPerCharacter: 25,
  /** A ping's window: from this long before its start … */
  pingBeforeMs: 60 * 60_000,
  /** … to this long after it. */
  pingAfterMs: 4 * 60 * 60_000,
  requestsListed: 500,
} as const;

export const SRP_MESSAGES = {
  killmailRequired: 'Укажите убийство: выберите потерю из списка или вставьте ссылку на килл',
  badLink: 'Не похоже на ссылку на килл: нужна ссылка вида …/killmails/<номер>/<хеш>/ (в игре: «Copy External Kill Link»)',
  badKillmailId: 'Неверный номер убийства',
  badHash: 'Неверный хеш убийства: 40 шестнадцатеричных символов',
  badId: 'Неверный номер заявки',
  badPing: 'Неверный пинг',
  pingNotFound: 'Пинг не найден',
  notFound: 'Заявка не найдена',
  duplicate: 'Эта потеря уже подана на СРП',
  notYourLoss: 'Погибший корабль — не вашего персонажа',
  notInCorporation: 'На момент потери персонаж не состоял в вашей корпорации',
  killmailNotFound: 'Такого убийства нет в ESI: проверьте ссылку',
  killmailUnreadable: 'ESI вернул убийство в непонятном виде',
  esiFailed: 'ESI не ответил: не удалось прочитать потери. Попробуйте позже',
  needsRelink: 'Персонажа нужно привязать заново: игра отозвала доступ',
  noScope: 'Персонаж привязан без доступа к потерям: привяжите его заново',
  cannotManage: 'Решать заявки СРП могут админы корпорации и назначенные ими менеджеры СРП',
  decision: 'Решение: «approve» или «deny»',
  amount: 'Введите сумму выплаты',
  amountNotNegative: 'Сумма не может быть отрицательной',
  amountUnknown: 'Стоимость потери неизвестна: укажите сумму выплаты',
  reasonRequired: 'Укажите причину отказа',
  alreadyDecided: 'Заявка уже решена',
  notApproved: 'Выплатить можно только одобренные заявки',
  idsRequired: 'Выберите заявки',
  tooMany: (n: number) => `Не больше ${n} заявок за раз`,
  tooLong: (n: number) => `Не длиннее ${n} символов`,
  share: 'Доля от 0 до 100 %',
  hub: 'Неизвестный хаб',
  userNotFound: 'Пользователь не найден',
  cannotGrant: 'Назначать менеджеров СРП могут админы',
} as const;

export interface SrpRef {
  id: number;
  name: string;
}

/** One of the member's characters' recent losses (GET auth/corp/srp_losses). */
export interface SrpLoss {
  killmail_id: number;
  killmail_hash: string;
  /** ISO, UTC. */
  time: string;
  character: SrpRef;
  ship: SrpRef;
  system: SrpRef;
  /** Already filed (by anyone): a second filing is refused with 409. */
  filed: boolean;
}

export interface SrpLossesResponse {
  losses: SrpLoss[];
  /** Characters whose losses could not be read (Russian reason each): shown, not hidden. */
  unreadable: { character: SrpRef; reason: string }[];
}

/** A type the valuation could not price at the hub: the loss value is unknown while it is missing. */
export interface SrpMissingPrice {
  id: number;
  name: string;
  quantity: number;
}

export interface SrpRequest {
  id: string;
  killmail_id: number;
  killmail_hash: string;
  status: SrpStatus;
  /** The loss's time (ISO, UTC). */
  time: string;
  character: SrpRef;
  ship: SrpRef;
  system: SrpRef;
  /** Who filed it (username). */
  filed_by: string;
  /** Hull + fitted + cargo, destroyed and dropped, at the hub; null while any item is unpriced (`missing`). */
  loss_value: number | null;
  missing: SrpMissingPrice[];
  /** The hub the loss was priced at, and from what: the price history of the loss's day, or today's prices. */
  priced_at: { hub: number; source: 'history' | 'now' | 'mixed' };
  /** The hull's Platinum insurance payout (ESI), null when ESI has none for it. */
  insurance: number | null;
  /** What the corporation's rule suggests (null when it cannot be computed: unknown value). */
  suggested_payout: number | null;
  /** The approved amount (null until approved). */
  payout: number | null;
  /** What was marked paid, and the note (null until paid). */
  paid: { amount: number; by: string; at: string; note: string } | null;
  ping: { id: string; name: string } | null;
  doctrine_match: DoctrineMatch | null;
  comment: string;
  /** Who decided and when, and the reason of a denial. */
  decision: { by: string; at: string; reason: string } | null;
  created_at: string;
  /** +1 with every change (pages keep the newest). */
  rev: number;
}

export interface SrpRequestsResponse {
  /** A pilot sees their own; managers every request of their corporations. */
  requests: SrpRequest[];
  can_manage: boolean;
}

const killmailId = z.number({ error: SRP_MESSAGES.badKillmailId }).int(SRP_MESSAGES.badKillmailId).positive(SRP_MESSAGES.badKillmailId);
const killmailHash = z.string({ error: SRP_MESSAGES.badHash }).regex(/^[0-9a-f]{40}$/i, SRP_MESSAGES.badHash);
const requestId = z.string({ error: SRP_MESSAGES.badId }).regex(/^[0-9a-f]{24}$/, SRP_MESSAGES.badId);
const pingId = z.string({ error: SRP_MESSAGES.badPing }).regex(/^[0-9a-f]{24}$/, SRP_MESSAGES.badPing);

const KILL_LINK = /\/killmails\/(\d{1,12})\/([0-9a-f]{40})\/?(?:[?#].*)?$/i;

/** The killmail an external kill link names (`…/killmails/<id>/<hash>/`), or null. */
export function parseKillLink(link: string): { killmail_id: number; killmail_hash: string } | null {
  const m = KILL_LINK.exec(link.trim());
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 ? { killmail_id: id, killmail_hash: m[2].toLowerCase() } : null;
}

/** POST auth/corp/add_srp: `{ killmail_id, killmail_hash }` or `{ link }`, optional `ping_id`, `comment`. */
export const addSrpSchema = z
  .object({
    killmail_id: killmailId.optional(),
    killmail_hash: killmailHash.optional(),
    link: z.string({ error: SRP_MESSAGES.badLink }).max(500, SRP_MESSAGES.badLink).optional(),
    ping_id: pingId.nullish(),
    comment: text({ error: SRP_MESSAGES.tooLong(SRP_LIMITS.comment) })
      .trim()
      .max(SRP_LIMITS.comment, SRP_MESSAGES.tooLong(SRP_LIMITS.comment))
      .default(''),
  })
  .transform((v, ctx) => {
    const fromLink = v.link !== undefined && v.link.trim() !== '' ? parseKillLink(v.link) : undefined;
    if (fromLink === null) {
      ctx.addIssue({ code: 'custom', message: SRP_MESSAGES.badLink, path: ['link'] });
      return z.NEVER;
    }
    const killmail = fromLink ?? (v.killmail_id !== undefined && v.killmail_hash !== undefined
      ? { killmail_id: v.killmail_id, killmail_hash: v.killmail_hash.toLowerCase() }
      : null);
    if (!killmail) {
      ctx.addIssue({ code: 'custom', message: SRP_MESSAGES.killmailRequired, path: ['killmail_id'] });
      return z.NEVER;
    }
    return { ...killmail, ping_id: v.ping_id ?? null, comment: v.comment };
  });
export type AddSrpRequest = z.input<typeof addSrpSchema>;
export type AddSrpFields = z.output<typeof addSrpSchema>;

const amount = z
  .number({ error: SRP_MESSAGES.amount })
  .finite(SRP_MESSAGES.amount)
  .min(0, SRP_MESSAGES.amountNotNegative)
  .max(SRP_LIMITS.maxAmount, SRP_MESSAGES.amount);

/** POST auth/corp/decide_srp: approve (with `amount`, default the suggested payout) or deny (with `reason`). */
export const decideSrpSchema = z
  .object({
    id: requestId,
    decision: z.enum(['approve', 'deny'], { error: SRP_MESSAGES.decision }),
    amount: amount.optional(),
    reason: text({ error: SRP_MESSAGES.reasonRequired })
      .trim()
      .max(SRP_LIMITS.reason, SRP_MESSAGES.tooLong(SRP_LIMITS.reason))
      .optional(),
  })
  .refine((v) => v.decision !== 'deny' || (v.reason ?? '') !== '', { message: SRP_MESSAGES.reasonRequired, path: ['reason'] });
export type DecideSrpRequest = z.input<typeof decideSrpSchema>;

/** POST auth/corp/pay_srp: mark approved requests paid (their approved amounts), one or a batch. */
export const paySrpSchema = z.object({
  ids: z
    .array(requestId, { error: SRP_MESSAGES.idsRequired })
    .min(1, SRP_MESSAGES.idsRequired)
    .max(SRP_LIMITS.payBatch, SRP_MESSAGES.tooMany(SRP_LIMITS.payBatch)),
  note: text({ error: SRP_MESSAGES.tooLong(SRP_LIMITS.note) })
    .trim()
    .max(SRP_LIMITS.note, SRP_MESSAGES.tooLong(SRP_LIMITS.note))
    .default(''),
});
export type PaySrpRequest = z.input<typeof paySrpSchema>;

export interface PaySrpResponse {
  requests: SrpRequest[];
}

/**
 * The corporation's rule (GET/POST auth/corp/srp_settings): the hub losses are priced at, the
 * payout as a share of the loss value (`share`, 0…1) or a fixed amount per doctrine fit
 * (`fixed`: fit id -> ISK; a loss matching no fit falls back to the share), optionally minus the
 * hull's Platinum insurance payout.
 */
export interface SrpSettings {
  hub_id: number;
  rule: 'share' | 'fixed';
  share: number;
  fixed: Record<string, number>;
  minus_insurance: boolean;
}

export const DEFAULT_SRP_SETTINGS: SrpSettings = { hub_id: 2, rule: 'share', share: 1, fixed: {}, minus_insurance: false };

export const srpSettingsSchema = z.object({
  hub_id: z.number({ error: SRP_MESSAGES.hub }).int(SRP_MESSAGES.hub).refine((v) => [1, 2, 3, 4, 5].includes(v), SRP_MESSAGES.hub),
  rule: z.enum(['share', 'fixed']),
  share: z.number({ error: SRP_MESSAGES.share }).min(0, SRP_MESSAGES.share).max(1, SRP_MESSAGES.share),
  fixed: z.record(z.string().regex(/^[0-9a-f]{1,64}$/i), amount).default({}),
  minus_insurance: z.boolean(),
});

export interface SrpSettingsResponse {
  settings: SrpSettings;
  /** Usernames granted SRP management (admins hold it by their role). */
  managers: string[];
  can_grant: boolean;
}

/** POST auth/corp/srp_manager: an admin grants (or takes back) SRP management. */
export const srpManagerSchema = z.object({
  username: text({ error: SRP_MESSAGES.userNotFound }).trim().min(1, SRP_MESSAGES.userNotFound).max(100, SRP_MESSAGES.userNotFound),
  grant: z.boolean(),
});
export type SrpManagerRequest = z.input<typeof srpManagerSchema>;
