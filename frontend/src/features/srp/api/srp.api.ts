import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddSrpRequest,
  DecideSrpRequest,
  DoctrinesResponse,
  PaySrpRequest,
  PaySrpResponse,
  PingsResponse,
  RelinkSrpRequest,
  SrpLossesResponse,
  SrpManagerRequest,
  SrpRequest,
  SrpRequestsResponse,
  SrpSettings,
  SrpSettingsResponse,
} from '@eve-toolkit/shared-types';
import { ApiError, api } from '../../../shared/api-client';
import { useSocketEvent } from '../../../shared/socket';

/** Every SRP query lives under ['srp']. */
export const srpKeys = {
  all: ['srp'] as const,
  losses: ['srp', 'losses'] as const,
  requests: ['srp', 'requests'] as const,
  settings: ['srp', 'settings'] as const,
  pings: ['srp', 'pings'] as const,
  doctrines: ['srp', 'doctrines'] as const,
};

/** The server's Russian message (its list when it sent several). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.errors.length ? error.errors.join('; ') : error.message;
  return error instanceof Error ? error.message : String(error);
}

const isAuthError = (error: unknown) => error instanceof ApiError && error.isAuthError;
const retry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** Spec §6: a corporation call answering 401 or 403 sends the browser to the market. */
function useAuthRedirect(error: unknown) {
  const navigate = useNavigate();
  useEffect(() => {
    if (isAuthError(error)) navigate('/market/list', { replace: true });
  }, [error, navigate]);
}

export function useSrpRequests() {
  const q = useQuery({
    queryKey: srpKeys.requests,
    queryFn: ({ signal }) => api.get<SrpRequestsResponse>('auth/corp/srp_requests', { signal }),
    retry,
  });
  useAuthRedirect(q.isFetchedAfterMount ? q.error : null);
  return q;
}

export function useSrpLosses() {
  return useQuery({
    queryKey: srpKeys.losses,
    queryFn: ({ signal }) => api.get<SrpLossesResponse>('auth/corp/srp_losses', { signal }),
    retry,
  });
}

export function useSrpSettings(enabled: boolean) {
  return useQuery({
    queryKey: srpKeys.settings,
    queryFn: ({ signal }) => api.get<SrpSettingsResponse>('auth/corp/srp_settings', { signal }),
    retry,
    enabled,
  });
}

/** Puts a request the server answered with into the list (the newer revision wins). */
function putRequest(client: ReturnType<typeof useQueryClient>, r: SrpRequest) {
  client.setQueryData<SrpRequestsResponse>(srpKeys.requests, (d) => {
    if (!d) return d;
    const known = d.requests.find((x) => x.id === r.id);
    if (known && known.rev >= r.rev) return d;
    return { ...d, requests: known ? d.requests.map((x) => (x.id === r.id ? r : x)) : [r, ...d.requests] };
  });
}

export function useFileSrp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddSrpRequest) => api.post<{ request: SrpRequest }>('auth/corp/add_srp', body),
    onSuccess: ({ request }) => {
      putRequest(client, request);
      client.setQueryData<SrpLossesResponse>(srpKeys.losses, (d) =>
        d ? { ...d, losses: d.losses.map((l) => (l.killmail_id === request.killmail_id ? { ...l, filed: true } : l)) } : d,
      );
    },
  });
}

export function useDecideSrp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideSrpRequest) => api.post<{ request: SrpRequest }>('auth/corp/decide_srp', body),
    onSuccess: ({ request }) => putRequest(client, request),
    onError: () => void client.invalidateQueries({ queryKey: srpKeys.requests }),
  });
}

export function usePaySrp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaySrpRequest) => api.post<PaySrpResponse>('auth/corp/pay_srp', body),
    onSuccess: ({ requests }) => requests.forEach((r) => putRequest(client, r)),
    onError: () => void client.invalidateQueries({ queryKey: srpKeys.requests }),
  });
}

/** The corporation's pings (upcoming and the last week's), to link a request to another fleet. */
export function useSrpPings(enabled: boolean) {
  return useQuery({
    queryKey: srpKeys.pings,
    queryFn: ({ signal }) => api.get<PingsResponse>('auth/corp/events', { signal }),
    retry,
    enabled,
    staleTime: 60_000,
  });
}

/** The corporation's doctrine fits (a fixed payout per fit). */
export function useSrpDoctrines(enabled: boolean) {
  return useQuery({
    queryKey: srpKeys.doctrines,
    queryFn: ({ signal }) => api.get<DoctrinesResponse>('auth/corp/doctrines', { signal }),
    retry,
    enabled,
    staleTime: 60_000,
  });
}

export function useRelinkSrp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RelinkSrpRequest) => api.post<{ request: SrpRequest }>('auth/corp/relink_srp', body),
    onSuccess: ({ request }) => putRequest(client, request),
    onError: () => void client.invalidateQueries({ queryKey: srpKeys.requests }),
  });
}

export function useSaveSrpSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SrpSettings) => api.post<SrpSettingsResponse>('auth/corp/srp_settings', body),
    onSuccess: (d) => client.setQueryData(srpKeys.settings, d),
  });
}

export function useGrantSrp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SrpManagerRequest) => api.post<SrpSettingsResponse>('auth/corp/srp_manager', body),
    onSuccess: (d) => client.setQueryData(srpKeys.settings, d),
  });
}

/**
 * Live: the corporation's room says which request changed (no pilot's data travels); the list is
 * read again, filtered by the server for this reader. A reconnect that lost events reads it too.
 */
export function useSrpLive(onChange?: (p: { id: string; status: SrpRequest['status'] }) => void): void {
  const client = useQueryClient();
  const refetch = () => void client.invalidateQueries({ queryKey: srpKeys.requests });
  useSocketEvent(
    'srp:request-changed',
    (p) => {
      const known = client.getQueryData<SrpRequestsResponse>(srpKeys.requests)?.requests.find((r) => r.id === p.id);
      if (known && known.rev >= p.rev) return;
      refetch();
      onChange?.(p);
    },
    { onReconnect: refetch },
  );
}
