import type { Doctrine } from '@eve-toolkit/shared-types';

/** Domain events of the doctrines (EventEmitter2); `doctrines.socket-events.ts` sends them to `corp:<id>`. */
export const DOCTRINE_EVENTS = {
  saved: 'corp.doctrine-saved',
  deleted: 'corp.doctrine-deleted',
} as const;

/** Added or edited: the doctrine as every member sees it (priced at every hub, `price` at Jita). */
export interface DoctrineSavedEvent {
  corporationId: number;
  doctrine: Doctrine;
}
export interface DoctrineDeletedEvent {
  corporationId: number;
  doctrineId: string;
}
