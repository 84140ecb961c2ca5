import type { AdminCorporation } from '@eve-toolkit/shared-types';
import type { CorporationDoc } from '../corporations/corporation.schema';

/** Spec §3 Corporation (admin): id, name, tag_id (the type, as the original named it), corp_type. */
export function toAdminCorporation(doc: CorporationDoc): AdminCorporation {
  return { id: doc._id, name: doc.name, tag_id: doc.corp_type, corp_type: doc.corp_type };
}
