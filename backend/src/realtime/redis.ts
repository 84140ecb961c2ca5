import { Logger } from '@nestjs/common';
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
