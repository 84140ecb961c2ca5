/**
 * The authorization matrix: every route of the product, and who may call it. The routes are the
 * ones Nest registered (support/routes.ts): a route with neither a row here nor a place in
 * PUBLIC_ROUTES fails backend/test/authz-matrix.int-spec.ts, which checks each row for an
 * anonymous visitor, an account holding each single role and the combined roles people have
 * (corp + fc, corp + industrialist).
 *
 * `allow`: who passes the guard ('authenticated' = any signed-in account, or a rule on the roles).
 * Passing the guard is judged by the status: 401 (anonymous) and 403 (wrong role) are refusals;
 * a 4xx the handler gives (400 for the deliberately empty input, 404, 409) means it ran; a 5xx is
 * a failure, never "allowed".
 *
 * AUTHZ_EFFECTS goes further for one route of each kind of guard: with a valid request, a caller
 * the rule allows gets a 2xx and the change is in the database; a refused caller's request leaves
 * the collection it would write exactly as it was.
 */
import { CORP_MESSAGES, CORP_PERMISSIONS, DOCTRINE_MESSAGES, SRP_MESSAGES, type Role } from '@eve-toolkit/shared-types';

export type Allow = 'authenticated' | ((roles: readonly Role[]) => boolean);

export interface AuthzRow {
  method: 'get' | 'post' | 'delete';
  /** A concrete path (and query) that reaches the route. */
  path: string;
  allow: Allow;
  /**
   * The Russian messages a refusal may carry (default: 'Недостаточно прав'). The corporation area
   * says why: no corp role, or not the right one for the action. Every account in the matrix has
   * a character in a registered corporation, so membership is never the reason there.
   */
  forbidden?: readonly string[];
}

/** Any of `roles`. */
const anyOf =
  (...roles: readonly Role[]) =>
  (have: readonly Role[]) =>
    have.some((r) => roles.includes(r));

/** Corporation area: a member role (corp or admin), and the action's own right on top. */
const corp = (method: AuthzRow['method'], path: string, right: readonly Role[], ...extra: string[]): AuthzRow => ({
  method,
  path,
  allow: (have) => anyOf(...CORP_PERMISSIONS.member)(have) && anyOf(...right)(have),
  forbidden: [CORP_MESSAGES.noRole, ...extra],
});
const admin = (method: AuthzRow['method'], path: string): AuthzRow => ({ method, path, allow: anyOf('admin') });

