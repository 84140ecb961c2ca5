import { z } from 'zod';

/** Account rules (spec §5): each field longer than 3 characters. */
export const ACCOUNT_LIMITS = { minLength: 4, usernameMax: 32, passwordMax: 128 } as const;

/** Picture captcha: 16 tiles; after CAPTCHA_FAILURE_LIMIT wrong answers the client is refused for a while. */
export const CAPTCHA = { tiles: 16, ttlSeconds: 300, failureLimit: 5, failureWindowSeconds: 900, banSeconds: 600 } as const;

export const AUTH_MESSAGES = {
  loginRequired: 'Поле логин должно быть заполнено!',
  passwordRequired: 'Поле пароль должно быть заполнено!',
  repeatRequired: 'Поле повтор пароля должно быть заполнено!',
  loginShort: 'Поле логин должно быть длиннее 3 символов',
  passwordShort: 'Поле пароль должно быть длиннее 3 символов',
  repeatShort: 'Поле повтор пароля должно быть длиннее 3 символов',
  loginLong: `Поле логин должно быть не длиннее ${ACCOUNT_LIMITS.usernameMax} символов`,
  loginChars: 'Логин может содержать только буквы, цифры, точку, дефис и подчёркивание',
  passwordLong: `Поле пароль должно быть не длиннее ${ACCOUNT_LIMITS.passwordMax} символов`,
  mismatch: 'Пароли не совпадают!',
  agreement: 'Требуется принять пользовательское соглашение!',
  userExists: 'Пользователь с таким ником уже существует',
  invalid: 'Вы ввели неправильный логин или пароль',
  enterLogin: 'Введите логин',
  enterPassword: 'Введите пароль',
  captchaRequired: 'Пройдите проверку картинкой',
  captchaInvalid: 'Проверка картинкой не пройдена или устарела, пройдите её снова',
  captchaAnswer: 'Ответ капчи — 16 символов 0 и 1',
  tryLater: 'Попробуйте позже',
  notAuthenticated: 'Требуется вход в аккаунт',
  forbidden: 'Недостаточно прав',
} as const;

const captchaId = z.string({ error: AUTH_MESSAGES.captchaRequired }).min(1, AUTH_MESSAGES.captchaRequired).max(100);

/** POST auth/registration (multipart): username, password, email, captcha_id. */
export const registrationSchema = z.object({
  username: z
    .string({ error: AUTH_MESSAGES.loginRequired })
    .trim()
    .min(1, { error: AUTH_MESSAGES.loginRequired, abort: true })
    .min(ACCOUNT_LIMITS.minLength, AUTH_MESSAGES.loginShort)
    .max(ACCOUNT_LIMITS.usernameMax, AUTH_MESSAGES.loginLong)
    .regex(/^[\p{L}\p{N}._-]+$/u, AUTH_MESSAGES.loginChars),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
    .min(ACCOUNT_LIMITS.minLength, AUTH_MESSAGES.passwordShort)
    .max(ACCOUNT_LIMITS.passwordMax, AUTH_MESSAGES.passwordLong),
  /** The spec's client sends a fixed placeholder; kept only if it looks like an address. */
  email: z.string().max(254).optional(),
  captcha_id: captchaId,
});
export type RegistrationRequest = z.infer<typeof registrationSchema>;

/** POST auth/login (multipart): username, password, captcha_id -> { ok } | { msg: 'invalid' }. */
export const loginSchema = z.object({
  username: z.string({ error: AUTH_MESSAGES.enterLogin }).trim().min(1, AUTH_MESSAGES.enterLogin).max(100),
  password: z.string({ error: AUTH_MESSAGES.enterPassword }).min(1, AUTH_MESSAGES.enterPassword).max(ACCOUNT_LIMITS.passwordMax),
  captcha_id: captchaId,
});
export type LoginRequest = z.infer<typeof loginSchema>;
export type LoginResponse = { ok: true } | { ok: false; msg: 'invalid' };

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
