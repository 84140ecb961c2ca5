import { useMutation, useQuery } from '@tanstack/react-query';
import type { OkResponse, PostDebugRequest } from '@eve-toolkit/shared-types';
import { api, fetchStaticJson } from '../../../shared/api-client';

export interface AboutContact {
  label: string;
  value: string;
  /** Internal path or external URL. */
  href?: string;
}

/** Static public/about.json (spec §7: "GET static about.json (description)"). */
export interface AboutFile {
  description: string;
  contacts?: AboutContact[];
  links?: { label: string; href: string }[];
}

/** The about file's query key and address (the server answers it for the page's first render). */
export const aboutRequest = { queryKey: ['static', 'about'] as const, path: 'about.json' };

export function useAbout() {
  return useQuery({
    queryKey: aboutRequest.queryKey,
    queryFn: () => fetchStaticJson<AboutFile>(aboutRequest.path),
    staleTime: 5 * 60_000,
  });
}

/** POST api/post_debug {title, msg} -> {ok: true}. */
export function usePostDebug() {
  return useMutation({
    mutationFn: (body: PostDebugRequest) => api.post<OkResponse>('api/post_debug', body),
  });
}