export const AUTHZ_TABLE: readonly AuthzRow[] = [
  admin('get', '/data/industry/admin/items?q=py'),
  admin('get', '/data/universe/admin/systems?q=ji'),
  // Deliberately without a captcha: the guard decides before validation (400 = it let the call in).
  { method: 'post', path: '/auth/delete', allow: 'authenticated' },
  { method: 'get', path: '/auth/user/nobody_at_all', allow: 'authenticated' },
  { method: 'get', path: '/auth/esi/auth_link', allow: 'authenticated' },
  { method: 'get', path: '/auth/esi/callback', allow: 'authenticated' },
  { method: 'post', path: '/auth/esi/refresh', allow: 'authenticated' },
  { method: 'delete', path: '/auth/esi/del_char/1', allow: 'authenticated' },
  // A player's own appraisals (404 for an id that is not theirs = the guard let the call in).
  { method: 'get', path: '/data/market/appraisal/history', allow: 'authenticated' },
  { method: 'delete', path: '/data/market/appraisal/AAAAAAAAAA', allow: 'authenticated' },
  // The calculator's skills panel: one's own linked characters and their skills (404 = the handler ran).
  { method: 'get', path: '/data/industry/skills', allow: 'authenticated' },
  { method: 'get', path: '/data/industry/skills/1', allow: 'authenticated' },
  corp('get', '/auth/corp/buys', CORP_PERMISSIONS.member),
  corp('post', '/auth/corp/update_buy', CORP_PERMISSIONS.moderate, CORP_MESSAGES.cannotModerate),
  corp('get', '/auth/corp/events', CORP_PERMISSIONS.member),
  corp('post', '/auth/corp/add_event', CORP_PERMISSIONS.createPing, CORP_MESSAGES.cannotCreatePing),
  // Any member passes the guard; whose ping it is (author, its FC, admins) is decided per ping
  // (backend/test/corp-pings.int-spec.ts: 403 for other members, 404 for another corporation).
  corp('post', '/auth/corp/update_event', CORP_PERMISSIONS.member),
  corp('post', '/auth/corp/delete_event', CORP_PERMISSIONS.member),
  corp('post', '/auth/corp/rsvp_event', CORP_PERMISSIONS.member),
  // Ping webhooks: the corporation's moderators; the calendar link: every member (issue 27).
  corp('get', '/auth/corp/webhooks', CORP_PERMISSIONS.moderate, CORP_MESSAGES.cannotModerate),
  corp('post', '/auth/corp/add_webhook', CORP_PERMISSIONS.moderate, CORP_MESSAGES.cannotModerate),
  corp('post', '/auth/corp/set_webhook', CORP_PERMISSIONS.moderate, CORP_MESSAGES.cannotModerate),
  corp('post', '/auth/corp/delete_webhook', CORP_PERMISSIONS.moderate, CORP_MESSAGES.cannotModerate),
  corp('post', '/auth/corp/test_webhook', CORP_PERMISSIONS.moderate, CORP_MESSAGES.cannotModerate),
  // Doctrines (issue 38): every member reads them and their own pilots' readiness (404 = let in);
  // FCs, industrialists and admins manage them.
  corp('get', '/auth/corp/doctrines', CORP_PERMISSIONS.member),
  corp('get', '/auth/corp/doctrine_readiness?id=000000000000000000000000', CORP_PERMISSIONS.member),
  corp('post', '/auth/corp/add_doctrine', CORP_PERMISSIONS.manageDoctrines, DOCTRINE_MESSAGES.cannotManage),
  corp('post', '/auth/corp/update_doctrine', CORP_PERMISSIONS.manageDoctrines, DOCTRINE_MESSAGES.cannotManage),
  corp('post', '/auth/corp/delete_doctrine', CORP_PERMISSIONS.manageDoctrines, DOCTRINE_MESSAGES.cannotManage),
  corp('get', '/auth/corp/calendar', CORP_PERMISSIONS.member),
  corp('post', '/auth/corp/calendar_link', CORP_PERMISSIONS.member),
  corp('post', '/auth/corp/revoke_calendar', CORP_PERMISSIONS.member),
  corp('get', '/auth/corp/projects', CORP_PERMISSIONS.member),
  corp('get', '/auth/corp/projects/000000000000000000000000', CORP_PERMISSIONS.member),
  corp('post', '/auth/corp/add_project', CORP_PERMISSIONS.createProject, CORP_MESSAGES.cannotCreateProject),
  corp('post', '/auth/corp/update_project', CORP_PERMISSIONS.moderate, CORP_MESSAGES.cannotModerate),
  corp('post', '/auth/corp/verify_job', CORP_PERMISSIONS.member),
  corp('post', '/auth/corp/push_jobs', CORP_PERMISSIONS.member),
  // Ship replacement (issue 39): every member files their own losses and reads their requests;
  // deciding, paying, the rule and granting are SRP managers' (admins by role, others by an
  // admin's grant: backend/test/srp.int-spec.ts; granting itself is admins' only, decided there).
  corp('get', '/auth/corp/srp_losses', CORP_PERMISSIONS.member),
  corp('post', '/auth/corp/add_srp', CORP_PERMISSIONS.member),
  corp('get', '/auth/corp/srp_requests', CORP_PERMISSIONS.member),
  corp('post', '/auth/corp/decide_srp', CORP_PERMISSIONS.manageSrp, SRP_MESSAGES.cannotManage),
  corp('post', '/auth/corp/pay_srp', CORP_PERMISSIONS.manageSrp, SRP_MESSAGES.cannotManage),
  corp('post', '/auth/corp/relink_srp', CORP_PERMISSIONS.manageSrp, SRP_MESSAGES.cannotManage),
  corp('get', '/auth/corp/srp_settings', CORP_PERMISSIONS.manageSrp, SRP_MESSAGES.cannotManage),
  corp('post', '/auth/corp/srp_settings', CORP_PERMISSIONS.manageSrp, SRP_MESSAGES.cannotManage),
  corp('post', '/auth/corp/srp_manager', CORP_PERMISSIONS.manageSrp, SRP_MESSAGES.cannotManage),
  // Any signed-in user may request a role (spec §6).
  { method: 'get', path: '/auth/corp/roles', allow: 'authenticated' },
  { method: 'post', path: '/auth/corp/new_role_request', allow: 'authenticated' },
  // Admin area (api/admin/...): admins only. POSTs with an empty body (400 = the guard let it in);
  // kill and update_libs with `dry_run=1`, so that the admin's call ends no other role's session
  // and starts no import (the guard decides per route, before the handler reads the query).
  admin('get', '/api/admin/stats/main'),
  admin('get', '/api/admin/stats/users?q=au&page=1'),
  admin('get', '/api/admin/stats/users/000000000000000000000000'),
  admin('post', '/api/admin/stats/users/000000000000000000000000'),
  admin('get', '/api/admin/stats_chars'),
  admin('get', '/api/admin/stats_chars/1'),
  admin('post', '/api/admin/stats_chars/1'),
  admin('get', '/api/admin/stats_chars/1/history'),
  admin('get', '/api/admin/char_flags?status=all&page=1'),
  admin('post', '/api/admin/char_flags/ack'),
  admin('post', '/api/admin/char_checks/run?dry_run=1'),
  admin('get', '/api/admin/stats/role_requests'),
  admin('post', '/api/admin/stats/role_requests'),
  admin('get', '/api/admin/corps'),
  admin('post', '/api/admin/corps'),
  admin('get', '/api/admin/ban_chars'),
  admin('post', '/api/admin/ban_chars'),
  admin('get', '/api/admin/stats/market_categories'),
  admin('get', '/api/admin/stats/market_items'),
  admin('post', '/api/admin/market_categories'),
  admin('post', '/api/admin/market_items'),
  admin('get', '/api/admin/kill?dry_run=1'),
  admin('get', '/api/admin/update_libs?dry_run=1'),
  admin('get', '/api/admin/update_libs/status'),
];

