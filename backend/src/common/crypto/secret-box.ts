import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (characters' refresh tokens, corporations' webhook URLs): AES-256-GCM with a
 * key derived from TOKEN_ENCRYPTION_KEY and the purpose, so one kind of secret never decrypts as
 * another. Stored as `v1:<iv b64url>:<tag b64url>:<ciphertext b64url>`.
 */
export type SecretPurpose = 'refresh-tokens' | 'ping-webhooks';

export function secretKey(secret: string, purpose: SecretPurpose): Buffer {
  return createHash('sha256').update(`eve-toolkit:${purpose}:${secret}`).digest();
}

/** The refresh tokens' key (the derivation every stored token was made with). */
export const tokenKey = (secret: string): Buffer => secretKey(secret, 'refresh-tokens');

export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
}

/** The plain secret, or null when the value was not made with this key (or was tampered with). */
export function decryptSecret(stored: string, key: Buffer): string | null {
  const [v, iv, tag, data] = stored.split(':');
  if (v !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The refresh tokens' names for the same functions. */
export const encryptToken = encryptSecret;
export const decryptToken = decryptSecret;
