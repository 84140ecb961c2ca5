import type { Role } from './enums';
import type { AdminServerToClientEvents, RoleRequestServerToClientEvents } from './api/admin';
import type { MarketServerToClientEvents } from './api/market';
import type { CorpServerToClientEvents } from './corp/socket';
import type { SrpServerToClientEvents } from './srp/socket';

/**
 * Typed Socket.IO event maps. Every emit and listener uses these; no string literals at call
 * sites. Each feature declares its own socket events beside its contract; this joins them.
 */
export interface ServerToClientEvents
  extends
    MarketServerToClientEvents,
    CorpServerToClientEvents,
    SrpServerToClientEvents,
    RoleRequestServerToClientEvents,
    AdminServerToClientEvents {}

export type ClientToServerEvents = Record<string, never>;

/** What the server knows about a socket, from its handshake's session (never from the client). */
export interface SocketData {
  userId?: string;
  username?: string;
  roles?: Role[];
  /** The handshake's session id (an admin's sessions reset disconnects every other session's sockets). */
  sessionId?: string;
  /** Corporations whose rooms the socket is in (recomputed by the server when access changes). */
  corporationIds?: number[];
}