/**
 * Routes anyone may call, guests included (spec §7): each is here on purpose. A route that is in
 * neither list fails the matrix until someone decides who may call it.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/health',
  'GET /api/client_config',
  'POST /api/post_debug',
  // Accounts: a guest signs in, registers, proves a person with the captcha.
  'GET /auth/get_session',
  'GET /auth/get_csrf',
  'GET /auth/login_limit',
  'GET /auth/registration_limit',
  'GET /auth/generate_captcha',
  'POST /auth/validate_captcha',
  'POST /auth/ban_me',
  'POST /auth/registration',
  'POST /auth/login',
  'GET /auth/logout',
  // A member's calendar feed: the secret token in the path is the key (its owner's access is re-checked per request).
  'GET /api/calendar/:file',
  // Game data, market, appraisal, industry, planets and loot: public pages.
  'GET /data/industry/items',
  'GET /data/industry/items/:id',
  'GET /data/industry/blueprints',
  'GET /data/industry/blueprints/:id',
  'GET /data/industry/structures',
  'GET /data/industry/rigs',
  'GET /data/industry/static_industry_data',
  'POST /data/industry/job',
  'POST /data/industry/invention',
  'GET /data/industry/job_simple/:id',
  'GET /data/universe/systems',
  'GET /data/universe/systems/:id',
  'GET /data/universe/systems/:id/planets',
  'GET /data/universe/planet-types',
  'GET /data/universe/schematics',
  'GET /data/universe/schematics/:id',
  'GET /data/universe/blueprints',
  'GET /data/market/hubs',
  'GET /data/market/items',
  'GET /data/market/detail/:id',
  'GET /data/market/search',
  'POST /data/market/appraisal',
  'GET /data/market/appraisal/:id',
  'POST /data/loot/post_players',
  'GET /data/loot/prices',
];

type Doc = Record<string, unknown>;
/** Documents of `after` that `before` did not have (compared whole). */
const added = (before: readonly Doc[], after: readonly Doc[]) => {
  const had = new Set(before.map((d) => JSON.stringify(d)));
  return after.filter((d) => !had.has(JSON.stringify(d)));
};

/** A valid request to a state-changing route, and the collection it writes. */
export interface AuthzEffect {
  /** `METHOD /path` of the AUTHZ_TABLE row whose rule decides (the same rule is asserted here). */
  route: string;
  /** The request of the i-th identity (unique values, so each caller's change is its own). */
  body: (i: number, roles: readonly Role[]) => Record<string, unknown>;
  collection: string;
  /** The allowed caller's change, seen in the collection's documents before and after the call. */
  changed: (before: readonly Doc[], after: readonly Doc[], i: number) => boolean;
}

export const AUTHZ_EFFECTS: readonly AuthzEffect[] = [
  {
    // A member with the right to create pings (fc, admin).
    route: 'POST /auth/corp/add_event',
    // A fixed date: pings are stored whatever their date, so the test reads the same on any day.
    body: (i) => ({ name: `authz ping ${i}`, date: '2026-12-01', time: '18:00' }),
    collection: 'corp_events',
    changed: (before, after, i) => added(before, after).some((d) => d.name === `authz ping ${i}`),
  },
  {
    // FCs, industrialists and admins of the corporation (a hull alone is a fit).
    route: 'POST /auth/corp/add_doctrine',
    body: (i) => ({ name: `authz doctrine ${i}`, fits: [{ eft: '[Rifter, authz]' }] }),
    collection: 'corp_doctrines',
    changed: (before, after, i) => added(before, after).some((d) => d.name === `authz doctrine ${i}`),
  },
  {
    // The corporation's moderators.
    route: 'POST /auth/corp/update_buy',
    body: (i) => ({ id: 34, quantity: 1000 + i, price: 4.5 }),
    collection: 'corp_buys',
    changed: (before, after, i) => added(before, after).some((d) => d.type_id === 34 && d.quantity === 1000 + i),
  },
  {
    // Every member.
    route: 'POST /auth/corp/calendar_link',
    body: () => ({}),
    collection: 'corp_calendar_links',
    changed: (before, after) => after.length === before.length + 1 && added(before, after).length === 1,
  },
  {
    // Every signed-in account asks for a role it does not hold.
    route: 'POST /auth/corp/new_role_request',
    body: (_i, roles) => ({ role: (['industrialist', 'academy'] as const).find((r) => !roles.includes(r)) }),
    collection: 'role_requests',
    changed: (before, after) => after.length === before.length + 1 && added(before, after).length === 1,
  },
  {
    // Admins register a corporation.
    route: 'POST /api/admin/corps',
    body: (i) => ({ type: 'new', id: 98_100_000 + i, name: `Authz Registered ${i}`, corp_type: 0 }),
    collection: 'corporations',
    changed: (before, after, i) => added(before, after).some((d) => d._id === 98_100_000 + i),
  },
];
