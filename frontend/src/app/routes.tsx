import type { ComponentType } from 'react';
import { Navigate, redirect, type RouteObject } from 'react-router-dom';
import { LoadingView } from '../shared/ui/loading-view';
import { RouteErrorPage } from './pages/route-error-page';
import { AboutLayout, AccountIndex, AccountLayout, AdminLayout, CorpLayout, MarketLayout } from './layouts/section-layouts';
import { RootLayout, type RouteHandle } from './layouts/root-layout';

/**
 * The spec's route table (§2), exactly. Every page is a lazy chunk.
 *
 * To plug a feature page in, replace its `pending(...)` with
 *   page(() => import('../features/<feature>/pages/<name>-page'))
 * where the module's default export is the page component.
 */
type PageModule = { default: ComponentType };

export function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** "Раздел в разработке" placeholder for pages later releases build (nothing pretends to work). */
export function pending(title: string, description: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const { UnderConstruction } = await import('../shared/ui/under-construction');
      return { Component: () => <UnderConstruction title={title} description={description} /> };
    },
  };
}

/** Redirect before render (loader); the component only guards against rendering an empty page. */
const to = (path: string): Pick<RouteObject, 'loader' | 'Component'> => ({
  loader: () => redirect(path),
  Component: () => <Navigate to={path} replace />,
});
const handle = (title: string): RouteHandle => ({ title });

const newsPage = () => page(() => import('../features/news/pages/news-page'));
const aboutPage = () => page(() => import('../features/about/pages/about-page'));

const adminMain = () => page(() => import('../features/admin/pages/main-page'));

export const routes: RouteObject[] = [
  /** Bare redirect page (e.g. the landing point after external flows). */
  { path: '/redirect', HydrateFallback: LoadingView, ...to('/market/list') },
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: LoadingView,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, handle: handle('Новости'), ...newsPage() },
      { path: 'test', handle: handle('Новости'), ...newsPage() },
      { path: 'news', handle: handle('Новости'), ...newsPage() },
      {
        path: 'market',
        Component: MarketLayout,
        handle: handle('Маркет'),
        children: [
          { index: true, ...to('/market/list') },
          { path: 'list', ...page(() => import('../features/market/pages/market-list-page')) },
          {
            path: 'appraisal',
            handle: handle('Оценка'),
            ...page(() => import('../features/appraisal/pages/appraisal-page')),
          },
          { path: 'detail/:id', ...page(() => import('../features/market/pages/market-detail-page')) },
        ],
      },
      {
        path: 'loot',
        handle: handle('Лут'),
        ...page(() => import('../features/loot/pages/loot-page')),
      },
      {
        path: 'industry',
        handle: handle('Индустрия'),
        ...page(() => import('../features/industry/pages/industry-page')),
      },
      {
        path: 'planetology',
        handle: handle('Планеты'),
        ...page(() => import('../features/planetology/pages/planetology-page')),
      },
      {
        path: 'best_admin',
        Component: AdminLayout,
        handle: handle('Админка'),
        children: [
          { index: true, ...to('/best_admin/main') },
          { path: 'main', ...adminMain() },
          { path: 'users', ...page(() => import('../features/admin/pages/users-page')) },
          { path: 'users/:id', ...page(() => import('../features/admin/pages/user-page')) },
          { path: 'chars', ...page(() => import('../features/admin/pages/chars-page')) },
          { path: 'chars/:id', ...page(() => import('../features/admin/pages/char-page')) },
          { path: 'roles', ...page(() => import('../features/admin/pages/roles-page')) },
          { path: 'corps', ...page(() => import('../features/admin/pages/corps-page')) },
          { path: 'ban_chars', ...page(() => import('../features/admin/pages/ban-chars-page')) },
          { path: 'market_categories', ...page(() => import('../features/admin/pages/market-categories-page')) },
          { path: 'market_items', ...page(() => import('../features/admin/pages/market-items-page')) },
          { path: 'eve_items', ...adminMain() },
        ],
      },
      {
        path: 'corp',
        Component: CorpLayout,
        handle: handle('Корпорация'),
        children: [
          { index: true, ...to('/corp/main') },
          { path: 'main', ...page(() => import('../features/corp/pages/corp-main-page')) },
          { path: 'events', handle: handle('Пинги'), ...page(() => import('../features/corp/pages/corp-events-page')) },
          { path: 'projects', handle: handle('Проекты'), ...page(() => import('../features/corp/pages/corp-projects-page')) },
          { path: 'projects/:id', handle: handle('Проект'), ...page(() => import('../features/corp/pages/corp-project-page')) },
          {
            path: 'new_project',
            handle: handle('Новый проект'),
            ...page(() => import('./pages/corp-new-project-page')),
          },
          { path: 'alerts', handle: handle('Оповещения'), ...page(() => import('../features/corp/pages/corp-alerts-page')) },
          { path: 'roles', handle: handle('Запрос роли'), ...page(() => import('../features/corp/pages/corp-roles-page')) },
        ],
      },
      {
        path: 'about',
        Component: AboutLayout,
        handle: handle('О проекте'),
        children: [
          { index: true, ...aboutPage() },
          { path: 'readme', ...aboutPage() },
          { path: 'debug', handle: handle('Обратная связь'), ...page(() => import('../features/about/pages/debug-page')) },
        ],
      },
      {
        path: 'account',
        Component: AccountLayout,
        handle: handle('Аккаунт'),
        children: [
          { index: true, Component: AccountIndex },
          { path: 'login', handle: handle('Вход'), ...page(() => import('../features/account/pages/login-page')) },
          {
            path: 'register',
            handle: handle('Регистрация'),
            ...page(() => import('../features/account/pages/register-page')),
          },
          {
            path: 'register_done',
            handle: handle('Регистрация'),
            ...page(() => import('../features/account/pages/register-done-page')),
          },
          {
            path: 'user/:name',
            handle: handle('Профиль'),
            ...page(() => import('../features/account/pages/user-page')),
          },
        ],
      },
      { path: '*', handle: handle('Страница не найдена'), ...page(() => import('./pages/not-found-page')) },
    ],
  },
];
