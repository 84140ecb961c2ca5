import type { ClientConfigResponse } from '@eve-toolkit/shared-types';

/** Adds to GET api/client_config: the demo module provides one in demo mode (its public accounts). */
export abstract class ClientConfigExtra {
  abstract extra(): Partial<ClientConfigResponse>;
}
