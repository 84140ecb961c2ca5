import { pluralRu } from '../format';
import { z } from 'zod';
import { ACCOUNT_LIMITS, AUTH_MESSAGES } from '../limits';
import { isSingleScript, text } from '../text';
import type { CharacterCard } from '../api/characters';

const captchaId = z.string({ error: AUTH_MESSAGES.captchaRequired }).min(1, AUTH_MESSAGES.captchaRequired).max(100);

/** POST auth/registration (multipart): username, password, email, captcha_id. */
export const registrationSchema = z.object({
  username: text({ error: AUTH_MESSAGES.loginRequired })
    .trim()
    .min(1, { error: AUTH_MESSAGES.loginRequired, abort: true })
    .min(ACCOUNT_LIMITS.minLength, AUTH_MESSAGES.loginShort)
    .max(ACCOUNT_LIMITS.usernameMax, AUTH_MESSAGES.loginLong)
    .regex(/^[\p{L}\p{N}._-]+$/u, AUTH_MESSAGES.loginChars)
    .refine(isSingleScript, AUTH_MESSAGES.loginMixedScript),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
    .min(ACCOUNT_LIMITS.minLength, AUTH_MESSAGES.passwordShort)
    .max(ACCOUNT_LIMITS.passwordMax, AUTH_MESSAGES.passwordLong),
  /** The spec's client sends a fixed placeholder; kept only if it looks like an address. */
  email: text().max(254).optional(),
  captcha_id: captchaId,
});
export type RegistrationRequest = z.infer<typeof registrationSchema>;

/** POST auth/login (multipart): username, password, captcha_id -> { ok } | { msg: 'invalid' }. */
export const loginSchema = z.object({
  username: text({ error: AUTH_MESSAGES.enterLogin }).trim().min(1, AUTH_MESSAGES.enterLogin).max(100),
  password: z.string({ error: AUTH_MESSAGES.enterPassword }).min(1, AUTH_MESSAGES.enterPassword).max(ACCOUNT_LIMITS.passwordMax),
  captcha_id: captchaId,
});
export type LoginRequest = z.infer<typeof loginSchema>;
export type LoginResponse = { ok: true } | { ok: false; msg: 'invalid' };

/**
 * GET auth/login_limit (GET auth/registration_limit): whether this address may try to sign in
 * (register) now, asked before the captcha (a request refused after the captcha was solved wasted
 * it). `retry_after`: seconds until the next try is allowed (0 when it is), `message`: the Russian
 * text with the minutes, or null.
 */
export interface LoginLimitResponse {
  limited: boolean;
  retry_after: number;
  message: string | null;
}

/** What the account forms say when their address used its budget: the reason, then the wait. */
export const LIMIT_REASONS = {
  login: 'Слишком много попыток входа с вашего адреса',
  registration: 'Слишком много регистраций с вашего адреса',
} as const;

/** «попробуйте через 7 минут»: the wait in whole minutes, rounded up (at least one). */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `попробуйте через ${minutes} ${pluralRu(minutes, ['минуту', 'минуты', 'минут'])}`;
}

/** «Слишком много попыток входа с вашего адреса: попробуйте через 7 минут». */
export function limitMessage(reason: keyof typeof LIMIT_REASONS, seconds: number): string {
  return `${LIMIT_REASONS[reason]}: ${waitText(seconds)}`;
}

/** POST auth/delete (multipart): captcha_id. */
export const deleteAccountSchema = z.object({ captcha_id: captchaId });

/** POST auth/validate_captcha { captcha_id, answer }. */
export const validateCaptchaSchema = z.object({
  captcha_id: captchaId,
  answer: z.string({ error: AUTH_MESSAGES.captchaAnswer }).regex(/^[01]{16}$/, AUTH_MESSAGES.captchaAnswer),
});

/** GET auth/generate_captcha: pick every tile showing the figure of `target`. */
export interface CaptchaResponse {
  id: string;
  /** PNG data URL of the figure to look for. */
  target: string;
  /** 16 PNG data URLs. */
  options: string[];
}

export interface CsrfResponse {
  token: string;
}

/**
 * GET auth/user/{name}. Everybody signed in may see a username and its roles; the characters
 * (with wallet and mail) only the owner and admins: `chars` is null for anyone else.
 */
export interface UserProfileResponse {
  username: string;
  roles: import('../enums').Role[];
  chars: CharacterCard[] | null;
  is_self: boolean;
}
