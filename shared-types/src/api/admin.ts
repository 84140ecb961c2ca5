/**
 * Admin area (spec §2 "Admin screens", §3, §7 "Admin"): statistics, users, characters and their
 * check, role requests, corporations, banned characters, market categories and items, session
 * reset and the game-data update job. Every endpoint is admin-only on the server.
 */
import { z } from 'zod';
import { text } from '../text';
import { DEFAULT_CORP_TYPE, ROLES, type CorpType, type Role } from '../enums';
import type { GameDataStatus } from './game-data';

// ---------------------------------------------------------------------------------------------
// Role requests
// ---------------------------------------------------------------------------------------------

/** Spec §3 Role request: id, user.username, role. */
export interface AdminRoleRequest {
  id: string;
  user: { id: string; username: string };
  role: Role;
  /** ISO. */
  created_at: string;
}

export type RoleRequestStatus = 'pending' | 'granted' | 'refused';
export type RoleRequestDecision = 'add' | 'del';

export const ROLE_REQUEST_MESSAGES = {
  unknownRole: 'Неизвестная роль',
  alreadyHeld: 'Эта роль у вас уже есть',
  alreadyPending: 'Запрос на эту роль уже ожидает решения',
  badId: 'Некорректный номер запроса',
  notFound: 'Запрос не найден',
  alreadyDecided: 'Этот запрос уже рассмотрен другим администратором',
  badType: "Тип решения должен быть 'add' или 'del'",
} as const;

// ---------------------------------------------------------------------------------------------
// Common
// ---------------------------------------------------------------------------------------------

/** Admin lists: 10 rows a page (applied, unlike the original), search from 2 characters. */
export const ADMIN_LIMITS = {
  pageSize: 10,
  searchMinLength: 2,
  searchMaxLength: 50,
  nameMaxLength: 100,
  reasonMaxLength: 500,
  /** Visitors are counted over sessions active in this many last hours. */
  visitorWindowHours: 24,
} as const;

export const ADMIN_MESSAGES = {
  badPage: 'Номер страницы должен быть целым числом от 1',
  badSearch: `Поиск: от ${ADMIN_LIMITS.searchMinLength} до ${ADMIN_LIMITS.searchMaxLength} символов`,
  badId: 'Некорректный идентификатор',
  badType: 'Некорректный тип действия',
  userNotFound: 'Пользователь не найден',
  charNotFound: 'Персонаж не найден',
  ownAdminRole: 'Нельзя снять с себя роль администратора',
  ownAccount: 'Нельзя отключить собственный аккаунт',
  corpIdRequired: 'Укажите ID корпорации',
  corpNameRequired: 'Укажите название корпорации',
  corpTypeInvalid: 'Тип корпорации должен быть 0, 1 или 2',
  charIdRequired: 'Укажите ID персонажа',
  charNameRequired: 'Укажите имя персонажа',
  reasonRequired: 'Укажите причину',
  alreadyBanned: 'Этот персонаж уже в бан листе',
  notBanned: 'Этого персонажа нет в бан листе',
  categoryNameRequired: 'Укажите название категории',
  categoryExists: 'Категория с таким названием уже есть',
  categoryNotFound: 'Категория не найдена',
  itemRequired: 'Выберите предмет',
  itemExists: 'Этот предмет уже есть в категории',
  itemNotInCategory: 'Этого предмета нет в категории',
  itemUnknown: 'Такого предмета нет в игровых данных',
  checkCodeInvalid: "Код проверки: 'all', 'corps', 'mail', 'skills', 'wallet' или 'assets'",
  updateRunning: 'Обновление библиотек уже выполняется, дождитесь его окончания',
  sectionNotRequested: 'Этот раздел не запрашивался',
  needsRelink: 'Персонаж требует повторной привязки: токен ESI отозван',
} as const;

const pageSchema = z
  .string({ error: ADMIN_MESSAGES.badPage })
  .regex(/^[1-9]\d{0,5}$/, { error: ADMIN_MESSAGES.badPage })
  .transform(Number)
  .optional();
const searchSchema = z
  .string({ error: ADMIN_MESSAGES.badSearch })
  .trim()
  .max(ADMIN_LIMITS.searchMaxLength, { error: ADMIN_MESSAGES.badSearch })
  .optional()
  .transform((q) => (q && q.length >= ADMIN_LIMITS.searchMinLength ? q : undefined));

