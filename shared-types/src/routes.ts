/**
 * The spec's route table (§2). The server uses it to answer 200 with the SPA for known
 * routes and 404 (still with the SPA, which renders its 404 page) for anything else.
 */
export const SPA_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/(test|news)\/?$/,
  /^\/market\/?$/,
  /^\/market\/(list|appraisal)\/?$/,
  /^\/market\/detail\/[^/]+\/?$/,
  /^\/loot\/?$/,
  /^\/industry\/?$/,
  /^\/planetology\/?$/,
  /^\/best_admin\/?$/,
  /^\/best_admin\/(main|users|chars|roles|corps|ban_chars|market_categories|market_items|eve_items)\/?$/,
  /^\/best_admin\/(users|chars)\/[^/]+\/?$/,
  /^\/corp\/?$/,
  /^\/corp\/(main|events|roles|projects|new_project|alerts|doctrines|srp)\/?$/,
  /^\/corp\/projects\/[^/]+\/?$/,
  /^\/about\/?$/,
  /^\/about\/(readme|debug)\/?$/,
  /^\/account\/?$/,
  /^\/account\/(login|register|register_done)\/?$/,
  /^\/account\/user\/[^/]+\/?$/,
  /^\/redirect\/?$/,
];

/** Path prefixes owned by the HTTP API and Socket.IO; never answered with the SPA. */
export const API_PREFIXES = ['/api/', '/auth/', '/data/', '/socket.io/'] as const;

export function isSpaRoute(pathname: string): boolean {
  return SPA_ROUTE_PATTERNS.some((re) => re.test(pathname));
}

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((p) => pathname === p.slice(0, -1) || pathname.startsWith(p));
}
