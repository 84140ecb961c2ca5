import { Logger } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';

/** A client that reconnects by itself with a capped backoff (100 ms doubling up to 3 s). */
function createRedisClient(url: string) {
  return createClient({
    url,
    socket: { reconnectStrategy: (retries: number) => Math.min(100 * 2 ** Math.min(retries, 5), 3_000), connectTimeout: 5_000 },
  });
}
export type RedisClient = ReturnType<typeof createRedisClient>;

/**
 * The Redis connection behind the Socket.IO Redis Streams adapter (REDIS_URL): rooms and
 * broadcasts span every instance, and connection-state recovery keeps working across them.
 * Errors are logged once per distinct error, never thrown into the process.
 */
export async function connectRedis(url: string): Promise<RedisClient> {
  const logger = new Logger('Redis');
  let lastError = '';
  const client = createRedisClient(url);
  client.on('error', (err: unknown) => {
    const text = String(err);
    if (text !== lastError) logger.warn(`Redis недоступен: ${text}`);
    lastError = text;
  });
  client.on('ready', () => {
    if (lastError) logger.log('Redis снова доступен');
    lastError = '';
  });
  await client.connect();
  return client;
}

/**
 * The Socket.IO Redis Streams adapter on `client`, failing fast while Redis is away: the adapter
 * publishes a broadcast to the stream before delivering it to this instance's own sockets, and a
 * publish queued behind a lost connection held local delivery for seconds. Now, while the client
 * is not ready, the publish is refused at once and the instance's own sockets get the event
 * straight away (other instances cannot get it until Redis returns).
 */
export function redisStreamsAdapter(client: RedisClient): ReturnType<typeof createAdapter> {
  const factory = createAdapter(client, { maxLen: 10_000 });
  // A plain function: Socket.IO calls it with `new` (returning the adapter object is allowed then).
  return function (nsp) {
    const adapter = factory(nsp);
    const publish = adapter.doPublish.bind(adapter);
    adapter.doPublish = (message) => (client.isReady ? publish(message) : Promise.reject(new Error('Redis недоступен')));
    return adapter;
  };
}