/** `?q=&page=`: a search shorter than 2 characters lists everything. */
export const adminListQuerySchema = z.object({ q: searchSchema, page: pageSchema });
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export interface AdminPage {
  total: number;
  page: number;
  page_size: number;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/** GET api/admin/stats/main (spec §7: users.dates, unauth, auth). */
export interface AdminMainStats {
  users: {
    /** Every registration date (ISO), oldest first. */
    dates: string[];
    /** Registrations per UTC day (YYYY-MM-DD), oldest first: the chart. */
    per_day: { date: string; count: number }[];
  };
  /** Guests' sessions active in the last `window_hours` hours. */
  unauth: number;
  /** Distinct signed-in accounts with a session active in the last `window_hours` hours. */
  auth: number;
  window_hours: number;
}

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

/** Spec §3 User: username, roles [{name}], chars, is_active, last_active. */
export interface AdminUser {
  id: string;
  username: string;
  roles: { name: Role }[];
  chars: { id: number; name: string }[];
  is_active: boolean;
  /** ISO, null if never signed in. */
  last_active: string | null;
  created_at: string;
}

export interface AdminUsersResponse extends AdminPage {
  users: AdminUser[];
}

export interface AdminUserResponse {
  user: AdminUser;
}

/** POST api/admin/stats/users/{id}: grant or revoke a role, switch the account on or off. */
export const adminUserUpdateSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('add_role'), role: z.enum(ROLES, { error: ROLE_REQUEST_MESSAGES.unknownRole }) }),
    z.object({ type: z.literal('del_role'), role: z.enum(ROLES, { error: ROLE_REQUEST_MESSAGES.unknownRole }) }),
    z.object({ type: z.literal('active'), is_active: z.boolean({ error: ADMIN_MESSAGES.badType }) }),
  ],
  { error: ADMIN_MESSAGES.badType },
);
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Characters and the check
// ---------------------------------------------------------------------------------------------

export interface AdminCharacter {
  id: number;
  name: string;
  icon: string;
  corporation_id: number | null;
  /** The corporation's name: as admins registered it, else the game's (ESI); null when neither is known. */
  corporation_name: string | null;
  user: { id: string; username: string } | null;
  banned: boolean;
  needs_relink: boolean;
  /** ISO. */
  linked_at: string;
  synced_at: string | null;
  sync_error: string | null;
  /** Changes found by the scheduled character checks and not acknowledged yet. */
  open_flags: number;
}

export interface AdminCharactersResponse extends AdminPage {
  chars: AdminCharacter[];
}

export interface AdminCharacterResponse {
  char: AdminCharacter;
}

export const CHECK_CODES = ['all', 'corps', 'mail', 'skills', 'wallet', 'assets'] as const;
export type CheckCode = (typeof CHECK_CODES)[number];

/** POST api/admin/stats_chars/{id} { code }: which sections to read ('all' = every one). */
export const characterCheckSchema = z.object({ code: z.enum(CHECK_CODES, { error: ADMIN_MESSAGES.checkCodeInvalid }) });

/**
 * The check's thresholds and warning lists (README "Admin area" explains each).
 * - corps: a finished membership shorter than `shortStayDays` is marked (corporation hopping).
 * - mail: senders among the banned characters are marked.
 * - skills: `skills_low` under `lowSkillPoints` total SP; `warning_skills` are trained skills of the list.
 * - wallet: `low_transactions` with fewer than `minJournalEntries` journal entries; `got_transaction`
 *   lists journal entries and market transactions with banned characters; `assets_low` when the
 *   balance is under `lowWalletIsk`.
 * - assets: `warning_assets` are items of the list (cynosural field generators).
 */
export const CHECK_RULES = {
  shortStayDays: 30,
  lowSkillPoints: 5_000_000,
  minJournalEntries: 5,
  lowWalletIsk: 10_000_000,
  /** Cynosural Field Theory, Cloaking: the skills of a cyno or scout alt. */
  warningSkills: [
    { id: 21603, name: 'Cynosural Field Theory' },
    { id: 11579, name: 'Cloaking' },
  ],
  /** Cynosural Field Generator I, Covert Cynosural Field Generator I. */
  warningAssets: [
    { id: 21096, name: 'Cynosural Field Generator I' },
    { id: 28646, name: 'Covert Cynosural Field Generator I' },
  ],
} as const;

