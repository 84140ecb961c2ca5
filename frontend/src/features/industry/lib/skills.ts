/**
 * The skills panel's plain helpers: what a stored or loaded skill set may hold, the trade fees the
 * margin takes from it, and whether a tree was built with other skills than the panel holds now.
 */
import {
  ALL_INDUSTRY_SKILLS_V,
  brokerFeeRate,
  INDUSTRY_MAX_SKILLS,
  INDUSTRY_SKILL_KEYS,
  salesTaxRate,
  SKILL_RANGE,
  type IndustrySkills,
  type TradeFees,
} from '@eve-toolkit/shared-types';

const level = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= SKILL_RANGE.min && v <= SKILL_RANGE.max ? v : fallback;

/** Whatever was stored (another version, edited by hand): every named skill 0..5 (else V), invention skills by id. */
export function sanitizeSkills(raw: unknown): IndustrySkills {
  const o = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out: IndustrySkills = { ...ALL_INDUSTRY_SKILLS_V, invention: {} };
  for (const key of INDUSTRY_SKILL_KEYS) out[key] = level(o[key], SKILL_RANGE.max);
  const inv = o.invention !== null && typeof o.invention === 'object' ? (o.invention as Record<string, unknown>) : {};
  for (const [id, v] of Object.entries(inv).slice(0, INDUSTRY_MAX_SKILLS)) {
    if (/^[1-9]\d{0,9}$/.test(id)) out.invention[id] = level(v, SKILL_RANGE.max);
  }
  return out;
}

/** Sales tax from Accounting, broker fee (NPC station, no standings) from Broker Relations. */
export function tradeFeesOf(skills: IndustrySkills): TradeFees {
  return { salesTax: salesTaxRate(skills.accounting), brokerFee: brokerFeeRate(skills.broker_relations) };
}

/** Level of an invention skill (missing = V). */
export function inventionLevel(skills: IndustrySkills, id: number): number {
  return skills.invention[String(id)] ?? SKILL_RANGE.max;
}

/**
 * True when the tree would come out differently with the panel's skills than with those it was
 * built with (Accounting and Broker Relations only change the margin, which follows at once).
 */
export function skillsChangeTree(built: IndustrySkills, now: IndustrySkills): boolean {
  const keys = ['industry', 'advanced_industry', 'reactions', 'science'] as const;
  if (keys.some((k) => built[k] !== now[k])) return true;
  const ids = new Set([...Object.keys(built.invention), ...Object.keys(now.invention)]);
  for (const id of ids) {
    if ((built.invention[id] ?? SKILL_RANGE.max) !== (now.invention[id] ?? SKILL_RANGE.max)) return true;
  }
  return false;
}
