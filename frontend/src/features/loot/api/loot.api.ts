import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { LootPostResponse, LootPricesResponse } from '@eve-toolkit/shared-types';
import { api } from '../../../shared/api-client';

/** POST data/loot/post_players, multipart { file } (the api client adds the CSRF header). */
export function useLootUpload() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<LootPostResponse>('data/loot/post_players', form);
    },
  });
}

/** GET data/loot/prices: names and unit SELL/BUY at the hub of every type in the split. */
export function useLootPrices(hub: number, typeIds: readonly number[]) {
  const ids = [...new Set(typeIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['loot', 'prices', hub, ids.join(',')],
    queryFn: ({ signal }) => api.get<LootPricesResponse>(`data/loot/prices?hub=${hub}&ids=${ids.join(',')}`, { signal }),
    enabled: ids.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
