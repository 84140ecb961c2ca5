import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { KillSessionsResponse } from '@eve-toolkit/shared-types';
import { SessionStore } from '../common/auth/session-store';
import { ADMIN_EVENTS, type SessionsKilledEvent } from './admin.events';

/**
 * GET api/admin/kill: ends every session but the caller's. Sessions live in MongoDB
 * (SessionStore), so deleting them ends them on every instance; their sockets are disconnected
 * through the realtime listener (clients reconnect as guests).
 */
@Injectable()
export class AdminSessionsService {
  constructor(
    private readonly sessions: SessionStore,
    private readonly events: EventEmitter2,
  ) {}

  async countAllBut(keepSessionId: string): Promise<KillSessionsResponse> {
    return { ok: true, sessions: await this.sessions.countOthers(keepSessionId) };
  }

  async killAllBut(keepSessionId: string): Promise<KillSessionsResponse> {
    const sessions = await this.sessions.endOthers(keepSessionId);
    const event: SessionsKilledEvent = { keepSessionId };
    this.events.emit(ADMIN_EVENTS.sessionsKilled, event);
    return { ok: true, sessions };
  }
}
