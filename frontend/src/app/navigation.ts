import type { Role } from '@eve-toolkit/shared-types';
import { ADMIN_ROLES, CORP_ROLES } from '../shared/session';

export interface MenuItem {
  label: string;
  to: string;
  /** Path prefix that marks the item active (defaults to `to`). */
  match?: string;
  /** Visible only when the session has one of these roles. */
  roles?: readonly Role[];
}

/** Top menu (spec §2). */
export const TOP_MENU: readonly MenuItem[] = [
  { label: 'Маркет', to: '/market/list', match: '/market' },
  { label: 'Лут', to: '/loot' },
  { label: 'Индустрия', to: '/industry' },
  { label: 'Планеты', to: '/planetology' },
  { label: 'Корпорация', to: '/corp/main', match: '/corp', roles: CORP_ROLES },
  { label: 'Админка', to: '/best_admin/main', match: '/best_admin', roles: ADMIN_ROLES },
  { label: 'О проекте', to: '/about', match: '/about' },
];

export const NEWS_LINK: MenuItem = { label: 'Новости', to: '/news' };

export interface SideMenuItem {
  label: string;
  to: string;
  /** Extra path prefixes that also highlight this item. */
  alsoActive?: readonly string[];
}

/** Admin side menu (spec §2 and admin screens). */
export const ADMIN_MENU: readonly SideMenuItem[] = [
  { label: 'Главная', to: '/best_admin/main', alsoActive: ['/best_admin/eve_items'] },
  { label: 'Пользователи', to: '/best_admin/users' },
  { label: 'Персонажи', to: '/best_admin/chars' },
  { label: 'Запросы ролей', to: '/best_admin/roles' },
  { label: 'Корпорации', to: '/best_admin/corps' },
  { label: 'Бан лист персонажей', to: '/best_admin/ban_chars' },
  { label: 'Категории маркета', to: '/best_admin/market_categories' },
  { label: 'Предметы маркета', to: '/best_admin/market_items' },
];

/** Corporation side menu (spec §2 corporation screens). */
export const CORP_MENU: readonly SideMenuItem[] = [
  { label: 'Главная', to: '/corp/main' },
  { label: 'Пинги', to: '/corp/events' },
  { label: 'Проекты', to: '/corp/projects', alsoActive: ['/corp/new_project'] },
  { label: 'Доктрины', to: '/corp/doctrines' },
  { label: 'СРП', to: '/corp/srp' },
  { label: 'Оповещения', to: '/corp/alerts' },
  { label: 'Запрос роли', to: '/corp/roles' },
];

export const ABOUT_MENU: readonly SideMenuItem[] = [
  { label: 'О проекте', to: '/about/readme', alsoActive: ['/about'] },
  { label: 'Обратная связь', to: '/about/debug' },
];

export function isActivePath(pathname: string, prefix: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return clean === prefix || clean.startsWith(`${prefix}/`);
}
