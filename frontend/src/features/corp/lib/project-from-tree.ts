import { canBuild, isBuilt, shoppingList, type AddProjectRequest, type JobNode } from '@eve-toolkit/shared-types';

const cents = (v: number) => Math.round(v * 100) / 100;

/** The pay the new-project form offers for every build job without its own: ISK per run or per unit made. */
export interface PayRate {
  /** null: no rate entered. */
  amount: number | null;
  per: 'run' | 'unit';
}
export const NO_PAY_RATE: PayRate = { amount: null, per: 'run' };

/** A job's pay per run: the node's own payout when set, else the form's rate (per unit × units a run makes); null: none. */
export function jobPay(node: JobNode, rate: PayRate): number | null {
  if (node.pay > 0) return cents(node.pay);
  if (rate.amount === null || !(rate.amount > 0)) return null;
  return cents(rate.per === 'run' ? rate.amount : rate.amount * node.quantity_per_run);
}

/**
 * What /corp/new_project sends from the calculator's tree: every built node (the root always,
 * when it can be built) as a job of product, blueprint and runs, summed per product and
 * blueprint, with its pay per run (its own payout, else the form's rate; null when neither: the
 * job is published without pay, never at 0); and everything bought (the shopping list under the
 * current choices) with the hub's BUY price as the pay per unit, rounded to 0.01 ISK, or null when
 * the hub has no BUY price for it.
 */
export function projectFromTree(
  tree: JobNode,
  name: string,
  desc: string,
  rate: PayRate = NO_PAY_RATE,
): Pick<AddProjectRequest, 'jobs' | 'materials' | 'name' | 'desc'> {
  const jobs = new Map<string, { id: number; blueprint_id: number; runs: number; pay: number | null }>();
  const visit = (node: JobNode, isRoot: boolean) => {
    if (!(isBuilt(node) || (isRoot && canBuild(node))) || node.blueprint_id === null) return;
    const k = `${node.id}:${node.blueprint_id}`;
    const prev = jobs.get(k);
    const pay = jobPay(node, rate);
    if (prev) {
      const higher = prev.pay === null ? pay : pay === null ? prev.pay : Math.max(prev.pay, pay);
      jobs.set(k, { ...prev, runs: prev.runs + node.runs, pay: higher });
    } else jobs.set(k, { id: node.id, blueprint_id: node.blueprint_id, runs: node.runs, pay });
    for (const m of node.materials) visit(m, false);
  };
  visit(tree, true);
  const materials = shoppingList(tree).map((i) => ({
    id: i.id,
    quantity: i.quantity,
    pay: i.market_buy === null ? null : cents(i.market_buy),
  }));
  return { name: name.trim(), desc: desc.trim(), jobs: [...jobs.values()].filter((j) => j.runs > 0), materials };
}
