import type { ServerToClientEvents } from '@eve-toolkit/shared-types';

type SocketEventName = keyof ServerToClientEvents;

/** One socket message: to a room (names from `Rooms`) or to every connected client (`to: null`). */
export type SocketMessage = {
  [E in SocketEventName]: { to: string | null; event: E; payload: Parameters<ServerToClientEvents[E]>[0] };
}[SocketEventName];

/**
 * What a domain event means for the sockets: messages to send, or a change of who may hear what
 * (a user's sockets leave, a user's rooms are recomputed, every other session's sockets go).
 */
export type SocketAction =
  SocketMessage | { disconnectUser: string } | { refreshAccess: string } | { disconnectOtherSessions: string };

/** A feature's mapping: its domain event name -> what that event means for the sockets. */
export type SocketEventMap = Record<string, (event: never) => SocketAction | readonly SocketAction[]>;

/** A message to one room. */
export function toRoom<E extends SocketEventName>(
  room: string,
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
): SocketMessage {
  return { to: room, event, payload } as SocketMessage;
}

/** A message to every connected client (public data only). */
export function toEveryone<E extends SocketEventName>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]): SocketMessage {
  return { to: null, event, payload } as SocketMessage;
}

/**
 * A feature's socket events, declared next to its domain events (`<feature>.socket-events.ts`)
 * and listed in its module's providers. The realtime module finds every provider of this kind
 * and forwards the mapped domain events to the gateway; it knows no feature.
 */
export abstract class SocketEvents {
  abstract readonly events: SocketEventMap;
}
