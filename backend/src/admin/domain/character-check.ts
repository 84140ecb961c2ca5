/**
 * The character check's rules (thresholds and warning lists in CHECK_RULES, shared-types), as
 * pure functions over ESI's answers: no I/O, so each rule is tested on its own.
 */
import { CHECK_RULES, type CheckCorpHistoryEntry, type CheckMailSender, type CheckTransaction } from '@eve-toolkit/shared-types';

const DAY_MS = 86_400_000;

export interface EsiHistoryRow {
  corporation_id: number;
  start_date: string;
  record_id: number;
  is_deleted?: boolean;
}
export interface EsiMailHeader {
  from: number;
  mail_id: number;
  timestamp: string;
}
export interface EsiSkillsAnswer {
  skills: { skill_id: number; trained_skill_level: number; active_skill_level: number; skillpoints_in_skill: number }[];
  total_sp: number;
  unallocated_sp?: number;
}
export interface EsiJournalRow {
  id: number;
  date: string;
  ref_type: string;
  amount?: number;
  description: string;
  first_party_id?: number;
  second_party_id?: number;
}
export interface EsiTransactionRow {
  transaction_id: number;
  client_id: number;
  date: string;
  is_buy: boolean;
  quantity: number;
  unit_price: number;
  type_id: number;
}
export interface EsiAssetRow {
  item_id: number;
  type_id: number;
  quantity: number;
  location_id: number;
}

/** Newest first as ESI gives it; each membership ends where the next one starts. */
export function corpHistory(
  rows: readonly EsiHistoryRow[],
  names: ReadonlyMap<number, string>,
  now: Date,
): CheckCorpHistoryEntry[] {
  const sorted = [...rows].sort((a, b) => Date.parse(b.start_date) - Date.parse(a.start_date) || b.record_id - a.record_id);
  return sorted.map((row, i) => {
    const end = i === 0 ? null : sorted[i - 1].start_date;
    const endMs = end ? Date.parse(end) : now.getTime();
    const days = Math.max(0, Math.floor((endMs - Date.parse(row.start_date)) / DAY_MS));
    return {
      corporation_id: row.corporation_id,
      name: names.get(row.corporation_id) ?? null,
      start_date: row.start_date,
      end_date: end,
      days,
      warning: end !== null && days < CHECK_RULES.shortStayDays,
    };
  });
}

/** Senders by mail count (then id); banned senders are warnings. */
export function mailSenders(
  mails: readonly EsiMailHeader[],
  banned: ReadonlySet<number>,
  names: ReadonlyMap<number, string>,
): CheckMailSender[] {
  const counts = new Map<number, number>();
  for (const m of mails) counts.set(m.from, (counts.get(m.from) ?? 0) + 1);
  return [...counts]
    .map(([id, count]) => ({ id, name: names.get(id) ?? null, count, warning: banned.has(id) }))
    .sort((a, b) => Number(b.warning) - Number(a.warning) || b.count - a.count || a.id - b.id);
}

export function skillsVerdict(answer: EsiSkillsAnswer): {
  total_sp: number;
  skills_low: boolean;
  warning_skills: { id: number; name: string; level: number }[];
} {
  const total = answer.total_sp + (answer.unallocated_sp ?? 0);
  const trained = new Map(answer.skills.map((s) => [s.skill_id, s.trained_skill_level]));
  return {
    total_sp: total,
    skills_low: total < CHECK_RULES.lowSkillPoints,
    warning_skills: CHECK_RULES.warningSkills
      .filter((s) => (trained.get(s.id) ?? 0) > 0)
      .map((s) => ({ id: s.id, name: s.name, level: trained.get(s.id)! })),
  };
}

/** Journal entries and market transactions with a banned party, newest first. */
export function bannedTransactions(
  characterId: number,
  journal: readonly EsiJournalRow[],
  transactions: readonly EsiTransactionRow[],
  banned: ReadonlySet<number>,
  names: ReadonlyMap<number, string>,
): CheckTransaction[] {
  const out: CheckTransaction[] = [];
  for (const j of journal) {
    const party = [j.first_party_id, j.second_party_id].find((p) => p !== undefined && p !== characterId && banned.has(p));
    if (party === undefined) continue;
    out.push({
      date: j.date,
      kind: 'journal',
      party_id: party,
      party_name: names.get(party) ?? null,
      amount: j.amount ?? 0,
      description: j.description,
    });
  }
  for (const t of transactions) {
    if (!banned.has(t.client_id)) continue;
    out.push({
      date: t.date,
      kind: 'market',
      party_id: t.client_id,
      party_name: names.get(t.client_id) ?? null,
      amount: (Math.round(t.quantity * t.unit_price * 100) / 100) * (t.is_buy ? -1 : 1),
      description: `${t.is_buy ? 'Покупка' : 'Продажа'}: ${t.quantity} × тип ${t.type_id}`,
    });
  }
  return out.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

export function walletVerdict(balance: number, journalLength: number): { low_transactions: boolean; assets_low: boolean } {
  return { low_transactions: journalLength < CHECK_RULES.minJournalEntries, assets_low: balance < CHECK_RULES.lowWalletIsk };
}

/** Items of the warning list, summed per type and location. */
export function warningAssets(
  assets: readonly EsiAssetRow[],
): { type_id: number; name: string; quantity: number; location_id: number }[] {
  const names = new Map<number, string>(CHECK_RULES.warningAssets.map((a) => [a.id, a.name]));
  const sums = new Map<string, { type_id: number; name: string; quantity: number; location_id: number }>();
  for (const a of assets) {
    const name = names.get(a.type_id);
    if (!name) continue;
    const key = `${a.type_id}:${a.location_id}`;
    const row = sums.get(key) ?? { type_id: a.type_id, name, quantity: 0, location_id: a.location_id };
    row.quantity += a.quantity;
    sums.set(key, row);
  }
  return [...sums.values()].sort((a, b) => a.type_id - b.type_id || a.location_id - b.location_id);
}
