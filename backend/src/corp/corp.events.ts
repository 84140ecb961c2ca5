import type { Ping, Project, RsvpAnswer } from '@eve-toolkit/shared-types';

/** Domain events of the corporation area (EventEmitter2); RealtimeListener forwards them to `corp:<id>`. */
export const CORP_EVENTS = {
  projectCreated: 'corp.project-created',
  projectUpdated: 'corp.project-updated',
  projectDeleted: 'corp.project-deleted',
  pingCreated: 'corp.ping-created',
  pingUpdated: 'corp.ping-updated',
  pingCancelled: 'corp.ping-cancelled',
  buysChanged: 'corp.buys-changed',
} as const;

export interface ProjectCreatedEvent {
  corporationId: number;
  project: Project;
}
export interface ProjectUpdatedEvent {
  corporationId: number;
  project: Project;
  reason: 'status' | 'jobs';
}
export interface ProjectDeletedEvent {
  corporationId: number;
  projectId: string;
}
/**
 * Ping events carry the full ping as every member sees it (`rsvp.mine` null, `can_edit` false)
 * and its corporation.
 */
export interface PingCreatedEvent {
  corporationId: number;
  ping: Ping;
}
/**
 * A ping was edited (`edit`: its fields changed), answered (`rsvp`: only the counts changed) or
 * cancelled (`cancel`: marked cancelled; `corp.ping-cancelled` follows for the announcements).
 */
export interface PingUpdatedEvent {
  corporationId: number;
  ping: Ping;
  reason: 'edit' | 'rsvp' | 'cancel';
  /** For `rsvp`: whose answer it was (their own sockets learn it is theirs). */
  answer?: { userId: string; answer: RsvpAnswer };
}
/** A ping was cancelled; `ping` is the ping marked cancelled (who, when). */
export interface PingCancelledEvent {
  corporationId: number;
  ping: Ping;
}
export interface BuysChangedEvent {
  corporationId: number;
}
