/**
 * The industry calculator's tree, timed on two blueprints of the real game data:
 *
 * - the largest titan (every titan is built with reactions on and the one with the most nodes is
 *   kept): target under 50 ms;
 * - a Golem (T2 marauder) with reactions on and invention priced on every invented node (every
 *   decryptor option: chance, attempts, invention and T1 copy fees, datacores, the node's materials
 *   at each option's ME): target under 20 ms.
 *
 * For each it prints the node count, the time to build the full priced tree (`buildJobTree`:
 * quantities, times, job fees, invention, totals) beside a same-run baseline that walks the same
 * tree computing only runs and material quantities (no prices, fees, invention or totals), and the
 * page's recalculations on it (cheapest choice, summary with trade fees, shopping list, decryptor
 * choices).
 *
 *   npx tsx bench/industry.bench.ts [runs=30]
 *
 * Reads the full SDE (titans are not in the tests' subset): SDE_PATH, else the team's data folder
 * `../shared/eve-data/sde-jsonl` beside the repository.
 */
import { resolve } from 'node:path';
import {
  ALL_SKILLS_V,
  brokerFeeRate,
  cheapestChoice,
  decryptorChoices,
  materialQuantity,
  nodeModifiers,
  runsFor,
  salesTaxRate,
  shoppingList,
  summarize,
  type JobNode,
  type SecurityClass,
} from '@eve-toolkit/shared-types';
import { facilitySetup } from '../backend/src/industry/domain/facility';
import { buildJobTree, type TreeBlueprint, type TreeCatalog, type TreeSettings } from '../backend/src/industry/domain/job-tree';
import { loadSdeIndustry } from '../backend/src/industry/testing/sde-catalog';

const RUNS = Number(process.argv[2] ?? 30);
const TITAN_GROUP = 30;
const GOLEM_BLUEPRINT = 28711;
const TRADE = { salesTax: salesTaxRate(5), brokerFee: brokerFeeRate(5) };

/** A stable made-up price per type (the bench measures work, not market data). */
function price(typeId: number): number {
  return ((typeId * 2654435761) % 1_000_000) / 100 + 1;
}

function stats(ms: number[]): { median: number; p95: number; min: number } {
  const s = [...ms].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)], min: s[0] };
}

