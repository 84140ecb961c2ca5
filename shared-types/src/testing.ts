/**
 * Builders of the contract's types for tests (shared-types, backend and frontend tests alike);
 * not part of the package build. Import as `@eve-toolkit/shared-types/testing` (frontend) or
 * relatively (shared-types' own specs).
 */
import type { JobNode } from './industry/tree';

/**
 * A job tree node with everything a test does not care about at neutral values. A node with
 * `materials` is a built one by default (manufacturing, its runs = its quantity, blueprint id =
 * type id + 1000); a node without is a plain purchase. Name defaults to `Item <id>`.
 */
export function jobNode(p: Partial<JobNode> & Pick<JobNode, 'id' | 'quantity'>): JobNode {
  const buildable = (p.materials?.length ?? 0) > 0;
  const name = p.name ?? `Item ${p.id}`;
  return {
    name,
    name_en: name,
    icon: '',
    me: null,
    te: null,
    blueprint_source: buildable ? 'owned' : null,
    inventable: false,
    invention: null,
    quantity_per_run: 1,
    runs: buildable ? p.quantity : 0,
    activity_id: buildable ? 1 : null,
    blueprint_id: buildable ? p.id + 1000 : null,
    adjusted_price: null,
    market_sell: null,
    market_buy: null,
    price_source: null,
    time_for_run: 0,
    time: 0,
    volume: 1,
    group_id: 1,
    materials: [],
    build: buildable,
    pay: 0,
    work_price_total: 0,
    work_price_per_run: 0,
    work_price_parts: { eiv: 0, index: 0, tax: 0, scc: 0 },
    corp_have: 0,
    corp_buy_price: null,
    materials_total_sell: 0,
    materials_total_buy: 0,
    trash: 0,
    ...p,
  };
}
