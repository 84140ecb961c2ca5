/**
 * Builders of the contract's types for tests (shared-types, backend and frontend tests alike);
 * not part of the package build. Import as `@eve-toolkit/shared-types/testing` (frontend) or
 * relatively (shared-types' own specs).
 */
import { boughtNode, type JobNode } from './industry/tree';

/**
 * A job tree node with everything a test does not care about at neutral values. A node with
 * `materials` is a built one by default (manufacturing, its runs = its quantity, blueprint id =
 * type id + 1000); a node without is a plain purchase. Name defaults to `Item <id>`.
 */
export function jobNode(p: Partial<JobNode> & Pick<JobNode, 'id' | 'quantity'>): JobNode {
  const buildable = (p.materials?.length ?? 0) > 0;
  const name = p.name ?? `Item ${p.id}`;
  const bought = boughtNode({
    id: p.id,
    name,
    name_en: name,
    icon: '',
    quantity: p.quantity,
    adjusted_price: null,
    market_sell: null,
    market_buy: null,
    price_source: null,
    volume: 1,
    group_id: 1,
  });
  const built = { blueprint_source: 'owned', runs: p.quantity, activity_id: 1, blueprint_id: p.id + 1000, build: true } as const;
  return { ...bought, ...(buildable ? built : {}), ...p };
}
