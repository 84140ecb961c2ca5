import type { Role, SessionResponse } from '@eve-toolkit/shared-types';

/** Who is calling: resolved from the session cookie, for HTTP and Socket.IO alike. */
export interface SessionUser {
  id: string;
  username: string;
  roles: Role[];
}

/** GET auth/get_session's answer for a resolved session (also in a server-rendered page). */
export function sessionResponse(user: SessionUser | null): SessionResponse {
  return user
    ? { isAuthenticated: true, username: user.username, roles: user.roles }
    : { isAuthenticated: false, username: null, roles: [] };
}

declare module 'express-session' {
  interface SessionData {
    /** The signed-in account (absent for guests). */
    userId?: string;
    /** A guest asked for a captcha (keeps the session, and the captcha's binding, alive). */
    captcha?: boolean;
    /** csrf-sync's synchroniser token. */
    csrfToken?: string;
  }
}
