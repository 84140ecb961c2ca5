/**
 * The job tree the calculator shows (spec §3 "Job tree node") and the maths the page runs on it
 * without a round trip: totals at sell and buy prices, build/buy toggles and payouts that update
 * every total above the node, the cheapest build-or-buy choice, the shopping list and the summary.
 * The server fills quantities, runs, times and job fees (they do not depend on build choices);
 * everything here only re-adds them.
 */

/** The parts of a node's job fee (ISK), see `jobFee`. */
export interface JobFeeParts {
  /** Estimated item value of the job (rounded). */
  eiv: number;
  /** System cost index part, after structure and rig cost bonuses. */
  index: number;
  /** Facility tax. */
  tax: number;
  /** SCC surcharge (4 %). */
  scc: number;
}

export interface JobNode {
  /** Type id of the item. */
  id: number;
  /** Russian name (English when the game has none). */
  name: string;
  /** English name (the game's multibuy and the appraisal page accept it). */
  name_en: string;
  icon: string;
  /** Units of the item needed here. */
  quantity: number;
  /** Units one run makes (fuel blocks 40, ammunition 100 or 5000 ...); 1 for items that are bought. */
  quantity_per_run: number;
  /** Runs of the job making `quantity` (0 when the item cannot be built here). */
  runs: number;
  /** 1 manufacturing ('П'), 11 reaction ('Р'), null when the item cannot be built here. */
  activity_id: 1 | 11 | null;
  blueprint_id: number | null;
  /** CCP adjusted price per unit (job fees), null when ESI has none. */
  adjusted_price: number | null;
  /** Best sell / buy order at the hub per unit, null when that side is empty. */
  market_sell: number | null;
  market_buy: number | null;
  /** Seconds per run after TE, skills, structure and rigs (job time / runs). */
  time_for_run: number;
  /** Whole seconds of the job (all runs). */
  time: number;
  /** m³ per unit (packaged volume). */
  volume: number;
  /** Product group (rig bonuses apply by group). */
  group_id: number;
  /** Sub-materials of the job (empty for items that are bought). */
  materials: JobNode[];
  /** Build (true) or buy (false); only meaningful when `materials` is not empty. */
  build: boolean;
  /** Payout per run (ISK) to whoever runs the job; 0 or more. */
  pay: number;
  /** Job installation cost of all runs and per run (ISK). */
  work_price_total: number;
  work_price_per_run: number;
  work_price_parts: JobFeeParts;
  /** Corporation stock (corporation projects); 0 here. */
  corp_have: number;
  corp_buy_price: number | null;
  /**
   * Cost of building this node: its materials (built or bought as chosen below it) at sell /
   * buy prices + its job fee + payout × runs. 0 for items that cannot be built.
   */
  materials_total_sell: number;
  materials_total_buy: number;
  /** Surplus units the job makes beyond `quantity` (runs × per run − quantity). */
  trash: number;
}

export type PriceSide = 'sell' | 'buy';

export function canBuild(node: JobNode): boolean {
  return node.blueprint_id !== null && node.materials.length > 0;
}

/** Built here: buildable and set to build. */
export function isBuilt(node: JobNode): boolean {
  return canBuild(node) && node.build;
}

export function unitPrice(node: JobNode, side: PriceSide): number | null {
  return side === 'sell' ? node.market_sell : node.market_buy;
}

/** Buying the node's quantity at the hub (0 when the hub has no order on that side). */
export function purchaseCost(node: JobNode, side: PriceSide): number {
  return node.quantity * (unitPrice(node, side) ?? 0);
}

/** Building the node: materials + job fee + payout × runs (children as chosen). */
function buildTotal(node: JobNode, side: PriceSide): number {
  let sum = node.work_price_total + node.pay * node.runs;
  for (const m of node.materials) sum += nodeCost(m, side);
  return sum;
}

/** What the node costs its parent: the build total when built, else its purchase. */
export function nodeCost(node: JobNode, side: PriceSide): number {
  if (!isBuilt(node)) return purchaseCost(node, side);
  return side === 'sell' ? node.materials_total_sell : node.materials_total_buy;
}

/** The node with its totals recomputed from its (already up-to-date) children. */
function withTotals(node: JobNode): JobNode {
  if (!canBuild(node))
    return node.materials_total_sell === 0 && node.materials_total_buy === 0
      ? node
      : { ...node, materials_total_sell: 0, materials_total_buy: 0 };
  return { ...node, materials_total_sell: buildTotal(node, 'sell'), materials_total_buy: buildTotal(node, 'buy') };
}

