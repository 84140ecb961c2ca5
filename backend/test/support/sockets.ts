/**
 * Real socket.io clients for integration tests: connect with a test client's session cookie
 * (as a browser would send it with the handshake), wait for events, and prove that something
 * did NOT arrive by waiting for a marker event sent after it (never a sleep).
 */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@eve-toolkit/shared-types';
import type { TestClient } from './client';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** The session cookie a browser would send along with the handshake. */
export async function cookieOf(c: TestClient): Promise<string> {
  const res = await c.get('/auth/get_session');
  if (res.status !== 200) throw new Error(`get_session answered ${res.status}`);
  const jar = (c.agent as unknown as { jar: { getCookies(o: object): { name: string; value: string }[] } }).jar;
  return jar
    .getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false })
    .map((k) => `${k.name}=${k.value}`)
    .join('; ');
}

export function connectSocket(url: string, headers: Record<string, string> = {}): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const s: ClientSocket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, extraHeaders: headers });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => {
      s.close();
      reject(e);
    });
  });
}

/** A socket signed in as the test client's user. */
export async function connectAs(url: string, c: TestClient): Promise<ClientSocket> {
  return connectSocket(url, { cookie: await cookieOf(c) });
}

/**
 * Records every event a socket receives, in order, so a test can wait for one and then assert
 * on everything that came before it. `socket` is the socket it listens on.
 */
export class EventLog {
  readonly events: { name: EventName; payload: unknown }[] = [];
  private waiters: { match: (e: { name: EventName; payload: unknown }) => boolean; resolve: (p: unknown) => void }[] = [];

  constructor(readonly socket: ClientSocket) {
    socket.onAny((name: EventName, payload: unknown) => {
      const e = { name, payload };
      this.events.push(e);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(e)) return true;
        w.resolve(payload);
        return false;
      });
    });
  }

  /**
   * The first event `name` (already received or next) for which `where` holds. Waits as long as
   * the test may run (its timeout is the hang bound: a 15 s bound of its own was a window a busy
   * machine could miss); `timeoutMs` gives a wait its own bound.
   */
  next<E extends EventName>(name: E, where: (p: Payload<E>) => boolean = () => true, timeoutMs?: number): Promise<Payload<E>> {
    const match = (e: { name: EventName; payload: unknown }) => e.name === name && where(e.payload as Payload<E>);
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen.payload as Payload<E>);
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs === undefined ? undefined : setTimeout(() => reject(new Error(`no ${name} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p as Payload<E>);
        },
      });
    });
  }

  names(): EventName[] {
    return this.events.map((e) => e.name);
  }
}
