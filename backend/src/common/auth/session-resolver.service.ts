import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Request } from 'express';
import { Types, type Model } from 'mongoose';
import { USER_MODEL, type UserDoc } from '../../accounts/user.schema';
import type { SessionUser } from './session-user';

const RESOLVED = Symbol('sessionUser');
type WithSession = (Request | IncomingMessage) & { session?: { userId?: string }; [RESOLVED]?: Promise<SessionUser | null> };

/**
 * The one place that turns a session into a user, for HTTP requests (guards, @CurrentUser) and
 * Socket.IO handshakes alike (the handshake request carries the same cookie and passes through
 * the same session middleware). Inactive or deleted accounts resolve to null.
 */
@Injectable()
export class SessionResolver {
  constructor(@InjectModel(USER_MODEL) private readonly users: Model<UserDoc>) {}

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
    if (!userId || !Types.ObjectId.isValid(userId)) return null;
    const user = await this.users
      .findOne({ _id: userId, is_active: true }, { username: 1, roles: 1 })
      .lean<Pick<UserDoc, '_id' | 'username' | 'roles'>>();
    return user ? { id: String(user._id), username: user.username, roles: user.roles } : null;
  }
}