/** Recomputes every total of the tree bottom-up (new objects; the input is not changed). */
export function recalcTree(node: JobNode): JobNode {
  if (!node.materials.length) return withTotals(node);
  return withTotals({ ...node, materials: node.materials.map(recalcTree) });
}

/** A node's position: indices into `materials` from the root ([] is the root). */
export type NodePath = readonly number[];

export function nodeAt(root: JobNode, path: NodePath): JobNode | undefined {
  let n: JobNode | undefined = root;
  for (const i of path) n = n?.materials[i];
  return n;
}

/** Replaces the node at `path` and recomputes the totals of it and every node above it. */
export function updateNode(root: JobNode, path: NodePath, change: (node: JobNode) => JobNode): JobNode {
  if (path.length === 0) return withTotals(change(root));
  const [head, ...rest] = path;
  const child = root.materials[head];
  if (!child) return root;
  const materials = root.materials.slice();
  materials[head] = updateNode(child, rest, change);
  return withTotals({ ...root, materials });
}

/** Build/buy toggle of one node; the root is always built (it is what the job makes). */
export function setBuild(root: JobNode, path: NodePath, build: boolean): JobNode {
  if (path.length === 0) return root;
  const target = nodeAt(root, path);
  if (!target || !canBuild(target) || target.build === build) return root;
  return updateNode(root, path, (n) => ({ ...n, build }));
}

/** Payout per run of one node; a negative or non-numeric value is ignored (spec §4). */
export function setPay(root: JobNode, path: NodePath, pay: number): JobNode {
  if (!Number.isFinite(pay) || pay < 0) return root;
  const target = nodeAt(root, path);
  if (!target || target.pay === pay) return root;
  return updateNode(root, path, (n) => ({ ...n, pay }));
}

/**
 * Build or buy for every node by the cheaper cost at one price side, including job fees and
 * payouts, deciding children first. Items without a hub price on that side are built. The root
 * stays built.
 */
export function cheapestChoice(root: JobNode, side: PriceSide = 'sell'): JobNode {
  const visit = (node: JobNode, isRoot: boolean): JobNode => {
    if (!canBuild(node)) return node;
    const materials = node.materials.map((m) => visit(m, false));
    const built = withTotals({ ...node, materials, build: true });
    if (isRoot) return built;
    const price = unitPrice(node, side);
    const buildCost = side === 'sell' ? built.materials_total_sell : built.materials_total_buy;
    return price !== null && node.quantity * price < buildCost ? { ...built, build: false } : built;
  };
  return visit(root, true);
}

/** Sets every buildable node below the root to build (true) or buy (false). */
export function setAll(root: JobNode, build: boolean): JobNode {
  const visit = (node: JobNode, isRoot: boolean): JobNode => {
    if (!canBuild(node)) return node;
    return withTotals({ ...node, build: isRoot ? true : build, materials: node.materials.map((m) => visit(m, false)) });
  };
  return visit(root, true);
}

export interface ShoppingItem {
  id: number;
  name: string;
  name_en: string;
  icon: string;
  quantity: number;
  /** m³ of the whole quantity. */
  volume: number;
  market_sell: number | null;
  market_buy: number | null;
}

/** Everything to buy under the current choices, summed per item, largest value first then by name. */
export function shoppingList(root: JobNode): ShoppingItem[] {
  const byId = new Map<number, ShoppingItem>();
  const visit = (node: JobNode, isRoot: boolean) => {
    if (isBuilt(node) || (isRoot && canBuild(node))) {
      for (const m of node.materials) visit(m, false);
      return;
    }
    const item = byId.get(node.id);
    if (item) {
      item.quantity += node.quantity;
      item.volume += node.quantity * node.volume;
    } else {
      byId.set(node.id, {
        id: node.id,
        name: node.name,
        name_en: node.name_en,
        icon: node.icon,
        quantity: node.quantity,
        volume: node.quantity * node.volume,
        market_sell: node.market_sell,
        market_buy: node.market_buy,
      });
    }
  };
  visit(root, true);
  const value = (i: ShoppingItem) => i.quantity * (i.market_sell ?? 0);
  return [...byId.values()].sort((a, b) => value(b) - value(a) || a.name_en.localeCompare(b.name_en));
}

/** The game's multibuy format (and the appraisal page's): one "name<TAB>quantity" line per item. */
export function multibuyText(items: readonly ShoppingItem[]): string {
  return items.map((i) => `${i.name_en}\t${i.quantity}`).join('\n');
}

