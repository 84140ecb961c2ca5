/**
 * The game's industry formulas (game-mechanics.md §1-4, §9), pure and shared by the server (which
 * builds job trees) and the page. Every multiplier is applied in the order the client applies it
 * (CLIENT industry/job.py): materials `q = base; q *= mod...; q *= runs`, time
 * `base × runs × Π mods`, cost `job_value × Π mods`.
 */
import { displaySecurity } from '../format';

/** ESI / spec activity ids (ESI `/industry/systems` names them manufacturing, reaction, copying, invention). */
export const INDUSTRY_ACTIVITY = { manufacturing: 1, reaction: 11, copying: 5, invention: 8 } as const;
export type IndustryActivityKey = keyof typeof INDUSTRY_ACTIVITY;
/** The science activities the calculator prices (a T2 copy: a T1 blueprint copy, then invention). */
export type ScienceActivityKey = 'invention' | 'copying';
/** Which facility of the form runs an activity: the main station, the refinery, the laboratory. */
export type FacilityKind = 'manufacturing' | 'reaction' | 'science';
export function facilityOf(activity: IndustryActivityKey): FacilityKind {
  return activity === 'invention' || activity === 'copying' ? 'science' : activity;
}

/** SCC surcharge on the estimated item value (CLIENT industry/const.py `SCC_SURCHARGE_RATE`). */
export const SCC_SURCHARGE_RATE = 0.04;
/** One job's runs but the last must start within 30 days (CLIENT `MAX_RUN_LENGTH`). */
export const MAX_RUN_LENGTH_SECONDS = 2_592_000;
/** CLIENT `MAX_RUNS_HARD_CAP`. */
export const MAX_RUNS_HARD_CAP = 1_000_000;
export const ME_RANGE = { min: 0, max: 10 } as const;
export const TE_RANGE = { min: 0, max: 20 } as const;
export const SKILL_RANGE = { min: 0, max: 5 } as const;

/**
 * Skills the calculator applies (type ids, per-level time bonus in percent; dogma of the skill:
 * Industry 440, Advanced Industry 1961 (manufacturing, copying, invention, not reactions),
 * Reactions 2660, Science 452 "Copy Speed Bonus").
 */
export const INDUSTRY_SKILLS = {
  industry: { typeId: 3380, timePerLevel: -4 },
  advancedIndustry: { typeId: 3388, timePerLevel: -3 },
  reactions: { typeId: 45746, timePerLevel: -4 },
  science: { typeId: 3402, timePerLevel: -5 },
} as const;

/** Market skills (type ids): Accounting lowers the sales tax, Broker Relations the broker fee. */
export const TRADE_SKILLS = { accounting: 16622, brokerRelations: 3446 } as const;

/** Half away from zero to `decimals` places (Python 2 `round`, which the client's maths uses). */
export function roundHalfAway(value: number, decimals = 0): number {
  const f = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * f)) / f;
}

/** Product of multipliers, left to right. */
export function multiplyAll(multipliers: readonly number[]): number {
  let p = 1;
  for (const m of multipliers) p *= m;
  return p;
}

/**
 * Units of one material a job needs: `max(runs, ceil(round2(runs × base × Π modifiers)))`
 * (CLIENT `Job._get_materials`, MATERIAL_ROUND_PRECISION = 2). Rounding is per job, never per run.
 */
export function materialQuantity(runs: number, baseQuantity: number, modifiers: readonly number[]): number {
  if (runs <= 0 || baseQuantity <= 0) return 0;
  let q = baseQuantity;
  for (const m of modifiers) q *= m;
  q *= runs;
  return Math.max(runs, Math.ceil(roundHalfAway(q, 2)));
}

/** Whole seconds of a job: `round(base × runs × Π modifiers)` (CLIENT `Job._get_time`). */
export function jobTime(baseTimePerRun: number, runs: number, modifiers: readonly number[]): number {
  let t = baseTimePerRun * runs;
  for (const m of modifiers) t *= m;
  return roundHalfAway(t);
}

/** Runs needed for a quantity: ceil(quantity / quantity per run). */
export function runsFor(quantity: number, quantityPerRun: number): number {
  if (quantity <= 0) return 0;
  return Math.ceil(quantity / Math.max(1, quantityPerRun));
}

/**
 * The CLIENT's run-length rule: a job is refused when `total − total / runs > 30 days` (all runs but
 * the last must start within 30 days), or when it has more than MAX_RUNS_HARD_CAP runs.
 */
export function exceedsRunLength(baseTimePerRun: number, runs: number, modifiers: readonly number[]): boolean {
  if (runs > MAX_RUNS_HARD_CAP) return true;
  const total = jobTime(baseTimePerRun, runs, modifiers);
  return total - total / runs > MAX_RUN_LENGTH_SECONDS;
}

