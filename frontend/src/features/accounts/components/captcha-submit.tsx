import { useState, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Alert } from '@mantine/core';
import type { LoginLimitResponse } from '@eve-toolkit/shared-types';
import { ApiError } from '../../../shared/api-client';
import { LazyCaptcha } from './lazy-captcha';

interface CaptchaSubmitOptions<V extends { captcha_id: string }, R> {
  /** This address's budget for the form (useAccountLimit). */
  limit: UseQueryResult<LoginLimitResponse>;
  /** The request, sent with the solved captcha's id. */
  send: UseMutationResult<R, Error, V>;
  /** What a failure says when the server gave no message of its own. */
  failure: string;
  /** An answer: null when the form is done (the page moves on), else the error to show beside the form again. */
  answered: (res: R, values: Omit<V, 'captcha_id'>) => string | null;
}

/**
 * The account forms' way to send (login, registration): the address's budget first — no captcha
 * for a request that would be refused —, then the captcha, then the request with the captcha's id.
 * A failure brings the form back with its message; a 429 asks the budget again (its wait shows).
 */
export function useCaptchaSubmit<V extends { captcha_id: string }, R>({
  limit,
  send,
  failure,
  answered,
}: CaptchaSubmitOptions<V, R>) {
  const [pending, setPending] = useState<Omit<V, 'captcha_id'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // The wait, when the address used its budget: said before the captcha, not after it.
  const limited = limit.data?.limited ? limit.data.message : null;

  /** The form's values are valid: check the budget, then ask for the captcha. */
  const start = async (values: Omit<V, 'captcha_id'>) => {
    setError(null);
    setChecking(true);
    const state = await limit.refetch().finally(() => setChecking(false));
    if (state.data?.limited) return;
    setPending(values);
  };

  const solved = (captchaId: string) => {
    if (!pending) return;
    send.mutate({ ...pending, captcha_id: captchaId } as V, {
      onSuccess: (res) => {
        const message = answered(res, pending);
        if (message === null) return;
        setError(message);
        setPending(null);
      },
      onError: (e) => {
        setError(e instanceof ApiError ? e.message : failure);
        setPending(null);
        if (e instanceof ApiError && e.status === 429) void limit.refetch();
      },
    });
  };

  return { pending, error: limited ? null : error, limited, checking, start, solved };
}

export type CaptchaSubmit = ReturnType<typeof useCaptchaSubmit>;

/** The form, or the captcha once the form was sent. */
export function CaptchaGate({ flow, children }: { flow: Pick<CaptchaSubmit, 'pending' | 'solved'>; children: ReactNode }) {
  return flow.pending ? <LazyCaptcha onSolved={flow.solved} /> : children;
}

/** The address used its budget: the wait, and that no captcha is needed meanwhile. */
export function LimitAlert({ title, message, opens, testId }: { title: string; message: string; opens: string; testId: string }) {
  return (
    <Alert color="orange" title={title} role="alert" data-testid={testId}>
      {message}. Капчу решать не нужно: {opens} по истечении этого времени.
    </Alert>
  );
}
