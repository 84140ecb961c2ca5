/**
 * The admin's character check against the fake ESI over real HTTP: a clean pilot, a pilot who
 * triggers every warning (corporation hop, mail and ISK from a banned character, low skill
 * points, cyno skills and generators, thin wallet history) and one whose ESI calls fail (those
 * sections carry the error, the rest still shows).
 */
import { type FakeEsi, type FakeSso } from '@eve-toolkit/fake-esi';
import { ADMIN_MESSAGES, type CharacterCheckResult } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { createTestApp } from './app';
import { signedIn } from './support/accounts';
import type { TestClient } from './support/client';
import { linkCharacter } from './support/sso';
import { startStandIns, type StandIns } from './support/stand-ins';

jest.setTimeout(60_000);

const DAY = 86_400_000;
const IVAN = 2112000001;
const ANNA = 2112000002;
const JON = 2112000003;
const MIRA = 2112000004;
const DMITRI = 2112000005;

let standIns: StandIns;
let sso: FakeSso;
let esi: FakeEsi;
let running: RunningApp;
let admin: TestClient;

beforeAll(async () => {
  standIns = await startStandIns();
  ({ sso, esi } = standIns);
  running = await createTestApp(standIns.config());
  admin = await signedIn(running, 'chk_admin', ['admin']);
  const pilot = await signedIn(running, 'chk_pilot');
  for (const id of [IVAN, ANNA, DMITRI]) await linkCharacter(pilot, id);
}, 120_000);
afterAll(async () => {
  await running?.close();
  await standIns?.close();
});

/** The corporation join dates this file's pilots have: the server counts whole days since them. */
const JOINED = ['2012-12-03T08:10:00Z', '2025-03-20T00:00:00Z'];
const wholeDays = (at: number, iso: string) => Math.floor((at - Date.parse(iso)) / DAY);
/** When the last check was answered: the server counted its days at an instant in between. */
let checkedAt = 0;
const check = async (id: number, code = 'all') => {
  for (;;) {
    const before = Date.now();
    const res = await admin.post(`/api/admin/stats_chars/${id}`, { code });
    const after = Date.now();
    expect(res.status).toBe(200);
    checkedAt = after;
    // A day count that changed while the request ran (at a join date's time of day) is asked again.
    if (JOINED.every((iso) => wholeDays(before, iso) === wholeDays(after, iso))) return res.body as CharacterCheckResult;
  }
};
const daysSince = (iso: string) => wholeDays(checkedAt, iso);

it('finds nothing to warn about on a long-standing, busy pilot', async () => {
  const result = await check(DMITRI);
  expect(result).toEqual({
    corps: {
      error: null,
      history: [
        {
          corporation_id: 98000001,
          name: 'Demo Mining Syndicate',
          start_date: '2012-12-03T08:10:00Z',
          end_date: null,
          days: daysSince('2012-12-03T08:10:00Z'),
          warning: false,
        },
        {
          corporation_id: 1000044,
          name: 'School of Applied Knowledge',
          start_date: '2012-11-03T08:10:00Z',
          end_date: '2012-12-03T08:10:00Z',
          days: 30,
          warning: false,
        },
      ],
    },
    mail: {
      error: null,
      mails_len: 4,
      mails_from: [
        { id: 2112000006, name: 'Olga Smirnova', count: 1, warning: false },
        { id: 2112000007, name: 'Sergei Morozov', count: 1, warning: false },
        { id: 2112000008, name: 'Pavel Kuznetsov', count: 1, warning: false },
        { id: 2112000009, name: 'Natalia Orlova', count: 1, warning: false },
      ],
    },
    // Five basics at V (5 x 256 000), Amarr Battleship V (x8) and Capital Ships V (x14).
    skills: { error: null, total_sp: 6_912_000, skills_low: false, warning_skills: [] },
    wallet: {
      error: null,
      balance: 12_500_000_000,
      journal_len: 12,
      low_transactions: false,
      got_transaction: [],
      assets_low: false,
    },
    assets: { error: null, warning_assets: [] },
  });
});

