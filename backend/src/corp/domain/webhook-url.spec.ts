import { DELIVERY_MESSAGES } from '@eve-toolkit/shared-types';
import { checkWebhookUrl, isPublicAddress, maskWebhookUrl, type WebhookPolicy } from './webhook-url';

const discord: WebhookPolicy = {
  hosts: ['discord.com', 'discordapp.com', 'canary.discord.com', 'ptb.discord.com'],
  allowHttp: false,
  allowPrivate: false,
};
const notAllowed = DELIVERY_MESSAGES.hostNotAllowed(discord.hosts.join(', '));

describe('checkWebhookUrl', () => {
  it.each([
    ['https://discord.com/api/webhooks/123/abc', null],
    ['https://DISCORD.com./api/webhooks/123/abc', null],
    ['https://ptb.discord.com/api/webhooks/123/abc', null],
    ['https://discord.com:8443/api/webhooks/123/abc', null],
    ['http://discord.com/api/webhooks/123/abc', DELIVERY_MESSAGES.httpsOnly],
    ['ftp://discord.com/x', DELIVERY_MESSAGES.urlInvalid],
    ['discord.com/api/webhooks/1/a', DELIVERY_MESSAGES.urlInvalid],
    ['javascript:alert(1)', DELIVERY_MESSAGES.urlInvalid],
    ['https://user:pw@discord.com/api/webhooks/1/a', DELIVERY_MESSAGES.credentials],
    ['https://evil.discord.com.attacker.net/api/webhooks/1/a', notAllowed],
    ['https://attacker.net/api/webhooks/1/a?discord.com', notAllowed],
    ['https://sub.discord.com/api/webhooks/1/a', notAllowed],
    ['https://127.0.0.1/api/webhooks/1/a', notAllowed],
  ])('%s -> %s', (raw, message) => {
    const r = checkWebhookUrl(raw, discord);
    expect(r.ok ? null : r.message).toBe(message);
  });

  it.each([
    ['https://127.0.0.1:9/x', false, DELIVERY_MESSAGES.privateAddress],
    ['https://[::1]:9/x', false, DELIVERY_MESSAGES.privateAddress],
    ['https://10.1.2.3/x', false, DELIVERY_MESSAGES.privateAddress],
    ['https://127.0.0.1:9/x', true, null],
  ])('an allowed host written as an address: %s (private allowed: %s) -> %s', (raw, allowPrivate, message) => {
    const r = checkWebhookUrl(raw, { hosts: ['127.0.0.1', '::1', '10.1.2.3'], allowHttp: false, allowPrivate });
    expect(r.ok ? null : r.message).toBe(message);
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['162.159.128.233', true],
    ['2606:4700::6810:84e5', true],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['127.0.0.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['not an address', false],
  ])('%s -> %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('maskWebhookUrl', () => {
  it.each([
    ['https://discord.com/api/webhooks/1234567890/AbCdEfGhIjKlMnOp-k9Zq', 'https://discord.com/…k9Zq'],
    ['http://127.0.0.1:4567/hook/secret-part', 'http://127.0.0.1:4567/…part'],
    ['https://discord.com/short', 'https://discord.com/…'],
    ['not a url', '…'],
  ])('%s -> %s', (raw, masked) => {
    expect(maskWebhookUrl(raw)).toBe(masked);
  });
});
