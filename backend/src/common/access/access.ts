import { AUTH_MESSAGES, CORP_PERMISSIONS, type Role } from '@eve-toolkit/shared-types';
import { apiError } from '../errors/api-error';
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

/**
 * The member rule of the corporation area, for HTTP handlers and socket rooms alike: the
 * corporations whose area `user` may enter are its own (`corporationIds`: registered, not
 * blocked, from stored character data, never from the client) when it holds one of `roles`
 * (corp or admin), and none otherwise.
 */
export function corpAreaCorporations(
  user: SessionUser | null | undefined,
  corporationIds: readonly number[],
  roles: readonly Role[] = CORP_PERMISSIONS.member,
): number[] {
  return hasRole(user, ...roles) ? [...corporationIds] : [];
}

/**
 * Corporation area: the caller must hold one of `roles` (corp or admin) and have a character in
 * a registered, not blocked corporation (`corporationIds`, computed by CorpAccess from
 * stored character data, never taken from the client). Returns the corporations.
 */
export function requireCorpMember(
  user: SessionUser | null | undefined,
  corporationIds: readonly number[],
  roles: readonly Role[],
  messages: { noRole: string; notMember: string },
): { user: SessionUser; corporationIds: number[] } {
  const u = requireUser(user);
  if (!hasRole(u, ...roles)) throw apiError(403, messages.noRole);
  const ids = corpAreaCorporations(u, corporationIds, roles);
  if (ids.length === 0) throw apiError(403, messages.notMember);
  return { user: u, corporationIds: ids };
}

/** 403 with `message` unless the user holds one of `roles` (project moderation, pings ...). */
export function requirePermission(user: SessionUser, roles: readonly Role[], message: string): SessionUser {
  if (!hasRole(user, ...roles)) throw apiError(403, message);
  return user;
}
