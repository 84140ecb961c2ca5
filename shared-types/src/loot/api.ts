/**
 * Fleet loot split (spec §2 "Fleet split page", §5 `.txt` only, §7 `post_players`): the API
 * contract and the plain constants the page needs on first render (no zod here; the schemas are
 * in `loot/schemas.ts`, loaded lazily through `schemas.ts`).
 *
 * POST data/loot/post_players  multipart { file } (CSRF header) -> LootPostResponse
 * GET  data/loot/prices?hub=2&ids=34,35                          -> LootPricesResponse
 */

import { formatNumber } from '../format';

/** One item type with a quantity, as uploaded: `type_id` resolved from the name in the file. */
export interface LootItem {
  type_id: number;
  /** Russian name (falls back to English, as the game data stores it). */
  name: string;
  name_en: string;
  quantity: number;
  /**
   * A blueprint (category Blueprint). Blueprints dropped by wrecks and sites are copies, whose
   * market price would be the original's, so they are listed but never valued.
   */
  blueprint_copy: boolean;
}

export interface LootPilot {
  name: string;
  /** The pilot's summed items, in the order they were first looted. */
  items: LootItem[];
}

/** A group of pilots sharing its loot: the pilots and the group's summed items. */
export interface PilotGroup {
  pilots: LootPilot[];
  items: LootItem[];
}

/** A line of the file that did not count, with why (Russian). */
export interface LootLineIssue {
  /** 1-based line number in the file. */
  line: number;
  text: string;
  message: string;
}

export interface LootPostResponse {
  data: PilotGroup[];
  /** Lines that were not loot or named an unknown item (the first LOOT_LIMITS.maxIssues); the rest still count. */
  errors: LootLineIssue[];
  /** How many lines did not count (may exceed `errors.length`). */
  skipped: number;
  /** Loot lines counted. */
  lines: number;
}

/** Unit prices of one type at a hub; null without orders there. */
export interface LootTypePrice {
  type_id: number;
  name: string;
  name_en: string;
  sell: number | null;
  buy: number | null;
  blueprint_copy: boolean;
  /** CCP's adjusted (average) price: offered when the hub has none; null when CCP publishes none. */
  adjusted: number | null;
}

export interface LootPricesResponse {
  hub: number;
  /** Unknown type ids are left out. */
  types: LootTypePrice[];
}

export const LOOT_LIMITS = {
  /** Largest upload: a long fleet's export is a few hundred KB (UTF-16 doubles it). */
  maxFileBytes: 2 * 1024 * 1024,
  /** Loot lines read from one file. */
  maxLines: 50_000,
  /** Distinct pilots in one file. */
  maxPilots: 500,
  /** Distinct type ids in one prices request. */
  maxPriceIds: 2_000,
  /** Line issues reported back (the count of the rest is added). */
  maxIssues: 100,
} as const;

export const LOOT_MESSAGES = {
  noFile: 'Выберите файл .txt с историей добычи флота',
  wrongType: 'Можно загрузить только текстовый файл .txt',
  tooLarge: `Файл больше ${LOOT_LIMITS.maxFileBytes / 1024 / 1024} МБ`,
  empty: 'Файл пуст',
  binary: 'Это не текстовый файл: ожидается .txt в UTF-8 или UTF-16',
  noLoot:
    'В файле нет строк добычи. Ожидается экспорт истории добычи флота (Time, Character, Item Type, Quantity, Item Group) или строки вида «03:21:19 Pilot has looted 5 x Garde II»',
  noKnownItems: 'Ни один предмет в файле не найден в игровых данных',
  tooManyLines: `В файле больше ${formatNumber(LOOT_LIMITS.maxLines)} строк добычи`,
  tooManyPilots: `В файле больше ${LOOT_LIMITS.maxPilots} пилотов`,
  lineFormat: 'Строка не похожа на запись о добыче',
  lineQuantity: 'Некорректное количество',
  unknownItem: 'Предмет не найден',
  moreIssues: (n: number) => `…и ещё строк с ошибками: ${n}`,
  badUpload: 'Не удалось прочитать загрузку: отправьте форму с одним файлом в поле file',
  badIds: `Список ids — от 1 до ${LOOT_LIMITS.maxPriceIds} идентификаторов типов через запятую`,
  badShare: 'Ссылка на раздел повреждена или устарела',
} as const;

/** The page's hint on what a file may hold. */
export const LOOT_FORMAT_HINT =
  'Экспорт истории добычи флота (.txt, UTF-8 или UTF-16) или строки чата «ЧЧ:ММ:СС Pilot has looted N x Item»';
