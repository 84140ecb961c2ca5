/**
 * The authorization matrix: every restricted endpoint of the product, and who may call it.
 * Every later feature adds its rows here; backend/test/authz-matrix.int-spec.ts checks each row
 * for an anonymous visitor and for an account holding each single role.
 *
 * `allow`: the roles that pass the guard; 'authenticated' = any signed-in account.
 * Passing the guard is judged by the status: 401 (anonymous) and 403 (wrong role) are refusals;
 * anything else (200, or a 400 for the deliberately empty input) means the handler ran.
 */
import { CORP_MESSAGES, type Role } from '@eve-toolkit/shared-types';

export interface AuthzRow {
  method: 'get' | 'post' | 'delete';
  path: string;
  allow: readonly Role[] | 'authenticated';
  /**
   * The Russian messages a refusal may carry (default: 'Недостаточно прав'). The corporation area
   * says why: no corp role, or not the right one for the action. Every account in the matrix has
   * a character in a registered corporation, so membership is never the reason there.
   */
  forbidden?: readonly string[];
}

/** Corporation-area rows: only corp and admin enter; the action's own right on top (single-role accounts). */
const corp = (method: AuthzRow['method'], path: string, allow: readonly Role[], ...extra: string[]): AuthzRow => ({
  method,
  path,
  allow,
  forbidden: [CORP_MESSAGES.noRole, ...extra],
});

export const AUTHZ_TABLE: readonly AuthzRow[] = [
  { method: 'get', path: '/data/industry/admin/items?q=py', allow: ['admin'] },
  { method: 'get', path: '/data/universe/admin/systems?q=ji', allow: ['admin'] },
  // Deliberately without a captcha: the guard decides before validation (400 = it let the call in).
  { method: 'post', path: '/auth/delete', allow: 'authenticated' },
  { method: 'get', path: '/auth/user/nobody_at_all', allow: 'authenticated' },
  { method: 'get', path: '/auth/esi/auth_link', allow: 'authenticated' },
  { method: 'get', path: '/auth/esi/callback', allow: 'authenticated' },
  { method: 'post', path: '/auth/esi/refresh', allow: 'authenticated' },
  { method: 'delete', path: '/auth/esi/del_char/1', allow: 'authenticated' },
  // The calculator's skills panel: one's own linked characters and their skills (404 = the handler ran).
  { method: 'get', path: '/data/industry/skills', allow: 'authenticated' },
  { method: 'get', path: '/data/industry/skills/1', allow: 'authenticated' },
  corp('get', '/auth/corp/buys', ['corp', 'admin']),
  corp('post', '/auth/corp/update_buy', ['admin'], CORP_MESSAGES.cannotModerate),
  corp('get', '/auth/corp/events', ['corp', 'admin']),
  corp('post', '/auth/corp/add_event', ['admin'], CORP_MESSAGES.cannotCreateEvent),
  corp('get', '/auth/corp/projects', ['corp', 'admin']),
  corp('get', '/auth/corp/projects/000000000000000000000000', ['corp', 'admin']),
  corp('post', '/auth/corp/add_project', ['admin'], CORP_MESSAGES.cannotCreateProject),
  corp('post', '/auth/corp/update_project', ['admin'], CORP_MESSAGES.cannotModerate),
  corp('post', '/auth/corp/verify_job', ['corp', 'admin']),
  corp('post', '/auth/corp/push_jobs', ['corp', 'admin']),
  // Any signed-in user may request a role (spec §6).
  { method: 'get', path: '/auth/corp/roles', allow: 'authenticated' },
  { method: 'post', path: '/auth/corp/new_role_request', allow: 'authenticated' },
  // Admin area (api/admin/...): admins only. POSTs with an empty body (400 = the guard let it in);
  // kill and update_libs with `dry_run=1`, so that the admin's call ends no other role's session
  // and starts no import (the guard decides per route, before the handler reads the query).
  { method: 'get', path: '/api/admin/stats/main', allow: ['admin'] },
  { method: 'get', path: '/api/admin/stats/users?q=au&page=1', allow: ['admin'] },
  { method: 'get', path: '/api/admin/stats/users/000000000000000000000000', allow: ['admin'] },
  { method: 'post', path: '/api/admin/stats/users/000000000000000000000000', allow: ['admin'] },
  { method: 'get', path: '/api/admin/stats_chars', allow: ['admin'] },
  { method: 'get', path: '/api/admin/stats_chars/1', allow: ['admin'] },
  { method: 'post', path: '/api/admin/stats_chars/1', allow: ['admin'] },
  { method: 'get', path: '/api/admin/stats/role_requests', allow: ['admin'] },
  { method: 'post', path: '/api/admin/stats/role_requests', allow: ['admin'] },
  { method: 'get', path: '/api/admin/corps', allow: ['admin'] },
  { method: 'post', path: '/api/admin/corps', allow: ['admin'] },
  { method: 'get', path: '/api/admin/ban_chars', allow: ['admin'] },
  { method: 'post', path: '/api/admin/ban_chars', allow: ['admin'] },
  { method: 'get', path: '/api/admin/stats/market_categories', allow: ['admin'] },
  { method: 'get', path: '/api/admin/stats/market_items', allow: ['admin'] },
  { method: 'post', path: '/api/admin/market_categories', allow: ['admin'] },
  { method: 'post', path: '/api/admin/market_items', allow: ['admin'] },
  { method: 'get', path: '/api/admin/kill?dry_run=1', allow: ['admin'] },
  { method: 'get', path: '/api/admin/update_libs?dry_run=1', allow: ['admin'] },
  { method: 'get', path: '/api/admin/update_libs/status', allow: ['admin'] },
];
