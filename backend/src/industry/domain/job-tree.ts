/**
 * Builds the calculator's job tree (pure: no Nest, no mongoose): for a blueprint and a quantity,
 * every material down to what cannot be built here, each buildable node with its runs, material
 * quantities, time and job fee by the game's rules (shared-types `industry/formulas`), then the
 * totals (`recalcTree`). Quantities do not depend on build-or-buy choices, so the page can toggle
 * those and recompute totals without the server.
 *
 * Decisions where the spec is silent:
 * - The form's ME/TE are the root blueprint's. Every other manufacturing job uses the component
 *   ME/TE (`componentMe`/`componentTe`, by default a fully researched original: ME 10, TE 20)
 *   unless its own settings (by product type) say otherwise; reaction formulas have none.
 * - A blueprint that can be invented (T2, T3) has two sources: a blueprint the player has
 *   ('owned': its ME/TE as given) or invention ('invent': a copy with the chosen decryptor's
 *   ME/TE, and the invention's expected cost per run — datacores, decryptor, invention and T1
 *   copy job fees, divided by chance × runs per copy — added to the node, `InventionStep`). The
 *   root is 'owned' unless its settings choose invention (the request's ME/TE are then ignored
 *   for it); a node below the root is invented unless its settings say 'owned'.
 * - An item without a price on a side makes every total above it unknown on that side (null),
 *   never 0 (`money.ts`); a price the player chose instead (another hub, CCP's adjusted price,
 *   typed in) comes with its source (`price_source`).
 * - The tree is a tree, not a merged bill of materials: the same component under two parents is
 *   two jobs (as two separate industry jobs would be); the shopping list merges purchases.
 * - Skills required by a blueprint that carry a per-level time bonus (dogma 1982, e.g. the
 *   starship engineering skills) are taken at level V, like the other skills by default.
 * - Every buildable node starts as "build"; the page offers the cheapest choice in one click.
 */
import {
  boughtNode,
  estimatedItemValue,
  exceedsRunLength,
  INDUSTRY_MESSAGES,
  jobFee,
  jobTime,
  materialQuantity,
  maxRunsPerJob,
  MoneyTally,
  nodeModifiers,
  recalcTree,
  runsFor,
  SCIENCE_MAX_RUNS,
  scienceModifiers,
  type BlueprintSource,
  type DecryptorOption,
  type DecryptorSpec,
  type FacilitySetup,
  type InventionStep,
  type JobNode,
  type Money,
  type NodeModifiers,
  type PriceSource,
  type SecurityClass,
  type SkillLevels,
} from '@eve-toolkit/shared-types';
import { attemptsFor, planInvention, type InventionPlan, type InventionSource } from './invention';

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
  /** Unit prices on both sides (null: none), and their source when not the hub's own orders. */
  hubPrice(typeId: number): { sell: number | null; buy: number | null; source?: PriceSource | null } | undefined;
  icon(typeId: number): string;
  /** Where a blueprint is invented from; undefined when it is not invented (T1, BPO-only T2 components). */
  inventionFor(blueprintId: number): InventionSource | undefined;
}

/** A node's own settings (by product type): where its blueprint comes from, its ME/TE, or the decryptor of an invented one. */
export interface NodeSettings {
  /** Only for blueprints that can be invented. */
  source?: BlueprintSource;
  me?: number;
  te?: number;
  /** null: invent without a decryptor. */
  decryptorId?: number | null;
}

/** ME/TE of component blueprints when nothing says otherwise: a fully researched original. */
export const COMPONENT_ME_TE_DEFAULT = { me: 10, te: 20 } as const;

export interface TreeSettings {
  /** The root blueprint's ME/TE (unless it is invented). */
  me: number;
  te: number;
  /** Every other owned manufacturing blueprint's ME/TE unless its own settings say otherwise (default 10 / 20). */
  componentMe?: number;
  componentTe?: number;
  /** Facility tax as a fraction (1 % = 0.01). */
  facilityTax: number;
  manufacturing: FacilitySetup;
  reaction: FacilitySetup;
  /** Where copies and invention run. */
  science: FacilitySetup;
  secClass: SecurityClass;
  skills: SkillLevels;
  costIndex: { manufacturing: number; reaction: number; invention: number; copying: number };
  /** Decryptors to offer (and to choose from) on invented nodes. */
  decryptors: readonly (DecryptorSpec & { name: string })[];
  /** Per product type. */
  nodes?: ReadonlyMap<number, NodeSettings>;
}

