/**
 * Typed Socket.IO event maps. Every emit and listener uses these; no string literals at call
 * sites. Later features add their events here.
 */
export interface ServerToClientEvents {
  'market:prices-updated': (payload: { hubId: number; updatedAt: string }) => void;
}

export type ClientToServerEvents = Record<string, never>;

export interface SocketData {
  userId?: string;
  roles?: string[];
}
