import { CORP_PERMISSIONS } from '@eve-toolkit/shared-types';
import { CORP_ROLES, hasAnyRole } from '../../../shared/session';
import { CORP_MODERATOR_ROLES } from './moderators';

describe('the role lists pages use to hide what the server refuses anyway', () => {
  it('are the contract’s permissions', () => {
    expect(CORP_ROLES).toEqual(CORP_PERMISSIONS.member);
    expect(CORP_MODERATOR_ROLES).toEqual(CORP_PERMISSIONS.moderate);
  });

  it.each([
    [['corp', 'industrialist'], true],
    [['admin'], true],
    [['corp', 'fc'], false],
    [['corp'], false],
  ] as const)('%j moderates: %s', (roles, expected) => {
    expect(hasAnyRole({ isAuthenticated: true, username: 'x', roles: [...roles] }, CORP_MODERATOR_ROLES)).toBe(expected);
  });
});
