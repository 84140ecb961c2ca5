/**
 * Plain constants of the industry calculator (no zod): the page imports these on first render,
 * while the zod schemas in `api/industry.ts` load lazily with the form.
 */
import { ME_RANGE, SCIENCE_MAX_RUNS, SKILL_RANGE, TE_RANGE } from './formulas';

export const INDUSTRY_MESSAGES = {
  formTitle: 'Не удалось собрать форму:',
  itemRequired: 'Вы должны выбрать предмет для расчета!',
  systemRequired: 'Вы должны выбрать систему...',
  quantity: 'Количество — целое число от 1 до 1 000 000 000',
  me: `ME — целое число от ${ME_RANGE.min} до ${ME_RANGE.max}`,
  te: `TE — целое число от ${TE_RANGE.min} до ${TE_RANGE.max}`,
  tax: 'Налог — число от 0 до 100 %',
  reactions: 'Флаг реакций должен быть true или false',
  stationKey: 'Выберите станцию',
  rig: 'Риг — идентификатор типа (целое положительное число)',
  rigCount: 'Не больше трёх ригов на структуре',
  skill: `Уровень навыка — целое число от ${SKILL_RANGE.min} до ${SKILL_RANGE.max}`,
  blueprintNotFound: 'Чертёж не найден',
  blueprintNotBuildable: 'По этому чертежу ничего не производится',
  systemNotFound: 'Система не найдена',
  unknownStation: 'Неизвестная станция',
  unknownReactionStation: 'Неизвестная станция для реакций',
  cyclic: 'Дерево материалов зациклено',
  tooDeep: 'Дерево материалов слишком глубокое',
  tooLarge: 'Дерево материалов слишком большое',
  noStaticSystems: 'Непредвиденная ошибка во время работы',
  badBlueprintId: 'Некорректный идентификатор чертежа',
  skillId: 'Навык — идентификатор типа (целое положительное число)',
  tooManySkills: 'Слишком много навыков изобретения (не больше 100)',
  unknownScienceStation: 'Неизвестная станция для науки (копирование и изобретение)',
  nodeKey: 'Настройки узлов: ключ — идентификатор типа предмета',
  tooManyNodes: 'Слишком много настроек узлов (не больше 500)',
  decryptor: 'Декриптор — идентификатор типа (целое положительное число) или null',
  unknownDecryptor: 'Неизвестный декриптор',
  inventionProduct: 'Укажите чертёж T2 (product_id — идентификатор чертежа, который получают изобретением)',
  notInvented: 'Этот чертёж не получают изобретением (это не чертёж T2)',
  inventionRuns: `Число попыток изобретения — целое число от 1 до ${SCIENCE_MAX_RUNS}`,
  nodeSource: 'Источник чертежа: owned (свой чертёж) или invent (изобретение)',
  priceOverride:
    'Цена вместо недостающей: {"source": "hub", "hub": id хаба}, {"source": "adjusted"} или {"source": "manual", "price": число ≥ 0}',
  tooManyPriceOverrides: 'Слишком много заменённых цен (не больше 500)',
  characterNotYours: 'Персонаж не найден среди ваших',
  skillsEsiFailed: 'Не удалось прочитать навыки персонажа из ESI, попробуйте позже',
} as const;

const ACTIVITY_NAMES: Record<string, string> = {
  manufacturing: 'производство',
  reaction: 'реакции',
  invention: 'изобретение',
  copying: 'копирование',
};

/** The calculator's Russian messages that name what the request chose (a rig, a system, an item). */
export const INDUSTRY_JOB_MESSAGES = {
  calculationFailed: 'Ошибка расчета',
  rigNotFound: (id: number) => `Риг не найден: ${id}`,
  rigOnNpcStation: (rig: string) => `Риги ставятся только на структуры, не на NPC-станцию: «${rig}»`,
  rigDoesNotFit: (rig: string, structure: string) => `Риг «${rig}» не подходит к структуре «${structure}»`,
  notInventedNoSource: (name: string) => `Этот чертёж не изобретают, источник не выбирается: «${name}»`,
  decryptorOnlyInvented: (name: string) => `Декриптор задаётся только изобретаемым чертежам (T2): «${name}»`,
  sourceAmbiguous: (name: string) =>
    `Укажите источник чертежа (owned — свой чертёж с ME/TE, invent — изобретение с декриптором): «${name}»`,
  inventedMeTe: (name: string) => `ME и TE изобретённой копии задаёт декриптор: «${name}»`,
  ownedDecryptor: (name: string) => `Декриптор нужен только для изобретения, а чертёж свой: «${name}»`,
  reactionNoMeTe: (name: string) => `У формул реакций нет ME и TE: «${name}»`,
  tooManyInventionRuns: (runs: number, max: number) =>
    `Слишком много попыток для одной работы: ${runs}. Не больше ${max}: все прогоны, кроме последнего, должны начаться в течение 30 дней`,
  reactionsInHighsec: (system: string) =>
    `Реакции запускаются только в системах с уровнем безопасности 0.4 и ниже: в ${system} их не запустить`,
  rigsWithoutData: (rigs: readonly string[]) =>
    `Нет данных о группах предметов для ригов (${rigs.join(', ')}): их бонусы не учтены`,
  ignoredRigs: (rigs: readonly string[]) => `Риги не влияют на эту работу и не учтены: ${rigs.join(', ')}`,
  noCostIndex: (activity: string, system: string) =>
    `Нет индекса стоимости работ (${ACTIVITY_NAMES[activity] ?? activity}) для системы ${system}: ` +
    'стоимость работ посчитана без него (индексы ещё не загружены из ESI)',
  noAdjustedPrices: (count: number) => `Нет скорректированной цены CCP (adjusted price), пошлина посчитана без них: ${count} шт.`,
  noHubSell: (names: readonly string[]) =>
    `Нет цены SELL в хабе: ${names.join(', ')} — стоимость материалов и попытки неизвестна`,
} as const;

/** Largest quantity the form and the API accept (run limits are checked on top, per blueprint). */
export const INDUSTRY_MAX_QUANTITY = 1_000_000_000;
/** Upwell structures have three rig slots. */
export const INDUSTRY_MAX_RIGS = 3;
/** Per-node settings one request may carry. */
export const INDUSTRY_MAX_NODE_SETTINGS = 500;
/** Invention skill levels one request may carry. */
export const INDUSTRY_MAX_SKILLS = 100;

/** The named skills of `skills` in the calculator's requests (type ids in INDUSTRY_SKILLS, TRADE_SKILLS). */
export const INDUSTRY_SKILL_KEYS = [
  'industry',
  'advanced_industry',
  'reactions',
  'science',
  'accounting',
  'broker_relations',
] as const;
export type IndustrySkillKey = (typeof INDUSTRY_SKILL_KEYS)[number];

/** The player's skills as the calculator takes them: the named ones, and invention's skills by type id (missing = V). */
export type IndustrySkills = Record<IndustrySkillKey, number> & { invention: Record<string, number> };

export const ALL_INDUSTRY_SKILLS_V: IndustrySkills = {
  industry: 5,
  advanced_industry: 5,
  reactions: 5,
  science: 5,
  accounting: 5,
  broker_relations: 5,
  invention: {},
};