it('marks a corporation hop, mail and ISK from a banned character, low skill points, cyno skills and generators', async () => {
  await admin
    .post('/api/admin/ban_chars', { type: 'new', id: JON, name: 'Jon Doe', reason: 'Шпион' })
    .then((r) => expect(r.status).toBe(200));
  const mail = (mail_id: number, from: number) => ({
    mail_id,
    from,
    subject: 'Привет',
    timestamp: '2026-01-02T10:00:00Z',
    is_read: true,
    labels: [1],
  });
  sso.updateCharacter(ANNA, {
    mails: [mail(1, JON), mail(2, MIRA), mail(3, JON)],
    check: {
      corporationHistory: [
        { corporation_id: 98000001, record_id: 3, start_date: '2025-03-20T00:00:00Z' },
        { corporation_id: 98000002, record_id: 2, start_date: '2025-03-10T00:00:00Z' },
        { corporation_id: 1000044, record_id: 1, start_date: '2020-09-01T09:00:00Z' },
      ],
      skills: [
        { skill_id: 3327, active_skill_level: 2, trained_skill_level: 2, skillpoints_in_skill: 1415 },
        { skill_id: 21603, active_skill_level: 3, trained_skill_level: 3, skillpoints_in_skill: 40_000 },
      ],
      walletJournal: [
        {
          id: 1,
          date: '2026-01-05T10:00:00Z',
          ref_type: 'player_donation',
          amount: 500_000_000,
          balance: 98_765_432.1,
          description: "Jon Doe deposited cash into Anna Sokolova's account",
          first_party_id: JON,
          second_party_id: ANNA,
        },
      ],
      walletTransactions: [
        {
          client_id: JON,
          date: '2026-01-06T10:00:00Z',
          is_buy: true,
          is_personal: true,
          journal_ref_id: 9,
          location_id: 60003760,
          quantity: 2,
          transaction_id: 10,
          type_id: 21096,
          unit_price: 1_000_000,
        },
      ],
      assets: [
        {
          is_singleton: false,
          item_id: 1,
          location_flag: 'Hangar',
          location_id: 60003760,
          location_type: 'station',
          quantity: 2,
          type_id: 21096,
        },
        {
          is_singleton: true,
          item_id: 2,
          location_flag: 'Cargo',
          location_id: 1,
          location_type: 'item',
          quantity: 1,
          type_id: 28646,
        },
        {
          is_singleton: false,
          item_id: 3,
          location_flag: 'Hangar',
          location_id: 60003760,
          location_type: 'station',
          quantity: 5,
          type_id: 34,
        },
      ],
    },
  });
  const result = await check(ANNA);
  expect(result.corps).toEqual({
    error: null,
    history: [
      {
        corporation_id: 98000001,
        name: 'Demo Mining Syndicate',
        start_date: '2025-03-20T00:00:00Z',
        end_date: null,
        days: daysSince('2025-03-20T00:00:00Z'),
        warning: false,
      },
      {
        corporation_id: 98000002,
        name: 'Northern Freight Union',
        start_date: '2025-03-10T00:00:00Z',
        end_date: '2025-03-20T00:00:00Z',
        days: 10,
        warning: true,
      },
      {
        corporation_id: 1000044,
        name: 'School of Applied Knowledge',
        start_date: '2020-09-01T09:00:00Z',
        end_date: '2025-03-10T00:00:00Z',
        days: 1650,
        warning: false,
      },
    ],
  });
  expect(result.mail).toEqual({
    error: null,
    mails_len: 3,
    mails_from: [
      { id: JON, name: 'Jon Doe', count: 2, warning: true },
      { id: MIRA, name: 'Mira Kestrel', count: 1, warning: false },
    ],
  });
  expect(result.skills).toEqual({
    error: null,
    total_sp: 41_415,
    skills_low: true,
    warning_skills: [{ id: 21603, name: 'Cynosural Field Theory', level: 3 }],
  });
  expect(result.wallet).toEqual({
    error: null,
    balance: 98_765_432.1,
    journal_len: 1,
    low_transactions: true,
    assets_low: false,
    got_transaction: [
      {
        date: '2026-01-06T10:00:00Z',
        kind: 'market',
        party_id: JON,
        party_name: 'Jon Doe',
        amount: -2_000_000,
        description: 'Покупка: 2 × тип 21096',
      },
      {
        date: '2026-01-05T10:00:00Z',
        kind: 'journal',
        party_id: JON,
        party_name: 'Jon Doe',
        amount: 500_000_000,
        description: "Jon Doe deposited cash into Anna Sokolova's account",
      },
    ],
  });
  expect(result.assets).toEqual({
    error: null,
    warning_assets: [
      { type_id: 21096, name: 'Cynosural Field Generator I', quantity: 2, location_id: 60003760 },
      { type_id: 28646, name: 'Covert Cynosural Field Generator I', quantity: 1, location_id: 1 },
    ],
  });
});

