/** Roles, statuses, event types, activities, hubs: the spec's fixed vocabularies. */

export const ROLES = ['admin', 'security', 'fc', 'miner', 'corp', 'academy', 'user', 'industrialist'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Админ',
  security: 'Безопасник',
  fc: 'ФК',
  miner: 'Копатель',
  corp: 'Сокорп',
  academy: 'Академик',
  user: 'Пользователь',
  industrialist: 'Производственник',
};

/** Spec §6: "In the displayed list the eighth entry is moved to the fifth position". */
export const ROLES_DISPLAY_ORDER: readonly Role[] = [...ROLES.slice(0, 4), ROLES[7], ...ROLES.slice(4, 7)];

export const PROJECT_STATUSES = ['waiting', 'working', 'sale', 'ready'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_META: Record<ProjectStatus, { label: string; color: 'gray' | 'blue' | 'orange' | 'green' }> = {
  waiting: { label: 'ПОДГОТОВКА', color: 'gray' },
  working: { label: 'СТРОИТСЯ', color: 'blue' },
  sale: { label: 'В ПРОДАЖЕ', color: 'orange' },
  ready: { label: 'ГОТОВ', color: 'green' },
};

export const PING_TYPES = ['roam', 'home def', 'kta', 'mining', 'pve', 'fuel', 'misc'] as const;
export type PingType = (typeof PING_TYPES)[number];
export const DEFAULT_PING_TYPE: PingType = 'misc';
/** How a ping's type reads on screen (the stored value stays the spec's English key). */
export const PING_TYPE_LABELS: Record<PingType, string> = {
  roam: 'Роум',
  'home def': 'Защита дома',
  kta: 'КТА',
  mining: 'Добыча',
  pve: 'PvE',
  fuel: 'Заправка',
  misc: 'Прочее',
};

export const ACTIVITY = { manufacturing: 1, reaction: 11 } as const;
export type ActivityId = (typeof ACTIVITY)[keyof typeof ACTIVITY];
export const ACTIVITY_LETTER: Record<ActivityId, string> = { 1: 'П', 11: 'Р' };

export const CORP_TYPES = { main: 0, reserve: 1, blocked: 2 } as const;
export type CorpType = (typeof CORP_TYPES)[keyof typeof CORP_TYPES];
export const CORP_TYPE_LABELS: Record<CorpType, string> = { 0: 'Основа', 1: 'Резерв', 2: 'Заблокирована' };
export const DEFAULT_CORP_TYPE: CorpType = CORP_TYPES.blocked;

export interface HubDefinition {
  id: number;
  label: string;
  stationId: number;
  systemId: number;
  regionId: number;
}

/**
 * Trade hubs (game-mechanics.md §6), in the order lists show them: the default first (Jita 4-4,
 * id 2, the largest market), then the others by trade volume.
 */
export const HUBS: readonly HubDefinition[] = [
  { id: 2, label: 'Jita 4-4', stationId: 60003760, systemId: 30000142, regionId: 10000002 },
  { id: 1, label: 'Amarr', stationId: 60008494, systemId: 30002187, regionId: 10000043 },
  { id: 3, label: 'Dodixie', stationId: 60011866, systemId: 30002659, regionId: 10000032 },
  { id: 4, label: 'Rens', stationId: 60004588, systemId: 30002510, regionId: 10000030 },
  { id: 5, label: 'Hek', stationId: 60005686, systemId: 30002053, regionId: 10000042 },
];
export const DEFAULT_HUB_ID = 2;

export const COOKIE_CONSENT = 'cookies_allow';
export const COOKIE_HUB = 'market_hub_id';
export type CookieConsent = 'accepted' | 'declined';
