import type { ComponentType } from 'react';

/** A page's lazy chunk: its module's default export is the page component. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * Every page of the spec's route table (§2) by its full path pattern (`*`: any other address),
 * with its lazy chunk. The route tree (routes.tsx) puts each page on its route. The build reads
 * this table (vite.config.ts, pagePreloads: keep one `'pattern': () => import('module')` per
 * line) to list each page's chunks, which the server names in index.html as preload hints for
 * that address: the page's chunk then downloads beside the app's entry instead of after it ran.
 */
export const PAGES = {
  '/': () => import('../features/news/pages/news-page'),
  '/test': () => import('../features/news/pages/news-page'),
  '/news': () => import('../features/news/pages/news-page'),
  '/market/list': () => import('../features/market/pages/market-list-page'),
  '/market/appraisal': () => import('../features/appraisal/pages/appraisal-page'),
  '/market/detail/:id': () => import('../features/market/pages/market-detail-page'),
  '/loot': () => import('../features/loot/pages/loot-page'),
  '/industry': () => import('../features/industry/pages/industry-page'),
  '/planetology': () => import('../features/planetology/pages/planetology-page'),
  '/best_admin/main': () => import('../features/admin/pages/main-page'),
  '/best_admin/users': () => import('../features/admin/pages/users-page'),
  '/best_admin/users/:id': () => import('../features/admin/pages/user-page'),
  '/best_admin/chars': () => import('../features/admin/pages/chars-page'),
  '/best_admin/chars/:id': () => import('../features/admin/pages/char-page'),
  '/best_admin/roles': () => import('../features/admin/pages/roles-page'),
  '/best_admin/corps': () => import('../features/admin/pages/corps-page'),
  '/best_admin/ban_chars': () => import('../features/admin/pages/ban-chars-page'),
  '/best_admin/market_categories': () => import('../features/admin/pages/market-categories-page'),
  '/best_admin/market_items': () => import('../features/admin/pages/market-items-page'),
  '/best_admin/eve_items': () => import('../features/admin/pages/main-page'),
  '/corp/main': () => import('../features/corp/pages/corp-main-page'),
  '/corp/events': () => import('../features/corp/pages/corp-pings-page'),
  '/corp/projects': () => import('../features/corp/pages/corp-projects-page'),
  '/corp/projects/:id': () => import('../features/corp/pages/corp-project-page'),
  '/corp/new_project': () => import('./pages/corp-new-project-page'),
  '/corp/srp': () => import('../features/srp/pages/srp-page'),
  '/corp/alerts': () => import('../features/corp/pages/corp-alerts-page'),
  '/corp/doctrines': () => import('../features/corp/pages/corp-doctrines-page'),
  '/corp/roles': () => import('../features/corp/pages/corp-roles-page'),
  '/about': () => import('../features/about/pages/about-page'),
  '/about/readme': () => import('../features/about/pages/about-page'),
  '/about/debug': () => import('../features/about/pages/debug-page'),
  '/account/login': () => import('../features/accounts/pages/login-page'),
  '/account/register': () => import('../features/accounts/pages/register-page'),
  '/account/register_done': () => import('../features/accounts/pages/register-done-page'),
  '/account/user/:name': () => import('../features/accounts/pages/user-page'),
  '*': () => import('./pages/not-found-page'),
} satisfies Record<string, PageLoader>;

export type PagePath = keyof typeof PAGES;