it("fills a section's error when its ESI call fails and still shows the others; a small wallet is low", async () => {
  const clear = [
    esi.setFault(/^\/characters\/2112000001\/skills/, { status: 403, body: { error: 'token not valid for scope' } }),
    esi.setFault(/^\/characters\/2112000001\/assets/, { status: 404, body: { error: 'Character not found' } }),
  ];
  try {
    const result = await check(IVAN);
    expect(result.skills).toEqual({
      error: `Не удалось прочитать ESI: ESI ответил 403: token not valid for scope (${esi.url}/characters/${IVAN}/skills/)`,
      total_sp: 0,
      skills_low: false,
      warning_skills: [],
    });
    expect(result.assets).toEqual({
      error: `Не удалось прочитать ESI: ESI ответил 404: Character not found (${esi.url}/characters/${IVAN}/assets/?page=1)`,
      warning_assets: [],
    });
    expect(result.corps.error).toBeNull();
    expect(result.corps.history.map((h) => h.corporation_id)).toEqual([98000001, 1000044]);
    expect(result.mail).toMatchObject({ error: null, mails_len: 5 });
    // 1.2 M ISK: no journal (one line per 10 M in the fake), under the 10 M threshold.
    expect(result.wallet).toEqual({
      error: null,
      balance: 1_234_567.89,
      journal_len: 0,
      low_transactions: true,
      got_transaction: [],
      assets_low: true,
    });
  } finally {
    clear.forEach((c) => c());
  }
});

it('reads only the asked section; refuses unknown codes and characters in Russian', async () => {
  const only = await check(DMITRI, 'skills');
  expect(only.skills.error).toBeNull();
  expect([only.corps.error, only.mail.error, only.wallet.error, only.assets.error]).toEqual(
    Array(4).fill(ADMIN_MESSAGES.sectionNotRequested),
  );
  const bad = await admin.post(`/api/admin/stats_chars/${DMITRI}`, { code: 'everything' });
  expect([bad.status, bad.body.message]).toEqual([400, ADMIN_MESSAGES.checkCodeInvalid]);
  const unknown = await admin.post('/api/admin/stats_chars/2112009999', { code: 'all' });
  expect([unknown.status, unknown.body.message]).toEqual([404, ADMIN_MESSAGES.charNotFound]);
  const listed = (await admin.get('/api/admin/stats_chars?q=sokol').expect(200)).body;
  expect(listed).toMatchObject({
    total: 1,
    chars: [{ id: ANNA, name: 'Anna Sokolova', user: { username: 'chk_pilot' }, banned: false }],
  });
  // Her corporation is not registered here: its name comes from the game (ESI), not its id alone.
  expect(listed.chars[0]).toMatchObject({ corporation_id: 98000001, corporation_name: 'Demo Mining Syndicate' });
  const jon = (await admin.get(`/api/admin/stats_chars/${IVAN}`).expect(200)).body.char;
  expect(jon).toMatchObject({ id: IVAN, name: 'Ivan Petrov', corporation_id: 98000001, needs_relink: false });
});
