/**
 * Which game jobs and contracts may be credited to a project job (spec §5, §9), as pure rules
 * over ESI's own records. The service reads ESI and the claims; these decide.
 */
import { CORP_LIMITS } from '@eve-toolkit/shared-types';
import type { ChosenCredit } from './credits';

/** A game job or contract the member may claim for a project job, and what it would credit. */
export interface Candidate extends ChosenCredit {
  facilityName: string;
  facilityIcon: string;
}

/** ESI GET /characters/{id}/industry/jobs/ (the fields used). */
export interface EsiIndustryJob {
  job_id: number;
  installer_id: number;
  activity_id: number;
  blueprint_type_id: number;
  product_type_id?: number;
  runs: number;
  status: 'active' | 'cancelled' | 'delivered' | 'paused' | 'ready' | 'reverted';
  facility_id: number;
  station_id?: number;
  start_date: string;
  end_date: string;
}

/** ESI GET /characters/{id}/contracts/ (the fields used). */
export interface EsiContract {
  contract_id: number;
  issuer_id: number;
  assignee_id: number;
  type: 'unknown' | 'item_exchange' | 'auction' | 'courier' | 'loan';
  status: string;
  price?: number;
  title?: string;
  for_corporation: boolean;
  start_location_id?: number;
  date_issued: string;
}

/** ESI GET /characters/{id}/contracts/{contract_id}/items/ (the fields used). */
export interface EsiContractItem {
  record_id: number;
  type_id: number;
  quantity: number;
  is_included: boolean;
}

/** Build jobs the game counts: not cancelled or reverted. */
const COUNTED_STATUSES = new Set(['active', 'paused', 'ready', 'delivered']);

/** ESI reports reactions as activity 9 (older records) or 11 (the SDE's id); manufacturing is 1. */
export function esiActivityMatches(esiActivity: number, projectActivity: 1 | 11 | null): boolean {
  if (projectActivity === 1) return esiActivity === 1;
  if (projectActivity === 11) return esiActivity === 9 || esiActivity === 11;
  return false;
}

/**
 * A character's industry job counts for a build job when it makes the job's product with the
 * job's activity, was installed by that character, was not cancelled, and was not claimed before.
 */
export function buildJobMatches(
  job: EsiIndustryJob,
  want: { typeId: number; activityId: 1 | 11 | null; characterId: number },
  claimed: ReadonlySet<number>,
): boolean {
  return (
    job.installer_id === want.characterId &&
    job.product_type_id === want.typeId &&
    esiActivityMatches(job.activity_id, want.activityId) &&
    COUNTED_STATUSES.has(job.status) &&
    Number.isSafeInteger(job.runs) &&
    job.runs > 0 &&
    !claimed.has(job.job_id)
  );
}

/** A contract to the corporation the member made (item exchange, not deleted or refused). */
export function contractToCorporation(contract: EsiContract, characterId: number, corporationId: number): boolean {
  return (
    contract.type === 'item_exchange' &&
    contract.issuer_id === characterId &&
    contract.assignee_id === corporationId &&
    (contract.status === 'outstanding' || contract.status === 'finished' || contract.status === 'in_progress')
  );
}

export interface BuyJobState {
  id: string;
  typeId: number;
  /** ISK per unit the project pays. */
  pay: number;
  quantity: number;
  done: number;
}

export type ContractVerdict =
  | { ok: true; credits: { jobId: string; units: number }[]; total: number }
  | { ok: false; reason: 'foreign-item' | 'over-quantity' | 'price' | 'empty' };

/**
 * Spec §5/§9: every item of the contract must be among the project's buy items, each quantity
 * within what remains, and the contract price at least the computed total (units × pay) minus
 * 100 ISK. Items the seller asks for in return (is_included false) make it a different deal.
 */
export function checkBuyContract(
  price: number,
  items: readonly EsiContractItem[],
  jobs: readonly BuyJobState[],
): ContractVerdict {
  if (items.length === 0) return { ok: false, reason: 'empty' };
  const units = new Map<number, number>();
  for (const item of items) {
    if (!item.is_included) return { ok: false, reason: 'foreign-item' };
    units.set(item.type_id, (units.get(item.type_id) ?? 0) + item.quantity);
  }
  const credits: { jobId: string; units: number }[] = [];
  let total = 0;
  for (const [typeId, qty] of units) {
    const job = jobs.find((j) => j.typeId === typeId);
    if (!job) return { ok: false, reason: 'foreign-item' };
    if (qty > job.quantity - job.done) return { ok: false, reason: 'over-quantity' };
    credits.push({ jobId: job.id, units: qty });
    total += qty * job.pay;
  }
  if (price < total - CORP_LIMITS.contractTolerance) return { ok: false, reason: 'price' };
  return { ok: true, credits, total };
}
