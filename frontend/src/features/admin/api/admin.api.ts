import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  AdminCharacterResponse,
  AdminCharactersResponse,
  AdminCorporationsResponse,
  AdminMainStats,
  AdminMarketCategoriesResponse,
  AdminMarketItemsResponse,
  AdminRoleRequestsResponse,
  AdminUserResponse,
  AdminUsersResponse,
  AdminUserUpdate,
  BannedCharacterSave,
  BannedCharactersResponse,
  CharacterCheckResult,
  CharacterChecksRunResponse,
  CharacterFlagsAckResponse,
  CharacterFlagsResponse,
  CharacterHistoryResponse,
  CheckCode,
  CheckFlagKind,
  CorporationSave,
  KillSessionsResponse,
  MarketCategorySave,
  MarketItemSave,
  RoleRequestDecisionResponse,
  UpdateLibsResponse,
  UpdateLibsStatusResponse,
} from '@eve-toolkit/shared-types';
import { ApiError, api } from '../../../shared/api-client';
import { useSocketEvent } from '../../../shared/socket';

export const adminKeys = {
  all: ['admin'] as const,
  main: ['admin', 'main'] as const,
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  chars: (q: string, page: number) => ['admin', 'chars', q, page] as const,
  char: (id: number) => ['admin', 'char', id] as const,
  roles: ['admin', 'roles'] as const,
  corps: ['admin', 'corps'] as const,
  bans: ['admin', 'bans'] as const,
  categories: ['admin', 'market', 'categories'] as const,
  items: (q: string, page: number) => ['admin', 'market', 'items', q, page] as const,
  updateLibs: ['admin', 'update-libs'] as const,
  flags: (status: 'open' | 'all', kind: CheckFlagKind | null, page: number) => ['admin', 'flags', status, kind, page] as const,
  history: (id: number) => ['admin', 'char-history', id] as const,
};

/** Spec §6: 401/403 from an admin call sends the browser to /market/list. */
export function useAuthRedirect(error: unknown): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (error instanceof ApiError && error.isAuthError) navigate('/market/list', { replace: true });
  }, [error, navigate]);
}

function useAdminQuery<T>(queryKey: QueryKey, path: string | null) {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(path!, { signal }),
    enabled: path !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
  useAuthRedirect(query.error);
  return query;
}

const listPath = (base: string, q: string, page: number) => {
  const params = new URLSearchParams({ page: String(page) });
  if (q.trim().length >= 2) params.set('q', q.trim());
  return `${base}?${params}`;
};

export const useMainStats = () => useAdminQuery<AdminMainStats>(adminKeys.main, 'api/admin/stats/main');
export const useUsers = (q: string, page: number) =>
  useAdminQuery<AdminUsersResponse>(adminKeys.users(q, page), listPath('api/admin/stats/users', q, page));
export const useUser = (id: string) =>
  useAdminQuery<AdminUserResponse>(adminKeys.user(id), `api/admin/stats/users/${encodeURIComponent(id)}`);
export const useChars = (q: string, page: number) =>
  useAdminQuery<AdminCharactersResponse>(adminKeys.chars(q, page), listPath('api/admin/stats_chars', q, page));
export const useChar = (id: number) => useAdminQuery<AdminCharacterResponse>(adminKeys.char(id), `api/admin/stats_chars/${id}`);
export const useRoleRequests = () => useAdminQuery<AdminRoleRequestsResponse>(adminKeys.roles, 'api/admin/stats/role_requests');
export const useCorporations = () => useAdminQuery<AdminCorporationsResponse>(adminKeys.corps, 'api/admin/corps');
export const useBannedChars = () => useAdminQuery<BannedCharactersResponse>(adminKeys.bans, 'api/admin/ban_chars');
export const useMarketCategories = () =>
  useAdminQuery<AdminMarketCategoriesResponse>(adminKeys.categories, 'api/admin/stats/market_categories');
export const useMarketItems = (q: string, page: number) =>
  useAdminQuery<AdminMarketItemsResponse>(adminKeys.items(q, page), listPath('api/admin/stats/market_items', q, page));
