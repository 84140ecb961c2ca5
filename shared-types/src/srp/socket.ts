import type { SrpStatus } from './api';

/**
 * SRP's socket events, to the corporation's room (`corp:<id>`). They carry no pilot's data (a
 * pilot may read only their own requests): the page refetches `srp_requests`, which the server
 * filters for the reader.
 */
export interface SrpServerToClientEvents {
  'srp:request-changed': (payload: { corporationId: number; id: string; status: SrpStatus; rev: number }) => void;
}
