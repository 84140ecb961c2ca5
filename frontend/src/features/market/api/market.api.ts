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

/**
 * The market's GETs: each query's key and address, shared by its hook and by the server, which
 * answers them for a page's first render (app/server-pages.ts).
 */
export const marketRequests = {
  hubs: { queryKey: marketKeys.hubs, path: 'data/market/hubs' },
  items: (hubId: number) => ({ queryKey: marketKeys.items(hubId), path: `data/market/items?hub=${hubId}` }),
  detail: (hubId: number, id: number) => ({
    queryKey: marketKeys.detail(hubId, id),
    path: `data/market/detail/${id}?hub=${hubId}`,
  }),
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
  const { queryKey, path } = marketRequests.hubs;
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<MarketHubsResponse>(path, { signal }),
    staleTime: Infinity,
  });
}

/** GET data/market/items?hub= */
export function useMarketItems(hubId: number) {
  const { queryKey, path } = marketRequests.items(hubId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<MarketItemsResponse>(path, { signal }),
    staleTime: 60_000,
  });
}

/** GET data/market/detail/{id}?hub= */
export function useMarketItem(id: number, hubId: number, enabled = true) {
  const { queryKey, path } = marketRequests.detail(hubId, id);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<MarketItemDetail>(path, { signal }),
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
