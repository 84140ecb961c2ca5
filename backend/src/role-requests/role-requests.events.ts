import type { Role } from '@eve-toolkit/shared-types';
import type { RoleRequestDoc } from './role-request.schema';

/** Domain events of role requests (EventEmitter2); the realtime listener maps them to sockets. */
export const ROLE_REQUEST_EVENTS = {
  created: 'role-request.created',
  decided: 'role-request.decided',
} as const;

export interface RoleRequestCreatedEvent {
  request: RoleRequestDoc;
}

export interface RoleRequestDecidedEvent {
  userId: string;
  role: Role;
  granted: boolean;
  requestId: string;
}
