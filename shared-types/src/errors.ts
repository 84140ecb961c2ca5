/** The one error body every HTTP failure uses (house style). */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  errors?: string[];
  correlationId?: string;
}

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  tooMany: 'TOO_MANY_REQUESTS',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMedia: 'UNSUPPORTED_MEDIA_TYPE',
  upstream: 'UPSTREAM_UNAVAILABLE',
  /**
   * 503 of a data endpoint once the game data (SDE) could not be loaded and there is none: not a
   * warm-up (the client does not retry it), the site administrator's matter (GAME_DATA_MESSAGES.failed).
   */
  gameDataUnavailable: 'GAME_DATA_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Spec §8 texts the client shows. */
export const MESSAGES = {
  sessionFailed: 'Не удалось получить данные о сессии.',
  csrfFailed: 'Не удалось получить csrf token',
  userFailed: 'Не удалось получить данные пользователя.',
  tryAgain: 'Попробуйте снова',
  appError: 'Ошибка в работе приложения, повторите попытку позднее...',
  unexpected: 'Непредвиденная ошибка во время работы',
  notWorking: 'Сейчас не работает',
  tryLater: 'Попробуйте позже',
  feedbackThanks: 'Большое спасибо за ваш отзыв!',
  notFound: 'Не найдено',
  internal: 'Внутренняя ошибка сервера',
  tooMany: 'Слишком много запросов, попробуйте позже',
  invalidJson: 'Некорректный JSON в запросе',
  payloadTooLarge: 'Слишком большой запрос',
  badCompressedBody: 'Тело запроса не удалось распаковать: данные не соответствуют заголовку Content-Encoding',
  unsupportedEncoding: 'Неподдерживаемая кодировка тела запроса',
  unreadableBody: 'Не удалось прочитать тело запроса',
  bodyExpected: 'Ожидается тело запроса в формате JSON',
  badPathEncoding: 'Некорректный адрес запроса',
  badRequest: 'Некорректный запрос',
  unauthorized: 'Требуется вход в аккаунт',
  forbidden: 'Недостаточно прав',
  methodNotAllowed: 'Метод не поддерживается',
} as const;

/**
 * Refusals only the server words (the SPA shows the server's message): kept out of MESSAGES,
 * which every page loads.
 */
export const REQUEST_MESSAGES = {
  /** BODY_LIMITS in words. */
  formTooLarge: 'Слишком большая форма: не больше 20 полей по 64 КБ, всего не больше 1 МБ',
  formLengthRequired: 'Форма отправлена без размера (Content-Length)',
  badForm: 'Не удалось прочитать форму',
  objectExpected: 'Ожидается JSON-объект, а не массив',
} as const;