/** The flags; reloaded every 5 s while a run is going (its progress and new flags show up). */
export const useCharFlags = (status: 'open' | 'all', kind: CheckFlagKind | null, page: number) => {
  const params = new URLSearchParams({ status, page: String(page) });
  if (kind) params.set('kind', kind);
  const query = useQuery({
    queryKey: adminKeys.flags(status, kind, page),
    queryFn: ({ signal }) => api.get<CharacterFlagsResponse>(`api/admin/char_flags?${params}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    refetchInterval: (q) => (q.state.data?.run && !q.state.data.run.finished_at ? 5_000 : false),
  });
  useAuthRedirect(query.error);
  return query;
};
export const useCharHistory = (id: number) =>
  useAdminQuery<CharacterHistoryResponse>(adminKeys.history(id), `api/admin/stats_chars/${id}/history`);
export const useUpdateLibsStatus = () =>
  useAdminQuery<UpdateLibsStatusResponse>(adminKeys.updateLibs, 'api/admin/update_libs/status');

/** A POST whose answer replaces `key`'s data (lists reload after each change) and that refetches `also`. */
function useAdminMutation<B, T>(path: string, key: QueryKey | null, also: QueryKey[] = []) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: B) => api.post<T>(path, body),
    onSuccess: (data) => {
      if (key) client.setQueryData(key, data);
      for (const k of also) void client.invalidateQueries({ queryKey: k });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.isAuthError) navigate('/market/list', { replace: true });
    },
  });
}

export const useSaveCorporation = () =>
  useAdminMutation<CorporationSave, AdminCorporationsResponse>('api/admin/corps', adminKeys.corps);
export const useSaveBanned = () =>
  useAdminMutation<BannedCharacterSave, BannedCharactersResponse>('api/admin/ban_chars', adminKeys.bans, [['admin', 'chars']]);
export const useSaveCategory = () =>
  useAdminMutation<MarketCategorySave, AdminMarketCategoriesResponse>('api/admin/market_categories', adminKeys.categories, [
    ['admin', 'market', 'items'],
  ]);
export const useSaveItem = () =>
  useAdminMutation<MarketItemSave, AdminMarketCategoriesResponse>('api/admin/market_items', adminKeys.categories, [
    ['admin', 'market', 'items'],
  ]);
export const useUpdateUser = (id: string) =>
  useAdminMutation<AdminUserUpdate, AdminUserResponse>(`api/admin/stats/users/${encodeURIComponent(id)}`, adminKeys.user(id), [
    ['admin', 'users'],
  ]);
export const useDecideRoleRequest = () =>
  useAdminMutation<{ req_id: string; type: 'add' | 'del' }, RoleRequestDecisionResponse>('api/admin/stats/role_requests', null);
/** Acknowledges flags; the flag lists and histories reload. */
export const useAckFlags = () =>
  useAdminMutation<{ ids: string[] }, CharacterFlagsAckResponse>('api/admin/char_flags/ack', null, [
    ['admin', 'flags'],
    ['admin', 'char-history'],
  ]);
export const useRunCharChecks = () =>
  useAdminMutation<Record<string, never>, CharacterChecksRunResponse>('api/admin/char_checks/run', null, [['admin', 'flags']]);
export const useCheckChar = (id: number) =>
  useAdminMutation<{ code: CheckCode }, CharacterCheckResult>(`api/admin/stats_chars/${id}`, null);

export function useKillSessions() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.get<KillSessionsResponse>('api/admin/kill', { csrf: true }),
    onError: (error) => {
      if (error instanceof ApiError && error.isAuthError) navigate('/market/list', { replace: true });
    },
  });
}

export function useStartUpdateLibs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<UpdateLibsResponse>('api/admin/update_libs', { csrf: true }),
    onSuccess: ({ job }) => patchJob(client, job),
  });
}

/**
 * The job's new state into the status query; once the job has ended (the game data's state ended
 * with it) the query is asked again for that part.
 */
function patchJob(client: QueryClient, job: UpdateLibsResponse['job']): void {
  client.setQueryData<UpdateLibsStatusResponse>(adminKeys.updateLibs, (old) => (old ? { ...old, job } : old));
  if (job?.state !== 'running') void client.invalidateQueries({ queryKey: adminKeys.updateLibs });
}

/** Live: the update_libs job's progress, new or decided role requests, finished character-check runs (admins room). */
export function useLiveAdmin(): void {
  const client = useQueryClient();
  useSocketEvent('admin:update-libs', ({ job }) => patchJob(client, job), {
    onReconnect: () => void client.invalidateQueries({ queryKey: adminKeys.updateLibs }),
  });
  useSocketEvent('roles:request-created', () => void client.invalidateQueries({ queryKey: adminKeys.roles }));
  useSocketEvent('admin:char-checks', () => {
    void client.invalidateQueries({ queryKey: ['admin', 'flags'] });
    void client.invalidateQueries({ queryKey: ['admin', 'char-history'] });
  });
}
