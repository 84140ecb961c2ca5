/** Corporation area constants and messages (zod-free: pages load these on first render). */
export const CORP_LIMITS = {
  eventName: 100,
  eventDesc: 2000,
  /** A ping's doctrine (e.g. «Feroxes, T2 fit»), comms (a Mumble/Discord channel) and FC name. */
  eventDoctrine: 100,
  eventComms: 200,
  /** EVE character names are at most 37 characters. */
  eventFc: 37,
  /** How far ahead a ping may be set (days): five years, so a typo in the year is caught. */
  eventMaxAheadDays: 1830,
  projectName: 100,
  projectDesc: 2000,
  /** Jobs or materials in one project. */
  jobs: 500,
  /** Candidates claimed in one push_jobs call. */
  pushBatch: 100,
  maxQuantity: 1_000_000_000,
  maxPrice: 1e15,
  /** Buy-contract price tolerance (spec §9): the price may be this much below the computed total. */
  contractTolerance: 100,
  /** Pings listed: upcoming and the last week's. */
  eventsPastDays: 7,
} as const;

/**
 * Ship replacement (SRP) in every Russian text of a ping: the page, the form, the calendar feed and
 * the Discord message (one term: the pilots' own «СРП»).
 */
export const SRP_LABEL = 'СРП';

export const CORP_MESSAGES = {
  notMember: 'Нет доступа: ни один ваш персонаж не состоит в зарегистрированной корпорации',
  noRole: 'Раздел корпорации доступен ролям Сокорп и Админ',
  cannotCreatePing: 'Создавать пинги могут ФК и админы',
  cannotCreateProject: 'Создавать проекты могут производственники, ФК и админы',
  cannotModerate: 'Менять проекты и список закупок могут производственники и админы',
  titleRequired: 'Введите название',
  dateRequired: 'Укажите дату (ГГГГ-ММ-ДД)',
  timeRequired: 'Укажите время ET (ЧЧ:ММ)',
  eventType: 'Неизвестный тип пинга',
  eventNotFound: 'Пинг не найден',
  eventCancelled: 'Пинг отменён: его уже нельзя менять и отвечать на него',
  cannotEditPing: 'Менять и отменять пинг могут его автор, его ФК и админы корпорации',
  datePast: 'Это время уже прошло: укажите будущее время ET',
  dateTooFar: 'Пинг можно назначить не дальше чем на пять лет вперёд',
  dateAndTime: 'Укажите дату и время вместе',
  formup: 'Выберите систему сбора из списка',
  unknownSystem: 'Такой системы нет в игровых данных',
  srp: 'СРП: да или нет',
  rsvpAnswer: 'Ответ: «да», «нет» или «может быть»',
  tooLong: (n: number) => `Не длиннее ${n} символов`,
  number: 'Введите число',
  notNegative: 'Число не может быть отрицательным',
  wholeNumber: 'Введите целое число',
  priceStep: 'Цена с шагом 0,01',
  itemRequired: 'Выберите предмет',
  unknownItem: 'Такого предмета нет в игровых данных',
  unknownRole: 'Неизвестная роль',
  projectName: 'Введите название проекта',
  projectEmpty: 'В проекте нет ни одной работы',
  badItem: 'Неверный предмет',
  badBlueprint: 'Этот чертёж не производит указанный предмет',
  runs: 'Количество должно быть не меньше 1',
  tooManyJobs: 'Слишком много работ в одном запросе',
  projectNotFound: 'Проект не найден',
  jobNotFound: 'Работа не найдена',
  badAction: 'Неизвестное действие',
  badStatus: 'Неизвестный статус проекта',
  deleteOnlyReady: 'Удалить можно только готовый проект',
  buildNotWorking: 'Работы на производство принимаются, пока проект строится',
  buyNotWaiting: 'Закупки принимаются, пока проект в подготовке',
  jobComplete: 'Эта работа уже выполнена полностью',
  wrongJobType: 'Тип работы не совпадает',
  nothingToPush: 'Выберите хотя бы одну работу',
  notYourCharacter: 'Это не ваш персонаж',
  candidateGone: 'Работа не найдена среди ваших работ в игре или не подходит',
  alreadyClaimed: 'Эта работа уже засчитана',
  overQuantity: 'Столько уже не нужно: работа выполнена бы сверх количества',
  esiFailed: 'Не удалось прочитать данные из игры, попробуйте позже',
  emptyBuys: 'Пока корпорация ничего не покупает',
  emptyPings: 'Событий пока нет',
  emptyProjects: 'Проектов пока нет',
} as const;