/** The largest number of runs one job may have under `exceedsRunLength` (at least 1). */
export function maxRunsPerJob(baseTimePerRun: number, modifiers: readonly number[]): number {
  const perRun = baseTimePerRun * multiplyAll(modifiers);
  if (!(perRun > 0)) return MAX_RUNS_HARD_CAP;
  let runs = Math.min(MAX_RUNS_HARD_CAP, Math.floor(MAX_RUN_LENGTH_SECONDS / perRun) + 1);
  while (runs > 1 && exceedsRunLength(baseTimePerRun, runs, modifiers)) runs--;
  while (runs < MAX_RUNS_HARD_CAP && !exceedsRunLength(baseTimePerRun, runs + 1, modifiers)) runs++;
  return runs;
}

export interface JobFee {
  /** Estimated item value of the job: Σ base quantity (no ME) × adjusted price × runs (unrounded). */
  eiv: number;
  /** The system cost index part after the structure (and rig) cost bonuses. */
  systemCost: number;
  /** Facility tax on the rounded EIV. */
  facilityTax: number;
  /** SCC surcharge, 4 % of the rounded EIV. */
  scc: number;
  total: number;
}

/** EIV of a job: Σ base quantity × adjusted price (missing price -> 0) per run, × runs (CLIENT `GetBlueprintPrice`). */
export function estimatedItemValue(
  materials: readonly { quantity: number; adjustedPrice: number | null | undefined }[],
  runs: number,
): number {
  let perRun = 0;
  for (const m of materials) perRun += m.quantity * (m.adjustedPrice ?? 0);
  return perRun * runs;
}

/**
 * Job installation cost (game-mechanics.md §3.1):
 *   cost = round(EIV × SCI × Π cost modifiers); tax = round(round(EIV) × facility tax);
 *   scc = round(round(EIV) × 4 %); total = cost + tax + scc.
 * The structure's cost bonus reduces only the SCI part, never the taxes.
 */
export function jobFee(eiv: number, costIndex: number, costModifiers: readonly number[], facilityTaxRate: number): JobFee {
  const baseCost = roundHalfAway(eiv);
  let cost = eiv * costIndex;
  for (const m of costModifiers) cost *= m;
  const systemCost = roundHalfAway(cost);
  const facilityTax = roundHalfAway(baseCost * facilityTaxRate);
  const scc = roundHalfAway(baseCost * SCC_SURCHARGE_RATE);
  return { eiv, systemCost, facilityTax, scc, total: systemCost + facilityTax + scc };
}

/** Security class as the spec's rigsBonusMod indexes it: 0 null/W-space (sec <= 0), 1 low (shown 0.1-0.4), 2 high. */
export type SecurityClass = 0 | 1 | 2;
export function securityClass(security: number): SecurityClass {
  if (security <= 0) return 0;
  return displaySecurity(security) <= 0.4 ? 1 : 2;
}

/** A rig's security multipliers by class [null, low, high]; null where the rig has none (reactor rigs in high-sec). */
export type RigSecurityModifiers = readonly [number | null, number | null, number | null];

export type RigBonusKind = 'material' | 'time' | 'cost';

/**
 * One bonus of a rig: its magnitude in percent (dogma value, negative = reduction) and the product
 * groups it applies to; `groups` is null for a bonus on every product (the science rigs: the SDE's
 * industry modifier sources give them no target filter).
 */
export interface RigEffect {
  activity: IndustryActivityKey;
  bonus: RigBonusKind;
  amount: number;
  groups: readonly number[] | null;
}

export interface RigSpec {
  id: number;
  effects: readonly RigEffect[];
  securityModifiers: RigSecurityModifiers;
}

/** `1 + amount × securityModifier / 100` (effect 6842/6976: the rig's bonus is post-multiplied by the security modifier). */
export function rigMultiplier(amountPercent: number, securityModifier: number | null): number {
  if (securityModifier === null) return 1;
  return 1 + (amountPercent * securityModifier) / 100;
}

/** Multipliers of every rig bonus of one kind that applies to a product group, in rig order. */
export function rigMultipliers(
  rigs: readonly RigSpec[],
  activity: IndustryActivityKey,
  bonus: RigBonusKind,
  productGroupId: number,
  secClass: SecurityClass,
): number[] {
  const out: number[] = [];
  for (const rig of rigs) {
    for (const e of rig.effects) {
      if (e.activity !== activity || e.bonus !== bonus) continue;
      if (e.groups !== null && !e.groups.includes(productGroupId)) continue;
      out.push(rigMultiplier(e.amount, rig.securityModifiers[secClass]));
      break; // one bonus of a kind per rig (a rig's targets never overlap)
    }
  }
  return out;
}

