/**
 * A loopback HTTP server standing in for a Discord webhook: records every POST (path, headers,
 * JSON body, arrival time) and answers as told per request (a status, headers, a body, or held
 * until released), so tests see what was sent, how often and when.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    content?: string;
    embeds?: { title: string; description?: string; fields: { name: string; value: string }[] }[];
    allowed_mentions?: unknown;
  };
  at: number;
  /** The status it was answered with. */
  status: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Held until this resolves (a slow webhook). */
  hold?: Promise<void>;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: Received[];
  /** Every request as it arrived, before it was answered (a held one is here, not in `received`). */
  arrived: Omit<Received, 'status'>[];
  /** How each request is answered (default 204). */
  answer: (req: Omit<Received, 'status'>, index: number) => Answer;
  /** Resolves once `count` requests were answered. */
  waitFor(count: number): Promise<Received[]>;
  /** Resolves once `count` requests arrived (answered or not). */
  waitForArrival(count: number): Promise<Omit<Received, 'status'>[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const waiters: { count: number; resolve: (r: Received[]) => void }[] = [];
  const arrivals: { count: number; resolve: (r: Omit<Received, 'status'>[]) => void }[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    received: [],
    arrived: [],
    answer: () => ({ status: 204 }),
    waitFor(count) {
      if (receiver.received.length >= count) return Promise.resolve(receiver.received.slice(0, count));
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    waitForArrival(count) {
      if (receiver.arrived.length >= count) return Promise.resolve(receiver.arrived.slice(0, count));
      return new Promise((resolve) => arrivals.push({ count, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const text = Buffer.concat(chunks).toString('utf8');
      const seen = { path: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as Received['body']) : {}, at };
      receiver.arrived.push(seen);
      for (const w of arrivals.filter((w) => receiver.arrived.length >= w.count)) {
        arrivals.splice(arrivals.indexOf(w), 1);
        w.resolve(receiver.arrived.slice(0, w.count));
      }
      const answer = receiver.answer(seen, receiver.received.length);
      void (answer.hold ?? Promise.resolve()).then(() => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? '');
        receiver.received.push({ ...seen, status: answer.status });
        for (const w of waiters.filter((w) => receiver.received.length >= w.count)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(receiver.received.slice(0, w.count));
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}`;
  return receiver;
}
