import type { SessionUser } from './session-user';

/**
 * What the session layer needs of the accounts: the user a session's user id stands for. The
 * accounts module (owner of `users`) provides it; common/ never reads a feature's collection.
 */
export abstract class SessionUsers {
  /** The active account with this id as a session sees it, or null (unknown, malformed, inactive or deleted). */
  abstract sessionUser(userId: string): Promise<SessionUser | null>;
}
