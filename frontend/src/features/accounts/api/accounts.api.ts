import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaptchaResponse,
  CharactersRefreshResponse,
  LoginLimitResponse,
  LoginResponse,
  SessionResponse,
  UserProfileResponse,
} from '@eve-toolkit/shared-types';
import { api, setCsrfToken } from '../../../shared/api-client';
import { sessionQueryKey } from '../../../shared/session';

export const accountKeys = {
  captcha: (n: number) => ['captcha', n] as const,
  user: (name: string) => ['account', 'user', name] as const,
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

/** A new captcha each time `attempt` changes. */
export function useCaptcha(attempt: number) {
  return useQuery({
    queryKey: accountKeys.captcha(attempt),
    queryFn: () => api.get<CaptchaResponse>('auth/generate_captcha'),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export const validateCaptcha = (captcha_id: string, answer: string) =>
  api.post<{ ok: boolean }>('auth/validate_captcha', { captcha_id, answer });
export const banMe = () => api.post<{ ok: true }>('auth/ban_me');

/** The session changed (login, logout, deletion): new CSRF token, fresh session, socket rejoins. */
function useSessionChanged() {
  const queryClient = useQueryClient();
  return async () => {
    setCsrfToken(null);
    // Loaded on demand: the account pages need no socket of their own (first-load budget).
    void import('../../../shared/socket').then((m) => m.resetSocket());
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };
}

/**
 * GET auth/login_limit, auth/registration_limit: whether this address may sign in (register) now
 * (asked on the page and again before the captcha, so nobody solves one only to hear «too many»).
 */
export function useAccountLimit(form: 'login' | 'registration') {
  return useQuery({
    queryKey: ['auth', `${form}-limit`],
    queryFn: ({ signal }) => api.get<LoginLimitResponse>(`auth/${form}_limit`, { signal }),
    staleTime: 0,
    // While limited: asked again each minute (the minutes count down) and when the wait ends.
    refetchInterval: (q) => (q.state.data?.limited ? Math.min(q.state.data.retry_after * 1000, 60_000) : false),
  });
}

export function useLogin() {
  const changed = useSessionChanged();
  return useMutation({
    mutationFn: (v: { username: string; password: string; captcha_id: string }) => api.post<LoginResponse>('auth/login', form(v)),
    onSuccess: async (res) => {
      if (res.ok) await changed();
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (v: { username: string; password: string; captcha_id: string }) =>
      // The spec's client sends a fixed placeholder e-mail; the server keeps only a real-looking address.
      api.post<{ ok: true }>('auth/registration', form({ ...v, email: 'none@eve-toolkit.local' })),
  });
}

export function useLogout() {
  const changed = useSessionChanged();
  return useMutation({
    mutationFn: () => api.get<{ ok: boolean }>('auth/logout', { csrf: true }),
    onSuccess: async (res) => {
      // Spec §4: logout succeeds only when ok is true; then a new CSRF token is fetched.
      if (res.ok) await changed();
    },
  });
}

export function useDeleteAccount() {
  const changed = useSessionChanged();
  return useMutation({
    mutationFn: (captcha_id: string) => api.post<{ ok: true }>('auth/delete', form({ captcha_id })),
    onSuccess: changed,
  });
}

export function useUserProfile(name: string) {
  return useQuery({
    queryKey: accountKeys.user(name),
    queryFn: ({ signal }) => api.get<UserProfileResponse>(`auth/user/${encodeURIComponent(name)}`, { signal }),
    retry: false,
  });
}

/** The SSO authorization URL for linking a character; the browser goes there. */
export const ssoLink = () => api.get<{ redirect: string }>('auth/esi/auth_link', { csrf: true });

/** POST auth/esi/refresh: reads the caller's characters from ESI now; the profile shows the new cards. */
export function useRefreshCharacters(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CharactersRefreshResponse>('auth/esi/refresh'),
    onSuccess: ({ chars }) =>
      queryClient.setQueryData<UserProfileResponse>(accountKeys.user(name), (old) => (old ? { ...old, chars } : old)),
  });
}

export function useUnlinkCharacter(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true }>(`auth/esi/del_char/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.user(name) }),
  });
}

export type { SessionResponse };
