/**
 * Builds the calculator's job tree (pure: no Nest, no mongoose): for a blueprint and a quantity,
 * every material down to what cannot be built here, each buildable node with its runs, material
 * quantities, time and job fee by the game's rules (shared-types `industry/formulas`), then the
 * totals (`recalcTree`). Quantities do not depend on build-or-buy choices, so the page can toggle
 * those and recompute totals without the server.
 *
 * Decisions where the spec is silent:
 * - The form's ME/TE apply to every manufacturing job in the tree (one set of blueprints); reaction
 *   formulas have none.
 * - The tree is a tree, not a merged bill of materials: the same component under two parents is
 *   two jobs (as two separate industry jobs would be); the shopping list merges purchases.
 * - Skills required by a blueprint that carry a per-level time bonus (dogma 1982, e.g. the
 *   starship engineering skills) are taken at level V, like the other skills by default.
 * - Every buildable node starts as "build"; the page offers the cheapest choice in one click.
 */
import {
  estimatedItemValue,
  exceedsRunLength,
  INDUSTRY_MESSAGES,
  jobFee,
  jobTime,
  materialQuantity,
  maxRunsPerJob,
  nodeModifiers,
  recalcTree,
  runsFor,
  type FacilitySetup,
  type JobNode,
  type NodeModifiers,
  type SecurityClass,
  type SkillLevels,
} from '@eve-toolkit/shared-types';

export interface TreeBlueprint {
  id: number;
  activity: 'manufacturing' | 'reaction';
  /** Seconds per run. */
  time: number;
  materials: readonly { typeId: number; quantity: number }[];
  product: { typeId: number; quantity: number };
  /** Required skills with a per-level time bonus (percent), at the level assumed. */
  requiredSkillTimeBonuses: readonly { percentPerLevel: number; level: number }[];
}

export interface TreeType {
  id: number;
  name: string;
  nameEn: string;
  groupId: number;
  /** m³ per unit (packaged). */
  volume: number;
}

/** Everything the tree needs, already loaded. */
export interface TreeCatalog {
  /** The blueprint that makes a type (only those the settings allow: published, reactions on/off). */
  blueprintFor(productTypeId: number): TreeBlueprint | undefined;
  type(typeId: number): TreeType | undefined;
  adjustedPrice(typeId: number): number | undefined;
  hubPrice(typeId: number): { sell: number | null; buy: number | null } | undefined;
  icon(typeId: number): string;
}

export interface TreeSettings {
  me: number;
  te: number;
  /** Facility tax as a fraction (1 % = 0.01). */
  facilityTax: number;
  manufacturing: FacilitySetup;
  reaction: FacilitySetup;
  secClass: SecurityClass;
  skills: SkillLevels;
  costIndex: { manufacturing: number; reaction: number };
}

export const TREE_LIMITS = { maxDepth: 32, maxNodes: 50_000 } as const;

/** Bad input the tree itself reveals (cycle, depth, size, run limits): a Russian message for the user. */
export class JobTreeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobTreeError';
  }
}

export interface BuiltTree {
  root: JobNode;
  nodes: number;
  warnings: string[];
}

