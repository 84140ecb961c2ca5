import { randomBytes } from 'node:crypto';
import type { Adapter, Session } from 'socket.io-adapter';
import type { Namespace, Socket } from 'socket.io';

/** What Socket.IO's `adapter` option takes: a class, or a function it calls with `new`. */
export type AdapterConstructor = typeof Adapter | ((nsp: Namespace) => Adapter);

/**
 * Socket.IO's connection-state recovery, checked. Out of the box a client that reconnects with
 * `auth: { pid, offset }` gets its old rooms, its old `socket.data` and every event it missed
 * delivered inside the Socket constructor, before any middleware runs (and with
 * `skipMiddlewares` the middleware never runs). A session that ended while the client was
 * away (logout, roles removed, sessions reset, a character unlinked or banned, a corporation
 * blocked) would keep its corporation's rooms and read what it missed, with or without a cookie.
 *
 * So the adapter, whichever it is (in memory, or the Redis Streams adapter on every instance),
 * restores nothing by itself: the session it found is held aside on the new socket, with no
 * rooms and no missed packets. The gateway's middleware then admits the socket exactly like a
 * new one (the handshake's own cookie, the one session resolver, the one room rule) and decides
 * with `recoveryAllowed` whether the held session may be given back: only to the same user,
 * when every room it held is still one of the rooms it gets now. Otherwise the socket starts
 * afresh (`startAfresh`: a new private id, so the client sees `recovered === false` and
 * refetches what it may read) and the missed packets are dropped.
 */

/** What the adapter found for a reconnecting client, held until the gateway has checked it. */
export interface HeldRecovery {
  /** Rooms the socket was in when it dropped (its own id included). */
  rooms: string[];
  /** Its `socket.data` then. */
  data: { userId?: string };
  /** The events it missed, each `[event, ...args, offset]`, in order. */
  missed: unknown[][];
}

const HELD = Symbol('heldRecovery');
type WithHeld = { [HELD]?: HeldRecovery };

/** Wraps an adapter so that a restored session restores nothing until the gateway allows it. */
export function withCheckedRecovery(Base: AdapterConstructor): AdapterConstructor {
  // A plain function: Socket.IO calls it with `new` (returning the adapter object is allowed then).
  return function (nsp: Namespace) {
    const adapter = new (Base as new (nsp: Namespace) => Adapter)(nsp);
    const restore = adapter.restoreSession.bind(adapter);
    adapter.restoreSession = async (pid, offset): Promise<Session> => {
      const session = await restore(pid, offset);
      if (!session) return session;
      const held: HeldRecovery = {
        rooms: session.rooms,
        data: (session.data ?? {}) as HeldRecovery['data'],
        missed: session.missedPackets,
      };
      const data: WithHeld = { [HELD]: held };
      return { sid: session.sid, pid: session.pid, rooms: [], data, missedPackets: [] };
    };
    return adapter;
  };
}

/** Takes the held session off a socket Socket.IO marked as recovered (null for any other). */
export function takeHeldRecovery(socket: Socket): HeldRecovery | null {
  const data = socket.data as WithHeld | undefined;
  const held = data?.[HELD] ?? null;
  if (data) delete data[HELD];
  return socket.recovered ? held : null;
}

/**
 * Whether a reconnecting socket, admitted now as `userId` (null: no valid session) with `rooms`,
 * may have its held session back: the same user (or a guest again), and no room it held that it
 * would not get now.
 */
export function recoveryAllowed(
  held: HeldRecovery,
  socketId: string,
  userId: string | null,
  rooms: ReadonlySet<string>,
): boolean {
  if ((held.data.userId ?? null) !== userId) return false;
  return held.rooms.every((room) => room === socketId || rooms.has(room));
}

/**
 * The socket connects as a new one: a new private session id (sent to the client in the CONNECT
 * packet, so its `recovered` is false and it refetches), nothing of the old session kept.
 */
export function startAfresh(socket: Socket): void {
  // Socket.IO keeps `pid` private; the same 15 random bytes in base64 it generates itself.
  (socket as unknown as { pid: string }).pid = randomBytes(15).toString('base64');
}

/** Gives a checked socket what it missed, in order (after it joined its rooms, before anything new). */
export function deliverMissed(socket: Socket, missed: readonly unknown[][]): void {
  const emit = socket.emit.bind(socket) as (...packet: unknown[]) => boolean;
  for (const packet of missed) emit(...packet);
}