/**
 * Structure role bonuses as multipliers (1 = none): dogma 2600 / 2602 / 2601 / 2721. The
 * engineering complexes' time and cost bonuses (2602, 2601) apply to manufacturing and to the
 * science jobs alike (the SDE's industry modifier sources list 2602/2601 for manufacturing,
 * copying, invention and research on the Raitaru, Azbel and Sotiyo).
 */
export interface StructureMultipliers {
  material: number;
  time: number;
  cost: number;
  reactionTime: number;
}
export const NO_STRUCTURE_BONUS: StructureMultipliers = { material: 1, time: 1, cost: 1, reactionTime: 1 };

export interface FacilitySetup {
  structure: StructureMultipliers;
  rigs: readonly RigSpec[];
}

export interface SkillLevels {
  industry: number;
  advancedIndustry: number;
  reactions: number;
  /** Science (3402): copying time −5 % a level; also an invention skill of a few blueprints. */
  science: number;
  /** Invention's skills (datacore sciences, encryption methods ...) by type id; a missing one is at V. */
  invention?: Readonly<Record<number, number>>;
}
export const ALL_SKILLS_V: SkillLevels = { industry: 5, advancedIndustry: 5, reactions: 5, science: 5 };

/** Level of one skill an invention needs (Science from its own field, others from `invention`, default V). */
export function inventionSkillLevel(skills: SkillLevels, skillId: number): number {
  if (skillId === INDUSTRY_SKILLS.science.typeId) return skills.science;
  return skills.invention?.[skillId] ?? SKILL_RANGE.max;
}

export interface NodeModifiers {
  material: number[];
  time: number[];
  cost: number[];
}

export interface ModifierContext {
  activity: 'manufacturing' | 'reaction';
  productGroupId: number;
  /** Blueprint ME/TE: manufacturing only (reaction formulas cannot be researched). */
  me: number;
  te: number;
  facility: FacilitySetup;
  secClass: SecurityClass;
  skills: SkillLevels;
  /** Required skills of the blueprint that carry a per-level time bonus (dogma 1982), with the level assumed. */
  requiredSkillTimeBonuses?: readonly { percentPerLevel: number; level: number }[];
}

/**
 * All modifiers of one job in the client's order: manufacturing = ME, structure, rigs (material);
 * TE, Industry, Advanced Industry, required skills, structure, rigs (time); structure, rigs (cost).
 * Reactions = reactor rigs (material); Reactions skill, refinery, rigs (time); no structure cost bonus.
 */
export function nodeModifiers(ctx: ModifierContext): NodeModifiers {
  const { activity, productGroupId, facility, secClass, skills } = ctx;
  const rigs = (bonus: RigBonusKind) => rigMultipliers(facility.rigs, activity, bonus, productGroupId, secClass);
  if (activity === 'reaction') {
    return {
      material: rigs('material'),
      time: [
        1 + (INDUSTRY_SKILLS.reactions.timePerLevel * skills.reactions) / 100,
        facility.structure.reactionTime,
        ...rigs('time'),
      ],
      cost: rigs('cost'),
    };
  }
  return {
    material: [1 - ctx.me / 100, facility.structure.material, ...rigs('material')],
    time: [
      1 - ctx.te / 100,
      1 + (INDUSTRY_SKILLS.industry.timePerLevel * skills.industry) / 100,
      1 + (INDUSTRY_SKILLS.advancedIndustry.timePerLevel * skills.advancedIndustry) / 100,
      ...(ctx.requiredSkillTimeBonuses ?? []).map((s) => 1 + (s.percentPerLevel * s.level) / 100),
      facility.structure.time,
      ...rigs('time'),
    ],
    cost: [facility.structure.cost, ...rigs('cost')],
  };
}

export interface ScienceModifierContext {
  activity: ScienceActivityKey;
  facility: FacilitySetup;
  secClass: SecurityClass;
  skills: SkillLevels;
}

/**
 * Time and cost modifiers of a science job (CLIENT industry/job.py applies every TimeModifier
 * and CostModifier of the activity): copying = Science, Advanced Industry, structure, rigs;
 * invention = Advanced Industry, structure, rigs (no other skill shortens it). Science rigs apply
 * to every product; their bonus is scaled by security like engineering rigs.
 */
