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

export function useAbout() {
  return useQuery({
    queryKey: ['static', 'about'],
    queryFn: () => fetchStaticJson<AboutFile>('about.json'),
    staleTime: 5 * 60_000,
  });
}

/** POST api/post_debug {title, msg} -> {ok: true}. */
export function usePostDebug() {
  return useMutation({
    mutationFn: (body: PostDebugRequest) => api.post<OkResponse>('api/post_debug', body),
  });
}
