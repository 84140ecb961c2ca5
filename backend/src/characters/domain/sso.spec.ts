import {
  accessTokenUsable,
  authorizeUrl,
  callbackUrl,
  characterIdFromSubject,
  pendingLoginValid,
  pkceChallenge,
  scopesFromClaim,
} from './sso';

describe('characterIdFromSubject', () => {
  it.each([
    ['CHARACTER:EVE:2112000001', 2112000001],
    ['CHARACTER:EVE:90000001', 90000001],
    ['CHARACTER:EVE:', null],
    ['CHARACTER:EVE:0123', null],
    ['CHARACTER:EVE:12a', null],
    ['CORPORATION:EVE:98000001', null],
    ['CHARACTER:EVE:99999999999999999', null],
    [2112000001, null],
    [undefined, null],
  ])('%p -> %p', (sub, id) => expect(characterIdFromSubject(sub)).toBe(id));
});

describe('scopesFromClaim', () => {
  it.each([
    ['esi-wallet.read_character_wallet.v1', ['esi-wallet.read_character_wallet.v1']],
    [
      ['a', 'b'],
      ['a', 'b'],
    ],
    [['a', 3], ['a']],
    ['', []],
    [undefined, []],
  ])('%p -> %p', (scp, scopes) => expect(scopesFromClaim(scp)).toEqual(scopes));
});

it('computes the PKCE S256 challenge of RFC 7636 appendix B', () => {
  expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
});

it('builds the authorization URL with state and the PKCE challenge', () => {
  const u = new URL(
    authorizeUrl({
      ssoBase: 'https://login.eveonline.com',
      clientId: 'cid',
      callbackUrl: 'https://app.example/auth/esi/callback',
      scopes: ['a.v1', 'b.v1'],
      state: 'st',
      verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    }),
  );
  expect(u.origin + u.pathname).toBe('https://login.eveonline.com/v2/oauth/authorize');
  expect(Object.fromEntries(u.searchParams)).toEqual({
    response_type: 'code',
    redirect_uri: 'https://app.example/auth/esi/callback',
    client_id: 'cid',
    scope: 'a.v1 b.v1',
    state: 'st',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
});

describe('callbackUrl', () => {
  it.each([
    ['https://cb.example/x', 'https://app.example', 'http://127.0.0.1:3000', 'https://cb.example/x'],
    [undefined, 'https://app.example/', 'http://127.0.0.1:3000', 'https://app.example/auth/esi/callback'],
    [undefined, undefined, 'http://127.0.0.1:3000', 'http://127.0.0.1:3000/auth/esi/callback'],
  ])('configured %p, public %p, origin %p -> %p', (configured, pub, origin, expected) =>
    expect(callbackUrl(configured, pub, origin)).toBe(expected),
  );
});

describe('pendingLoginValid', () => {
  const pending = { state: 'abc', verifier: 'v', expires: 1_000 };
  it.each([
    [pending, 'abc', 'code', 1_000, true],
    [pending, 'abc', 'code', 1_001, false],
    [pending, 'abd', 'code', 10, false],
    [pending, undefined, 'code', 10, false],
    [pending, 'abc', '', 10, false],
    [pending, 'abc', 'c'.repeat(513), 10, false],
    [pending, 'abc', ['code'], 10, false],
    [undefined, 'abc', 'code', 10, false],
  ])('%#', (p, state, code, now, ok) => expect(pendingLoginValid(p, state, code, now)).toBe(ok));
});

describe('accessTokenUsable', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it.each([
    [new Date(now + 20 * 60_000), true],
    [new Date(now + 60_001), true],
    [new Date(now + 60_000), false],
    [new Date(now - 1), false],
    [null, false],
  ])('expires %p -> %p', (expires, usable) => expect(accessTokenUsable(expires, now)).toBe(usable));
});
