import { isApiPath, isSpaRoute } from './routes';
import { ROLES_DISPLAY_ORDER } from './enums';

describe('route table', () => {
  it.each([
    '/',
    '/test',
    '/news',
    '/market/list',
    '/market/appraisal',
    '/market/detail/34',
    '/loot',
    '/industry',
    '/planetology',
    '/best_admin',
    '/best_admin/main',
    '/best_admin/users/42',
    '/best_admin/chars/9',
    '/best_admin/eve_items',
    '/corp',
    '/corp/new_project',
    '/about',
    '/about/debug',
    '/account/login',
    '/account/user/bob',
    '/redirect',
  ])('%s is a SPA route', (p) => expect(isSpaRoute(p)).toBe(true));

  it.each(['/nope', '/market/detail', '/corp/unknown', '/account/user', '/about/readme/x'])('%s is not a SPA route', (p) =>
    expect(isSpaRoute(p)).toBe(false),
  );

  it.each([
    ['/api/health', true],
    ['/api', true],
    ['/data/market/items', true],
    ['/auth/get_session', true],
    ['/socket.io/', true],
    ['/apiary', false],
    ['/market/list', false],
  ])('isApiPath(%s) = %p', (p, e) => expect(isApiPath(p)).toBe(e));
});

describe('roles display order', () => {
  it('moves the eighth role to the fifth position', () => {
    expect(ROLES_DISPLAY_ORDER).toEqual(['admin', 'security', 'fc', 'miner', 'industrialist', 'corp', 'academy', 'user']);
  });
});
