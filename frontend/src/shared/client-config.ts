import { useQuery } from '@tanstack/react-query';
import type { ClientConfigResponse } from '@eve-toolkit/shared-types';
import { api } from './api-client';

export const clientConfigQueryKey = ['client-config'] as const;
/** The deployment facts' GET (the server answers it for a server-rendered page's header). */
export const CLIENT_CONFIG_PATH = 'api/client_config';

/** Deployment facts (version, demo mode, image server). Static for the page's life. */
export function useClientConfig() {
  return useQuery({
    queryKey: clientConfigQueryKey,
    queryFn: ({ signal }) => api.get<ClientConfigResponse>(CLIENT_CONFIG_PATH, { signal }),
    staleTime: Infinity,
  });
}
