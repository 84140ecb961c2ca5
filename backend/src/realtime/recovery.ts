import { randomBytes } from 'node:crypto';
import type { Adapter, BroadcastOptions, Session } from 'socket.io-adapter';
import type { Namespace, Socket } from 'socket.io';

/** What Socket.IO's `adapter` option takes: a class, or a function it calls with `new`. */
export type AdapterConstructor = typeof Adapter | ((nsp: Namespace) => Adapter);

/**
 * Socket.IO's connection-state recovery, checked and without a gap. Out of the box a client that
 * reconnects with `auth: { pid, offset }` gets its old rooms, its old `socket.data` and every
 * event it missed delivered inside the Socket constructor, before any middleware runs. A session
 * that ended while the client was away (logout, roles removed, sessions reset, a character
 * unlinked or banned, a corporation blocked) would keep its corporation's rooms and read what it
 * missed, with or without a cookie. And the missed events are read at the handshake: an event
 * published after that read but before the socket joins its rooms (the gateway's middleware reads
 * the session and the corporations in between) would be in neither.
 *
 * So the adapter, whichever it is (in memory, or the Redis Streams adapter on every instance):
 * 1. at the handshake restores nothing: the session it found is held aside on a new socket with a
 *    new id (an id is never handed out twice), no rooms and no missed packets;
 * 2. the gateway's middleware admits the socket exactly like a new one (the handshake's own
 *    cookie, the one session resolver, the one room rule) and decides with `recoveryAllowed`
 *    whether the held session may be given back: only to the same user, when every room it held
 *    is still one of the rooms it gets now. Otherwise the socket starts afresh (`startAfresh`: a
 *    new private id, so the client sees `recovered === false` and refetches what it may read);
 * 3. a recovered socket is announced to its client only once it has everything it missed: its own
 *    packets, the CONNECT packet Socket.IO writes as it connects first, are held back
 *    (`announceAfterReplay`, from the middleware). Once connected on the server, it joins its
 *    rooms with its live packets held back, then the adapter reads the packets after the client's
 *    offset (`replayMissed`) and, in one step, writes them in order, then the held live packets
 *    less those already delivered (same offset), then the CONNECT. Every event of its rooms after
 *    its offset arrives exactly once and in order, whenever it was published, and before the
 *    client's `connect`, as with Socket.IO's own recovery: an event published once the client is
 *    connected comes after all of them. (Announced first, the client connected while the read was
 *    still running; an event it caused then could be published before one the read was waiting
 *    for, and reached it ahead of it.)
 */

/** What the adapter found for a reconnecting client, held until the gateway has checked it. */
export interface HeldRecovery {
  /** The socket id it had (its own room). */
  sid: string;
  pid: string;
  /** The offset of the last packet the client got. */
  offset: string;
  /** Rooms the socket was in when it dropped (its old id included). */
  rooms: string[];
  /** Its `socket.data` then. */
  data: { userId?: string };
}

/** A broadcast packet as the adapter hands it to its sockets (`data`: the event, its arguments, the offset). */
interface BroadcastPacket {
  data: unknown[];
  /** Set for packets that expect acknowledgements (never stored, never recovered). */
  id?: number;
}

/** The two steps every broadcast of socket.io-adapter's `Adapter` takes for its local sockets. */
interface AdapterInternals {
  _encode(packet: BroadcastPacket, packetOpts: unknown): unknown;
  apply(opts: BroadcastOptions, callback: (socket: Socket) => void): void;
}

const HELD = Symbol('heldRecovery');
const RECOVERY = Symbol('checkedRecovery');
type WithHeld = { [HELD]?: HeldRecovery };
type WithRecovery = Adapter & { [RECOVERY]?: CheckedRecovery };

/** A new id of the kind Socket.IO makes (15 random bytes). */
const newId = () => randomBytes(15).toString('base64url');

