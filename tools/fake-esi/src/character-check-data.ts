/**
 * What the fake ESI answers for the admin character check (skills, wallet journal and
 * transactions, assets, corporation history), in ESI's real formats. Every pilot gets
 * deterministic defaults derived from its fixed data (age at 2026-01-01, wallet, corporation);
 * tests replace any list through `FakeSso.updateCharacter` to trigger a warning.
 */
import type { FakeSsoCharacter } from './sso-characters';

/** GET /characters/{id}/corporationhistory/ row (newest first). */
export interface EsiCorporationHistoryEntry {
  corporation_id: number;
  is_deleted?: boolean;
  record_id: number;
  start_date: string;
}

/** GET /characters/{id}/skills/ `skills[]`. */
export interface EsiSkill {
  active_skill_level: number;
  skill_id: number;
  skillpoints_in_skill: number;
  trained_skill_level: number;
}

/** GET /characters/{id}/wallet/journal/ row. */
export interface EsiJournalEntry {
  amount?: number;
  balance?: number;
  context_id?: number;
  context_id_type?: string;
  date: string;
  description: string;
  first_party_id?: number;
  id: number;
  reason?: string;
  ref_type: string;
  second_party_id?: number;
}

/** GET /characters/{id}/wallet/transactions/ row. */
export interface EsiWalletTransaction {
  client_id: number;
  date: string;
  is_buy: boolean;
  is_personal: boolean;
  journal_ref_id: number;
  location_id: number;
  quantity: number;
  transaction_id: number;
  type_id: number;
  unit_price: number;
}

/** GET /characters/{id}/assets/ row. */
export interface EsiAsset {
  is_blueprint_copy?: boolean;
  is_singleton: boolean;
  item_id: number;
  location_flag: string;
  location_id: number;
  location_type: 'station' | 'solar_system' | 'item' | 'other';
  quantity: number;
  type_id: number;
}

/** The check's data a test may set per pilot (absent: the defaults below). */
export interface FakeCheckData {
  corporationHistory?: EsiCorporationHistoryEntry[];
  skills?: EsiSkill[];
  unallocatedSp?: number;
  walletJournal?: EsiJournalEntry[];
  walletTransactions?: EsiWalletTransaction[];
  assets?: EsiAsset[];
}

/** Skill points for a level of a rank-1 skill (the game's table). */
export const SP_PER_LEVEL = [0, 250, 1415, 8000, 45255, 256000] as const;

const REFERENCE_MS = Date.parse('2026-01-01T00:00:00Z');
const NPC_START_CORP = 1000044;
const JITA_4_4 = 60003760;

const ageYears = (c: Pick<FakeSsoCharacter, 'birthday'>) =>
  Math.max(0, Math.floor((REFERENCE_MS - Date.parse(c.birthday)) / (365.25 * 86_400_000)));

const skill = (skill_id: number, level: number, rank: number): EsiSkill => ({
  active_skill_level: level,
  skill_id,
  skillpoints_in_skill: SP_PER_LEVEL[level] * rank,
  trained_skill_level: level,
});

