import type { HealthResponse } from '@eve-toolkit/shared-types';

/**
 * What `api/health` asks of the features (docs/modules.md, rule 3): the contracts live here, in
 * the shared layer, so a feature provides one without importing the health module, and health
 * imports the features' modules to receive them.
 */

/** Game data registers what it knows about the SDE here. */
export abstract class SdeInfoProvider {
  abstract current(): Promise<HealthResponse['sde']>;
}

/** The market module reports its ESI refreshes here (what was last stored, the last failure). */
export abstract class EsiSyncInfoProvider {
  abstract current(): Promise<HealthResponse['esi']>;
}
