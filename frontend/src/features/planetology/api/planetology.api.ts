import { useQuery } from '@tanstack/react-query';
import type { PlanetologyCatalogueResponse, SystemPlanetsResponse } from '@eve-toolkit/shared-types';
import { api } from '../../../shared/api-client';

export const planetologyKeys = {
  catalogue: ['planetology', 'catalogue'] as const,
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

/** GET data/universe/systems/{id}/planets once a system is chosen. */
export function usePlanets(systemId: number | null) {
  return useQuery({
    queryKey: planetologyKeys.planets(systemId ?? 0),
    queryFn: ({ signal }) => api.get<SystemPlanetsResponse>(`data/universe/systems/${systemId}/planets`, { signal }),
    enabled: systemId !== null,
    staleTime: Infinity,
  });
}
