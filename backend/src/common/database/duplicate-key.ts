import { apiError } from '../errors/api-error';

/** MongoDB's duplicate-key error (E11000): a unique index refused the write (also bulk writes). */
export function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

/**
 * The write, with a duplicate key turned into a 409 with `message` (Russian): the unique index
 * decides between simultaneous writes, and the loser gets a clear answer. Other errors pass.
 */
export async function uniqueOr409<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isDuplicateKey(err)) throw apiError(409, message);
    throw err;
  }
}

/** The write, a duplicate key ignored (another writer got there first, which is as good): `false` then. */
export async function ignoreDuplicate(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}
