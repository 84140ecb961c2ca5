import type { CharacterCheckResult, CharacterSnapshot } from '@eve-toolkit/shared-types';
import { detectChanges, errorBudgetWait, mergeKnown, toSnapshot, type DetectedChange } from './character-changes';

const CORP_A = { id: 98000001, name: 'Demo Mining Syndicate' };
const CORP_B = { id: 98000002, name: 'Northern Freight Union' };

const base: CharacterSnapshot = {
  public: { corporation: CORP_A, alliance: null, security_status: 1.2 },
  token: 'valid',
  wallet: 1_000_000_000,
  total_sp: 6_912_000,
  warning_skills: [],
  warning_assets: [],
  banned_contacts: [],
  errors: [],
};
const snap = (patch: Partial<CharacterSnapshot>): CharacterSnapshot => ({ ...base, ...patch });
const pub = (patch: Partial<NonNullable<CharacterSnapshot['public']>>) => ({ ...base.public!, ...patch });

describe('detectChanges', () => {
  const cases: [string, CharacterSnapshot | null, CharacterSnapshot, DetectedChange[]][] = [
    ['first run: the baseline, nothing flagged', null, snap({ wallet: 0, warning_skills: ['Cloaking 3'] }), []],
    ['nothing changed', base, base, []],
    [
      'new corporation (names)',
      base,
      snap({ public: pub({ corporation: CORP_B }) }),
      [{ kind: 'corporation', from: 'Demo Mining Syndicate', to: 'Northern Freight Union' }],
    ],
    [
      'new corporation whose name is unknown',
      base,
      snap({ public: pub({ corporation: { id: 98000099, name: null } }) }),
      [{ kind: 'corporation', from: 'Demo Mining Syndicate', to: 'ID 98000099' }],
    ],
    [
      'joined an alliance',
      base,
      snap({ public: pub({ alliance: { id: 99000001, name: 'Demo Alliance' } }) }),
      [{ kind: 'alliance', from: null, to: 'Demo Alliance' }],
    ],
    [
      'left an alliance',
      snap({ public: pub({ alliance: { id: 99000001, name: 'Demo Alliance' } }) }),
      base,
      [{ kind: 'alliance', from: 'Demo Alliance', to: null }],
    ],
    ['security moved by 0.99: not flagged', base, snap({ public: pub({ security_status: 0.21 }) }), []],
    [
      'security fell by exactly 1.0 (floating point: 1.2 - 0.2)',
      base,
      snap({ public: pub({ security_status: 0.2 }) }),
      [{ kind: 'security', from: 1.2, to: 0.2 }],
    ],
    [
      'security crossed -5.0 by a little',
      snap({ public: pub({ security_status: -4.9 }) }),
      snap({ public: pub({ security_status: -5.1 }) }),
      [{ kind: 'security', from: -4.9, to: -5.1 }],
    ],
    [
      'wallet fell by 50 % and 500 M ISK',
      base,
      snap({ wallet: 500_000_000 }),
      [{ kind: 'wallet_drop', from: 1_000_000_000, to: 500_000_000 }],
    ],
    ['wallet fell by 49.9 %: not flagged', base, snap({ wallet: 501_000_000 }), []],
    ['a small wallet emptied (under 100 M ISK): not flagged', snap({ wallet: 99_000_000 }), snap({ wallet: 0 }), []],
    [
      'a 100 M wallet emptied: flagged',
      snap({ wallet: 100_000_000 }),
      snap({ wallet: 0 }),
      [{ kind: 'wallet_drop', from: 100_000_000, to: 0 }],
    ],
    ['wallet grew', base, snap({ wallet: 9_000_000_000 }), []],
    [
      'one skill extractor (500 000 SP) taken',
      base,
      snap({ total_sp: 6_412_000 }),
      [{ kind: 'skill_points_drop', from: 6_912_000, to: 6_412_000 }],
    ],
    ['SP fell by less than an extractor', base, snap({ total_sp: 6_412_001 }), []],
    ['token lost', base, snap({ token: 'lost' }), [{ kind: 'token_lost', from: 'действует', to: 'отозван' }]],
    ['token still lost: flagged once only', snap({ token: 'lost' }), snap({ token: 'lost' }), []],
    ['token came back', snap({ token: 'lost' }), base, []],
    [
      'trained a cyno skill',
      base,
      snap({ warning_skills: ['Cynosural Field Theory 3'] }),
      [{ kind: 'warning_skills', from: [], to: ['Cynosural Field Theory 3'] }],
    ],
    ['dropped a warning skill: not flagged', snap({ warning_skills: ['Cloaking 1'] }), base, []],
    [
      'got a cyno generator',
      base,
      snap({ warning_assets: ['Cynosural Field Generator I'] }),
      [{ kind: 'warning_assets', from: [], to: ['Cynosural Field Generator I'] }],
    ],
    [
      'a new banned contact',
      snap({ banned_contacts: [{ id: 1, name: 'Old Spy' }] }),
      snap({
        banned_contacts: [
          { id: 1, name: 'Old Spy' },
          { id: 2112000003, name: null },
        ],
      }),
      [{ kind: 'banned_contacts', from: ['Old Spy'], to: ['Old Spy', 'ID 2112000003'] }],
    ],
    [
      'sections not read this time change nothing',
      base,
      snap({
        public: null,
        token: null,
        wallet: null,
        total_sp: null,
        warning_skills: null,
        warning_assets: null,
        banned_contacts: null,
      }),
      [],
    ],
    [
      'several at once, in a fixed order',
      base,
      snap({ public: pub({ corporation: CORP_B }), wallet: 0, token: 'lost' }),
      [
        { kind: 'corporation', from: 'Demo Mining Syndicate', to: 'Northern Freight Union' },
        { kind: 'wallet_drop', from: 1_000_000_000, to: 0 },
        { kind: 'token_lost', from: 'действует', to: 'отозван' },
      ],
    ],
  ];
  it.each(cases)('%s', (_name, known, next, expected) => {
    expect(detectChanges(known, next)).toEqual(expected);
  });
});

