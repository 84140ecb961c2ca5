import type { CorpEvent, Project } from '@eve-toolkit/shared-types';

/** Domain events of the corporation area (EventEmitter2); RealtimeListener forwards them to `corp:<id>`. */
export const CORP_EVENTS = {
  projectCreated: 'corp.project-created',
  projectUpdated: 'corp.project-updated',
  projectDeleted: 'corp.project-deleted',
  pingCreated: 'corp.ping-created',
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
export interface PingCreatedEvent {
  corporationId: number;
  event: CorpEvent;
}
export interface BuysChangedEvent {
  corporationId: number;
}
