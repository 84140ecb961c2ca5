/**
 * Ship replacement's constants, messages, labels and response types (zod-free: pages load these
 * on first render; the request schemas are in ./api.ts).
 */
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
  relinkDecided: 'Флот можно сменить только у заявки, которая ещё не решена',
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

export interface SrpSettingsResponse {
  settings: SrpSettings;
  /** Usernames granted SRP management (admins hold it by their role). */
  managers: string[];
  can_grant: boolean;
}
