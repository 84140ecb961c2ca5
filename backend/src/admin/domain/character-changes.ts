/**
 * Scheduled character checks as pure rules: a run's snapshot of a character (from the admin's
 * check and ESI's public character info), the last known state it updates, and the changes it
 * flags (thresholds in CHECK_FLAG_RULES, shared-types). No I/O: table-driven in the spec beside it.
 */
import {
  CHECK_FLAG_RULES,
  type CharacterCheckResult,
  type CharacterSnapshot,
  type CheckFlagKind,
  type CheckFlagValue,
  type NamedId,
} from '@eve-toolkit/shared-types';

export interface DetectedChange {
  kind: CheckFlagKind;
  from: CheckFlagValue;
  to: CheckFlagValue;
}

/** ESI's public character info, as far as the snapshot needs it (null when it could not be read). */
export interface PublicCharacter {
  corporation: NamedId;
  alliance: NamedId | null;
  security_status: number;
}

export interface SnapshotInput {
  check: CharacterCheckResult;
  public: PublicCharacter | null;
  /** Why the public info is missing (Russian), when it is. */
  publicError?: string | null;
  /** The character is marked as needing a new link (its refresh token was refused). */
  needsRelink: boolean;
}

const uniq = <T>(list: readonly T[]): T[] => [...new Set(list)];

/** One run's view of a character: a section the check could not read is null (unknown). */
export function toSnapshot({ check, public: pub, publicError, needsRelink }: SnapshotInput): CharacterSnapshot {
  const { mail, skills, wallet, assets } = check;
  const authenticatedRead = [mail, skills, wallet, assets].some((s) => s.error === null);
  const contacts = new Map<number, string | null>();
  if (mail.error === null) for (const m of mail.mails_from) if (m.warning) contacts.set(m.id, m.name);
  if (wallet.error === null) for (const t of wallet.got_transaction) contacts.set(t.party_id, t.party_name);
  return {
    public: pub,
    token: needsRelink ? 'lost' : authenticatedRead ? 'valid' : null,
    wallet: wallet.error === null ? wallet.balance : null,
    total_sp: skills.error === null ? skills.total_sp : null,
    warning_skills: skills.error === null ? skills.warning_skills.map((s) => `${s.name} ${s.level}`) : null,
    warning_assets: assets.error === null ? uniq(assets.warning_assets.map((a) => a.name)) : null,
    banned_contacts:
      mail.error === null && wallet.error === null
        ? [...contacts].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id)
        : null,
    errors: uniq(
      [publicError ?? null, check.corps.error, mail.error, skills.error, wallet.error, assets.error].filter(
        (e): e is string => e !== null,
      ),
    ),
  };
}

/** The last known state after `next`: what `next` could not read keeps its previous value. */
export function mergeKnown(known: CharacterSnapshot | null, next: CharacterSnapshot): CharacterSnapshot {
  if (!known) return next;
  return {
    public: next.public ?? known.public,
    token: next.token ?? known.token,
    wallet: next.wallet ?? known.wallet,
    total_sp: next.total_sp ?? known.total_sp,
    warning_skills: next.warning_skills ?? known.warning_skills,
    warning_assets: next.warning_assets ?? known.warning_assets,
    banned_contacts: next.banned_contacts ?? known.banned_contacts,
    errors: next.errors,
  };
}

const label = (n: NamedId | null): string | null => (n ? (n.name ?? `ID ${n.id}`) : null);
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * What changed between the last known state and this run's snapshot. Nothing on the first run
 * (`known` null: the baseline) and nothing for a section either side could not read.
 */
export function detectChanges(known: CharacterSnapshot | null, next: CharacterSnapshot): DetectedChange[] {
  if (!known) return [];
  const out: DetectedChange[] = [];
  const R = CHECK_FLAG_RULES;

  if (known.public && next.public) {
    const [a, b] = [known.public, next.public];
    if (a.corporation.id !== b.corporation.id)
      out.push({ kind: 'corporation', from: label(a.corporation), to: label(b.corporation) });
    if ((a.alliance?.id ?? null) !== (b.alliance?.id ?? null))
      out.push({ kind: 'alliance', from: label(a.alliance), to: label(b.alliance) });
    const delta = round2(Math.abs(b.security_status - a.security_status));
    const crossed = a.security_status >= R.outlawSecurity !== b.security_status >= R.outlawSecurity;
    if (delta >= R.securityDelta || crossed) out.push({ kind: 'security', from: a.security_status, to: b.security_status });
  }

  if (known.wallet !== null && next.wallet !== null) {
    const drop = known.wallet - next.wallet;
    if (drop >= R.walletDropMinIsk && drop >= known.wallet * R.walletDropFraction)
      out.push({ kind: 'wallet_drop', from: known.wallet, to: next.wallet });
  }

  if (known.total_sp !== null && next.total_sp !== null && known.total_sp - next.total_sp >= R.skillPointsDropMin)
    out.push({ kind: 'skill_points_drop', from: known.total_sp, to: next.total_sp });

  if (known.token === 'valid' && next.token === 'lost') out.push({ kind: 'token_lost', from: 'действует', to: 'отозван' });

  const added = (kind: 'warning_skills' | 'warning_assets', a: string[] | null, b: string[] | null) => {
    if (a && b && b.some((x) => !a.includes(x))) out.push({ kind, from: a, to: b });
  };
  added('warning_skills', known.warning_skills, next.warning_skills);
  added('warning_assets', known.warning_assets, next.warning_assets);

  if (known.banned_contacts && next.banned_contacts) {
    const seen = new Set(known.banned_contacts.map((c) => c.id));
    if (next.banned_contacts.some((c) => !seen.has(c.id)))
      out.push({
        kind: 'banned_contacts',
        from: known.banned_contacts.map((c) => label(c)!),
        to: next.banned_contacts.map((c) => label(c)!),
      });
  }
  return out;
}

/**
 * How long the scheduled checks wait before the next character so that they leave ESI's error
 * budget to the players: 0 while more than `keep` errors remain (or nothing is known yet), else
 * until the window resets.
 */
export function errorBudgetWait(budget: { remain: number | undefined; resetAt: number }, now: number, keep: number): number {
  if (budget.remain === undefined || budget.remain > keep) return 0;
  return Math.max(0, budget.resetAt - now);
}
