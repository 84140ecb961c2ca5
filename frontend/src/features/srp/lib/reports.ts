import { formatMonth, type SrpRequest } from '@eve-toolkit/shared-types';

export type ReportBy = 'pilot' | 'fleet' | 'month';

export interface ReportRow {
  key: string;
  label: string;
  requests: number;
  /** Sum of the loss values; null when any is unknown (`unknownValues` of them): unknown, never a partial total. */
  lossValue: number | null;
  unknownValues: number;
  /** Approved, not yet paid (their approved amounts). */
  approved: number;
  /** Paid: the amounts recorded as paid. */
  paid: number;
  denied: number;
}

const keyOf = (r: SrpRequest, by: ReportBy): [string, string] => {
  if (by === 'pilot') return [String(r.character.id), r.character.name];
  if (by === 'fleet') return r.ping ? [r.ping.id, r.ping.name] : ['', 'Вне флота'];
  const month = r.time.slice(0, 7);
  return [month, formatMonth(month)];
};

/** Requests summed per pilot, per fleet (ping) or per month of the loss (UTC, «ноябрь 2026»), biggest payout first. */
export function srpReport(requests: readonly SrpRequest[], by: ReportBy): ReportRow[] {
  const rows = new Map<string, ReportRow>();
  for (const r of requests) {
    const [key, label] = keyOf(r, by);
    const row: ReportRow = rows.get(key) ?? {
      key,
      label,
      requests: 0,
      lossValue: 0,
      unknownValues: 0,
      approved: 0,
      paid: 0,
      denied: 0,
    };
    row.requests += 1;
    if (r.loss_value === null) row.unknownValues += 1;
    row.lossValue = row.lossValue === null || r.loss_value === null ? null : row.lossValue + r.loss_value;
    if (r.status === 'approved') row.approved += r.payout ?? 0;
    if (r.status === 'paid') row.paid += r.paid?.amount ?? 0;
    if (r.status === 'denied') row.denied += 1;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) =>
    by === 'month' ? b.key.localeCompare(a.key) : b.paid + b.approved - (a.paid + a.approved) || a.label.localeCompare(b.label),
  );
}

const cell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Every request as CSV (comma-separated, a header row; an unknown value is an empty cell, never 0). */
export function srpCsv(requests: readonly SrpRequest[]): string {
  const header = [
    'killmail_id',
    'time',
    'pilot',
    'ship',
    'system',
    'fleet',
    'status',
    'loss_value',
    'suggested',
    'payout',
    'paid',
    'paid_at',
    'filed_by',
    'decided_by',
    'reason',
  ];
  const rows = requests.map((r) => [
    r.killmail_id,
    r.time,
    r.character.name,
    r.ship.name,
    r.system.name,
    r.ping?.name ?? '',
    r.status,
    r.loss_value,
    r.suggested_payout,
    r.payout,
    r.paid?.amount ?? null,
    r.paid?.at ?? null,
    r.filed_by,
    r.decision?.by ?? null,
    r.decision?.reason ?? null,
  ]);
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\n') + '\n';
}
