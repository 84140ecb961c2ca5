import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BlueprintSearchResponse,
  IndustryCharacterSkillsResponse,
  IndustryCharactersResponse,
  IndustryJobRequest,
  IndustryJobResponse,
  IndustryStaticData,
} from '@eve-toolkit/shared-types';
import { api } from '../../../shared/api-client';

export const industryKeys = {
  static: ['industry', 'static'] as const,
  blueprints: (q: string) => ['industry', 'blueprints', q] as const,
  characters: ['industry', 'characters'] as const,
};

/** GET data/industry/static_industry_data (systems, stations, rigs, bonuses). */
export function useIndustryStatic() {
  return useQuery({
    queryKey: industryKeys.static,
    queryFn: ({ signal }) => api.get<IndustryStaticData>('data/industry/static_industry_data', { signal }),
    staleTime: Infinity,
  });
}

/** Blueprints by name (Russian or English), from 3 characters: GET data/industry/blueprints?q= */
export function useBlueprintSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: industryKeys.blueprints(q.toLowerCase()),
    queryFn: ({ signal }) =>
      api.get<BlueprintSearchResponse>(`data/industry/blueprints?q=${encodeURIComponent(q)}&limit=20`, { signal }),
    enabled: q.length >= 3,
    staleTime: 5 * 60_000,
  });
}

/** POST data/industry/job */
export function useIndustryJob() {
  return useMutation({
    mutationFn: (body: IndustryJobRequest) => api.post<IndustryJobResponse>('data/industry/job', body),
  });
}

/** GET data/industry/skills: the signed-in player's linked characters (only asked when signed in). */
export function useIndustryCharacters(enabled: boolean) {
  return useQuery({
    queryKey: industryKeys.characters,
    queryFn: ({ signal }) => api.get<IndustryCharactersResponse>('data/industry/skills', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** GET data/industry/skills/{id}: one character's skills, read through ESI now. */
export function useCharacterSkills() {
  return useMutation({
    mutationFn: (characterId: number) => api.get<IndustryCharacterSkillsResponse>(`data/industry/skills/${characterId}`),
  });
}
