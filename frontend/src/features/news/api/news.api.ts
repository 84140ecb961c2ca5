import { formatDate } from '@eve-toolkit/shared-types';
import { useQuery } from '@tanstack/react-query';
import { fetchStaticJson } from '../../../shared/api-client';

export interface NewsEntry {
  id: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  title: string;
  text: string;
  tags?: string[];
}

export interface NewsFile {
  news: NewsEntry[];
}

/** The news file's query key and address (the server answers it for the page's first render). */
export const newsRequest = { queryKey: ['static', 'news'] as const, path: 'news.json' };

/** Static public/news.json, newest first. */
export function useNews() {
  return useQuery({
    queryKey: newsRequest.queryKey,
    queryFn: () => fetchStaticJson<NewsFile>(newsRequest.path),
    select: (file) => [...file.news].sort((a, b) => b.date.localeCompare(a.date)),
    staleTime: 5 * 60_000,
  });
}

/** A news day ('YYYY-MM-DD') in the site's one date format: "28.11.2026". */
export function formatNewsDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : formatDate(date, 'utc');
}
