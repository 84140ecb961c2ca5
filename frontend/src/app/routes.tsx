import { lazy, useEffect, useMemo, type ComponentType } from 'react';
import { matchRoutes, Navigate, renderMatches, useLocation, type RouteObject } from 'react-router-dom';
import { AboutLayout, AccountIndex, AccountLayout, AdminLayout, CorpLayout, MarketLayout } from './layouts/section-layouts';
import { RootLayout } from './layouts/root-layout';
import { PAGES, type PageLoader, type PagePath } from './pages';
import { pageLoading } from './page-loading';
import { useScrollRestoration } from './scroll-restoration';

/** A route's title (the document title reads the deepest one). */
export interface RouteHandle {
  title?: string;
}

/**
 * The spec's route table (§2), exactly. Every page is a lazy chunk (its module in pages.ts, by
 * the route's full path: the boot script preloads it from the same table).
 *
 * The router is react-router's declarative one (BrowserRouter; the table matched with matchRoutes
 * and rendered with renderMatches): the data router (createBrowserRouter: loaders, actions,
 * fetchers, hydration) weighed ~17 KB gzipped of every first load for what this table needs — lazy pages, redirects and titles — which React's own
 * lazy/Suspense and a route handle give.
 */
export function page(path: PagePath): Pick<RouteObject, 'id' | 'Component'> {
  return { id: `page:${path}`, Component: lazyPage(PAGES[path]) };
}

/** Page modules already loaded (`preloadPage`), by their loader. */
const loadedPages = new Map<PageLoader, ComponentType>();

/**
 * Loads a page's module ahead of its first render (main.tsx: the address's page, before the app's
 * first render). Its route then renders the page component itself in the first commit; through
 * React.lazy alone it would suspend once more and show the loading placeholder in between.
 */
export async function preloadPage(load: PageLoader): Promise<void> {
  if (!loadedPages.has(load)) loadedPages.set(load, (await load()).default);
}

/** A lazy page component whose chunk load shows the header's progress bar. */
export function lazyPage(load: PageLoader): ComponentType {
  const Lazy = lazy(() => pageLoading(load()));
  return function Page() {
    const Loaded = loadedPages.get(load);
    return Loaded ? <Loaded /> : <Lazy />;
  };
}

/** "Раздел в разработке" placeholder for pages later releases build (nothing pretends to work). */
export function pending(title: string, description: string): Pick<RouteObject, 'Component'> {
  return {
    Component: lazyPage(async () => {
      const { UnderConstruction } = await import('../shared/ui/under-construction');
      return { default: () => <UnderConstruction title={title} description={description} /> };
    }),
  };
}

/** A redirect: the address is replaced, nothing of its own is shown. */
const to = (path: string): Pick<RouteObject, 'element'> => ({ element: <Navigate to={path} replace /> });
const handle = (title: string): RouteHandle => ({ title });