/** The recovery side of one adapter: reads missed packets again, holds live packets back meanwhile. */
class CheckedRecovery {
  /** Live packets of sockets being recovered, by socket id, in the order they came. */
  private readonly holding = new Map<string, unknown[][]>();
  /** The packet the adapter is broadcasting right now (between `_encode` and `apply`). */
  private broadcasting: BroadcastPacket | null = null;

  constructor(
    private readonly adapter: Adapter,
    private readonly restore: (pid: string, offset: string) => Promise<Session | null>,
  ) {
    // Every broadcast, local or from another instance, ends in `Adapter.broadcast`: `_encode` the
    // packet, then `apply` a write to each local socket. A socket being recovered gets its copy
    // held instead of written.
    const internals = adapter as unknown as AdapterInternals;
    const encode = internals._encode.bind(adapter);
    const apply = internals.apply.bind(adapter);
    internals._encode = (packet, packetOpts) => {
      const encoded = encode(packet, packetOpts);
      this.broadcasting = packet;
      return encoded;
    };
    internals.apply = (opts, callback) => {
      const packet = this.broadcasting;
      this.broadcasting = null;
      if (!packet || packet.id !== undefined || this.holding.size === 0) return apply(opts, callback);
      apply(opts, (socket) => {
        const held = this.holding.get(socket.id);
        if (held) held.push([...packet.data]);
        else callback(socket);
      });
    };
  }

  /**
   * Joins `socket` to `rooms`, reads what it missed since `held.offset` (the adapter's own read,
   * after the join: nothing published from now on can fall between the two), delivers it, then
   * the live packets held meanwhile that were not among them. When the read fails (the offset is
   * gone from the stream), the connection is closed: the client reconnects and starts afresh.
   */
  async replay(socket: Socket, rooms: ReadonlySet<string>, held: HeldRecovery): Promise<void> {
    const live: unknown[][] = [];
    this.holding.set(socket.id, live);
    let missed: unknown[][] | null;
    try {
      if (rooms.size) void socket.join([...rooms]);
      missed = await this.readMissed(held);
    } finally {
      this.holding.delete(socket.id);
    }
    if (!missed) {
      // Never announced: the client sees its connection close and, reconnecting, starts afresh.
      socket.conn.close();
      return;
    }
    // One synchronous step: nothing can be written to the socket in between.
    const delivered = new Set(missed.map(offsetOf));
    for (const packet of missed) writeTo(socket, packet);
    for (const packet of live) if (!delivered.has(offsetOf(packet))) writeTo(socket, packet);
    announce(socket);
  }

  /** The packets after `held.offset` for the rooms it held, read now (the session stored again to be read). */
  async readMissed(held: HeldRecovery): Promise<unknown[][] | null> {
    this.adapter.persistSession({ sid: held.sid, pid: held.pid, rooms: held.rooms, data: held.data });
    const session = await this.restore(held.pid, held.offset).catch(() => null);
    return session ? session.missedPackets : null;
  }
}

/** socket.io-parser's `PacketType.EVENT`. */
const EVENT = 2;

/** How Socket.IO writes a packet to one socket's connection (its CONNECT and acks among them). */
type PacketWriter = (packet: { type: number; data?: unknown }, opts?: object) => void;
type WithWriter = { packet: PacketWriter };
const ANNOUNCE = Symbol('announce');
type Announcing = WithWriter & { [ANNOUNCE]?: () => void };

/**
 * Holds back what is written to `socket` itself (not its broadcasts: those a recovering socket
 * holds while it is replayed) until `announce`: above all the CONNECT packet Socket.IO writes as
 * the socket connects, after the middleware and before `replayMissed` has anything to write.
 */
function holdOwnPackets(socket: Socket): void {
  const s = socket as unknown as Announcing;
  const queued: Parameters<PacketWriter>[] = [];
  s.packet = (...args) => void queued.push(args);
  s[ANNOUNCE] = () => {
    // The prototype's own method again, then what was held, in the order it was written.
    delete (s as Partial<Announcing>).packet;
    delete s[ANNOUNCE];
    for (const args of queued) s.packet(...args);
  };
}

