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

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/**
 * "28 ноября 2026 г." (Intl's ru-RU long date), built by hand: the same on the server and in any
 * browser, and no Intl Russian data to load while the page starts.
 */
export function formatNewsDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} г.`;
}