describe('mergeKnown', () => {
  it('keeps what this run could not read and takes what it read', () => {
    const next = snap({ public: null, wallet: 5, token: null, errors: ['Не удалось прочитать ESI: 503'] });
    expect(mergeKnown(base, next)).toEqual({ ...base, wallet: 5, errors: ['Не удалось прочитать ESI: 503'] });
  });
  it('is the snapshot itself on the first run', () => {
    expect(mergeKnown(null, base)).toBe(base);
  });
  it('a change seen after a failed read is still flagged against the last known value', () => {
    const known = mergeKnown(base, snap({ wallet: null }));
    expect(detectChanges(known, snap({ wallet: 0 }))).toEqual([{ kind: 'wallet_drop', from: 1_000_000_000, to: 0 }]);
  });
});

describe('toSnapshot', () => {
  const ok: CharacterCheckResult = {
    corps: { error: null, history: [] },
    mail: {
      error: null,
      mails_len: 3,
      mails_from: [
        { id: 7, name: 'Jon Doe', count: 2, warning: true },
        { id: 8, name: 'Mira', count: 1, warning: false },
      ],
    },
    skills: {
      error: null,
      total_sp: 41_415,
      skills_low: true,
      warning_skills: [{ id: 21603, name: 'Cynosural Field Theory', level: 3 }],
    },
    wallet: {
      error: null,
      balance: 98.5,
      journal_len: 1,
      low_transactions: true,
      got_transaction: [
        { date: '2026-01-05T10:00:00Z', kind: 'journal', party_id: 7, party_name: 'Jon Doe', amount: 5, description: '' },
      ],
      assets_low: true,
    },
    assets: {
      error: null,
      warning_assets: [
        { type_id: 21096, name: 'Cynosural Field Generator I', quantity: 1, location_id: 1 },
        { type_id: 21096, name: 'Cynosural Field Generator I', quantity: 2, location_id: 2 },
      ],
    },
  };
  const publicInfo = { corporation: CORP_A, alliance: null, security_status: -0.5 };

  it('reads every section of a clean check', () => {
    expect(toSnapshot({ check: ok, public: publicInfo, needsRelink: false })).toEqual({
      public: publicInfo,
      token: 'valid',
      wallet: 98.5,
      total_sp: 41_415,
      warning_skills: ['Cynosural Field Theory 3'],
      warning_assets: ['Cynosural Field Generator I'],
      banned_contacts: [{ id: 7, name: 'Jon Doe' }],
      errors: [],
    });
  });

  it('a revoked token: token lost, the authenticated sections unknown, the errors once', () => {
    const relink = 'Персонаж требует повторной привязки: токен ESI отозван';
    const failed = <S extends { error: string | null }>(s: S): S => ({ ...s, error: relink });
    const check = {
      ...ok,
      mail: failed(ok.mail),
      skills: failed(ok.skills),
      wallet: failed(ok.wallet),
      assets: failed(ok.assets),
    };
    expect(toSnapshot({ check, public: publicInfo, needsRelink: true })).toEqual({
      public: publicInfo,
      token: 'lost',
      wallet: null,
      total_sp: null,
      warning_skills: null,
      warning_assets: null,
      banned_contacts: null,
      errors: [relink],
    });
  });

  it('banned contacts are unknown when mail or wallet failed; public info unknown with its error', () => {
    const check = { ...ok, wallet: { ...ok.wallet, error: 'Не удалось прочитать ESI: 502' } };
    const s = toSnapshot({ check, public: null, publicError: 'Не удалось прочитать ESI: 504', needsRelink: false });
    expect(s.banned_contacts).toBeNull();
    expect(s.wallet).toBeNull();
    expect(s.public).toBeNull();
    expect(s.token).toBe('valid');
    expect(s.errors).toEqual(['Не удалось прочитать ESI: 504', 'Не удалось прочитать ESI: 502']);
  });
});

describe('errorBudgetWait', () => {
  it.each([
    ['nothing known yet', undefined, 0],
    ['plenty left', 100, 0],
    ['just above what is kept for players', 31, 0],
    ['at the mark: wait for the reset', 30, 4_000],
    ['spent: wait for the reset', 0, 4_000],
  ])('%s', (_n, remain, wait) => {
    expect(errorBudgetWait({ remain, resetAt: 10_000 }, 6_000, 30)).toBe(wait);
  });
  it('a reset already past waits nothing', () => {
    expect(errorBudgetWait({ remain: 1, resetAt: 5_000 }, 6_000, 30)).toBe(0);
  });
});
