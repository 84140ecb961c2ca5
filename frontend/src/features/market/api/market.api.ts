import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MARKET_SEARCH_LIMITS,
  type MarketHubsResponse,
  type MarketItemDetail,
  type MarketItemsResponse,
  type MarketSearchResponse,
} from '@eve-toolkit/shared-types';
import { api } from '../../../shared/api-client';
import { useSocketEvent } from '../../../shared/socket';

export const marketKeys = {
  hubs: ['market', 'hubs'] as const,
  hub: (hubId: number) => ['market', 'hub', hubId] as const,
  items: (hubId: number) => ['market', 'hub', hubId, 'items'] as const,
  detail: (hubId: number, id: number) => ['market', 'hub', hubId, 'detail', id] as const,
  search: (hubId: number, q: string) => ['market', 'hub', hubId, 'search', q.toLowerCase()] as const,
};

/** GET data/market/search?q=&hub= from 2 characters; the last answer stays while the next one loads. */
export function useMarketSearch(query: string, hubId: number) {
  const q = query.trim();
  return useQuery({
    queryKey: marketKeys.search(hubId, q),
    queryFn: ({ signal }) =>
      api.get<MarketSearchResponse>(`data/market/search?q=${encodeURIComponent(q)}&hub=${hubId}`, { signal }),
    enabled: q.length >= MARKET_SEARCH_LIMITS.minLength && q.length <= MARKET_SEARCH_LIMITS.maxLength,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET data/market/hubs */
export function useHubs() {
  return useQuery({
    queryKey: marketKeys.hubs,
    queryFn: ({ signal }) => api.get<MarketHubsResponse>('data/market/hubs', { signal }),
    staleTime: Infinity,
  });
}

/** GET data/market/items?hub= */
export function useMarketItems(hubId: number) {
  return useQuery({
    queryKey: marketKeys.items(hubId),
    queryFn: ({ signal }) => api.get<MarketItemsResponse>(`data/market/items?hub=${hubId}`, { signal }),
    staleTime: 60_000,
  });
}

/** GET data/market/detail/{id}?hub= */
export function useMarketItem(id: number, hubId: number, enabled = true) {
  return useQuery({
    queryKey: marketKeys.detail(hubId, id),
    queryFn: ({ signal }) => api.get<MarketItemDetail>(`data/market/detail/${id}?hub=${hubId}`, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/**
 * Refetches a hub's market data when the server says its prices changed, every hub's when an
 * admin changed the list (and after a lost connection).
 */
export function useLiveMarketPrices(hubId: number): void {
  const queryClient = useQueryClient();
  useSocketEvent('market:list-changed', () => void queryClient.invalidateQueries({ queryKey: ['market', 'hub'] }));
  useSocketEvent(
    'market:prices-updated',
    (payload) => {
      if (payload.hubId === hubId) void queryClient.invalidateQueries({ queryKey: marketKeys.hub(hubId) });
    },
    { onReconnect: () => void queryClient.invalidateQueries({ queryKey: ['market', 'hub'] }) },
  );
}
