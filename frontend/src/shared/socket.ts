import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@eve-toolkit/shared-types';
import { apiUrl } from './api-client';

/**
 * One typed Socket.IO connection for the whole app, created on first use (so pages without
 * realtime never load or open it; socket.io-client itself is a lazy chunk, after the first
 * render). It talks to the configured API base. The server decides which rooms it joins.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let loading: Promise<AppSocket> | null = null;

/** The API base's origin and path prefix ('/' = the SPA's own origin). */
export function socketTarget(base = apiUrl('')): { url: string | undefined; path: string } {
  if (!/^https?:\/\//.test(base)) return { url: undefined, path: `${base.replace(/\/$/, '')}/socket.io` };
  const u = new URL(base);
  return { url: u.origin, path: `${u.pathname.replace(/\/$/, '')}/socket.io` };
}

export function loadSocket(): Promise<AppSocket> {
  if (socket) return Promise.resolve(socket);
  loading ??= import('socket.io-client').then(({ io }) => {
    const { url, path } = socketTarget();
    const options = { path, withCredentials: true, autoConnect: false, transports: ['websocket', 'polling'] };
    socket ??= url ? io(url, options) : io(options);
    return socket;
  });
  return loading;
}

/** Reconnect after login/logout so the server re-reads the session and rooms. */
export function resetSocket(): void {
  if (socket) {
    socket.disconnect();
    socket.connect();
  }
}

/** For tests: inject a fake socket. */
export function setSocketForTests(fake: AppSocket | null): void {
  socket = fake;
  loading = null;
}

type EventName = keyof ServerToClientEvents;

/**
 * Subscribes to one server event while the component is mounted. The latest handler is
 * always called without resubscribing. `onReconnect` fires after a reconnect that did not
 * recover state, which is when callers should refetch.
 */
export function useSocketEvent<E extends EventName>(
  event: E,
  handler: ServerToClientEvents[E],
  options: { onReconnect?: () => void } = {},
): void {
  const handlerRef = useRef(handler);
  const reconnectRef = useRef(options.onReconnect);
  useEffect(() => {
    handlerRef.current = handler;
    reconnectRef.current = options.onReconnect;
  });

  useEffect(() => {
    let detach: (() => void) | null = null;
    let active = true;
    const subscribe = (s: AppSocket) => {
      const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
        (handlerRef.current as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args)) as ServerToClientEvents[E];
      let connectedBefore = s.connected;
      const onConnect = () => {
        if (connectedBefore && !s.recovered) reconnectRef.current?.();
        connectedBefore = true;
      };
      // Typed maps make `on` generic over the event name; the casts keep one listener per event.
      (s.on as (ev: E, l: ServerToClientEvents[E]) => void)(event, listener);
      s.on('connect', onConnect);
      if (!s.connected) s.connect();
      return () => {
        (s.off as (ev: E, l: ServerToClientEvents[E]) => void)(event, listener);
        s.off('connect', onConnect);
      };
    };
    if (socket) detach = subscribe(socket);
    else
      void loadSocket().then((s) => {
        if (active) detach = subscribe(s);
      });
    return () => {
      active = false;
      detach?.();
    };
  }, [event]);
}
