/**
 * The industry calculator's tree on the largest blueprint in the data: every titan is built with
 * reactions on and the one with the most nodes is timed. Prints the node count, the time to build
 * the full priced tree (quantities, times, job fees, totals: `buildJobTree`) beside a same-run
 * baseline that walks the same tree computing only runs and material quantities (no prices, fees
 * or totals), and the page's recalculations on it (cheapest choice, summary, shopping list).
 * Target: the priced tree under 50 ms on the 2-core machine.
 *
 *   npx tsx bench/industry.bench.ts [runs=30]
 */
import {
  ALL_SKILLS_V,
  cheapestChoice,
  materialQuantity,
  nodeModifiers,
  runsFor,
  shoppingList,
  summarize,
  type SecurityClass,
} from '@eve-toolkit/shared-types';
import { facilitySetup } from '../backend/src/industry/domain/facility';
import { buildJobTree, type TreeBlueprint, type TreeCatalog, type TreeSettings } from '../backend/src/industry/domain/job-tree';
import { loadSdeIndustry } from '../backend/src/industry/testing/sde-catalog';

const RUNS = Number(process.argv[2] ?? 30);
const TITAN_GROUP = 30;

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

async function main(): Promise<void> {
  const loadStart = Date.now();
  const sde = await loadSdeIndustry();
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
    secClass,
    skills: ALL_SKILLS_V,
    costIndex: { manufacturing: 0.05, reaction: 0.03 },
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
  const root = sde.treeBlueprint(best.bp);
  const name = sde.types.get(root.product.typeId)?.nameEn ?? String(root.product.typeId);

  // Warm-up, then RUNS timed runs of each, interleaved so both see the same machine load.
  for (let i = 0; i < 5; i++) {
    buildJobTree(root, 1, catalog, settings);
    walk(root, 1, catalog, settings, secClass);
  }
  const priced: number[] = [];
  const baseline: number[] = [];
  const page: number[] = [];
  let walked = 0;
  let tree = buildJobTree(root, 1, catalog, settings).root;
  for (let i = 0; i < RUNS; i++) {
    priced.push(time(() => (tree = buildJobTree(root, 1, catalog, settings).root)));
    baseline.push(time(() => (walked = walk(root, 1, catalog, settings, secClass))));
    page.push(
      time(() => {
        const cheap = cheapestChoice(tree, 'sell');
        summarize(cheap);
        shoppingList(cheap);
      }),
    );
  }
  const p = stats(priced);
  const b = stats(baseline);
  const g = stats(page);
  console.log(`## industry (${RUNS} runs after 5 warm-up, median / p95 / min)`);
  console.log(`SDE loaded in memory: ${(loadMs / 1000).toFixed(1)} s (not timed below)`);
  console.log(`titans built: ${titans.length}; largest: ${name} (blueprint ${best.bp.id}), reactions on`);
  console.log(`nodes: ${best.nodes} (baseline walk: ${walked})`);
  console.log(
    `priced tree (buildJobTree):     ${p.median.toFixed(2)} / ${p.p95.toFixed(2)} / ${p.min.toFixed(2)} ms   (target < 50 ms)`,
  );
  console.log(`baseline walk (no pricing):     ${b.median.toFixed(2)} / ${b.p95.toFixed(2)} / ${b.min.toFixed(2)} ms`);
  console.log(`ratio priced / baseline:        ${(p.median / b.median).toFixed(2)}x`);
  console.log(`page maths (cheapest+summary+list): ${g.median.toFixed(2)} / ${g.p95.toFixed(2)} / ${g.min.toFixed(2)} ms`);
  if (p.median >= 50) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
