/**
 * Plain constants (no zod): the frontend imports these on first render, while the zod schemas
 * that use them load lazily with the forms (see `schemas.ts`).
 */
export const FEEDBACK_LIMITS = { title: 200, msg: 5000 } as const;

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
  loginMixedScript: 'Логин должен быть написан буквами одного алфавита',
  loginLookAlike: 'Пользователь с похожим ником уже существует',
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

/** The market search's bounds: a query of 2–100 characters, at most 20 items (10 unless asked). */
export const MARKET_SEARCH_LIMITS = { minLength: 2, maxLength: 100, defaultLimit: 10, maxLimit: 20 } as const;
