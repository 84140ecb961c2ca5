/**
 * Invention, exactly as the game computes it (pure: no Nest, no mongoose). A T2 blueprint copy is
 * invented from a copy of its T1 blueprint (or reverse-engineered from an ancient relic):
 *
 * - chance: base × (1 + Σ skill levels × 1/30, encryption skills 1/40) × decryptor
 *   (CLIENT industry/activities/invention.py), see `inventionProbability`;
 * - the invented copy: runs = base + decryptor, ME 2 + decryptor, TE 4 + decryptor (`inventedCopy`);
 * - time: base × runs × Advanced Industry × structure × science rigs (`scienceModifiers`);
 * - job fee: job value = 2 % of the T2 blueprint's estimated item value (its manufacturing
 *   materials at adjusted prices, no ME) × runs, then the system's invention index, the structure
 *   and rig cost bonuses, facility tax and SCC like any job (`jobFee`);
 * - the T1 copy first: one licensed run per attempt, time base × runs × Science × Advanced
 *   Industry × structure × rigs, job value 2 % of the T1 blueprint's EIV × runs, copying index.
 *   A relic needs no copy: the job consumes it (one per run).
 */
import {
  estimatedItemValue,
  inventedCopy,
  inventionProbability,
  jobFee,
  jobTime,
  SCIENCE_COST_PERCENTAGE,
  scienceModifiers,
  type DecryptorSpec,
  type FacilitySetup,
  type JobFee,
  type SecurityClass,
  type SkillLevels,
} from '@eve-toolkit/shared-types';

type TypeQuantity = { typeId: number; quantity: number };

/** Where a blueprint is invented from (game-data's GameInvention, as the pure maths needs it). */
export interface InventionSource {
  /** The invented blueprint. */
  blueprintId: number;
  /** The T1 blueprint (or relic). */
  sourceId: number;
  /**
   * T1 copy: seconds per licensed run, the T1 blueprint's manufacturing materials (the copy's job
   * value) and what copying consumes per run; null for a relic.
   */
  copying: { time: number; materials: readonly TypeQuantity[]; consumes: readonly TypeQuantity[] } | null;
  /** Seconds per invention run. */
  time: number;
  /** Consumed per run: datacores (and the relic). */
  materials: readonly TypeQuantity[];
  probability: number;
  runsPerCopy: number;
  skills: readonly number[];
}

export interface ScienceSettings {
  facility: FacilitySetup;
  secClass: SecurityClass;
  skills: SkillLevels;
  /** Facility tax as a fraction. */
  facilityTax: number;
  costIndex: { invention: number; copying: number };
}

export interface InventionPlan {
  decryptor: DecryptorSpec | null;
  probability: number;
  runsPerCopy: number;
  me: number;
  te: number;
  /** Invention runs (attempts). */
  runs: number;
  /** Seconds of the invention job and of the T1 copy job (0 for a relic). */
  time: number;
  copyTime: number;
  fee: JobFee;
  copyFee: JobFee | null;
  /** Consumed per attempt: the source's materials, the decryptor, then what the T1 copy (one licensed run) consumes. */
  materials: TypeQuantity[];
  expectedCopies: number;
  expectedRuns: number;
}

/**
 * One invention job of `runs` attempts (with its T1 copy job): chance, the invented copy, times
 * and fees. `productMaterials` are the invented blueprint's manufacturing materials (base
 * quantities) for its estimated item value; `adjusted` gives CCP's adjusted prices (missing = 0).
 */
export function planInvention(
  source: InventionSource,
  productMaterials: readonly TypeQuantity[],
  runs: number,
  decryptor: DecryptorSpec | null,
  settings: ScienceSettings,
  adjusted: (typeId: number) => number | undefined,
): InventionPlan {
  const probability = inventionProbability(source.probability, source.skills, settings.skills, decryptor);
  const copy = inventedCopy(source.runsPerCopy, decryptor);
  const eiv = (materials: readonly TypeQuantity[]) =>
    estimatedItemValue(
      materials.map((m) => ({ quantity: m.quantity, adjustedPrice: adjusted(m.typeId) })),
      1,
    );
  const common = { facility: settings.facility, secClass: settings.secClass, skills: settings.skills };
  const invention = scienceModifiers({ activity: 'invention', ...common });
  const fee = jobFee(
    eiv(productMaterials) * SCIENCE_COST_PERCENTAGE * runs,
    settings.costIndex.invention,
    invention.cost,
    settings.facilityTax,
  );
  let copyTime = 0;
  let copyFee: JobFee | null = null;
  if (source.copying) {
    const copying = scienceModifiers({ activity: 'copying', ...common });
    copyTime = jobTime(source.copying.time, runs, copying.time);
    copyFee = jobFee(
      eiv(source.copying.materials) * SCIENCE_COST_PERCENTAGE * runs,
      settings.costIndex.copying,
      copying.cost,
      settings.facilityTax,
    );
  }
  const expectedCopies = runs * probability;
  return {
    decryptor,
    probability,
    runsPerCopy: copy.runs,
    me: copy.me,
    te: copy.te,
    runs,
    time: jobTime(source.time, runs, invention.time),
    copyTime,
    fee,
    copyFee,
    materials: [
      ...source.materials.map(({ typeId, quantity }) => ({ typeId, quantity })),
      ...(decryptor ? [{ typeId: decryptor.id, quantity: 1 }] : []),
      ...(source.copying?.consumes ?? []).map(({ typeId, quantity }) => ({ typeId, quantity })),
    ],
    expectedCopies,
    expectedRuns: expectedCopies * copy.runs,
  };
}

/**
 * Invention runs to plan for `manufacturingRuns` of the invented blueprint: the copies needed
 * (ceil(runs / runs per copy)) divided by the chance, rounded up to whole runs.
 */
export function attemptsFor(manufacturingRuns: number, runsPerCopy: number, probability: number): number {
  if (manufacturingRuns <= 0 || !(probability > 0)) return 0;
  const copies = Math.ceil(manufacturingRuns / Math.max(1, runsPerCopy));
  // A tiny epsilon keeps float noise (e.g. 2 / 0.5000000000000001) from adding a run.
  return Math.ceil(copies / probability - 1e-9);
}
