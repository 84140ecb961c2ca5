import { canBuild, isBuilt, shoppingList, type AddProjectRequest, type JobNode } from '@eve-toolkit/shared-types';

const cents = (v: number) => Math.round(v * 100) / 100;

/**
 * What /corp/new_project sends from the calculator's tree: every built node (the root always,
 * when it can be built) as a job of product, blueprint and runs, summed per product and
 * blueprint, with its payout per run; and everything bought (the shopping list under the
 * current choices) with the hub's BUY price as the pay per unit, rounded to 0.01 ISK.
 */
export function projectFromTree(
  tree: JobNode,
  name: string,
  desc: string,
): Pick<AddProjectRequest, 'jobs' | 'materials' | 'name' | 'desc'> {
  const jobs = new Map<string, { id: number; blueprint_id: number; runs: number; pay: number }>();
  const visit = (node: JobNode, isRoot: boolean) => {
    if (!(isBuilt(node) || (isRoot && canBuild(node))) || node.blueprint_id === null) return;
    const k = `${node.id}:${node.blueprint_id}`;
    const prev = jobs.get(k);
    if (prev) jobs.set(k, { ...prev, runs: prev.runs + node.runs, pay: Math.max(prev.pay, node.pay) });
    else jobs.set(k, { id: node.id, blueprint_id: node.blueprint_id, runs: node.runs, pay: cents(node.pay) });
    for (const m of node.materials) visit(m, false);
  };
  visit(tree, true);
  const materials = shoppingList(tree).map((i) => ({ id: i.id, quantity: i.quantity, pay: cents(i.market_buy ?? 0) }));
  return { name: name.trim(), desc: desc.trim(), jobs: [...jobs.values()].filter((j) => j.runs > 0), materials };
}
