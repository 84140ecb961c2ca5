/**
 * The authorization matrix: every restricted endpoint of the product, and who may call it.
 * Every later feature adds its rows here; backend/test/authz-matrix.int-spec.ts checks each row
 * for an anonymous visitor and for an account holding each single role.
 *
 * `allow`: the roles that pass the guard; 'authenticated' = any signed-in account.
 * Passing the guard is judged by the status: 401 (anonymous) and 403 (wrong role) are refusals;
 * anything else (200, or a 400 for the deliberately empty input) means the handler ran.
 */
import type { Role } from '@eve-toolkit/shared-types';

export interface AuthzRow {
  method: 'get' | 'post' | 'delete';
  path: string;
  allow: readonly Role[] | 'authenticated';
}

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
];
