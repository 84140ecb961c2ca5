/**
 * What happens after one webhook POST: sent, retried later (429 and 5xx, or no answer), or given
 * up. Retry-After (Discord's header, seconds or an HTTP date) and Discord's JSON `retry_after`
 * (seconds, fractional) are honoured; without them the delay doubles from `backoffBaseMs`.
 */
export interface RetryPolicy {
  maxAttempts: number;
  backoffBaseMs: number;
  /** Longest backoff without a Retry-After (a server's Retry-After is honoured up to an hour). */
  maxBackoffMs: number;
}

export interface AttemptOutcome {
  /** The HTTP status, or null when no answer came (connection refused, timeout). */
  status: number | null;
  retryAfterHeader?: string | null;
  /** The answer's body (JSON with `retry_after` from Discord on 429). */
  body?: string;
}

export type NextStep = { kind: 'sent' } | { kind: 'retry'; delayMs: number } | { kind: 'failed' };

const MAX_RETRY_AFTER_MS = 3_600_000;

/** The wait a server asked for, in ms (the longer of header and body), or null. */
export function retryAfterMs(header: string | null | undefined, body: string | undefined, now: Date): number | null {
  const asked: number[] = [];
  const h = header?.trim();
  if (h) {
    if (/^\d+(\.\d+)?$/.test(h)) asked.push(Number(h) * 1000);
    else {
      const at = Date.parse(h);
      if (!Number.isNaN(at)) asked.push(Math.max(0, at - now.getTime()));
    }
  }
  if (body) {
    try {
      const parsed = JSON.parse(body) as { retry_after?: unknown };
      if (typeof parsed.retry_after === 'number' && Number.isFinite(parsed.retry_after) && parsed.retry_after >= 0) {
        asked.push(parsed.retry_after * 1000);
      }
    } catch {
      /* not JSON: the header alone */
    }
  }
  return asked.length ? Math.min(MAX_RETRY_AFTER_MS, Math.ceil(Math.max(...asked))) : null;
}

const retryable = (status: number | null) => status === null || status === 429 || (status >= 500 && status <= 599);

/** After attempt number `attempt` (1 = the first) ended with `outcome`. */
export function nextStep(outcome: AttemptOutcome, attempt: number, policy: RetryPolicy, now: Date): NextStep {
  const { status } = outcome;
  if (status !== null && status >= 200 && status <= 299) return { kind: 'sent' };
  if (!retryable(status) || attempt >= policy.maxAttempts) return { kind: 'failed' };
  const asked = retryAfterMs(outcome.retryAfterHeader, outcome.body, now);
  const backoff = Math.min(policy.maxBackoffMs, policy.backoffBaseMs * 2 ** (attempt - 1));
  return { kind: 'retry', delayMs: asked ?? backoff };
}
