import { plain } from '../../../test/text';
import { formatFlagValue, snapshotCells } from './check-flags';

describe('formatFlagValue', () => {
  it.each([
    ['wallet_drop', 12_500_000_000, '12 500 000 000,00 ISK'],
    ['skill_points_drop', 6_412_000, '6 412 000 SP'],
    ['security', -5.3, '-5,3'],
    ['security', 0.4, '0,4'],
    ['corporation', 'Northern Freight Union', 'Northern Freight Union'],
    ['alliance', null, 'нет альянса'],
    ['corporation', null, '—'],
    ['warning_skills', [], 'нет'],
    ['warning_skills', ['Cynosural Field Theory 3', 'Cloaking 1'], 'Cynosural Field Theory 3, Cloaking 1'],
  ] as const)('%s %j -> %s', (kind, value, text) => {
    expect(plain(formatFlagValue(kind, value as never))).toBe(text);
  });
});

describe('snapshotCells', () => {
  it('shows what was read and marks what was not', () => {
    const cells = snapshotCells({
      public: null,
      token: 'lost',
      wallet: null,
      total_sp: 41_415,
      warning_skills: ['Cloaking 1'],
      warning_assets: null,
      banned_contacts: [{ id: 7, name: null }],
      errors: [],
    });
    expect({ ...cells, sp: plain(cells.sp) }).toEqual({
      corporation: 'не прочитано',
      alliance: 'не прочитано',
      security: 'не прочитано',
      wallet: 'не прочитано',
      sp: '41 415',
      token: 'отозван',
      warnings: 'Cloaking 1, связь: ID 7',
    });
  });
});