/** The option label of inventing without a decryptor. */
export const NO_DECRYPTOR_NAME = 'Без декриптора';

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
  const overlongInvention = new Map<string, { runs: number; max: number }>();
  const nameOf = (typeId: number) => catalog.type(typeId)?.name ?? `#${typeId}`;

  const modifiersFor = (bp: TreeBlueprint, groupId: number, me: number, te: number): NodeModifiers =>
    nodeModifiers({
      activity: bp.activity,
      productGroupId: groupId,
      me,
      te,
      facility: bp.activity === 'reaction' ? settings.reaction : settings.manufacturing,
      secClass: settings.secClass,
      skills: settings.skills,
      requiredSkillTimeBonuses: bp.activity === 'manufacturing' ? bp.requiredSkillTimeBonuses : [],
    });
  const science = {
    facility: settings.science,
    secClass: settings.secClass,
    skills: settings.skills,
    facilityTax: settings.facilityTax,
    costIndex: { invention: settings.costIndex.invention, copying: settings.costIndex.copying },
  };
  const priceOf = (typeId: number) => catalog.hubPrice(typeId);
  /** ISK of one attempt at a price side: what it consumes, and its share of the invention and copy fees; null when a price is unknown. */
  const attemptCost = (plan: InventionPlan, side: 'sell' | 'buy'): Money => {
    const sum = new MoneyTally().add((plan.fee.total + (plan.copyFee?.total ?? 0)) / Math.max(1, plan.runs));
    for (const m of plan.materials) sum.addPriced(m.typeId, m.quantity, priceOf(m.typeId)?.[side] ?? null);
    return sum.total;
  };

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
    const leaf = boughtNode({
      id: typeId,
      name: t?.name ?? `#${typeId}`,
      name_en: t?.nameEn ?? `#${typeId}`,
      icon: catalog.icon(typeId),
      quantity: qty,
      adjusted_price: catalog.adjustedPrice(typeId) ?? null,
      market_sell: price?.sell ?? null,
      market_buy: price?.buy ?? null,
      price_source: price?.source ?? null,
      volume: t?.volume ?? 0,
      group_id: t?.groupId ?? 0,
    });
    if (!bp || bp.materials.length === 0) return leaf;
    if (chain.includes(typeId)) {
      const path = [...chain.slice(chain.indexOf(typeId)), typeId].map(nameOf).join(' → ');
      throw new JobTreeError(`${INDUSTRY_MESSAGES.cyclic}: ${path}`);
    }

    const runs = runsFor(qty, bp.product.quantity);
    const own = settings.nodes?.get(typeId);
    const inventable = bp.activity === 'manufacturing' ? catalog.inventionFor(bp.id) : undefined;
    const blueprintSource: BlueprintSource | null =
      bp.activity !== 'manufacturing' ? null : inventable ? (own?.source ?? (depth === 0 ? 'owned' : 'invent')) : 'owned';
    const source = blueprintSource === 'invent' ? inventable : undefined;
    const defaults =
      depth === 0
        ? { me: settings.me, te: settings.te }
        : {
            me: settings.componentMe ?? COMPONENT_ME_TE_DEFAULT.me,
            te: settings.componentTe ?? COMPONENT_ME_TE_DEFAULT.te,
          };
    let me = bp.activity === 'manufacturing' ? (own?.me ?? defaults.me) : 0;
    let te = bp.activity === 'manufacturing' ? (own?.te ?? defaults.te) : 0;
    let invention: InventionStep | null = null;
    if (source) {
      invention = inventionStep(source, bp, runs, leaf.group_id, own?.decryptorId ?? null);
      me = invention.me;
      te = invention.te;
      const timeMods = scienceModifiers({ activity: 'invention', ...science }).time;
      if (invention.attempts > SCIENCE_MAX_RUNS || exceedsRunLength(source.time, invention.attempts, timeMods)) {
        overlongInvention.set(leaf.name, {
          runs: invention.attempts,
          max: Math.min(SCIENCE_MAX_RUNS, maxRunsPerJob(source.time, timeMods)),
        });
      }
    }
    const mods = modifiersFor(bp, leaf.group_id, me, te);
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
      me: bp.activity === 'manufacturing' ? me : null,
      te: bp.activity === 'manufacturing' ? te : null,
      blueprint_source: blueprintSource,
      inventable: inventable !== undefined,
      invention,
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

  /** The invention of an invented node: every decryptor choice priced, the chosen one planned. */
  function inventionStep(
    source: InventionSource,
    bp: TreeBlueprint,
    runs: number,
    groupId: number,
    decryptorId: number | null,
  ): InventionStep {
    const plans = [null, ...settings.decryptors].map((decryptor) => {
      const first = planInvention(source, bp.materials, 1, decryptor, science, catalog.adjustedPrice);
      const attempts = attemptsFor(runs, first.runsPerCopy, first.probability);
      return attempts === 1 ? first : planInvention(source, bp.materials, attempts, decryptor, science, catalog.adjustedPrice);
    });
    const options: DecryptorOption[] = plans.map((plan, i) => {
      const perRun = (side: 'sell' | 'buy'): Money => {
        if (plan.runs <= 0) return 0;
        const attempt = attemptCost(plan, side);
        return attempt === null ? null : attempt / (plan.probability * plan.runsPerCopy);
      };
      const mods = modifiersFor(bp, groupId, plan.me, plan.te);
      return {
        decryptor_id: plan.decryptor?.id ?? null,
        name: i === 0 ? NO_DECRYPTOR_NAME : settings.decryptors[i - 1].name,
        probability: plan.probability,
        runs_per_copy: plan.runsPerCopy,
        me: plan.me,
        te: plan.te,
        attempts: plan.runs,
        per_run_sell: perRun('sell'),
        per_run_buy: perRun('buy'),
        materials: bp.materials.map((m) => materialQuantity(runs, m.quantity, mods.material)),
      };
    });
    const index = Math.max(
      0,
      plans.findIndex((p) => (p.decryptor?.id ?? null) === decryptorId),
    );
    const plan = plans[index];
    const chosen = options[index];
    return {
      source_id: source.sourceId,
      source_name: nameOf(source.sourceId),
      source_icon: catalog.icon(source.sourceId),
      copy: source.copying !== null,
      decryptor_id: chosen.decryptor_id,
      probability: plan.probability,
      runs_per_copy: plan.runsPerCopy,
      me: plan.me,
      te: plan.te,
      copies: Math.ceil(runs / Math.max(1, plan.runsPerCopy)),
      attempts: plan.runs,
      time: plan.time,
      copy_time: plan.copyTime,
      materials: plan.materials.map((m) => {
        const t = catalog.type(m.typeId);
        const price = priceOf(m.typeId);
        return {
          id: m.typeId,
          name: t?.name ?? `#${m.typeId}`,
          name_en: t?.nameEn ?? `#${m.typeId}`,
          icon: catalog.icon(m.typeId),
          quantity: m.quantity,
          market_sell: price?.sell ?? null,
          market_buy: price?.buy ?? null,
          price_source: price?.source ?? null,
          volume: t?.volume ?? 0,
        };
      }),
      fee: plan.fee.total,
      copy_fee: plan.copyFee?.total ?? 0,
      cost_sell: chosen.per_run_sell === null ? null : chosen.per_run_sell * runs,
      cost_buy: chosen.per_run_buy === null ? null : chosen.per_run_buy * runs,
      options,
    };
  }

  const root = recalcTree(visit(rootBlueprint.product.typeId, quantity, rootBlueprint, []));
  const warnings: string[] = [];
  for (const [name, { runs, max }] of overlongInvention) {
    warnings.push(
      `«${name}»: ${fmt(runs)} попыток изобретения не помещаются в одну работу (не больше ${fmt(max)}), разбейте на несколько работ`,
    );
  }
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
