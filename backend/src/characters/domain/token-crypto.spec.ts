import { decryptToken, encryptToken, tokenKey } from './token-crypto';

describe('refresh token encryption', () => {
  const key = tokenKey('a secret of the deployment');
  it('round-trips and never stores the plain token', () => {
    const stored = encryptToken('refresh-ABC-123', key);
    expect(stored).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(stored).not.toContain('refresh-ABC-123');
    expect(decryptToken(stored, key)).toBe('refresh-ABC-123');
    expect(encryptToken('refresh-ABC-123', key)).not.toBe(stored); // random IV
  });
  it('refuses another key and tampered data', () => {
    const stored = encryptToken('x', key);
    expect(decryptToken(stored, tokenKey('another'))).toBeNull();
    const parts = stored.split(':');
    parts[3] = Buffer.from('y').toString('base64url');
    expect(decryptToken(parts.join(':'), key)).toBeNull();
    expect(decryptToken('plain', key)).toBeNull();
  });
});
