/**
 * The job tree the calculator shows (spec §3 "Job tree node") and the maths the page runs on it
 * without a round trip: totals at sell and buy prices, build/buy toggles and payouts that update
 * every total above the node, the cheapest build-or-buy choice, the shopping list and the summary.
 * The server fills quantities, runs, times and job fees (they do not depend on build choices);
 * everything here only re-adds them.
 */

import { isKnown, marginMoney, MoneyTally, perMoney, sumMoney, timesMoney, type Money, type PriceSource } from '../money';

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

/** One item an invention attempt consumes: a datacore, the decryptor, or the relic itself. */
export interface InventionMaterial {
  id: number;
  name: string;
  name_en: string;
  icon: string;
  /** Units per invention attempt (run). */
  quantity: number;
  market_sell: number | null;
  market_buy: number | null;
  /** Where those prices come from when not from the hub's own orders (a price the player chose instead). */
  price_source: PriceSource | null;
  /** m³ per unit. */
  volume: number;
}

/** One decryptor choice (or none) for an invented node, priced so the page can compare them. */
export interface DecryptorOption {
  decryptor_id: number | null;
  name: string;
  probability: number;
  runs_per_copy: number;
  me: number;
  te: number;
  /** Invention runs planned for the node's runs with this choice: ceil(ceil(runs / runs per copy) / chance). */
  attempts: number;
  /**
   * Expected ISK per manufacturing run of the node for the invention alone (datacores, decryptor,
   * invention and copy job fees) = cost of an attempt / (chance × runs per copy), at sell / buy
   * prices; null when a datacore (or the decryptor) has no price on that side.
   */
  per_run_sell: number | null;
  per_run_buy: number | null;
  /** The node's material quantities at this choice's ME, in the order of `materials`. */
  materials: number[];
}

/**
 * How a T2 (T3) node's blueprint copy is obtained: a copy of the T1 blueprint (or an ancient relic)
 * and invention, with the chosen decryptor. Its expected cost is added to the node's build cost.
 */
export interface InventionStep {
  /** T1 blueprint (or relic) invented from. */
  source_id: number;
  source_name: string;
  source_icon: string;
  /** True when a T1 blueprint is copied first; false for a relic (consumed, no copy). */
  copy: boolean;
  decryptor_id: number | null;
  probability: number;
  runs_per_copy: number;
  /** ME / TE of the invented copy (the node's job uses them). */
  me: number;
  te: number;
  /** Blueprint copies the node's runs need: ceil(runs / runs per copy). */
  copies: number;
  /** Invention runs planned to get them: ceil(copies / chance). */
  attempts: number;
  /** Seconds of the invention job (all attempts) and of the T1 copy job (one licensed run per attempt; 0 for a relic). */
  time: number;
  copy_time: number;
  /** What one attempt consumes (datacores, decryptor, relic). */
  materials: InventionMaterial[];
  /** Job fees (ISK) of the invention job and of the copy job, all attempts. */
  fee: number;
  copy_fee: number;
  /** Expected invention cost added to the node: runs × the chosen option's per-run cost, at sell / buy; null when a price is unknown. */
  cost_sell: number | null;
  cost_buy: number | null;
  /** No decryptor first, then every decryptor. */
  options: DecryptorOption[];
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
  /** Blueprint ME / TE the job uses (manufacturing only; null for reactions and bought items). */
  me: number | null;
  te: number | null;
  /**
   * Where the blueprint of a manufacturing job comes from: 'owned' a blueprint the player has (its
   * ME/TE as given), 'invent' a copy from invention (`invention`, its ME/TE the decryptor's);
   * null for reactions and bought items.
   */
  blueprint_source: BlueprintSource | null;
  /** A T2 (T3) blueprint that can be invented: the player may choose invention or a blueprint of their own. */
  inventable: boolean;
  /** Invention of the blueprint copy (T2 and T3 blueprints), null when the blueprint is not invented. */
  invention: InventionStep | null;
  /** Units one run makes (fuel blocks 40, ammunition 100 or 5000 ...); 1 for items that are bought. */
  quantity_per_run: number;
  /** Runs of the job making `quantity` (0 when the item cannot be built here). */
  runs: number;
  /** 1 manufacturing ('П'), 11 reaction ('Р'), null when the item cannot be built here. */
  activity_id: 1 | 11 | null;
  blueprint_id: number | null;
  /** CCP adjusted price per unit (job fees), null when ESI has none. */
  adjusted_price: number | null;
  /** Best sell / buy order at the hub per unit, null when that side is empty (and no other price was chosen). */
  market_sell: number | null;
  market_buy: number | null;
  /** Where those prices come from when not from the hub's own orders (another hub, adjusted, typed in); null: the hub. */
  price_source: PriceSource | null;
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
   * buy prices + its job fee + payout × runs + the expected invention cost. 0 for items that
   * cannot be built; null when any part is unknown (an item below without a price on that side).
   */
  materials_total_sell: number | null;
  materials_total_buy: number | null;
  /** Surplus units the job makes beyond `quantity` (runs × per run − quantity). */
  trash: number;
}

