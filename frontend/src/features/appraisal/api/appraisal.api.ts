import { useMutation, useQuery } from '@tanstack/react-query';
import type { AppraisalRequest, AppraisalResponse, SavedAppraisal } from '@eve-toolkit/shared-types';
import { api } from '../../../shared/api-client';

export const appraisalKeys = {
  saved: (id: string, current: boolean) => ['appraisal', id, current] as const,
};

/** POST data/market/appraisal */
export function useAppraise() {
  return useMutation({
    mutationFn: (body: AppraisalRequest) => api.post<AppraisalResponse>('data/market/appraisal', body),
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
