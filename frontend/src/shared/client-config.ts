import { useQuery } from '@tanstack/react-query';
import type { ClientConfigResponse } from '@eve-toolkit/shared-types';
import { api } from './api-client';

export const clientConfigQueryKey = ['client-config'] as const;

/** Deployment facts (version, demo mode, image server). Static for the page's life. */
export function useClientConfig() {
  return useQuery({
    queryKey: clientConfigQueryKey,
    queryFn: ({ signal }) => api.get<ClientConfigResponse>('api/client_config', { signal }),
    staleTime: Infinity,
  });
}
