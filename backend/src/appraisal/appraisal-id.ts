import { randomBytes } from 'node:crypto';
import { APPRAISAL_ID_LENGTH } from '@eve-toolkit/shared-types';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A short unguessable id: APPRAISAL_ID_LENGTH base62 characters from the system CSPRNG
 * (10 characters ≈ 59.5 bits), unbiased (bytes of 248 and above are drawn again).
 */
export function newAppraisalId(): string {
  let id = '';
  while (id.length < APPRAISAL_ID_LENGTH) {
    for (const b of randomBytes(APPRAISAL_ID_LENGTH * 2)) {
      if (b >= 248) continue;
      id += ALPHABET[b % 62];
      if (id.length === APPRAISAL_ID_LENGTH) break;
    }
  }
  return id;
}