export function scienceModifiers(ctx: ScienceModifierContext): { time: number[]; cost: number[] } {
  const { activity, facility, secClass, skills } = ctx;
  const rigs = (bonus: RigBonusKind) => rigMultipliers(facility.rigs, activity, bonus, 0, secClass);
  const time = [
    ...(activity === 'copying' ? [1 + (INDUSTRY_SKILLS.science.timePerLevel * skills.science) / 100] : []),
    1 + (INDUSTRY_SKILLS.advancedIndustry.timePerLevel * skills.advancedIndustry) / 100,
    facility.structure.time,
    ...rigs('time'),
  ];
  return { time, cost: [facility.structure.cost, ...rigs('cost')] };
}

/** A science job's value as a share of the estimated item value (CLIENT industry/const.py `COST_PERCENTAGE`). */
export const SCIENCE_COST_PERCENTAGE = 0.02;
/** An invented copy's ME / TE before the decryptor (CLIENT `INVENTION_MATERIAL_EFFICIENCY`, `INVENTION_TIME_EFFICIENCY`). */
export const INVENTION_BASE_ME = 2;
export const INVENTION_BASE_TE = 4;
/** Runs of one invention or copying job (CLIENT activities/invention.py, copying.py `MAX_RUNS`). */
export const SCIENCE_MAX_RUNS = 500;
/**
 * Chance per skill level (CLIENT `INVENTION_SKILL_PROBABILITY` 1/30); the encryption skills take
 * `INVENTION_SKILL_PROBABILITY_LOWER` 1/40 (the client's type list for it is not in the SDE: these
 * are the skills named "… Encryption Methods", SDE 2025-06, group 270 Science).
 */
export const INVENTION_SKILL_PROBABILITY = 1 / 30;
export const INVENTION_SKILL_PROBABILITY_LOWER = 1 / 40;
export const ENCRYPTION_SKILL_IDS: ReadonlySet<number> = new Set([3408, 21790, 21791, 23087, 23121, 52308, 55025]);

/** A decryptor's dogma: 1112 probability multiplier, 1113 ME, 1114 TE, 1124 max runs modifier. */
export interface DecryptorSpec {
  id: number;
  probability: number;
  me: number;
  te: number;
  runs: number;
}

/**
 * Invention's success chance (CLIENT activities/invention.py `job_modifiers`, `job_probability`):
 * base × (1 + Σ level × 1/30, encryption skills 1/40) × decryptor, clamped to 0..1. The base is
 * the activity's product probability; the sum runs over every skill the invention requires.
 */
export function inventionProbability(
  baseProbability: number,
  skillIds: readonly number[],
  skills: SkillLevels,
  decryptor: Pick<DecryptorSpec, 'probability'> | null,
): number {
  let fromSkills = 1;
  for (const id of skillIds) {
    const perLevel = ENCRYPTION_SKILL_IDS.has(id) ? INVENTION_SKILL_PROBABILITY_LOWER : INVENTION_SKILL_PROBABILITY;
    fromSkills += inventionSkillLevel(skills, id) * perLevel;
  }
  const p = baseProbability * fromSkills * (decryptor?.probability ?? 1);
  return Math.max(0, Math.min(1, p));
}

/**
 * The invented copy (CLIENT activities/invention.py `job_output_products`): runs = the activity's
 * product quantity + the decryptor's runs, ME = 2 + its ME, TE = 4 + its TE.
 */
export function inventedCopy(runsPerCopy: number, decryptor: DecryptorSpec | null): { runs: number; me: number; te: number } {
  return {
    runs: Math.round(runsPerCopy + (decryptor?.runs ?? 0)),
    me: INVENTION_BASE_ME + (decryptor?.me ?? 0),
    te: INVENTION_BASE_TE + (decryptor?.te ?? 0),
  };
}

/**
 * Sales tax and broker fee when selling at a hub (CCP, "Restructuring Taxes After Relief",
 * 2021-10-19, and the support article "Broker Fee and Sales Tax"): sales tax 8 % − 11 % of it per
 * Accounting level (3.6 % at V); broker fee at an NPC station 3 % − 0.3 % per Broker Relations
 * level (1.5 % at V; standings lower it further, down to 1 %). Selling into buy orders pays only
 * the sales tax; placing sell orders pays both.
 */
export const SALES_TAX_BASE = 0.08;
export const ACCOUNTING_REDUCTION_PER_LEVEL = 0.11;
export const BROKER_FEE_BASE = 0.03;
export const BROKER_RELATIONS_REDUCTION_PER_LEVEL = 0.003;
export const BROKER_FEE_MIN = 0.01;

export function salesTaxRate(accounting: number): number {
  return SALES_TAX_BASE * (1 - ACCOUNTING_REDUCTION_PER_LEVEL * accounting);
}

export function brokerFeeRate(brokerRelations: number): number {
  return Math.max(BROKER_FEE_MIN, BROKER_FEE_BASE - BROKER_RELATIONS_REDUCTION_PER_LEVEL * brokerRelations);
}
