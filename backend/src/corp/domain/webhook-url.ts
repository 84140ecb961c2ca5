import ipaddr from 'ipaddr.js';
import { DELIVERY_MESSAGES } from '@eve-toolkit/shared-types';

/** Where webhooks may post (PING_WEBHOOK_HOSTS, PING_WEBHOOK_ALLOW_HTTP, PING_WEBHOOK_ALLOW_PRIVATE). */
export interface WebhookPolicy {
  hosts: readonly string[];
  allowHttp: boolean;
  allowPrivate: boolean;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/** The host as compared with the allow-list: lower case, IPv6 without brackets, no trailing dot. */
const hostOf = (url: URL) =>
  url.hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/**
 * A webhook URL as written, before any address is resolved: a full http(s) URL without
 * credentials, https unless http is allowed, and its host exactly one of the allowed hosts
 * (no subdomain of them, no other port trick: the host is compared, the port may be any).
 */
export function checkWebhookUrl(raw: string, policy: WebhookPolicy): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: DELIVERY_MESSAGES.urlInvalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: DELIVERY_MESSAGES.urlInvalid };
  if (url.protocol === 'http:' && !policy.allowHttp) return { ok: false, message: DELIVERY_MESSAGES.httpsOnly };
  if (url.username || url.password) return { ok: false, message: DELIVERY_MESSAGES.credentials };
  const host = hostOf(url);
  if (!policy.hosts.includes(host)) return { ok: false, message: DELIVERY_MESSAGES.hostNotAllowed(policy.hosts.join(', ')) };
  // An address written as the host is checked now; a name is checked when resolved (and again on connect).
  if (ipaddr.isValid(host) && !addressAllowed(host, policy)) return { ok: false, message: DELIVERY_MESSAGES.privateAddress };
  return { ok: true, url };
}

/**
 * Whether an address is on the public internet: ipaddr.js's `unicast` range only (IPv4-mapped
 * IPv6 judged as the IPv4 inside). Private, loopback, link-local, carrier-grade NAT, multicast,
 * unique-local, documentation, 6to4/Teredo/NAT64 and every other special range are not.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export const addressAllowed = (address: string, policy: Pick<WebhookPolicy, 'allowPrivate'>) =>
  policy.allowPrivate ? ipaddr.isValid(address) : isPublicAddress(address);

/**
 * What moderators see of a stored URL: scheme, host and the last 4 characters of the rest
 * (Discord's token is the secret part of the path), e.g. `https://discord.com/…k9Zq`.
 */
export function maskWebhookUrl(raw: string): string {
  try {
    const url = new URL(raw);
    const rest = `${url.pathname}${url.search}`;
    const tail = rest.length > 12 ? rest.slice(-4) : '';
    return `${url.protocol}//${url.host}/…${tail}`;
  } catch {
    return '…';
  }
}
