/**
 * The fake's game characters: who the local EVE SSO lets you log in as, and what the fake ESI
 * answers about them (public info, location, wallet, mail). Deterministic, so tests and the demo
 * see the same pilots every time; the mutable fields (location, wallet, mail) may be changed by
 * tests through `FakeSso.updateCharacter`.
 *
 * Character names follow the game's rules (Latin letters, spaces, hyphens, apostrophes); ids are
 * in the player-character range (2 112 000 000+), corporation ids in the player range (98 000 000+),
 * NPC corporation ids in the 1 000 000 range.
 */
import { industrialistSkills, type FakeCheckData } from './character-check-data';

export interface FakeMail {
  mail_id: number;
  from: number;
  subject: string;
  /** ISO timestamp. */
  timestamp: string;
  is_read: boolean;
  labels: number[];
}

export interface FakeSsoCharacter {
  id: number;
  name: string;
  corporationId: number;
  allianceId?: number;
  gender: 'male' | 'female';
  /** ISO date of creation. */
  birthday: string;
  raceId: number;
  bloodlineId: number;
  securityStatus: number;
  /** Current solar system (and station when docked). */
  solarSystemId: number;
  stationId?: number;
  /** Wallet balance in ISK. */
  wallet: number;
  mails: FakeMail[];
  /** Skills, wallet journal and transactions, assets, corporation history (absent: defaults, see character-check-data.ts). */
  check?: FakeCheckData;
}

export interface FakeCorporation {
  id: number;
  name: string;
  ticker: string;
  ceoId: number;
}

/** The demo corporation the product's demo mode is built around (backend/src/demo reuses this id). */
export const FAKE_DEMO_CORPORATION: FakeCorporation = {
  id: 98000001,
  name: 'Demo Mining Syndicate',
  ticker: 'DEMO',
  ceoId: 2112000005,
};

export const FAKE_CORPORATIONS: readonly FakeCorporation[] = [
  FAKE_DEMO_CORPORATION,
  { id: 98000002, name: 'Northern Freight Union', ticker: 'NFU', ceoId: 2112000003 },
  { id: 98000003, name: 'Demo Mining Academy', ticker: 'DEMOA', ceoId: 2112000010 },
  // An NPC starter corporation (its id is the real one: School of Applied Knowledge).
  { id: 1000044, name: 'School of Applied Knowledge', ticker: 'SAK', ceoId: 3004334 },
];

/** Alliances a test may put a pilot in (`updateCharacter(id, { allianceId })`); GET /alliances/{id}/ answers them. */
export const FAKE_ALLIANCES: readonly { id: number; name: string; ticker: string; executorCorporationId: number }[] = [
  { id: 99000001, name: 'Demo Frontier Alliance', ticker: 'DEMOF', executorCorporationId: 98000002 },
];

const JITA = 30000142;
const AMARR = 30002187;
const DODIXIE = 30002659;
const RENS = 30002510;
const UEDAMA = 30002768; // 0.5
const AMAMAKE = 30002537; // 0.4
const TAMA = 30002813; // 0.3
const ONE_DQ = 30004759; // 1DQ1-A, -0.4

function mails(seed: number, total: number, unread: number): FakeMail[] {
  const out: FakeMail[] = [];
  for (let i = 0; i < total; i++) {
    const day = 1 + ((seed + i * 7) % 27);
    out.push({
      mail_id: seed * 1000 + i + 1,
      from: 2112000001 + ((seed + i) % 12),
      subject: ['Флот в 20:00', 'Оплата за проект', 'Re: руда', 'Welcome aboard', 'Contract ready'][(seed + i) % 5],
      timestamp: `2026-01-${String(day).padStart(2, '0')}T1${i % 10}:00:00Z`,
      is_read: i >= unread,
      labels: [1],
    });
  }
  return out;
}

/**
 * A dozen pilots. The first four are free to link (tests and visitors); the next eight belong to
 * the demo accounts (one per role) when the product runs in demo mode.
 */
