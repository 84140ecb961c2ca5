import type { Role } from './enums';
import type { AdminRoleRequest } from './api/admin';
/**
 * Typed Socket.IO event maps. Every emit and listener uses these; no string literals at call
 * sites. Later features add their events here.
 */
export interface ServerToClientEvents {
  'market:prices-updated': (payload: { hubId: number; updatedAt: string }) => void;
  /** Admin area, to `admins`: a new role request. */
  'roles:request-created': (payload: { request: AdminRoleRequest }) => void;
  /** To the requester (`user:<id>`): an admin granted or refused the request. */
  'roles:request-decided': (payload: { requestId: string; role: Role; granted: boolean }) => void;
}

export type ClientToServerEvents = Record<string, never>;

/** What the server knows about a socket, from its handshake's session (never from the client). */
export interface SocketData {
  userId?: string;
  username?: string;
  roles?: Role[];
}
