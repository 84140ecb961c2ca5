import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { SESSIONS_COLLECTION } from './session.middleware';

/**
 * The `sessions` collection (connect-mongo, written by the session middleware) for the few who
 * act on sessions as a whole: account deletion, the admin's visitor counts and sessions reset.
 * Deleting documents ends those sessions on every instance.
 */
@Injectable()
export class SessionStore {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  private get sessions() {
    return this.connection.collection<{ _id: string; expires: Date; session: { userId?: string } }>(SESSIONS_COLLECTION);
  }

  /** Ends every session of the account. */
  async endSessionsOf(userId: string): Promise<void> {
    await this.sessions.deleteMany({ 'session.userId': userId });
  }

  /** How many sessions there are besides `keepSessionId`. */
  countOthers(keepSessionId: string): Promise<number> {
    return this.sessions.countDocuments({ _id: { $ne: keepSessionId } });
  }

  /** Ends every session but `keepSessionId`; returns how many ended. */
  async endOthers(keepSessionId: string): Promise<number> {
    return (await this.sessions.deleteMany({ _id: { $ne: keepSessionId } })).deletedCount;
  }

  /**
   * Sessions whose expiry was pushed past `expiresAfter` (rolling sessions: they made a request
   * since): guest ones, and the distinct accounts of signed-in ones.
   */
  async activeSince(expiresAfter: Date): Promise<{ guests: number; accounts: number }> {
    const [row] = await this.sessions
      .aggregate<{ unauth: number; auth: unknown[] }>([
        { $match: { expires: { $gt: expiresAfter } } },
        {
          $group: {
            _id: null,
            unauth: { $sum: { $cond: [{ $ifNull: ['$session.userId', false] }, 0, 1] } },
            auth: { $addToSet: '$session.userId' },
          },
        },
      ])
      .toArray();
    return { guests: row?.unauth ?? 0, accounts: (row?.auth ?? []).filter((id) => typeof id === 'string').length };
  }
}
