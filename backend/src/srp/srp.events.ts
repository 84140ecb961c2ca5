import type { SrpRequest } from '@eve-toolkit/shared-types';

/** Domain events of ship replacement (EventEmitter2). */
export const SRP_EVENTS = {
  /** Filed, decided, paid or linked to another ping. */
  requestChanged: 'srp.request-changed',
} as const;

export interface SrpRequestChangedEvent {
  corporationId: number;
  request: SrpRequest;
  reason: 'filed' | 'decided' | 'paid' | 'relinked';
}
