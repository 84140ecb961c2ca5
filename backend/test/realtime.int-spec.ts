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
      const got: string[] = [];
      outside.on('market:prices-updated', () => got.push('outside'));
      const delivered = new Promise<void>((resolve) =>
        inRoom.once('market:prices-updated', () => {
          got.push('inRoom');
          resolve();
        }),
      );
      gateway.emitTo('corp:1', 'market:prices-updated', { hubId: 2, updatedAt: 'x' });
      await delivered;
      await new Promise((r) => setTimeout(r, 100));
      expect(got).toEqual(['inRoom']);
    } finally {
      inRoom.disconnect();
      outside.disconnect();
    }
  });
});