function fmt(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export function buildJobTree(
  rootBlueprint: TreeBlueprint,
  quantity: number,
  catalog: TreeCatalog,
  settings: TreeSettings,
  limits: { maxDepth: number; maxNodes: number } = TREE_LIMITS,
): BuiltTree {
  let nodes = 0;
  const noAdjusted = new Set<string>();
  const overlong = new Map<string, { runs: number; max: number }>();
  const nameOf = (typeId: number) => catalog.type(typeId)?.name ?? `#${typeId}`;

  const modifiersFor = (bp: TreeBlueprint, groupId: number): NodeModifiers =>
    nodeModifiers({
      activity: bp.activity,
      productGroupId: groupId,
      me: settings.me,
      te: settings.te,
      facility: bp.activity === 'reaction' ? settings.reaction : settings.manufacturing,
      secClass: settings.secClass,
      skills: settings.skills,
      requiredSkillTimeBonuses: bp.activity === 'manufacturing' ? bp.requiredSkillTimeBonuses : [],
    });

  const visit = (typeId: number, qty: number, bp: TreeBlueprint | undefined, chain: readonly number[]): JobNode => {
    if (++nodes > limits.maxNodes) {
      throw new JobTreeError(`${INDUSTRY_MESSAGES.tooLarge}: больше ${fmt(limits.maxNodes)} узлов`);
    }
    const depth = chain.length;
    if (depth > limits.maxDepth) {
      throw new JobTreeError(`${INDUSTRY_MESSAGES.tooDeep}: больше ${limits.maxDepth} уровней`);
    }
    const t = catalog.type(typeId);
    const price = catalog.hubPrice(typeId);
    const leaf: JobNode = {
      id: typeId,
      name: t?.name ?? `#${typeId}`,
      name_en: t?.nameEn ?? `#${typeId}`,
      icon: catalog.icon(typeId),
      quantity: qty,
      quantity_per_run: 1,
      runs: 0,
      activity_id: null,
      blueprint_id: null,
      adjusted_price: catalog.adjustedPrice(typeId) ?? null,
      market_sell: price?.sell ?? null,
      market_buy: price?.buy ?? null,
      time_for_run: 0,
      time: 0,
      volume: t?.volume ?? 0,
      group_id: t?.groupId ?? 0,
      materials: [],
      build: false,
      pay: 0,
      work_price_total: 0,
      work_price_per_run: 0,
      work_price_parts: { eiv: 0, index: 0, tax: 0, scc: 0 },
      corp_have: 0,
      corp_buy_price: null,
      materials_total_sell: 0,
      materials_total_buy: 0,
      trash: 0,
    };
    if (!bp || bp.materials.length === 0) return leaf;
    if (chain.includes(typeId)) {
      const path = [...chain.slice(chain.indexOf(typeId)), typeId].map(nameOf).join(' → ');
      throw new JobTreeError(`${INDUSTRY_MESSAGES.cyclic}: ${path}`);
    }

    const runs = runsFor(qty, bp.product.quantity);
    const mods = modifiersFor(bp, leaf.group_id);
    if (depth === 0 && exceedsRunLength(bp.time, runs, mods.time)) {
      const max = maxRunsPerJob(bp.time, mods.time);
      throw new JobTreeError(
        `Слишком много прогонов для одной работы: ${fmt(runs)}. Не больше ${fmt(max)} (${fmt(max * bp.product.quantity)} шт.): ` +
          'все прогоны, кроме последнего, должны начаться в течение 30 дней',
      );
    }
    if (depth > 0 && exceedsRunLength(bp.time, runs, mods.time)) {
      overlong.set(leaf.name, { runs, max: maxRunsPerJob(bp.time, mods.time) });
    }
    const next = [...chain, typeId];
    const materials = bp.materials.map((m) =>
      visit(m.typeId, materialQuantity(runs, m.quantity, mods.material), catalog.blueprintFor(m.typeId), next),
    );
    for (const m of bp.materials) if (catalog.adjustedPrice(m.typeId) === undefined) noAdjusted.add(nameOf(m.typeId));
    const time = jobTime(bp.time, runs, mods.time);
    const eiv = estimatedItemValue(
      bp.materials.map((m) => ({ quantity: m.quantity, adjustedPrice: catalog.adjustedPrice(m.typeId) })),
      runs,
    );
    const fee = jobFee(eiv, settings.costIndex[bp.activity], mods.cost, settings.facilityTax);
    return {
      ...leaf,
      quantity_per_run: bp.product.quantity,
      runs,
      activity_id: bp.activity === 'reaction' ? 11 : 1,
      blueprint_id: bp.id,
      time_for_run: time / runs,
      time,
      materials,
      build: true,
      work_price_total: fee.total,
      work_price_per_run: fee.total / runs,
      work_price_parts: { eiv: Math.round(fee.eiv), index: fee.systemCost, tax: fee.facilityTax, scc: fee.scc },
      trash: runs * bp.product.quantity - qty,
    };
  };

  const root = recalcTree(visit(rootBlueprint.product.typeId, quantity, rootBlueprint, []));
  const warnings: string[] = [];
  for (const [name, { runs, max }] of overlong) {
    warnings.push(
      `«${name}»: ${fmt(runs)} прогонов не помещаются в одну работу (не больше ${fmt(max)}), разбейте на несколько работ`,
    );
  }
  if (noAdjusted.size) {
    warnings.push(`Нет скорректированной цены CCP (adjusted price), пошлина посчитана без них: ${[...noAdjusted].join(', ')}`);
  }
  return { root, nodes, warnings };
}