/**
 * Link to the appraisal page with the list: `data` carries literal `\t` and `\n` sequences,
 * which the page turns back into tab and newline (spec §2 Appraisal).
 */
export function appraisalLink(items: readonly ShoppingItem[]): string {
  const data = items.map((i) => `${i.name_en}\\t${i.quantity}`).join('\\n');
  return `/market/appraisal?data=${encodeURIComponent(data)}`;
}

export interface JobSummary {
  /** Value of the product at the hub (quantity × sell / buy), null without a price. */
  product_sell: number | null;
  product_buy: number | null;
  /** Whole cost (purchases + job fees + payouts) at sell / buy prices. */
  cost_sell: number;
  cost_buy: number;
  purchases_sell: number;
  purchases_buy: number;
  /** Job fees of every built node, and their parts. */
  fees: number;
  fee_index: number;
  fee_tax: number;
  fee_scc: number;
  /** Σ payout × runs of every built node. */
  payouts: number;
  /** (sell − (payouts + fees + purchases)) / sell × 100, all at sell / all at buy prices; null without a price. */
  margin_sell: number | null;
  margin_buy: number | null;
  /** m³ of everything bought, and of the product. */
  volume_purchases: number;
  volume_product: number;
  /** Σ job times (one character, one job after another) and the longest chain (every job in parallel). */
  time_total: number;
  time_critical: number;
  /** Built jobs. */
  jobs: number;
}

export function summarize(root: JobNode): JobSummary {
  const s: JobSummary = {
    product_sell: root.market_sell === null ? null : root.quantity * root.market_sell,
    product_buy: root.market_buy === null ? null : root.quantity * root.market_buy,
    cost_sell: 0,
    cost_buy: 0,
    purchases_sell: 0,
    purchases_buy: 0,
    fees: 0,
    fee_index: 0,
    fee_tax: 0,
    fee_scc: 0,
    payouts: 0,
    margin_sell: null,
    margin_buy: null,
    volume_purchases: 0,
    volume_product: root.quantity * root.volume,
    time_total: 0,
    time_critical: 0,
    jobs: 0,
  };
  /** Returns the node's critical-path time. */
  const visit = (node: JobNode, isRoot: boolean): number => {
    if (!(isBuilt(node) || (isRoot && canBuild(node)))) {
      s.purchases_sell += purchaseCost(node, 'sell');
      s.purchases_buy += purchaseCost(node, 'buy');
      s.volume_purchases += node.quantity * node.volume;
      return 0;
    }
    s.jobs++;
    s.fees += node.work_price_total;
    s.fee_index += node.work_price_parts.index;
    s.fee_tax += node.work_price_parts.tax;
    s.fee_scc += node.work_price_parts.scc;
    s.payouts += node.pay * node.runs;
    s.time_total += node.time;
    let longest = 0;
    for (const m of node.materials) longest = Math.max(longest, visit(m, false));
    return node.time + longest;
  };
  s.time_critical = visit(root, true);
  s.cost_sell = s.purchases_sell + s.fees + s.payouts;
  s.cost_buy = s.purchases_buy + s.fees + s.payouts;
  s.margin_sell = marginPercent(s.product_sell, s.cost_sell);
  s.margin_buy = marginPercent(s.product_buy, s.cost_buy);
  return s;
}

/** Margin = (sell − cost) / sell × 100 (spec §9); null when the product has no price. */
export function marginPercent(sell: number | null, cost: number): number | null {
  if (sell === null || !(sell > 0)) return null;
  return ((sell - cost) / sell) * 100;
}

/** Warnings that depend on the current choices: bought items the hub has no price for. */
export function priceWarnings(root: JobNode): string[] {
  const noSell = new Set<string>();
  const noBuy = new Set<string>();
  for (const item of shoppingList(root)) {
    if (item.market_sell === null) noSell.add(item.name);
    if (item.market_buy === null) noBuy.add(item.name);
  }
  const out: string[] = [];
  if (noSell.size) out.push(`Нет ордеров на продажу (SELL) в хабе, цена взята как 0: ${[...noSell].join(', ')}`);
  if (noBuy.size) out.push(`Нет ордеров на покупку (BUY) в хабе, цена взята как 0: ${[...noBuy].join(', ')}`);
  if (root.market_sell === null) out.push(`Нет ордеров на продажу продукта (${root.name}) в хабе: маржа не считается`);
  return out;
}

/** Counts nodes (for limits and the benchmark). */
export function countNodes(root: JobNode): number {
  let n = 1;
  for (const m of root.materials) n += countNodes(m);
  return n;
}
