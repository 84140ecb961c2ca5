/**
 * Scheduled character checks (issue 27 item 6): the admin's character check runs for every
 * linked character on a schedule; each run stores one snapshot per character (its history) and
 * flags what changed since the last known state. Admin-only endpoints:
 *   GET  api/admin/char_flags?status=open|all&kind=&character_id=&page=   the flags, newest first
 *   POST api/admin/char_flags/ack { ids }                                  acknowledge flags
 *   GET  api/admin/stats_chars/{id}/history                                the character's snapshots and flags
 *   POST api/admin/char_checks/run                                         a run now (`?dry_run=1`: only whether it would start)
 */
import { z } from 'zod';
import { ADMIN_MESSAGES } from './admin';

/**
 * The rules of change detection (README "Admin area" and docs/operations.md explain each).
 * - wallet_drop: the balance fell by at least `walletDropFraction` of the previous balance AND by
 *   at least `walletDropMinIsk` (a pilot buying a ship with half of 20 M ISK is not news).
 * - skill_points_drop: total SP fell by at least `skillPointsDropMin` (one skill extractor takes
 *   500 000 SP): the character is being stripped.
 * - security: the security status moved by at least `securityDelta`, or crossed `outlawSecurity`
 *   (below -5.0 anyone may shoot the pilot in high-sec).
 * - retention: the newest `historyPerCharacter` snapshots per character are kept (a month at the
 *   default daily interval); acknowledged flags older than `ackedFlagDays` days are deleted, open
 *   ones stay until an admin acknowledges them.
 */
export const CHECK_FLAG_RULES = {
  walletDropFraction: 0.5,
  walletDropMinIsk: 100_000_000,
  skillPointsDropMin: 500_000,
  securityDelta: 1,
  outlawSecurity: -5,
  historyPerCharacter: 30,
  ackedFlagDays: 90,
} as const;

export const CHECK_FLAG_KINDS = [
  'corporation',
  'alliance',
  'security',
  'wallet_drop',
  'skill_points_drop',
  'token_lost',
  'warning_skills',
  'warning_assets',
  'banned_contacts',
] as const;
export type CheckFlagKind = (typeof CHECK_FLAG_KINDS)[number];

/** What each flag says, on screen. */
export const CHECK_FLAG_LABELS: Record<CheckFlagKind, string> = {
  corporation: 'Сменил корпорацию',
  alliance: 'Сменил альянс',
  security: 'Изменился статус безопасности',
  wallet_drop: 'Кошелёк уменьшился',
  skill_points_drop: 'Уменьшились очки навыков',
  token_lost: 'Токен ESI отозван',
  warning_skills: 'Новые навыки из списка',
  warning_assets: 'Новое имущество из списка',
  banned_contacts: 'Новые связи с бан листом',
};

/** A named game entity (corporation, alliance, character) whose name may be unknown. */
export interface NamedId {
  id: number;
  name: string | null;
}

/**
 * One character as one run saw it. A section is null when it could not be read this time
 * (ESI error, revoked token): unknown, not "none". `alliance` null inside `public` = no alliance.
 */
export interface CharacterSnapshot {
  public: { corporation: NamedId; alliance: NamedId | null; security_status: number } | null;
  /** 'valid': an authenticated read succeeded; 'lost': the refresh token was refused (needs a new link). */
  token: 'valid' | 'lost' | null;
  wallet: number | null;
  total_sp: number | null;
  /** Trained skills of CHECK_RULES.warningSkills, "Name level". */
  warning_skills: string[] | null;
  /** Items of CHECK_RULES.warningAssets (names). */
  warning_assets: string[] | null;
  /** Banned characters met in mail or wallet (journal, market). */
  banned_contacts: NamedId[] | null;
  /** Why sections are missing (Russian, as the check says). */
  errors: string[];
}

/** A flag's two sides: a number (ISK, SP, security), a name, or a list of names. */
export type CheckFlagValue = number | string | string[] | null;

export interface CharacterFlag {
  id: string;
  character: { id: number; name: string };
  kind: CheckFlagKind;
  from: CheckFlagValue;
  to: CheckFlagValue;
  /** ISO: when the run saw it. */
  at: string;
  acknowledged: { by: string; at: string } | null;
}

export interface CharacterCheckRunInfo {
  id: string;
  started_at: string;
  finished_at: string | null;
  /** Characters checked so far in this run. */
  checked: number;
  flagged: number;
}

export interface CharacterFlagsResponse {
  flags: CharacterFlag[];
  total: number;
  page: number;
  page_size: number;
  /** The latest run (null before the first). */
  run: CharacterCheckRunInfo | null;
  /** Hours between runs (0: the schedule is off). */
  interval_hours: number;
}

export interface CharacterHistoryEntry {
  at: string;
  snapshot: CharacterSnapshot;
}

export interface CharacterHistoryResponse {
  history: CharacterHistoryEntry[];
  flags: CharacterFlag[];
}

export const CHECK_FLAG_MESSAGES = {
  badStatus: "Статус: 'open' или 'all'",
  badKind: 'Неизвестный вид изменения',
  badCharacter: 'Некорректный ID персонажа',
  badIds: 'Укажите от 1 до 100 отметок',
  runInProgress: 'Проверка персонажей уже идёт, дождитесь её окончания',
} as const;

export const CHECK_FLAG_LIMITS = { pageSize: 20, ackMax: 100 } as const;

/** GET api/admin/char_flags query. */
export const characterFlagsQuerySchema = z.object({
  status: z.enum(['open', 'all'], { error: CHECK_FLAG_MESSAGES.badStatus }).default('open'),
  kind: z.enum(CHECK_FLAG_KINDS, { error: CHECK_FLAG_MESSAGES.badKind }).optional(),
  character_id: z
    .string({ error: CHECK_FLAG_MESSAGES.badCharacter })
    .regex(/^[1-9]\d{0,11}$/, { error: CHECK_FLAG_MESSAGES.badCharacter })
    .transform(Number)
    .optional(),
  page: z
    .string({ error: ADMIN_MESSAGES.badPage })
    .regex(/^[1-9]\d{0,5}$/, { error: ADMIN_MESSAGES.badPage })
    .transform(Number)
    .default(1),
});
export type CharacterFlagsQuery = z.infer<typeof characterFlagsQuerySchema>;

/** POST api/admin/char_flags/ack. */
export const characterFlagsAckSchema = z.object({
  ids: z
    .array(z.string().regex(/^[0-9a-f]{24}$/, { error: CHECK_FLAG_MESSAGES.badIds }), { error: CHECK_FLAG_MESSAGES.badIds })
    .min(1, { error: CHECK_FLAG_MESSAGES.badIds })
    .max(CHECK_FLAG_LIMITS.ackMax, { error: CHECK_FLAG_MESSAGES.badIds }),
});
export type CharacterFlagsAck = z.infer<typeof characterFlagsAckSchema>;

export interface CharacterFlagsAckResponse {
  acknowledged: number;
}

/** POST api/admin/char_checks/run: the run starts in the background (its progress: `run` of char_flags). */
export interface CharacterChecksRunResponse {
  started: boolean;
}