export type PriceSide = 'sell' | 'buy';

/** What a node says of the item itself: which, how many, its prices, volume and group. */
export type JobNodeItem = Pick<
  JobNode,
  | 'id'
  | 'name'
  | 'name_en'
  | 'icon'
  | 'quantity'
  | 'adjusted_price'
  | 'market_sell'
  | 'market_buy'
  | 'price_source'
  | 'volume'
  | 'group_id'
>;

/** The node of an item that is bought, not built here: no blueprint, no job, no materials, nothing paid or left over. */
export function boughtNode(item: JobNodeItem): JobNode {
  return {
    id: item.id,
    name: item.name,
    name_en: item.name_en,
    icon: item.icon,
    quantity: item.quantity,
    me: null,
    te: null,
    blueprint_source: null,
    inventable: false,
    invention: null,
    quantity_per_run: 1,
    runs: 0,
    activity_id: null,
    blueprint_id: null,
    adjusted_price: item.adjusted_price,
    market_sell: item.market_sell,
    market_buy: item.market_buy,
    price_source: item.price_source,
    time_for_run: 0,
    time: 0,
    volume: item.volume,
    group_id: item.group_id,
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
}

/** How a manufacturing node's blueprint is had: one the player owns (BPO or a bought copy), or invented. */
export type BlueprintSource = 'owned' | 'invent';

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

/** Buying the node's quantity at the hub; null when the hub has no order on that side. */
export function purchaseCost(node: JobNode, side: PriceSide): Money {
  return timesMoney(node.quantity, unitPrice(node, side));
}

/** Expected invention cost of a node at one price side (0 when its blueprint is not invented; null when a price is unknown). */
export function inventionCost(node: JobNode, side: PriceSide): Money {
  if (!node.invention) return 0;
  return side === 'sell' ? node.invention.cost_sell : node.invention.cost_buy;
}

/** Building the node: materials + job fee + payout × runs + invention (children as chosen); null when a part is unknown. */
function buildTotal(node: JobNode, side: PriceSide): Money {
  return sumMoney([
    node.work_price_total,
    node.pay * node.runs,
    inventionCost(node, side),
    ...node.materials.map((m) => nodeCost(m, side)),
  ]);
}

/** What the node costs its parent: the build total when built, else its purchase; null when unknown. */
export function nodeCost(node: JobNode, side: PriceSide): Money {
  if (!isBuilt(node)) return purchaseCost(node, side);
  return side === 'sell' ? node.materials_total_sell : node.materials_total_buy;
}

/**
 * The items whose price is missing on one side under the current choices (type ids, each once):
 * bought nodes without a price, and what built invented nodes consume without one. Exactly what
 * makes `nodeCost(root, side)` unknown.
 */
export function missingPrices(root: JobNode, side: PriceSide): number[] {
  const out = new Set<number>();
  const visit = (node: JobNode, isRoot: boolean) => {
    if (isBuilt(node) || (isRoot && canBuild(node))) {
      for (const m of node.invention?.materials ?? [])
        if ((side === 'sell' ? m.market_sell : m.market_buy) === null) out.add(m.id);
      for (const m of node.materials) visit(m, false);
      return;
    }
    if (node.quantity > 0 && unitPrice(node, side) === null) out.add(node.id);
  };
  visit(root, true);
  return [...out];
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
 * payouts, deciding children first. An item without a price on that side is built; an item whose
 * build cost is unknown (something below has no price) but whose price is known is bought. The
 * root stays built.
 */
export function cheapestChoice(root: JobNode, side: PriceSide = 'sell'): JobNode {
  const visit = (node: JobNode, isRoot: boolean): JobNode => {
    if (!canBuild(node)) return node;
    const materials = node.materials.map((m) => visit(m, false));
    const built = withTotals({ ...node, materials, build: true });
    if (isRoot) return built;
    const price = unitPrice(node, side);
    const buildCost = side === 'sell' ? built.materials_total_sell : built.materials_total_buy;
    if (price === null) return built;
    return buildCost === null || node.quantity * price < buildCost ? { ...built, build: false } : built;
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
  price_source: PriceSource | null;
}

/**
 * Everything to buy under the current choices, summed per item, largest value first then by name:
 * the bought nodes, and for every built invented node what its planned attempts consume.
 */
export function shoppingList(root: JobNode): ShoppingItem[] {
  const byId = new Map<number, ShoppingItem>();
  const add = (i: Omit<ShoppingItem, 'volume'> & { unitVolume: number }) => {
    const item = byId.get(i.id);
    if (item) {
      item.quantity += i.quantity;
      item.volume += i.quantity * i.unitVolume;
    } else {
      const { unitVolume, ...rest } = i;
      byId.set(i.id, { ...rest, volume: i.quantity * unitVolume });
    }
  };
  const visit = (node: JobNode, isRoot: boolean) => {
    if (isBuilt(node) || (isRoot && canBuild(node))) {
      for (const m of node.invention?.materials ?? []) {
        add({ ...m, quantity: m.quantity * node.invention!.attempts, unitVolume: m.volume });
      }
      for (const m of node.materials) visit(m, false);
      return;
    }
    add({
      id: node.id,
      name: node.name,
      name_en: node.name_en,
      icon: node.icon,
      quantity: node.quantity,
      unitVolume: node.volume,
      market_sell: node.market_sell,
      market_buy: node.market_buy,
      price_source: node.price_source,
    });
  };
  visit(root, true);
  // Sorting only: items without a price go after the priced ones.
  const value = (i: ShoppingItem) => (i.market_sell === null ? -1 : i.quantity * i.market_sell);
  return [...byId.values()].sort((a, b) => value(b) - value(a) || a.name_en.localeCompare(b.name_en));
}

/** The game's multibuy format (and the appraisal page's): one "name<TAB>quantity" line per item (a doctrine's fit too). */
export function multibuyText(items: readonly Pick<ShoppingItem, 'name_en' | 'quantity'>[]): string {
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

/** Trade fees on selling the product, as fractions: sales tax (both ways) and broker fee (sell orders only). */
export interface TradeFees {
  salesTax: number;
  brokerFee: number;
}
export const NO_TRADE_FEES: TradeFees = { salesTax: 0, brokerFee: 0 };

/** ME/TE of the summary: the built manufacturing jobs grouped by their blueprint's ME, TE and source. */
export interface BlueprintUse {
  me: number;
  te: number;
  source: BlueprintSource;
  /** Built jobs using it. */
  jobs: number;
  /** Their products' names (root first, then as met). */
  names: string[];
}

/**
 * The total-job summary. Every money figure is null when any of its parts is unknown (an item
 * under the current choices has no price on that side: `missing_sell` / `missing_buy`), never a
 * partial sum; margins and profits are null then too.
 */
export interface JobSummary {
  /** Value of the product at the hub (quantity × sell / buy), null without a price. */
  product_sell: number | null;
  product_buy: number | null;
  /** Whole cost (purchases + job fees + payouts + invention) at sell / buy prices. */
  cost_sell: number | null;
  cost_buy: number | null;
  /** Everything bought (the shopping list's items, not the invention's datacores). */
  purchases_sell: number | null;
  purchases_buy: number | null;
  /** Type ids of the items without a price on that side under the current choices (bought items, datacores, decryptors). */
  missing_sell: number[];
  missing_buy: number[];
  /** Job fees of every built node (manufacturing and reactions; invention and copy fees are in `invention_*`), and their parts. */
  fees: number;
  fee_index: number;
  fee_tax: number;
  fee_scc: number;
  /** Σ payout × runs of every built node. */
  payouts: number;
  /** Expected invention cost of every built invented node (datacores, decryptors, invention and copy fees). */
  invention_sell: number | null;
  invention_buy: number | null;
  /**
   * Selling the product: at SELL by placing sell orders (sales tax + broker fee), at BUY into buy
   * orders (sales tax only). Null without a price.
   */
  trade_fees_sell: number | null;
  trade_fees_buy: number | null;
  /** Product − trade fees − cost; null when either is unknown. */
  profit_sell: number | null;
  profit_buy: number | null;
  /** (sell − trade fees − (payouts + fees + purchases + invention)) / sell × 100 (spec §9 plus the trade fees); null when a part is unknown. */
  margin_sell: number | null;
  margin_buy: number | null;
  /** Profit per hour of `time_sequential`; null when the profit is unknown or there are no jobs. */
  isk_per_hour_sell: number | null;
  isk_per_hour_buy: number | null;
  /** m³ of everything bought (datacores and decryptors included), and of the product. */
  volume_purchases: number;
  volume_product: number;
  /** Σ manufacturing and reaction job times of the built nodes. */
  time_jobs: number;
  /** Σ copy and invention job times of the built invented nodes. */
  time_science: number;
  /** Every job one after another (one character): `time_jobs + time_science`. */
  time_sequential: number;
  /**
   * Every job in parallel: the longest chain, an invented node's copy and invention before its
   * job. A chain is some of the same jobs, so it is never longer than `time_sequential`.
   */
  time_critical: number;
  /** Built jobs (manufacturing and reactions). */
  jobs: number;
  /** ME/TE the built manufacturing jobs use, root's group first. */
  blueprints: BlueprintUse[];
}

export function summarize(root: JobNode, trade: TradeFees = NO_TRADE_FEES): JobSummary {
  const purchases = { sell: new MoneyTally(), buy: new MoneyTally() };
  const invention = { sell: new MoneyTally(), buy: new MoneyTally() };
  const blueprints = new Map<string, BlueprintUse>();
  let fees = 0;
  let feeIndex = 0;
  let feeTax = 0;
  let feeScc = 0;
  let payouts = 0;
  let volumePurchases = 0;
  let timeJobs = 0;
  let timeScience = 0;
  let jobs = 0;
  /** Returns the node's critical-path time. */
  const visit = (node: JobNode, isRoot: boolean): number => {
    if (!(isBuilt(node) || (isRoot && canBuild(node)))) {
      purchases.sell.addPriced(node.id, node.quantity, node.market_sell);
      purchases.buy.addPriced(node.id, node.quantity, node.market_buy);
      volumePurchases += node.quantity * node.volume;
      return 0;
    }
    jobs++;
    fees += node.work_price_total;
    feeIndex += node.work_price_parts.index;
    feeTax += node.work_price_parts.tax;
    feeScc += node.work_price_parts.scc;
    payouts += node.pay * node.runs;
    timeJobs += node.time;
    if (node.me !== null && node.te !== null) {
      const source = node.blueprint_source ?? 'owned';
      const key = `${node.me}/${node.te}/${source}`;
      const use = blueprints.get(key) ?? { me: node.me, te: node.te, source, jobs: 0, names: [] };
      use.jobs++;
      if (!use.names.includes(node.name)) use.names.push(node.name);
      blueprints.set(key, use);
    }
    let longest = 0;
    if (node.invention) {
      const step = node.invention;
      for (const side of ['sell', 'buy'] as const) {
        const missing = step.materials.filter((m) => (side === 'sell' ? m.market_sell : m.market_buy) === null).map((m) => m.id);
        invention[side].add(side === 'sell' ? step.cost_sell : step.cost_buy, missing);
      }
      timeScience += step.copy_time + step.time;
      for (const m of step.materials) volumePurchases += m.quantity * step.attempts * m.volume;
      longest = step.copy_time + step.time;
    }
    for (const m of node.materials) longest = Math.max(longest, visit(m, false));
    return node.time + longest;
  };
  const timeCritical = visit(root, true);
  const timeSequential = timeJobs + timeScience;
  const side = (s: PriceSide, rate: number) => {
    const product = timesMoney(root.quantity, unitPrice(root, s));
    const cost = new MoneyTally().add(fees).add(payouts).addTally(purchases[s]).addTally(invention[s]);
    const tradeFees = isKnown(product) ? product * rate : null;
    const profit = sumMoney([product, tradeFees === null ? null : -tradeFees, cost.total === null ? null : -cost.total]);
    return {
      product,
      cost,
      tradeFees,
      profit,
      margin: marginMoney(product, sumMoney([cost.total, tradeFees])),
      perHour: perMoney(profit, timeSequential / 3600),
    };
  };
  const sell = side('sell', trade.salesTax + trade.brokerFee);
  const buy = side('buy', trade.salesTax);
  return {
    product_sell: sell.product,
    product_buy: buy.product,
    cost_sell: sell.cost.total,
    cost_buy: buy.cost.total,
    purchases_sell: purchases.sell.total,
    purchases_buy: purchases.buy.total,
    missing_sell: sell.cost.missing,
    missing_buy: buy.cost.missing,
    fees,
    fee_index: feeIndex,
    fee_tax: feeTax,
    fee_scc: feeScc,
    payouts,
    invention_sell: invention.sell.total,
    invention_buy: invention.buy.total,
    trade_fees_sell: sell.tradeFees,
    trade_fees_buy: buy.tradeFees,
    profit_sell: sell.profit,
    profit_buy: buy.profit,
    margin_sell: sell.margin,
    margin_buy: buy.margin,
    isk_per_hour_sell: sell.perHour,
    isk_per_hour_buy: buy.perHour,
    volume_purchases: volumePurchases,
    volume_product: root.quantity * root.volume,
    time_jobs: timeJobs,
    time_science: timeScience,
    time_sequential: timeSequential,
    time_critical: timeCritical,
    jobs,
    blueprints: [...blueprints.values()],
  };
}

/** Margin = (sell − cost) / sell × 100 (spec §9); null when the product's price or the cost is unknown. */
export function marginPercent(sell: Money, cost: Money): Money {
  return marginMoney(sell, cost);
}

/** A decryptor choice of an invented node with its cost per unit of the node's product. */
export interface DecryptorChoice extends DecryptorOption {
  /**
   * ISK per unit of the node's product with this choice: invention per run × runs, the job fee and
   * payouts, and the node's materials at this choice's ME valued at what each material costs now
   * per unit (built or bought as chosen), divided by the units the runs make; null when a price is unknown.
   */
  per_unit: number | null;
  /** The cheapest choice (the first of equals). */
  cheapest: boolean;
  /** The choice the node uses now. */
  chosen: boolean;
}

/** Every decryptor choice of an invented node, priced per unit at one side; [] for other nodes. */
export function decryptorChoices(node: JobNode, side: PriceSide = 'sell'): DecryptorChoice[] {
  const step = node.invention;
  if (!step || node.runs <= 0) return [];
  const unitCost = node.materials.map((m) => {
    if (m.quantity <= 0) return 0;
    const cost = nodeCost(m, side);
    return cost === null ? null : cost / m.quantity;
  });
  const units = node.runs * node.quantity_per_run;
  const fixed = node.work_price_total + node.pay * node.runs;
  const priced = step.options.map((o) => {
    const materials = sumMoney(o.materials.map((q, i) => timesMoney(q, unitCost[i] ?? 0)));
    const perRun = side === 'sell' ? o.per_run_sell : o.per_run_buy;
    const invention = perRun === null ? null : perRun * node.runs;
    return {
      ...o,
      per_unit: perMoney(sumMoney([materials, fixed, invention]), units),
      cheapest: false,
      chosen: o.decryptor_id === step.decryptor_id,
    };
  });
  let best = -1;
  priced.forEach((o, i) => {
    if (o.per_unit !== null && (best < 0 || o.per_unit < priced[best].per_unit!)) best = i;
  });
  if (best >= 0) priced[best].cheapest = true;
  return priced;
}

/**
 * Keeps the user's build/buy choices and payouts when the tree is recalculated (another ME/TE,
 * decryptor or facility): wherever the new tree has the same item at the same place as the old one.
 */
export function carryChoices(previous: JobNode, next: JobNode): JobNode {
  const visit = (old: JobNode, node: JobNode): JobNode => {
    if (old.id !== node.id) return node;
    const materials = node.materials.map((m, i) => (old.materials[i] ? visit(old.materials[i], m) : m));
    return { ...node, build: canBuild(old) && canBuild(node) ? old.build : node.build, pay: old.pay, materials };
  };
  return recalcTree(visit(previous, next));
}

/**
 * Warnings that depend on the current choices: items without a price on a side (their totals,
 * margins and profits are unknown, not counted as 0) and a product without a price.
 */
export function priceWarnings(root: JobNode): string[] {
  const names = new Map<number, string>();
  const collect = (n: JobNode) => {
    names.set(n.id, n.name);
    for (const m of n.invention?.materials ?? []) names.set(m.id, m.name);
    n.materials.forEach(collect);
  };
  collect(root);
  const list = (ids: number[]) => ids.map((id) => names.get(id) ?? `#${id}`).join(', ');
  const noSell = missingPrices(root, 'sell');
  const noBuy = missingPrices(root, 'buy');
  const out: string[] = [];
  if (noSell.length) out.push(`Нет цены SELL в хабе: ${list(noSell)} — затраты и маржа по SELL неизвестны`);
  if (noBuy.length) out.push(`Нет цены BUY в хабе: ${list(noBuy)} — затраты и маржа по BUY неизвестны`);
  if (root.market_sell === null) out.push(`Нет ордеров на продажу продукта (${root.name}) в хабе: маржа не считается`);
  return out;
}

/** Counts nodes (for limits and the benchmark). */
export function countNodes(root: JobNode): number {
  let n = 1;
  for (const m of root.materials) n += countNodes(m);
  return n;
}
