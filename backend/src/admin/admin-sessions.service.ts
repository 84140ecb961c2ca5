import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { Connection } from 'mongoose';
import type { KillSessionsResponse } from '@eve-toolkit/shared-types';
import { ADMIN_EVENTS, type SessionsKilledEvent } from './admin.events';

/**
 * GET api/admin/kill: ends every session but the caller's. Sessions live in MongoDB
 * (connect-mongo, `sessions`), so deleting the documents ends them on every instance; their
 * sockets are disconnected through the realtime listener (clients reconnect as guests).
 */
@Injectable()
export class AdminSessionsService {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly events: EventEmitter2,
  ) {}

  async countAllBut(keepSessionId: string): Promise<KillSessionsResponse> {
    return {
      ok: true,
      sessions: await this.connection.collection('sessions').countDocuments({ _id: { $ne: keepSessionId } } as never),
    };
  }

  async killAllBut(keepSessionId: string): Promise<KillSessionsResponse> {
    const res = await this.connection.collection('sessions').deleteMany({ _id: { $ne: keepSessionId } } as never);
    const event: SessionsKilledEvent = { keepSessionId };
    this.events.emit(ADMIN_EVENTS.sessionsKilled, event);
    return { ok: true, sessions: res.deletedCount };
  }
}
