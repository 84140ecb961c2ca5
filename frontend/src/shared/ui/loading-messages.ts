/** The full-screen loading view shows one of these at random (spec §1: about 18). */
export const LOADING_MESSAGES: readonly string[] = [
  'Прогреваем варп-двигатели…',
  'Договариваемся с CONCORD…',
  'Ждём, пока в Жите рассосётся толпа у андока…',
  'Перебиваем чужой ордер на 0,01 ISK…',
  'Выравниваемся на гейт…',
  'Запускаем разведзонды…',
  'Пересчитываем ISK в кошельке корпорации…',
  'Проверяем локал на нейтралов…',
  'Включаем замедление времени (TiDi)…',
  'Ждём окончания даунтайма…',
  'Обновляем медклон на всякий случай…',
  'Копаем вельдспар, это ненадолго…',
  'Уговариваем фрейтер не спешить через Ниарью…',
  'Ищем чертёж, который точно где-то был…',
  'Торгуемся с пиратами Гуристас…',
  'Загружаем грузовой отсек до последнего м³…',
  'Прокладываем маршрут в обход лоусеков…',
  'Пишем пинг в корпоративный чат…',
];

export function pickLoadingMessage(random: () => number = Math.random): string {
  const index = Math.min(LOADING_MESSAGES.length - 1, Math.floor(random() * LOADING_MESSAGES.length));
  return LOADING_MESSAGES[index];
}
