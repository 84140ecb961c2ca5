/**
 * Ship replacement (SRP, issue 39): a member files a lost ship (from their characters' recent
 * losses or an external kill link), the request is priced at the corporation's hub, matched to
 * the fleet ping whose window holds the loss and to the ping's doctrine; SRP managers (the
 * corporation's admins and the members they grant it) approve with an amount or deny with a
 * reason, then mark paid. Endpoints under `auth/corp/`.
 */
import { z } from 'zod';
import { text } from '../text';

export * from './limits';
import { SRP_LIMITS, SRP_MESSAGES } from './limits';

const killmailId = z
  .number({ error: SRP_MESSAGES.badKillmailId })
  .int(SRP_MESSAGES.badKillmailId)
  .positive(SRP_MESSAGES.badKillmailId);
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
    const killmail =
      fromLink ??
      (v.killmail_id !== undefined && v.killmail_hash !== undefined
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

export const srpSettingsSchema = z.object({
  hub_id: z
    .number({ error: SRP_MESSAGES.hub })
    .int(SRP_MESSAGES.hub)
    .refine((v) => [1, 2, 3, 4, 5].includes(v), SRP_MESSAGES.hub),
  rule: z.enum(['share', 'fixed']),
  share: z.number({ error: SRP_MESSAGES.share }).min(0, SRP_MESSAGES.share).max(1, SRP_MESSAGES.share),
  fixed: z.record(z.string().regex(/^[0-9a-f]{1,64}$/i), amount).default({}),
  minus_insurance: z.boolean(),
});

/** POST auth/corp/srp_manager: an admin grants (or takes back) SRP management. */
export const srpManagerSchema = z.object({
  username: text({ error: SRP_MESSAGES.userNotFound })
    .trim()
    .min(1, SRP_MESSAGES.userNotFound)
    .max(100, SRP_MESSAGES.userNotFound),
  grant: z.boolean(),
});
export type SrpManagerRequest = z.input<typeof srpManagerSchema>;

/** POST auth/corp/relink_srp: a manager links a pending request to another ping of its corporation (or none). */
export const relinkSrpSchema = z.object({ id: requestId, ping_id: pingId.nullable() });
export type RelinkSrpRequest = z.input<typeof relinkSrpSchema>;
