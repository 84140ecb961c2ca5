/** Ping webhooks and calendar links: constants and messages (zod-free: pages load these on first render). */
export const DELIVERY_LIMITS = {
  webhookName: 60,
  webhookUrl: 500,
  /** Webhooks one corporation may configure. */
  webhooksPerCorp: 10,
  /** Log rows shown to moderators (newest first). */
  deliveriesListed: 50,
  /** Calendar feed: pings that started this long ago are still in it (a fleet in progress). */
  calendarPastHours: 24,
  /** Calendar feed: a ping lasts this long (pings have no end time). */
  calendarEventMinutes: 60,
} as const;

export const DELIVERY_MESSAGES = {
  nameRequired: 'Введите название вебхука',
  urlRequired: 'Введите адрес вебхука',
  urlInvalid: 'Адрес вебхука должен быть полным URL вида https://…',
  httpsOnly: 'Адрес вебхука должен начинаться с https://',
  credentials: 'Адрес вебхука не должен содержать имя пользователя или пароль',
  hostNotAllowed: (hosts: string) => `Вебхуки можно отправлять только на эти серверы: ${hosts}`,
  privateAddress: 'Адрес вебхука ведёт во внутреннюю сеть (частный, локальный или служебный IP) — такие адреса запрещены',
  unresolved: 'Не удалось найти сервер вебхука по имени',
  tooMany: (n: number) => `Не больше ${n} вебхуков на корпорацию`,
  notFound: 'Вебхук не найден',
  badId: 'Вебхук не найден',
  enabledRequired: 'Укажите, включён ли вебхук',
  redirect: 'Сервер ответил перенаправлением: вебхуки не следуют перенаправлениям',
  timeout: 'Сервер вебхука не ответил вовремя',
  network: 'Не удалось соединиться с сервером вебхука',
  urlUnreadable: 'Адрес вебхука не расшифровывается (сменился ключ шифрования): добавьте вебхук заново',
  calendarNotFound: 'Ссылка на календарь недействительна или отозвана',
  calendarNoAccess: 'Нет доступа к пингам корпорации: эта ссылка на календарь больше не работает',
} as const;
