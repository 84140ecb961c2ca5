import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppraisalHistoryPage, AppraisalRequest, AppraisalResponse, SavedAppraisal } from '@eve-toolkit/shared-types';
import { api } from '../../../shared/api-client';

export const appraisalKeys = {
  saved: (id: string, current: boolean) => ['appraisal', id, current] as const,
  history: (page: number) => ['appraisal-history', page] as const,
};

/** POST data/market/appraisal (a signed-in player's lands in their history). */
export function useAppraise() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppraisalRequest) => api.post<AppraisalResponse>('data/market/appraisal', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['appraisal-history'] }),
  });
}

/** GET data/market/appraisal/{id}[?current=1]: a saved appraisal (and today's prices when asked). */
export function useSavedAppraisal(id: string | null, current: boolean) {
  return useQuery({
    queryKey: appraisalKeys.saved(id ?? '', current),
    queryFn: ({ signal }) =>
      api.get<SavedAppraisal>(`data/market/appraisal/${encodeURIComponent(id ?? '')}${current ? '?current=1' : ''}`, { signal }),
    enabled: id !== null,
    staleTime: current ? 60_000 : Infinity,
    retry: false,
  });
}

/** GET data/market/appraisal/history?page=: the signed-in player's own, newest first. */
export function useAppraisalHistory(page: number, enabled: boolean) {
  return useQuery({
    queryKey: appraisalKeys.history(page),
    queryFn: ({ signal }) => api.get<AppraisalHistoryPage>(`data/market/appraisal/history?page=${page}`, { signal }),
    enabled,
  });
}

/** DELETE data/market/appraisal/{id}: one of the player's own. */
export function useDeleteAppraisal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`data/market/appraisal/${encodeURIComponent(id)}`),
    onSuccess: (_r, id) => {
      void client.invalidateQueries({ queryKey: ['appraisal-history'] });
      client.removeQueries({ queryKey: ['appraisal', id] });
    },
  });
}
