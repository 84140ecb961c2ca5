/** Socket.IO handshakes: the session decides who connects and which rooms the server joins. */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { RealtimeGateway } from '../src/realtime/realtime.gateway';
import { Rooms } from '../src/common/realtime/rooms';
import { createTestApp } from './app';
import { signedIn } from './support/accounts';
import type { TestClient } from './support/client';

jest.setTimeout(30_000);
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let running: RunningApp;
beforeAll(async () => {
  running = await createTestApp();
});
afterAll(() => running?.close());

/** The session cookie a browser would send along with the handshake. */
async function cookieOf(c: TestClient): Promise<string> {
  const res = await c.get('/auth/get_session');
  const jar = (c.agent as unknown as { jar: { getCookies(o: object): { name: string; value: string }[] } }).jar;
  expect(res.status).toBe(200);
  return jar
    .getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false })
    .map((k) => `${k.name}=${k.value}`)
    .join('; ');
}

function connect(headers: Record<string, string> = {}): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const s: ClientSocket = io(running.url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: headers,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => {
      s.close();
      reject(e);
    });
  });
}

const roomsOf = async (socketId: string) => {
  const [s] = await running.app.get(RealtimeGateway).server.in(socketId).fetchSockets();
  return [...s.rooms].filter((r) => r !== socketId).sort();
};

it('joins a signed-in user to user:<id>, an admin also to admins, and a guest to nothing', async () => {
  const pilot = await signedIn(running, 'rt_pilot');
  const boss = await signedIn(running, 'rt_boss', ['admin']);
  const [a, b, guest] = await Promise.all([
    connect({ cookie: await cookieOf(pilot) }),
    connect({ cookie: await cookieOf(boss) }),
    connect(),
  ]);
  try {
    const pilotId = (await running.app.get(RealtimeGateway).server.in(a.id!).fetchSockets())[0].data.userId!;
    expect(await roomsOf(a.id!)).toEqual([Rooms.user(pilotId)]);
    expect(await roomsOf(b.id!)).toEqual([Rooms.admins, expect.stringMatching(/^user:[0-9a-f]{24}$/)]);
    expect(await roomsOf(guest.id!)).toEqual([]);
  } finally {
    [a, b, guest].forEach((s) => s.close());
  }
});

it('refuses a browser handshake from another origin, accepts our own', async () => {
  await expect(connect({ origin: 'https://evil.example' })).rejects.toThrow();
  const own = await connect({ origin: running.url });
  own.close();
});

it("disconnects a user's sockets at logout", async () => {
  const c = await signedIn(running, 'rt_leaver');
  const s = await connect({ cookie: await cookieOf(c) });
  const gone = new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
  await c.act('/auth/logout', 200);
  expect(await gone).toBe('io server disconnect');
  s.close();
});
