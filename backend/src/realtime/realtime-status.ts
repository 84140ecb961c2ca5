import { Injectable } from '@nestjs/common';
import type { RedisClient } from './redis';

/**
 * What the health check tells about realtime: whether Socket.IO runs on the Redis adapter and
 * whether Redis answers now. Bootstrap hands the client over once it is connected.
 */
@Injectable()
export class RealtimeStatus {
  redis: RedisClient | null = null;

  current(): { adapter: 'local' | 'redis'; redis: 'ok' | 'down' | null } {
    if (!this.redis) return { adapter: 'local', redis: null };
    return { adapter: 'redis', redis: this.redis.isReady ? 'ok' : 'down' };
  }
}
