import type { QueryKey } from '@tanstack/react-query';
import { parseId } from '@eve-toolkit/shared-types';
import { aboutRequest } from '../features/about/api/about.api';
import { marketRequests } from '../features/market/api/market.api';
import { newsRequest } from '../features/news/api/news.api';
import { CLIENT_CONFIG_PATH, clientConfigQueryKey } from '../shared/client-config';
import { SESSION_PATH, sessionQueryKey } from '../shared/session';
import type { PagePath } from './pages';

/** A query the server answers for a page's first render: its key in the query cache and its GET. */
export interface ServerQuery {
  queryKey: QueryKey;
  path: string;
}

/** What a page's first render depends on beyond its address. */
export interface ServerPageContext {
  /** The hub the visitor chose (cookie), or the default. */
  hubId: number;
  /** The address's parameters (`:id`). */
  params: Record<string, string | undefined>;
}

/** What every server-rendered page's header shows: the session and the deployment's facts (demo badge). */
export const SHELL_QUERIES: readonly ServerQuery[] = [
  { queryKey: sessionQueryKey, path: SESSION_PATH },
  { queryKey: clientConfigQueryKey, path: CLIENT_CONFIG_PATH },
];

const none = (): ServerQuery[] => [];

/**
 * The pages the server renders — the public ones, what a visitor opens first — each with the
 * queries its first render shows. Any other page (the corporation and admin areas, a member's
 * profile: a member's data behind the session) is sent as the app's shell and renders in the
 * browser, as every page did before.
 */
export const SERVER_PAGES: Partial<Record<PagePath, (context: ServerPageContext) => ServerQuery[]>> = {
  '/': () => [newsRequest],
  '/news': () => [newsRequest],
  '/test': () => [newsRequest],
  '/market/list': ({ hubId }) => [marketRequests.items(hubId)],
  '/market/detail/:id': ({ hubId, params }) => {
    const id = parseId(params.id);
    return id === null ? [] : [marketRequests.detail(hubId, id), marketRequests.hubs];
  },
  '/market/appraisal': none,
  '/loot': none,
  '/industry': none,
  '/planetology': none,
  '/about': () => [aboutRequest],
  '/about/readme': () => [aboutRequest],
  '/about/debug': none,
  '/account/login': none,
  '/account/register': none,
  '/account/register_done': none,
  '*': none,
};
