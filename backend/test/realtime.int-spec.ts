import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { RealtimeGateway } from '../src/realtime/realtime.gateway';
import { createTestApp } from './app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function connect(url: string): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const socket: ClientSocket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('realtime gateway', () => {
  let running: RunningApp;
  beforeAll(async () => {
    running = await createTestApp();
  });
  afterAll(() => running.close());

  it('delivers a typed broadcast to connected clients over Socket.IO', async () => {
    const a = await connect(running.url);
    const b = await connect(running.url);
    try {
      const received = Promise.all(
        [a, b].map((s) => new Promise((resolve) => s.once('market:prices-updated', (payload) => resolve(payload)))),
      );
      running.app.get(RealtimeGateway).emitToAll('market:prices-updated', { hubId: 2, updatedAt: '2026-11-21T10:00:00.000Z' });
      expect(await received).toEqual([
        { hubId: 2, updatedAt: '2026-11-21T10:00:00.000Z' },
        { hubId: 2, updatedAt: '2026-11-21T10:00:00.000Z' },
      ]);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });

  it('emits to a room only reach sockets the server put in that room', async () => {
    const inRoom = await connect(running.url);
    const outside = await connect(running.url);
    try {
      const gateway = running.app.get(RealtimeGateway);
      (await gateway.server.in(inRoom.id!).fetchSockets()).forEach((s) => s.join('corp:1'));
      const seen = (s: ClientSocket) => {
        const got: string[] = [];
        // The marker is broadcast to everyone after the room event; one socket's events arrive in
        // order, so once a socket has the marker, anything sent to it before has arrived too.
        const marked = new Promise<string[]>((resolve) =>
          s.on('market:prices-updated', (p) => {
            got.push(p.updatedAt);
            if (p.updatedAt === 'marker') resolve(got);
          }),
        );
        return marked;
      };
      const inside = seen(inRoom);
      const outsider = seen(outside);
      gateway.emitTo('corp:1', 'market:prices-updated', { hubId: 2, updatedAt: 'room' });
      gateway.emitToAll('market:prices-updated', { hubId: 2, updatedAt: 'marker' });
      expect(await inside).toEqual(['room', 'marker']);
      expect(await outsider).toEqual(['marker']);
    } finally {
      inRoom.disconnect();
      outside.disconnect();
    }
  });
});
