import type { Role } from './enums';
/**
 * Typed Socket.IO event maps. Every emit and listener uses these; no string literals at call
 * sites. Later features add their events here.
 */
export interface ServerToClientEvents {
  'market:prices-updated': (payload: { hubId: number; updatedAt: string }) => void;
}

export type ClientToServerEvents = Record<string, never>;

/** What the server knows about a socket, from its handshake's session (never from the client). */
export interface SocketData {
  userId?: string;
  username?: string;
  roles?: Role[];
}