/** The starter corporation first, then the pilot's corporation 30 days after creation. */
export function defaultCorporationHistory(c: FakeSsoCharacter): EsiCorporationHistoryEntry[] {
  const history: EsiCorporationHistoryEntry[] = [
    { corporation_id: NPC_START_CORP, is_deleted: false, record_id: c.id % 100_000, start_date: c.birthday },
  ];
  if (c.corporationId !== NPC_START_CORP) {
    const joined = new Date(Date.parse(c.birthday) + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    history.unshift({ corporation_id: c.corporationId, is_deleted: false, record_id: (c.id % 100_000) + 1, start_date: joined });
  }
  return history;
}

/**
 * Five rank-1 basics at level min(5, age + 1) and, from three years of age, Amarr Battleship
 * (rank 8) and Capital Ships (rank 14) at V: old pilots have 6 912 000 SP, new ones 1 250.
 */
export function defaultSkills(c: Pick<FakeSsoCharacter, 'birthday'>): EsiSkill[] {
  const years = ageYears(c);
  const level = Math.min(5, years + 1);
  const list = [3300, 3327, 3380, 3386, 3402].map((id) => skill(id, level, 1));
  if (years >= 3) list.push(skill(3339, 5, 8), skill(20533, 5, 14));
  return list;
}

/**
 * An industrialist's skills (the demo's Elena Fedorova): the defaults of an old pilot plus the
 * industry, science, trade and invention skills at the levels a working inventor has, so that
 * loading them in the calculator's skills panel changes numbers (ranks from the SDE, dogma 275).
 */
export function industrialistSkills(c: Pick<FakeSsoCharacter, 'birthday'>): EsiSkill[] {
  const byId = new Map(defaultSkills(c).map((s) => [s.skill_id, s]));
  const set = (id: number, level: number, rank: number) => byId.set(id, skill(id, level, rank));
  set(3380, 5, 1); // Industry
  set(3388, 4, 3); // Advanced Industry
  set(45746, 3, 1); // Reactions
  set(3402, 5, 1); // Science
  set(3403, 4, 1); // Research
  set(16622, 4, 3); // Accounting
  set(3446, 3, 2); // Broker Relations
  set(11433, 4, 5); // High Energy Physics
  set(11452, 4, 5); // Mechanical Engineering
  set(11453, 3, 5); // Electronic Engineering
  set(11449, 3, 5); // Rocket Science
  set(11454, 4, 5); // Caldari Starship Engineering
  set(11444, 3, 5); // Amarr Starship Engineering
  set(21790, 4, 5); // Caldari Encryption Methods
  set(23087, 2, 5); // Amarr Encryption Methods
  return [...byId.values()].sort((a, b) => a.skill_id - b.skill_id);
}

/**
 * One journal line per 10 M ISK of balance, up to 12 (a pilot with an empty wallet has an empty
 * history): bounties from CONCORD and market sales, in January 2026, newest first.
 */
export function defaultJournal(c: FakeSsoCharacter): EsiJournalEntry[] {
  const n = Math.min(12, Math.floor(c.wallet / 10_000_000));
  const out: EsiJournalEntry[] = [];
  for (let i = 0; i < n; i++) {
    const bounty = i % 2 === 0;
    out.push({
      amount: bounty ? 1_500_000 + i * 1000 : 2_000_000 + i * 1000,
      balance: c.wallet,
      date: `2026-01-${String(28 - i * 2).padStart(2, '0')}T12:00:00Z`,
      description: bounty ? 'CONCORD deposited funds' : 'Market transaction',
      first_party_id: bounty ? 1000125 : 1000035,
      id: c.id * 100 + i + 1,
      ref_type: bounty ? 'bounty_prizes' : 'market_transaction',
      second_party_id: c.id,
    });
  }
  return out;
}

/** Two sales of Tritanium in Jita to an NPC buyer when the pilot has any journal. */
export function defaultTransactions(c: FakeSsoCharacter): EsiWalletTransaction[] {
  if (c.wallet < 10_000_000) return [];
  return [1, 2].map((i) => ({
    client_id: 1000035,
    date: `2026-01-2${i}T10:00:00Z`,
    is_buy: false,
    is_personal: true,
    journal_ref_id: c.id * 100 + 50 + i,
    location_id: JITA_4_4,
    quantity: 10_000 * i,
    transaction_id: c.id * 100 + 70 + i,
    type_id: 34,
    unit_price: 4.5,
  }));
}

/** A Rifter and some Tritanium in Jita 4-4. */
export function defaultAssets(c: FakeSsoCharacter): EsiAsset[] {
  return [
    {
      is_singleton: true,
      item_id: c.id * 10 + 1,
      location_flag: 'Hangar',
      location_id: JITA_4_4,
      location_type: 'station',
      quantity: 1,
      type_id: 587,
    },
    {
      is_singleton: false,
      item_id: c.id * 10 + 2,
      location_flag: 'Hangar',
      location_id: JITA_4_4,
      location_type: 'station',
      quantity: 25_000,
      type_id: 34,
    },
  ];
}
