/**
 * Storage layout of the imported SDE: every import writes its own collections
 * `sde_<dataset>_<importId>`; one document `sde_meta/active` points readers at the complete
 * import. Switching is a single update, so readers never see a half-written import and no
 * renameCollection or transaction is needed (works the same on MongoDB and the embedded server).
 */
import { randomBytes } from 'node:crypto';
import type { mongo } from 'mongoose';
import type { GameDataStatus } from '@eve-toolkit/shared-types';
import type { Dataset, SdeActiveMeta } from './sde.types';

export const SDE_META_COLLECTION = 'sde_meta';
/** Bump when the stored documents change shape: the app then re-imports at start. */
export const SDE_FORMAT_VERSION = 5;

/**
 * `sde_meta` holds three documents: `active` (SdeActiveMeta), `lock` (SdeLockDoc) and `status`
 * (SdeStatusDoc).
 */
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

/**
 * Where the last import stands (GameDataStatus), written by the app's imports (start, scheduled
 * check, admin's update) so that every instance answers the same: importing, failed (why), ready.
 */
export interface SdeStatusDoc {
  _id: 'status';
  state: GameDataStatus['state'];
  step: string | null;
  reason: string | null;
  since: Date;
}

export async function readStatus(db: mongo.Db): Promise<GameDataStatus | null> {
  const doc = (await metaCollection(db).findOne({ _id: 'status' })) as unknown as SdeStatusDoc | null;
  return doc ? { state: doc.state, step: doc.step, reason: doc.reason, since: doc.since.toISOString() } : null;
}

/** Records a new state (its `since` is now). */
export async function writeStatus(
  db: mongo.Db,
  status: Pick<SdeStatusDoc, 'state'> & Partial<Pick<SdeStatusDoc, 'step' | 'reason'>>,
  now = new Date(),
): Promise<void> {
  const doc: Omit<SdeStatusDoc, '_id'> = {
    state: status.state,
    step: status.step ?? null,
    reason: status.reason ?? null,
    since: now,
  };
  await metaCollection(db).updateOne({ _id: 'status' }, { $set: doc }, { upsert: true });
}

/** The running import's step (a no-op once the import has ended: a late step never hides its outcome). */
export async function writeStep(db: mongo.Db, step: string): Promise<void> {
  await metaCollection(db).updateOne({ _id: 'status', state: 'importing' }, { $set: { step } });
}
