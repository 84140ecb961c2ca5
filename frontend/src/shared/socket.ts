import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@eve-toolkit/shared-types';

/**
 * One typed Socket.IO connection for the whole app, created on first use (so pages without
 * realtime never load or open it). The server decides which rooms the socket joins.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

export function getSocket(): AppSocket {
  if (!socket) {
    socket = io({ path: '/socket.io', withCredentials: true, autoConnect: false, transports: ['websocket', 'polling'] });
  }
  return socket;
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
    const s = getSocket();
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
  }, [event]);
}
