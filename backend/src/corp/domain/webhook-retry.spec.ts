import { nextStep, retryAfterMs, type RetryPolicy } from './webhook-retry';

const NOW = new Date('2030-01-01T12:00:00Z');
const policy: RetryPolicy = { maxAttempts: 5, backoffBaseMs: 2000, maxBackoffMs: 60_000 };

describe('retryAfterMs', () => {
  it.each([
    ['2', undefined, 2000],
    ['0.5', undefined, 500],
    [undefined, '{"message":"You are being rate limited.","retry_after":0.347,"global":false}', 347],
    ['1', '{"retry_after":2.5}', 2500],
    ['3', '{"retry_after":0.2}', 3000],
    ['Tue, 01 Jan 2030 12:00:30 GMT', undefined, 30_000],
    ['Tue, 01 Jan 2030 11:59:00 GMT', undefined, 0],
    ['soon', 'not json', null],
    [undefined, '{"retry_after":-1}', null],
    ['99999', undefined, 3_600_000],
    [null, undefined, null],
  ])('header %s, body %s -> %s ms', (header, body, expected) => {
    expect(retryAfterMs(header, body, NOW)).toBe(expected);
  });
});

describe('nextStep', () => {
  it.each([
    [{ status: 200 }, 1, { kind: 'sent' }],
    [{ status: 204 }, 5, { kind: 'sent' }],
    [{ status: 429, retryAfterHeader: '1' }, 1, { kind: 'retry', delayMs: 1000 }],
    [{ status: 429, body: '{"retry_after":4.2}' }, 3, { kind: 'retry', delayMs: 4200 }],
    [{ status: 503, retryAfterHeader: '7' }, 2, { kind: 'retry', delayMs: 7000 }],
    [{ status: 500 }, 1, { kind: 'retry', delayMs: 2000 }],
    [{ status: 502 }, 2, { kind: 'retry', delayMs: 4000 }],
    [{ status: null }, 3, { kind: 'retry', delayMs: 8000 }],
    [{ status: null }, 4, { kind: 'retry', delayMs: 16000 }],
    [{ status: 500 }, 5, { kind: 'failed' }],
    [{ status: 429, retryAfterHeader: '1' }, 5, { kind: 'failed' }],
    [{ status: 400 }, 1, { kind: 'failed' }],
    [{ status: 401 }, 1, { kind: 'failed' }],
    [{ status: 404 }, 1, { kind: 'failed' }],
    [{ status: 301 }, 1, { kind: 'failed' }],
  ] as const)('%j after attempt %d -> %j', (outcome, attempt, expected) => {
    expect(nextStep(outcome, attempt, policy, NOW)).toEqual(expected);
  });

  it('caps the doubling at maxBackoffMs', () => {
    expect(nextStep({ status: 500 }, 4, { ...policy, maxAttempts: 20, maxBackoffMs: 10_000 }, NOW)).toEqual({
      kind: 'retry',
      delayMs: 10_000,
    });
  });
});
