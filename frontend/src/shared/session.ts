import { useQuery } from '@tanstack/react-query';
import type { Role, SessionResponse } from '@eve-toolkit/shared-types';
import { api } from './api-client';

export const sessionQueryKey = ['session'] as const;
/** The session's GET (the server answers it for a server-rendered page's header). */
export const SESSION_PATH = 'auth/get_session';

export const GUEST_SESSION: SessionResponse = { isAuthenticated: false, username: null, roles: [] };

/** Current user (spec §2: fetched on load). Login/logout invalidate `sessionQueryKey`. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => api.get<SessionResponse>(SESSION_PATH, { signal }),
    staleTime: 60_000,
  });
}

export function hasAnyRole(session: SessionResponse | undefined, roles: readonly Role[]): boolean {
  return !!session?.isAuthenticated && session.roles.some((r) => (roles as readonly string[]).includes(r));
}

/** Spec §6: Corporation is visible to corp or admin; Admin only to admin. */
export const CORP_ROLES: readonly Role[] = ['corp', 'admin'];
export const ADMIN_ROLES: readonly Role[] = ['admin'];
