import { FAKE_DEMO_CORPORATION } from '@eve-toolkit/fake-esi';
import type { Role } from '@eve-toolkit/shared-types';

/**
 * Demo mode's corporation: the one most demo characters belong to (the fake ESI reports it as
 * their corporation_id). The corporation area creates its record from this id in demo mode.
 */
export const DEMO_CORPORATION = {
  id: FAKE_DEMO_CORPORATION.id,
  name: FAKE_DEMO_CORPORATION.name,
  ticker: FAKE_DEMO_CORPORATION.ticker,
} as const;
export const DEMO_CORPORATION_ID: number = DEMO_CORPORATION.id;

/**
 * The character linked to each demo account, from the local SSO's pilots (tools/fake-esi). The
 * first four pilots stay free for visitors (and the browser tests) to link themselves.
 * The academy account's pilot is in the demo academy, the plain user's in an NPC corporation,
 * everyone else's in the demo corporation.
 */
export const DEMO_CHARACTER_BY_ROLE: Readonly<Record<Role, number>> = {
  admin: 2112000005, // Dmitri Volkov
  security: 2112000006, // Olga Smirnova
  fc: 2112000007, // Sergei Morozov
  miner: 2112000008, // Pavel Kuznetsov
  corp: 2112000009, // Natalia Orlova
  academy: 2112000010, // Kirill Lebedev
  user: 2112000011, // John Carter
  industrialist: 2112000012, // Elena Fedorova
};
