import { useQuery } from '@tanstack/react-query';
import type { PlanetologyCatalogueResponse, SystemPlanetsResponse, SystemSearchResponse } from '@eve-toolkit/shared-types';
import { api } from '../../../shared/api-client';
import { SEARCH_MIN_LENGTH } from '../lib/planetology';

export const planetologyKeys = {
  catalogue: ['planetology', 'catalogue'] as const,
  systems: (q: string) => ['planetology', 'systems', q] as const,
  planets: (systemId: number) => ['planetology', 'planets', systemId] as const,
};

/** GET data/universe/blueprints: products, planet types and PI rules (changes only with the SDE). */
export function useCatalogue() {
  return useQuery({
    queryKey: planetologyKeys.catalogue,
    queryFn: ({ signal }) => api.get<PlanetologyCatalogueResponse>('data/universe/blueprints', { signal }),
    staleTime: Infinity,
  });
}

/** Systems by name from 3 characters: GET data/universe/systems?q= */
export function useSystemSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: planetologyKeys.systems(q.toLowerCase()),
    queryFn: ({ signal }) =>
      api.get<SystemSearchResponse>(`data/universe/systems?q=${encodeURIComponent(q)}&limit=20`, { signal }),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    staleTime: 5 * 60_000,
  });
}

/** GET data/universe/systems/{id}/planets once a system is chosen. */
export function usePlanets(systemId: number | null) {
  return useQuery({
    queryKey: planetologyKeys.planets(systemId ?? 0),
    queryFn: ({ signal }) => api.get<SystemPlanetsResponse>(`data/universe/systems/${systemId}/planets`, { signal }),
    enabled: systemId !== null,
    staleTime: Infinity,
  });
}