export const DEFAULT_SSO_CHARACTERS: readonly FakeSsoCharacter[] = [
  {
    id: 2112000001,
    name: 'Ivan Petrov',
    corporationId: 98000001,
    gender: 'male',
    birthday: '2019-04-12T18:22:00Z',
    raceId: 2,
    bloodlineId: 4,
    securityStatus: 1.2,
    solarSystemId: JITA,
    stationId: 60003760,
    wallet: 1_234_567.89,
    mails: mails(1, 5, 3),
  },
  {
    id: 2112000002,
    name: 'Anna Sokolova',
    corporationId: 98000001,
    gender: 'female',
    birthday: '2020-09-01T09:00:00Z',
    raceId: 1,
    bloodlineId: 2,
    securityStatus: 0.4,
    solarSystemId: UEDAMA,
    wallet: 98_765_432.1,
    mails: mails(2, 2, 0),
  },
  {
    id: 2112000003,
    name: 'Jon Doe',
    corporationId: 98000002,
    gender: 'male',
    birthday: '2016-02-29T12:00:00Z',
    raceId: 8,
    bloodlineId: 11,
    securityStatus: -2.5,
    solarSystemId: TAMA,
    wallet: 5_000,
    mails: mails(3, 12, 12),
  },
  {
    id: 2112000004,
    name: 'Mira Kestrel',
    corporationId: 98000001,
    gender: 'female',
    birthday: '2021-07-15T20:45:00Z',
    raceId: 4,
    bloodlineId: 6,
    securityStatus: 0,
    solarSystemId: ONE_DQ,
    wallet: 0,
    mails: [],
  },
  {
    id: 2112000005,
    name: 'Dmitri Volkov',
    corporationId: 98000001,
    gender: 'male',
    birthday: '2012-11-03T08:10:00Z',
    raceId: 2,
    bloodlineId: 3,
    securityStatus: 3.1,
    solarSystemId: JITA,
    stationId: 60003760,
    wallet: 12_500_000_000,
    mails: mails(5, 4, 1),
  },
  {
    id: 2112000006,
    name: 'Olga Smirnova',
    corporationId: 98000001,
    gender: 'female',
    birthday: '2014-05-20T16:30:00Z',
    raceId: 1,
    bloodlineId: 1,
    securityStatus: 2,
    solarSystemId: AMARR,
    wallet: 740_000_000,
    mails: mails(6, 3, 2),
  },
  {
    id: 2112000007,
    name: 'Sergei Morozov',
    corporationId: 98000001,
    gender: 'male',
    birthday: '2015-01-10T10:00:00Z',
    raceId: 8,
    bloodlineId: 12,
    securityStatus: -0.8,
    solarSystemId: AMAMAKE,
    wallet: 310_450_000.5,
    mails: mails(7, 6, 4),
  },
  {
    id: 2112000008,
    name: 'Pavel Kuznetsov',
    corporationId: 98000001,
    gender: 'male',
    birthday: '2018-03-03T03:03:00Z',
    raceId: 4,
    bloodlineId: 7,
    securityStatus: 0.7,
    solarSystemId: DODIXIE,
    wallet: 45_200_000,
    mails: mails(8, 1, 1),
  },
  {
    id: 2112000009,
    name: 'Natalia Orlova',
    corporationId: 98000001,
    gender: 'female',
    birthday: '2017-08-08T18:00:00Z',
    raceId: 2,
    bloodlineId: 4,
    securityStatus: 1,
    solarSystemId: RENS,
    wallet: 88_000_000,
    mails: mails(9, 2, 0),
  },
  {
    id: 2112000010,
    name: 'Kirill Lebedev',
    corporationId: 98000003,
    gender: 'male',
    birthday: '2025-12-01T12:00:00Z',
    raceId: 1,
    bloodlineId: 2,
    securityStatus: 0.1,
    solarSystemId: UEDAMA,
    wallet: 2_500_000,
    mails: mails(10, 3, 3),
  },
  {
    id: 2112000011,
    name: 'John Carter',
    corporationId: 1000044,
    gender: 'male',
    birthday: '2026-01-05T07:30:00Z',
    raceId: 8,
    bloodlineId: 11,
    securityStatus: 0,
    solarSystemId: TAMA,
    wallet: 1_000_000,
    mails: mails(11, 1, 1),
  },
  {
    id: 2112000012,
    name: 'Elena Fedorova',
    corporationId: 98000001,
    gender: 'female',
    birthday: '2013-06-17T14:15:00Z',
    raceId: 1,
    bloodlineId: 1,
    securityStatus: 1.5,
    solarSystemId: JITA,
    stationId: 60003760,
    wallet: 3_300_000_000.75,
    mails: mails(12, 5, 2),
    // The industrialist invents: an inventor's skills (the calculator's skills panel loads them).
    check: { skills: industrialistSkills({ birthday: '2013-06-17T14:15:00Z' }) },
  },
];

/** A deep copy, so a fake's mutable state never leaks into the shared defaults or another fake. */
export function cloneCharacters(list: readonly FakeSsoCharacter[]): FakeSsoCharacter[] {
  return list.map((c) => ({
    ...c,
    mails: c.mails.map((m) => ({ ...m, labels: [...m.labels] })),
    ...(c.check ? { check: { ...c.check } } : {}),
  }));
}

export function unreadCount(c: FakeSsoCharacter): number {
  return c.mails.filter((m) => !m.is_read).length;
}
