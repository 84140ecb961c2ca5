import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionUser } from './session-user';
import { SessionUsers } from './session-users';

const RESOLVED = Symbol('sessionUser');
type WithSession = (Request | IncomingMessage) & { session?: { userId?: string }; [RESOLVED]?: Promise<SessionUser | null> };

/**
 * The one place that turns a session into a user, for HTTP requests (guards, @CurrentUser) and
 * Socket.IO handshakes alike (the handshake request carries the same cookie and passes through
 * the same session middleware). Inactive or deleted accounts resolve to null.
 */
@Injectable()
export class SessionResolver {
  constructor(private readonly users: SessionUsers) {}

  resolve(req: Request | IncomingMessage): Promise<SessionUser | null> {
    const r = req as WithSession;
    r[RESOLVED] ??= this.load(r.session?.userId);
    return r[RESOLVED];
  }

  /** The user as a session would resolve it now (sockets recompute their rooms with this). */
  byId(userId: string): Promise<SessionUser | null> {
    return this.load(userId);
  }

  private async load(userId: string | undefined): Promise<SessionUser | null> {
    return userId ? this.users.sessionUser(userId) : null;
  }
}
