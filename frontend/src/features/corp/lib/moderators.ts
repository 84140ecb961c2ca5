import type { Role } from '@eve-toolkit/shared-types';

/**
 * The corporation's moderators (`CORP_PERMISSIONS.moderate`): who sees the webhooks on
 * «Оповещения». A copy of the contract's list, so the page does not load the contract module;
 * `moderators.test.ts` keeps them equal. The server decides either way.
 */
export const CORP_MODERATOR_ROLES: readonly Role[] = ['industrialist', 'admin'];
