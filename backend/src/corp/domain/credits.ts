/**
 * What a claim credits (spec §5, §9), as pure arithmetic: the chosen game jobs and contracts
 * credit units to project jobs; each job must stay within its quantity. The service turns the
 * plan into one conditional update of the project (each job's `done` at most `maxDoneBefore`),
 * so concurrent claims cannot overshoot whatever they read.
 */

/** Units one game job or contract credits to one project job. */
export interface Credit {
  jobId: string;
  units: number;
}

/** A game job or contract the member chose, with what it credits. */
export interface ChosenCredit {
  charId: number;
  charName: string;
  /** The game job or contract id. */
  ref: number;
  credits: readonly Credit[];
}

/** A project job as the claim sees it. */
export interface JobQuantity {
  id: string;
  quantity: number;
  /** Units credited so far. */
  done: number;
}

/** One project job's share of the claim. */
export interface JobCredit {
  jobId: string;
  /** Units added now. */
  units: number;
  /** The most `done` may be when the update applies, or the job would exceed its quantity. */
  maxDoneBefore: number;
  /** One executor entry per chosen game job or contract that credits this job. */
  executors: { charId: number; charName: string; runs: number; ref: number }[];
}

export type CreditPlan = { ok: true; jobs: JobCredit[] } | { ok: false; reason: 'over-quantity' | 'unknown-job' | 'nothing' };

/**
 * Sums what the chosen game jobs and contracts credit per project job (in the order jobs first
 * appear) and checks each against what remains of its quantity now.
 */
export function planCredit(chosen: readonly ChosenCredit[], jobs: readonly JobQuantity[]): CreditPlan {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const plan = new Map<string, JobCredit>();
  for (const c of chosen) {
    for (const cr of c.credits) {
      const job = byId.get(cr.jobId);
      if (!job) return { ok: false, reason: 'unknown-job' };
      const entry = plan.get(cr.jobId) ?? { jobId: cr.jobId, units: 0, maxDoneBefore: 0, executors: [] };
      entry.units += cr.units;
      entry.executors.push({ charId: c.charId, charName: c.charName, runs: cr.units, ref: c.ref });
      plan.set(cr.jobId, entry);
    }
  }
  if (plan.size === 0) return { ok: false, reason: 'nothing' };
  for (const entry of plan.values()) {
    const job = byId.get(entry.jobId)!;
    entry.maxDoneBefore = job.quantity - entry.units;
    if (job.done > entry.maxDoneBefore) return { ok: false, reason: 'over-quantity' };
  }
  return { ok: true, jobs: [...plan.values()] };
}

/** The units the plan credits to one job (0 when none). */
export function creditedTo(plan: readonly JobCredit[], jobId: string): number {
  return plan.find((j) => j.jobId === jobId)?.units ?? 0;
}
