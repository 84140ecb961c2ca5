import { canManagePing } from './pings';

const member = { isAuthor: false, admin: false, characters: ['Mira Kestrel', 'Ivan Petrov'] };

describe('canManagePing: the author, the pilot named as FC, admins', () => {
  it.each([
    ['the author', { fc: '' }, { ...member, isAuthor: true }, true],
    ['an admin of the corporation', { fc: 'Someone Else' }, { ...member, admin: true }, true],
    ['the named FC (one of my characters)', { fc: 'Ivan Petrov' }, member, true],
    ['the named FC, other case and spaces', { fc: '  mira KESTREL ' }, member, true],
    ['another pilot is FC', { fc: 'Anna Sokolova' }, member, false],
    ['no FC named', { fc: '' }, member, false],
    ['a name that only contains mine', { fc: 'Ivan Petrov Jr' }, member, false],
    ['no characters at all', { fc: 'Ivan Petrov' }, { ...member, characters: [] }, false],
  ])('%s', (_name, ping, viewer, expected) => {
    expect(canManagePing(ping, viewer)).toBe(expected);
  });
});
