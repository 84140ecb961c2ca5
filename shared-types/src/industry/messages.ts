/**
 * Plain constants of the industry calculator (no zod): the page imports these on first render,
 * while the zod schemas in `api/industry.ts` load lazily with the form.
 */
import { ME_RANGE, SKILL_RANGE, TE_RANGE } from './formulas';

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
} as const;

/** Largest quantity the form and the API accept (run limits are checked on top, per blueprint). */
export const INDUSTRY_MAX_QUANTITY = 1_000_000_000;
/** Upwell structures have three rig slots. */
export const INDUSTRY_MAX_RIGS = 3;