function time(fn: () => void): number {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

/** Baseline: the same recursion over the same catalogue, runs and material quantities only. */
function walk(
  bp: TreeBlueprint,
  quantity: number,
  catalog: TreeCatalog,
  settings: TreeSettings,
  secClass: SecurityClass,
): number {
  const type = catalog.type(bp.product.typeId);
  const runs = runsFor(quantity, bp.product.quantity);
  const mods = nodeModifiers({
    activity: bp.activity,
    productGroupId: type?.groupId ?? 0,
    me: settings.me,
    te: settings.te,
    facility: bp.activity === 'reaction' ? settings.reaction : settings.manufacturing,
    secClass,
    skills: settings.skills,
  });
  let nodes = 1;
  for (const m of bp.materials) {
    const q = materialQuantity(runs, m.quantity, mods.material);
    const sub = catalog.blueprintFor(m.typeId);
    nodes += sub ? walk(sub, q, catalog, settings, secClass) : 1;
  }
  return nodes;
}

/** Every invented node of a tree. */
function invented(node: JobNode, out: JobNode[] = []): JobNode[] {
  if (node.invention) out.push(node);
  for (const m of node.materials) invented(m, out);
  return out;
}

interface Timed {
  label: string;
  target: number;
  nodes: number;
  walked: number;
  inventedNodes: number;
  options: number;
  priced: ReturnType<typeof stats>;
  baseline: ReturnType<typeof stats>;
  page: ReturnType<typeof stats>;
}

/** Warm-up, then RUNS timed runs of the priced tree, the baseline walk and the page maths, interleaved. */
function timeTree(label: string, target: number, root: TreeBlueprint, catalog: TreeCatalog, settings: TreeSettings): Timed {
  for (let i = 0; i < 5; i++) {
    buildJobTree(root, 1, catalog, settings);
    walk(root, 1, catalog, settings, settings.secClass);
  }
  const priced: number[] = [];
  const baseline: number[] = [];
  const page: number[] = [];
  let walked = 0;
  let built = buildJobTree(root, 1, catalog, settings);
  for (let i = 0; i < RUNS; i++) {
    priced.push(time(() => (built = buildJobTree(root, 1, catalog, settings))));
    baseline.push(time(() => (walked = walk(root, 1, catalog, settings, settings.secClass))));
    const tree = built.root;
    page.push(
      time(() => {
        const cheap = cheapestChoice(tree, 'sell');
        summarize(cheap, TRADE);
        shoppingList(cheap);
        for (const n of invented(cheap)) decryptorChoices(n, 'sell');
      }),
    );
  }
  const inv = invented(built.root);
  return {
    label,
    target,
    nodes: built.nodes,
    walked,
    inventedNodes: inv.length,
    options: inv.reduce((a, n) => a + n.invention!.options.length, 0),
    priced: stats(priced),
    baseline: stats(baseline),
    page: stats(page),
  };
}

function print(t: Timed): void {
  const f = (s: ReturnType<typeof stats>) => `${s.median.toFixed(2)} / ${s.p95.toFixed(2)} / ${s.min.toFixed(2)} ms`;
  console.log(`### ${t.label}`);
  console.log(
    `nodes: ${t.nodes} (baseline walk: ${t.walked}); invented nodes: ${t.inventedNodes} (${t.options} decryptor options priced)`,
  );
  console.log(`priced tree (buildJobTree):         ${f(t.priced)}   (target < ${t.target} ms)`);
  console.log(`baseline walk (no pricing):         ${f(t.baseline)}`);
  console.log(`ratio priced / baseline:            ${(t.priced.median / t.baseline.median).toFixed(2)}x`);
  console.log(`page maths (cheapest+summary+list+decryptors): ${f(t.page)}`);
}

async function main(): Promise<void> {
  const loadStart = Date.now();
  const sde = await loadSdeIndustry(process.env.SDE_PATH ?? resolve(__dirname, '..', '..', 'shared', 'eve-data', 'sde-jsonl'));
  const loadMs = Date.now() - loadStart;
  const catalog = sde.catalog({
    reactions: true,
    adjusted: price,
    hub: (id) => ({ sell: price(id) * 1.1, buy: price(id) * 0.9 }),
  });
  const secClass: SecurityClass = 0;
  const settings: TreeSettings = {
    me: 10,
    te: 20,
    facilityTax: 0.01,
    manufacturing: facilitySetup(sde.structures.get(35827)!, [sde.rigs.get(37181)!, sde.rigs.get(45548)!]),
    reaction: facilitySetup(sde.structures.get(35836)!, [sde.rigs.get(46497)!]),
    // a Sotiyo with the XL laboratory rig II for copies and invention
    science: facilitySetup(sde.structures.get(35827)!, [sde.rigs.get(37182)!]),
    secClass,
    skills: ALL_SKILLS_V,
    costIndex: { manufacturing: 0.05, reaction: 0.03, invention: 0.06, copying: 0.04 },
    decryptors: sde.decryptors,
  };

  // The largest titan tree, reactions on.
  const titans = [...sde.blueprints.values()].filter(
    (bp) => bp.published && bp.activity === 'manufacturing' && sde.types.get(bp.products[0].typeId)?.groupId === TITAN_GROUP,
  );
  let best = { bp: titans[0], nodes: 0 };
  for (const bp of titans) {
    const nodes = buildJobTree(sde.treeBlueprint(bp), 1, catalog, settings).nodes;
    if (nodes > best.nodes) best = { bp, nodes };
  }
  const titanRoot = sde.treeBlueprint(best.bp);
  const titanName = sde.types.get(titanRoot.product.typeId)?.nameEn ?? String(titanRoot.product.typeId);
  const golemRoot = sde.treeBlueprint(sde.blueprints.get(GOLEM_BLUEPRINT)!);

  const results = [
    timeTree(
      `${titanName} (blueprint ${best.bp.id}), the largest of ${titans.length} titans, reactions on`,
      50,
      titanRoot,
      catalog,
      settings,
    ),
    timeTree(`Golem (blueprint ${GOLEM_BLUEPRINT}), reactions on, invention priced`, 20, golemRoot, catalog, settings),
  ];
  console.log(`## industry (${RUNS} runs after 5 warm-up, median / p95 / min)`);
  console.log(`SDE loaded in memory: ${(loadMs / 1000).toFixed(1)} s (not timed below)`);
  for (const r of results) print(r);
  if (results.some((r) => r.priced.median >= r.target)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