/** Writes what `holdOwnPackets` held (its CONNECT: the client is connected from now on). */
function announce(socket: Socket): void {
  (socket as unknown as Announcing)[ANNOUNCE]?.();
}

/**
 * Writes an event packet (event, arguments, offset) to this socket's connection now, in this
 * order, as Socket.IO itself writes a restored session's missed packets. Not `socket.emit`: with
 * connection-state recovery on, that is a broadcast to the socket's own room through the adapter
 * (with the Redis Streams adapter a write to the stream first, answered later), which would give
 * the packet a second offset and let a live packet overtake it.
 */
function writeTo(socket: Socket, data: unknown[]): void {
  const write = (Object.getPrototypeOf(socket) as WithWriter).packet;
  write.call(socket, { type: EVENT, data });
}

/** A packet's offset: its last argument, a string the adapter appended (undefined for a packet without one). */
function offsetOf(packet: unknown[]): unknown {
  const last = packet[packet.length - 1];
  return typeof last === 'string' ? last : undefined;
}

/** Wraps an adapter so that a restored session restores nothing until the gateway allows it. */
export function withCheckedRecovery(Base: AdapterConstructor): AdapterConstructor {
  // A plain function: Socket.IO calls it with `new` (returning the adapter object is allowed then).
  return function (nsp: Namespace) {
    const adapter = new (Base as new (nsp: Namespace) => Adapter)(nsp) as WithRecovery;
    const restore = adapter.restoreSession.bind(adapter);
    adapter[RECOVERY] = new CheckedRecovery(adapter, restore);
    adapter.restoreSession = async (pid, offset): Promise<Session> => {
      const session = await restore(pid, offset);
      if (!session) return session;
      const held: HeldRecovery = {
        sid: session.sid,
        pid,
        offset,
        rooms: session.rooms,
        data: (session.data ?? {}) as HeldRecovery['data'],
      };
      const data: WithHeld = { [HELD]: held };
      return { sid: newId(), pid: session.pid, rooms: [], data, missedPackets: [] };
    };
    return adapter;
  };
}

/** The recovery side of a namespace's adapter (tests reach `readMissed` through it). */
export function checkedRecoveryOf(adapter: Adapter): CheckedRecovery {
  const recovery = (adapter as WithRecovery)[RECOVERY];
  if (!recovery) throw new Error('the adapter was not made by withCheckedRecovery');
  return recovery;
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
 * would not get now (its old id's room aside).
 */
export function recoveryAllowed(held: HeldRecovery, userId: string | null, rooms: ReadonlySet<string>): boolean {
  if ((held.data.userId ?? null) !== userId) return false;
  return held.rooms.every((room) => room === held.sid || rooms.has(room));
}

/**
 * The socket connects as a new one: a new private session id (sent to the client in the CONNECT
 * packet, so its `recovered` is false and it refetches), nothing of the old session kept. Its id
 * is already a new one (never the old socket's).
 */
export function startAfresh(socket: Socket): void {
  // Socket.IO keeps `pid` private; the same 15 random bytes it generates itself.
  const s = socket as unknown as { pid: string; recovered: boolean };
  s.pid = newId();
  s.recovered = false;
}

/**
 * Called by the middleware for a socket whose held session it gives back: the socket is not
 * announced to its client (no CONNECT) until `replayMissed` has written everything it missed.
 */
export function announceAfterReplay(socket: Socket): void {
  holdOwnPackets(socket);
}

/** Joins a checked, recovered socket to its rooms and gives it every event it missed, then the live ones (see above). */
export function replayMissed(socket: Socket, rooms: ReadonlySet<string>, held: HeldRecovery): Promise<void> {
  return checkedRecoveryOf(socket.nsp.adapter).replay(socket, rooms, held);
}
