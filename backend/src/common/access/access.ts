import { AUTH_MESSAGES, type Role } from '@eve-toolkit/shared-types';
import { apiError } from '../errors/api-exception.filter';
import type { SessionUser } from '../auth/session-user';

/**
 * The one access utility: every restricted handler (through AuthGuard or directly in a
 * service) decides with these. Nothing restricted is decided in the client.
 */
export function requireUser(user: SessionUser | null | undefined): SessionUser {
  if (!user) throw apiError(401, AUTH_MESSAGES.notAuthenticated);
  return user;
}

export function hasRole(user: SessionUser | null | undefined, ...roles: Role[]): boolean {
  return !!user && user.roles.some((r) => roles.includes(r));
}

/** 401 for guests, 403 without one of `roles`. */
export function requireRole(user: SessionUser | null | undefined, ...roles: Role[]): SessionUser {
  const u = requireUser(user);
  if (!hasRole(u, ...roles)) throw apiError(403, AUTH_MESSAGES.forbidden);
  return u;
}
