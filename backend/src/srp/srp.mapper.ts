import type { SrpRequest } from '@eve-toolkit/shared-types';
import type { SrpRequestDoc } from './srp.schema';

export function toSrpRequest(d: SrpRequestDoc): SrpRequest {
  return {
    id: String(d._id),
    killmail_id: d.killmail_id,
    killmail_hash: d.killmail_hash,
    status: d.status,
    time: new Date(d.time).toISOString(),
    character: d.character,
    ship: d.ship,
    system: d.system,
    filed_by: d.filed_by,
    loss_value: d.loss_value ?? null,
    missing: d.missing ?? [],
    priced_at: { hub: d.hub_id, source: d.price_source },
    insurance: d.insurance ?? null,
    suggested_payout: d.suggested_payout ?? null,
    payout: d.payout ?? null,
    paid: d.paid ? { ...d.paid, at: new Date(d.paid.at).toISOString() } : null,
    ping: d.ping ?? null,
    doctrine_match: d.doctrine_match ?? null,
    comment: d.comment ?? '',
    decision: d.decision ? { ...d.decision, at: new Date(d.decision.at).toISOString() } : null,
    created_at: new Date(d.created_at).toISOString(),
    rev: d.rev ?? 0,
  };
}
