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

/** Static public/news.json, newest first. */
export function useNews() {
  return useQuery({
    queryKey: ['static', 'news'],
    queryFn: () => fetchStaticJson<NewsFile>('news.json'),
    select: (file) => [...file.news].sort((a, b) => b.date.localeCompare(a.date)),
    staleTime: 5 * 60_000,
  });
}

/** A news day ('YYYY-MM-DD') in the site's one date format: "28.11.2026". */
export function formatNewsDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : formatDate(date, 'utc');
}
