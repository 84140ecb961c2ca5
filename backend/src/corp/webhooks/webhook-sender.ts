import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type Socket } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { DELIVERY_MESSAGES } from '@eve-toolkit/shared-types';
import { addressAllowed, checkWebhookUrl, type WebhookPolicy } from '../domain/webhook-url';
import type { AttemptOutcome } from '../domain/webhook-retry';

/** An attempt's result: the answer (status null without one) and, when it failed, why (Russian). */
export interface SendResult extends AttemptOutcome {
  error: string | null;
  /** Refused by the address rules: never retried. */
  refused: boolean;
}

const ANSWER_BYTES = 16 * 1024;

class AddressRefused extends Error {
  readonly code = 'EWEBHOOKADDRESS';
  constructor() {
    super(DELIVERY_MESSAGES.privateAddress);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Posts webhook messages with the SSRF rules applied where the connection is made: names
 * resolve only to allowed addresses (private, loopback, link-local… refused unless allowed),
 * the socket's actual peer address is checked again after connecting (DNS rebinding, address
 * literals), and redirects are never followed (undici's request follows none).
 */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(
    private readonly policy: WebhookPolicy,
    private readonly timeoutMs: number,
    private readonly userAgent: string,
  ) {
    const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => {
      dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return callback(err, []);
        const allowed = addresses.filter((a) => addressAllowed(a.address, this.policy));
        if (allowed.length === 0) return callback(new AddressRefused(), []);
        if (options.all) return callback(null, allowed);
        return callback(null, allowed[0].address, allowed[0].family);
      });
    };
    const connector = buildConnector({ timeout: timeoutMs, lookup } as buildConnector.BuildOptions);
    this.agent = new Agent({
      connect: (opts, callback) =>
        connector(opts, (err, socket) => {
          if (err || !socket) return callback(err ?? new Error('no socket'), null);
          const peer = (socket as Socket).remoteAddress;
          if (!peer || !isIP(peer) || !addressAllowed(peer, this.policy)) {
            socket.destroy();
            return callback(new AddressRefused(), null);
          }
          return callback(null, socket);
        }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  /** One POST of `message` as JSON to `url` (checked against the allow-list again first). */
  async send(url: string, message: unknown, signal?: AbortSignal): Promise<SendResult> {
    const check = checkWebhookUrl(url, this.policy);
    if (!check.ok) return { status: null, error: check.message, refused: true };
    try {
      const res = await request(check.url, {
        method: 'POST',
        dispatcher: this.agent,
        headers: { 'content-type': 'application/json', 'user-agent': this.userAgent },
        body: JSON.stringify(message),
        signal,
      });
      const body = await readCapped(res.body);
      const retryAfter = res.headers['retry-after'];
      const status = res.statusCode;
      const error =
        status >= 200 && status <= 299
          ? null
          : status >= 300 && status <= 399
            ? DELIVERY_MESSAGES.redirect
            : `Сервер ответил ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
      return {
        status,
        retryAfterHeader: Array.isArray(retryAfter) ? retryAfter[0] : (retryAfter ?? null),
        body,
        error,
        refused: false,
      };
    } catch (err) {
      if (isRefusal(err)) return { status: null, error: DELIVERY_MESSAGES.privateAddress, refused: true };
      const code = (err as { code?: string }).code ?? '';
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
        return { status: null, error: DELIVERY_MESSAGES.unresolved, refused: false };
      if (/TIMEOUT/i.test(code)) return { status: null, error: DELIVERY_MESSAGES.timeout, refused: false };
      return { status: null, error: DELIVERY_MESSAGES.network, refused: false };
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

const isRefusal = (err: unknown): boolean =>
  err instanceof AddressRefused ||
  (err as { code?: string } | null)?.code === 'EWEBHOOKADDRESS' ||
  (!!(err as { cause?: unknown } | null)?.cause && isRefusal((err as { cause: unknown }).cause));

/** The answer's first 16 KB as text (a hostile server cannot make us read more). */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= ANSWER_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, ANSWER_BYTES).toString('utf8');
}

/** Resolves a webhook's host as it is being added: refused when no address is allowed (or any is not). */
export async function resolveWebhookHost(url: URL, policy: WebhookPolicy): Promise<string | null> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return addressAllowed(host, policy) ? null : DELIVERY_MESSAGES.privateAddress;
  const addresses = await new Promise<LookupAddress[] | null>((resolve) =>
    dnsLookup(host, { all: true }, (err, list) => resolve(err ? null : list)),
  );
  if (!addresses || addresses.length === 0) return DELIVERY_MESSAGES.unresolved;
  return addresses.every((a) => addressAllowed(a.address, policy)) ? null : DELIVERY_MESSAGES.privateAddress;
}
