/**
 * Storage layout of the imported SDE: every import writes its own collections
 * `sde_<dataset>_<importId>`; one document `sde_meta/active` points readers at the complete
 * import. Switching is a single update, so readers never see a half-written import and no
 * renameCollection or transaction is needed (works the same on MongoDB and the embedded server).
 */
import { randomBytes } from 'node:crypto';
import type { mongo } from 'mongoose';
import type { Dataset, SdeActiveMeta } from './sde.types';

export const SDE_META_COLLECTION = 'sde_meta';
/** Bump when the stored documents change shape: the app then re-imports at start. */
export const SDE_FORMAT_VERSION = 5;

/** `sde_meta` holds two documents: `active` (SdeActiveMeta) and `lock` (SdeLockDoc). */
export interface SdeMetaDoc {
  _id: string;
  [field: string]: unknown;
}
export interface SdeLockDoc {
  _id: 'lock';
  importId: string;
  expiresAt: Date;
  host: string;
  pid: number;
}

export function newImportId(now = Date.now()): string {
  return `i${now.toString(36)}${randomBytes(3).toString('hex')}`;
}

export function collectionName(dataset: Dataset, importId: string): string {
  return `sde_${dataset}_${importId}`;
}

const VERSIONED = /^sde_([A-Za-z]+)_(i[0-9a-z]+)$/;

/** Import id of a versioned SDE collection name, or null for any other collection. */
export function importIdOf(collection: string): string | null {
  return VERSIONED.exec(collection)?.[2] ?? null;
}

export function metaCollection(db: mongo.Db): mongo.Collection<SdeMetaDoc> {
  return db.collection<SdeMetaDoc>(SDE_META_COLLECTION);
}

export async function readActive(db: mongo.Db): Promise<SdeActiveMeta | null> {
  const doc = await metaCollection(db).findOne({ _id: 'active' });
  return (doc as unknown as SdeActiveMeta | null) ?? null;
}
