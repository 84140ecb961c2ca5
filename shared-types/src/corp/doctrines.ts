/**
 * Doctrines (issue 38): a corporation's fits, pasted in the game's EFT format, priced at every
 * hub through the one price contract, with who of the corporation's pilots can fly them.
 *
 * Who may add, edit and delete doctrines and see every pilot's readiness: CORP_PERMISSIONS
 * `manageDoctrines` (FCs, industrialists, admins). Every member reads the doctrines and the
 * readiness of their own characters. Zod-free (pages load it on first render): the request
 * schemas are in `doctrine-schemas.ts`.
 */
import { multibuyText } from '../industry/tree';

export const DOCTRINE_LIMITS = {
  name: 100,
  /** Fits in one doctrine. */
  fits: 10,
  /** Characters of one EFT text (a fit with a full cargo hold is a few thousand). */
  eft: 10_000,
  /** Doctrines of one corporation. */
  perCorp: 100,
} as const;

export const DOCTRINE_MESSAGES = {
  cannotManage: 'Доктрины меняют ФК, производственники и админы корпорации',
  notFound: 'Доктрина не найдена',
  nameRequired: 'Введите название доктрины',
  fitsRequired: 'Добавьте хотя бы один фит',
  tooManyFits: `Не больше ${DOCTRINE_LIMITS.fits} фитов в доктрине`,
  tooMany: `Не больше ${DOCTRINE_LIMITS.perCorp} доктрин в корпорации`,
  eftRequired: 'Вставьте фит в формате EFT',
  eftTooLong: `Фит не длиннее ${DOCTRINE_LIMITS.eft} символов`,
  /** The first line of a fit is not `[Ship, Name]`. */
  noHeader: (fit: number) => `Фит ${fit}: первая строка должна быть заголовком EFT, например «[Rifter, Tackle]»`,
  /** The header names no known type, or a type that is not a ship. */
  notShip: (fit: number, name: string) => `Фит ${fit}: «${name}» — не корабль`,
  /** A line of the fit named nothing (the appraisal's message follows). */
  badLine: (fit: number, message: string) => `Фит ${fit}: ${message}`,
  tooLong: (n: number) => `Не длиннее ${n} символов`,
  noSkillsScope: 'Нет доступа к навыкам: привяжите персонажа заново с правом на чтение навыков',
  needsRelink: 'Персонажа нужно привязать заново',
  skillsEsiFailed: 'ESI не ответил на запрос навыков, попробуйте позже',
} as const;

/** A type as a doctrine names it. */
export interface DoctrineType {
  id: number;
  name: string;
}

/** One item of a fit (the hull is `ship`, not an item): summed per type over slots, drones, charges, cargo. */
export interface DoctrineItem {
  id: number;
  name: string;
  /** The English name (the game's Multibuy reads it in every client language). */
  name_en: string;
  quantity: number;
}

/** The fit's hull + fitting at one hub, ISK; a side is null when any of its items has no order there (unknown, never 0). */
export interface DoctrineHubPrice {
  hub: number;
  sell: number | null;
  buy: number | null;
}

export interface DoctrineFit {
  /** Stable within the doctrine (kept across edits of the doctrine's other fits). */
  id: string;
  /** The name in the EFT header (`[Ship, Name]`), the ship's name when the header has none. */
  name: string;
  ship: DoctrineType & { name_en: string };
  items: DoctrineItem[];
  /** The EFT text as pasted (for editing and for the game's import). */
  eft: string;
  /** At the hub asked for (`?hub=`, Jita by default). */
  price: DoctrineHubPrice;
  /** At every hub (HUBS order): the page marks the best. */
  hubs: DoctrineHubPrice[];
}

export interface Doctrine {
  id: string;
  name: string;
  fits: DoctrineFit[];
  updated_at: string;
  /** Username of who last changed it. */
  updated_by: string;
}

/** GET auth/corp/doctrines?hub= */
export interface DoctrinesResponse {
  doctrines: Doctrine[];
  /** The viewer may add, edit and delete doctrines and sees every pilot's readiness. */
  can_manage: boolean;
}

/** What a pilot misses for a fit: the skill, the level the fit needs, the level the pilot has (0: not trained). */
export interface DoctrineMissingSkill {
  skill: DoctrineType;
  level: number;
  have: number;
}

export interface DoctrinePilot {
  character: DoctrineType;
  /** null: unknown (no skills scope, re-link needed, ESI did not answer): see `problem`. */
  can_fly: boolean | null;
  missing: DoctrineMissingSkill[];
  /** Why `can_fly` is unknown (Russian), or null. */
  problem: string | null;
  /** One of the viewer's own characters. */
  mine: boolean;
}

/**
 * GET auth/corp/doctrine_readiness?id= : per fit, the pilots of the corporation (every linked
 * character of its members for `manageDoctrines`; the viewer's own characters for the others).
 */
export interface DoctrineReadinessResponse {
  /** `name` and `ship`: the fit as the doctrine names it (a ping's card says which fit a pilot can fly). */
  fits: { fit_id: string; name: string; ship: DoctrineType; pilots: DoctrinePilot[] }[];
}

/** A doctrine with each fit's `price` taken from its `hubs` at `hub` (pages patching their cache from a live event). */
export function doctrineAtHub(d: Doctrine, hub: number): Doctrine {
  return {
    ...d,
    fits: d.fits.map((f) => ({ ...f, price: f.hubs.find((h) => h.hub === hub) ?? { hub, sell: null, buy: null } })),
  };
}

/** The hub with the lowest known sell total (the best place to buy the fit), or null when no hub knows it. */
export function bestHub(hubs: readonly DoctrineHubPrice[]): number | null {
  let best: DoctrineHubPrice | null = null;
  for (const h of hubs) if (h.sell !== null && (best === null || h.sell < best.sell!)) best = h;
  return best?.hub ?? null;
}

/** «Купить всё»: the fit (hull first) in the game's Multibuy format (`multibuyText`, the industry calculator's too). */
export function fitMultibuy(fit: Pick<DoctrineFit, 'ship' | 'items'>): string {
  return multibuyText([{ name_en: fit.ship.name_en, quantity: 1 }, ...fit.items]);
}

/** The doctrine a ping names, as the ping carries it. */
export interface PingDoctrine {
  id: string;
  name: string;
}