export interface CheckCorpHistoryEntry {
  corporation_id: number;
  name: string | null;
  start_date: string;
  /** Start of the next membership; null for the current one. */
  end_date: string | null;
  days: number;
  /** A finished membership shorter than CHECK_RULES.shortStayDays. */
  warning: boolean;
}

export interface CheckMailSender {
  id: number;
  name: string | null;
  count: number;
  /** The sender is on the ban list. */
  warning: boolean;
}

export interface CheckTransaction {
  date: string;
  /** 'journal' (ISK between players) or 'market'. */
  kind: 'journal' | 'market';
  party_id: number;
  party_name: string | null;
  amount: number;
  description: string;
}

/** Spec §3 Character check result; every section has its own `error` (null when read). */
export interface CharacterCheckResult {
  corps: { error: string | null; history: CheckCorpHistoryEntry[] };
  mail: { error: string | null; mails_len: number; mails_from: CheckMailSender[] };
  skills: {
    error: string | null;
    total_sp: number;
    skills_low: boolean;
    warning_skills: { id: number; name: string; level: number }[];
  };
  wallet: {
    error: string | null;
    balance: number | null;
    journal_len: number;
    low_transactions: boolean;
    got_transaction: CheckTransaction[];
    assets_low: boolean;
  };
  assets: {
    error: string | null;
    warning_assets: { type_id: number; name: string; quantity: number; location_id: number }[];
  };
}

// ---------------------------------------------------------------------------------------------
// Role requests (admin side)
// ---------------------------------------------------------------------------------------------

export interface AdminRoleRequestsResponse {
  requests: AdminRoleRequest[];
}

export const roleRequestDecisionSchema = z.object({
  req_id: z.string({ error: ROLE_REQUEST_MESSAGES.badId }).min(1, { error: ROLE_REQUEST_MESSAGES.badId }),
  type: z.enum(['add', 'del'], { error: ROLE_REQUEST_MESSAGES.badType }),
});

export interface RoleRequestDecisionResponse {
  ok: true;
  id: string;
  status: RoleRequestStatus;
}

// ---------------------------------------------------------------------------------------------
// Corporations and banned characters
// ---------------------------------------------------------------------------------------------

/** Spec §3 Corporation (admin): id, name, tag_id (type), corp_type. */
export interface AdminCorporation {
  id: number;
  name: string;
  tag_id: CorpType;
  corp_type: CorpType;
}

export interface AdminCorporationsResponse {
  corps: AdminCorporation[];
  error?: string;
}

const positiveId = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(Number.MAX_SAFE_INTEGER, { error: message });
const requiredText = (message: string, max: number) =>
  text({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
const corpType = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: ADMIN_MESSAGES.corpTypeInvalid });

/** Save for corps: type 'new' with id, name, corp_type (default 2), 'type' to change it, 'del' with id. */
export const corporationSaveSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('new'),
      id: positiveId(ADMIN_MESSAGES.corpIdRequired),
      name: requiredText(ADMIN_MESSAGES.corpNameRequired, ADMIN_LIMITS.nameMaxLength),
      corp_type: corpType.default(DEFAULT_CORP_TYPE),
    }),
    z.object({ type: z.literal('type'), id: positiveId(ADMIN_MESSAGES.corpIdRequired), corp_type: corpType }),
    z.object({ type: z.literal('del'), id: positiveId(ADMIN_MESSAGES.corpIdRequired) }),
  ],
  { error: ADMIN_MESSAGES.badType },
);
export type CorporationSave = z.infer<typeof corporationSaveSchema>;

/** Spec §3 Banned character: id, name, reason. */
export interface BannedCharacter {
  id: number;
  name: string;
  reason: string;
}

export interface BannedCharactersResponse {
  banned_chars: BannedCharacter[];
  error?: string;
}

export const bannedCharacterSaveSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('new'),
      id: positiveId(ADMIN_MESSAGES.charIdRequired),
      name: requiredText(ADMIN_MESSAGES.charNameRequired, ADMIN_LIMITS.nameMaxLength),
      reason: requiredText(ADMIN_MESSAGES.reasonRequired, ADMIN_LIMITS.reasonMaxLength),
    }),
    z.object({ type: z.literal('del'), id: positiveId(ADMIN_MESSAGES.charIdRequired) }),
  ],
  { error: ADMIN_MESSAGES.badType },
);
export type BannedCharacterSave = z.infer<typeof bannedCharacterSaveSchema>;