export const routes: RouteObject[] = [
  /** Bare redirect page (e.g. the landing point after external flows). */
  { path: '/redirect', ...to('/market/list') },
  {
    path: '/',
    Component: RootLayout,
    children: [
      { index: true, handle: handle('Новости'), ...page('/') },
      { path: 'test', handle: handle('Новости'), ...page('/test') },
      { path: 'news', handle: handle('Новости'), ...page('/news') },
      {
        path: 'market',
        Component: MarketLayout,
        handle: handle('Маркет'),
        children: [
          { index: true, ...to('/market/list') },
          { path: 'list', ...page('/market/list') },
          {
            path: 'appraisal',
            handle: handle('Оценка'),
            ...page('/market/appraisal'),
          },
          { path: 'detail/:id', ...page('/market/detail/:id') },
        ],
      },
      {
        path: 'loot',
        handle: handle('Лут'),
        ...page('/loot'),
      },
      {
        path: 'industry',
        handle: handle('Индустрия'),
        ...page('/industry'),
      },
      {
        path: 'planetology',
        handle: handle('Планеты'),
        ...page('/planetology'),
      },
      {
        path: 'best_admin',
        Component: AdminLayout,
        handle: handle('Админка'),
        children: [
          { index: true, ...to('/best_admin/main') },
          { path: 'main', ...page('/best_admin/main') },
          { path: 'users', ...page('/best_admin/users') },
          { path: 'users/:id', ...page('/best_admin/users/:id') },
          { path: 'chars', ...page('/best_admin/chars') },
          { path: 'chars/:id', ...page('/best_admin/chars/:id') },
          { path: 'roles', ...page('/best_admin/roles') },
          { path: 'corps', ...page('/best_admin/corps') },
          { path: 'ban_chars', ...page('/best_admin/ban_chars') },
          { path: 'market_categories', ...page('/best_admin/market_categories') },
          { path: 'market_items', ...page('/best_admin/market_items') },
          { path: 'eve_items', ...page('/best_admin/eve_items') },
        ],
      },
      {
        path: 'corp',
        Component: CorpLayout,
        handle: handle('Корпорация'),
        children: [
          { index: true, ...to('/corp/main') },
          { path: 'main', ...page('/corp/main') },
          { path: 'events', handle: handle('Пинги'), ...page('/corp/events') },
          { path: 'projects', handle: handle('Проекты'), ...page('/corp/projects') },
          { path: 'projects/:id', handle: handle('Проект'), ...page('/corp/projects/:id') },
          {
            path: 'new_project',
            handle: handle('Новый проект'),
            ...page('/corp/new_project'),
          },
          { path: 'srp', handle: handle('СРП'), ...page('/corp/srp') },
          { path: 'alerts', handle: handle('Оповещения'), ...page('/corp/alerts') },
          { path: 'doctrines', handle: handle('Доктрины'), ...page('/corp/doctrines') },
          { path: 'roles', handle: handle('Запрос роли'), ...page('/corp/roles') },
        ],
      },
      {
        path: 'about',
        Component: AboutLayout,
        handle: handle('О проекте'),
        children: [
          { index: true, ...page('/about') },
          { path: 'readme', ...page('/about/readme') },
          { path: 'debug', handle: handle('Обратная связь'), ...page('/about/debug') },
        ],
      },
      {
        path: 'account',
        Component: AccountLayout,
        handle: handle('Аккаунт'),
        children: [
          { index: true, Component: AccountIndex },
          { path: 'login', handle: handle('Вход'), ...page('/account/login') },
          {
            path: 'register',
            handle: handle('Регистрация'),
            ...page('/account/register'),
          },
          {
            path: 'register_done',
            handle: handle('Регистрация'),
            ...page('/account/register_done'),
          },
          {
            path: 'user/:name',
            handle: handle('Профиль'),
            ...page('/account/user/:name'),
          },
        ],
      },
      { path: '*', handle: handle('Страница не найдена'), ...page('*') },
    ],
  },
];

/**
 * The app's routes on the current address, with the document title of the deepest route that
 * names one and the scroll position handled on every navigation.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  // Matching ranks and compiles the whole table (react-router's useRoutes does it on every render:
  // milliseconds of a phone's start-up each time): once per address, shared with the start and
  // the title. The pages read the router's own location (a location argument would wrap them in
  // a new location context on every render, re-rendering every link that reads it).
  const matches = matchAt(pathname);
  const title = useMemo(() => documentTitle(pathname), [pathname]);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useScrollRestoration();
  return useMemo(() => renderMatches(matches), [matches]);
}

const APP_NAME = 'EVE Toolkit';

/**
 * The route table matched at an address, kept per address: matching ranks every route of the
 * table (milliseconds on a phone), and the start, the title and the server all ask it.
 */
const matchedAt = new Map<string, ReturnType<typeof matchRoutes>>();
function matchAt(pathname: string): ReturnType<typeof matchRoutes> {
  let matches = matchedAt.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname);
    if (matchedAt.size >= 500) matchedAt.clear();
    matchedAt.set(pathname, matches);
  }
  return matches;
}

/** The document title at an address: the deepest route's that names one (the server puts it in the HTML). */
export function documentTitle(pathname: string): string {
  const title = matchAt(pathname)
    ?.map((m) => (m.route.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .pop();
  return title ? `${title} — ${APP_NAME}` : `${APP_NAME} — инструменты для пилотов EVE Online`;
}

/**
 * The page the route table shows at an address (its full path pattern in PAGES) and the address's
 * parameters; null for a redirect or an index without a page of its own (/account).
 */
export function pageAt(pathname: string): { page: PagePath; params: Record<string, string | undefined> } | null {
  const leaf = matchAt(pathname)?.at(-1);
  const id = leaf?.route.id;
  return id?.startsWith('page:') ? { page: id.slice('page:'.length) as PagePath, params: leaf!.params } : null;
}
