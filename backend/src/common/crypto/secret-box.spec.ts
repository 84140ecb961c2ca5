import { decryptSecret, decryptToken, encryptToken, secretKey, tokenKey } from './secret-box';

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
    // One bit of the ciphertext flipped (a fixed replacement would equal the real ciphertext of
    // this one-byte token in 1 run of 256).
    const cipher = Buffer.from(parts[3], 'base64url');
    cipher[0] ^= 1;
    parts[3] = cipher.toString('base64url');
    expect(decryptToken(parts.join(':'), key)).toBeNull();
    expect(decryptToken('plain', key)).toBeNull();
  });
  it("derives one key per purpose: a webhook URL never decrypts with the refresh tokens' key", () => {
    const hooks = secretKey('a secret of the deployment', 'ping-webhooks');
    expect(tokenKey('a secret of the deployment').equals(secretKey('a secret of the deployment', 'refresh-tokens'))).toBe(true);
    const stored = encryptToken('https://discord.com/api/webhooks/1/abc', hooks);
    expect(decryptSecret(stored, hooks)).toBe('https://discord.com/api/webhooks/1/abc');
    expect(decryptSecret(stored, key)).toBeNull();
  });
});