// ---------------------------------------------------------------------------------------------
// Market categories and items
// ---------------------------------------------------------------------------------------------

/** Spec §3 Market category (admin view: name, items with name and id). */
export interface AdminMarketCategory {
  id: string;
  name: string;
  order: number;
  items: { id: number; name: string }[];
}

export interface AdminMarketCategoriesResponse {
  categories: AdminMarketCategory[];
}

/** Spec §3 Market item, admin view: name, id, category_id. */
export interface AdminMarketItem {
  id: number;
  name: string;
  category_id: string;
  category_name: string;
}

export interface AdminMarketItemsResponse extends AdminPage {
  items: AdminMarketItem[];
}

const categoryId = z
  .string({ error: ADMIN_MESSAGES.categoryNotFound })
  .regex(/^[0-9a-f]{24}$/, { error: ADMIN_MESSAGES.categoryNotFound });
const categoryName = requiredText(ADMIN_MESSAGES.categoryNameRequired, ADMIN_LIMITS.nameMaxLength);

export const marketCategorySaveSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('new'), name: categoryName }),
    z.object({ type: z.literal('rename'), id: categoryId, name: categoryName }),
    z.object({ type: z.literal('move'), id: categoryId, direction: z.enum(['up', 'down'], { error: ADMIN_MESSAGES.badType }) }),
    z.object({ type: z.literal('del'), id: categoryId }),
  ],
  { error: ADMIN_MESSAGES.badType },
);
export type MarketCategorySave = z.infer<typeof marketCategorySaveSchema>;

export const marketItemSaveSchema = z.object({
  type: z.enum(['new', 'del'], { error: ADMIN_MESSAGES.badType }),
  id: positiveId(ADMIN_MESSAGES.itemRequired),
  category_id: categoryId,
});
export type MarketItemSave = z.infer<typeof marketItemSaveSchema>;

// ---------------------------------------------------------------------------------------------
// Sessions and the game-data update job
// ---------------------------------------------------------------------------------------------

/** GET api/admin/kill */
export interface KillSessionsResponse {
  ok: true;
  /** Sessions ended (all but the caller's). */
  sessions: number;
}

/** The update_libs job (one at a time), as GET api/admin/update_libs and the `admin:update-libs` socket event tell it. */
export interface UpdateLibsJob {
  id: string;
  state: 'running' | 'done' | 'failed';
  /** What it is doing now, in Russian. */
  step: string;
  done: number;
  total: number;
  started_by: string;
  started_at: string;
  finished_at: string | null;
  error: string | null;
  /** Steps that failed without stopping the job (a hub ESI did not answer ...). */
  warnings: string[];
}

export interface UpdateLibsResponse {
  job: UpdateLibsJob | null;
}

/** The game data as the admin's page shows it: the build served and the last import's state. */
export interface AdminGameData {
  /** The active import's build; null: no game data. */
  build: { buildNumber: number; releaseDate: string | null; importedAt: string } | null;
  /** The last import (start, scheduled check, update): importing, failed (why), ready; null before any. */
  status: GameDataStatus | null;
}

/** GET api/admin/update_libs/status: the job and the game data's state. */
export interface UpdateLibsStatusResponse extends UpdateLibsResponse {
  game_data: AdminGameData;
}

/** Role requests' socket events: new ones to `admins`, the decision to the requester and `admins`. */
export interface RoleRequestServerToClientEvents {
  /** Admin area, to `admins`: a new role request. */
  'roles:request-created': (payload: { request: AdminRoleRequest }) => void;
  /** To the requester (`user:<id>`): an admin granted or refused the request. */
  'roles:request-decided': (payload: { requestId: string; role: Role; granted: boolean }) => void;
}

/** The admin area's socket events, to `admins`. */
export interface AdminServerToClientEvents {
  /** Admin area, to `admins`: the update_libs job moved (started, a step, finished). */
  'admin:update-libs': (payload: { job: UpdateLibsJob }) => void;
  /** Admin area, to `admins`: a run of the scheduled character checks finished (flags may be new). */
  'admin:char-checks': (payload: { runId: string; checked: number; flagged: number }) => void;
}
