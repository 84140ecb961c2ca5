import {
  formatDecimal,
  formatIsk,
  formatNumber,
  type CharacterSnapshot,
  type CheckFlagKind,
  type CheckFlagValue,
} from '@eve-toolkit/shared-types';

/** One side of a flag on screen: ISK, SP and security the Russian way, names as they are, nothing as «—». */
export function formatFlagValue(kind: CheckFlagKind, value: CheckFlagValue): string {
  if (value === null) return kind === 'alliance' ? 'нет альянса' : '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'нет';
  if (typeof value === 'string') return value;
  if (kind === 'wallet_drop') return formatIsk(value);
  if (kind === 'skill_points_drop') return `${formatNumber(value)} SP`;
  if (kind === 'security') return formatDecimal(value, 2);
  return formatNumber(value);
}

/** A snapshot's cells in the character's history (unknown sections as «не прочитано»). */
export function snapshotCells(s: CharacterSnapshot): {
  corporation: string;
  alliance: string;
  security: string;
  wallet: string;
  sp: string;
  token: string;
  warnings: string;
} {
  const unknown = 'не прочитано';
  const named = (n: { id: number; name: string | null }) => n.name ?? `ID ${n.id}`;
  const warnings = [
    ...(s.warning_skills ?? []),
    ...(s.warning_assets ?? []),
    ...(s.banned_contacts ?? []).map((c) => `связь: ${named(c)}`),
  ];
  return {
    corporation: s.public ? named(s.public.corporation) : unknown,
    alliance: s.public ? (s.public.alliance ? named(s.public.alliance) : 'нет') : unknown,
    security: s.public ? formatDecimal(s.public.security_status, 2) : unknown,
    wallet: s.wallet === null ? unknown : formatIsk(s.wallet),
    sp: s.total_sp === null ? unknown : formatNumber(s.total_sp),
    token: s.token === 'valid' ? 'действует' : s.token === 'lost' ? 'отозван' : unknown,
    warnings: warnings.length ? warnings.join(', ') : '—',
  };
}
