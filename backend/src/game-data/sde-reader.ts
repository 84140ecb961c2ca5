import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, mongo } from 'mongoose';
import { SearchIndex, type SearchEntry } from './domain/search-index';
import { collectionName, readActive } from './sde/sde-store';
import type { BlueprintDoc, Dataset, SdeActiveMeta, SystemDoc, TypeDoc } from './sde/sde.types';

export type SearchKind = 'items' | 'blueprints' | 'systems';

/** How long the active-import pointer is trusted before it is read again (other instances may switch it). */
const ACTIVE_TTL_MS = 2000;

/**
 * Read access to the active SDE import: resolves `sde_meta/active` (briefly cached) and hands
 * out that import's collections; keeps the in-memory name indexes of the active import.
 */
@Injectable()
export class SdeReader {
  private cached: { meta: SdeActiveMeta | null; at: number } | null = null;
  private readonly indexes = new Map<SearchKind, { importId: string; index: Promise<SearchIndex> }>();

  constructor(@InjectConnection() private readonly connection: Connection) {}

  get db(): mongo.Db {
    const db = this.connection.db;
    if (!db) throw new Error('База данных не подключена');
    return db;
  }

  async active(): Promise<SdeActiveMeta | null> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < ACTIVE_TTL_MS) return this.cached.meta;
    const meta = await readActive(this.db);
    this.cached = { meta, at: now };
    return meta;
  }

  /** Forget the cached pointer (after an import in this process). */
  invalidate(): void {
    this.cached = null;
  }

  /** The active import's collection for a dataset, or null before the first import. */
  async collection<T extends mongo.Document>(dataset: Dataset): Promise<mongo.Collection<T> | null> {
    const meta = await this.active();
    return meta ? this.db.collection<T>(collectionName(dataset, meta.importId)) : null;
  }

  /** Name index for a search kind, built once per active import. */
  async searchIndex(kind: SearchKind): Promise<SearchIndex | null> {
    const meta = await this.active();
    if (!meta) return null;
    const hit = this.indexes.get(kind);
    if (hit && hit.importId === meta.importId) return hit.index;
    const index = this.buildIndex(kind, meta.importId);
    this.indexes.set(kind, { importId: meta.importId, index });
    index.catch(() => this.indexes.delete(kind));
    return index;
  }

  private async buildIndex(kind: SearchKind, importId: string): Promise<SearchIndex> {
    const entries: SearchEntry[] = [];
    if (kind === 'items') {
      const cursor = this.db
        .collection<TypeDoc>(collectionName('types', importId))
        .find({ published: true, marketGroupId: { $ne: null } }, { projection: { nameEn: 1, nameRu: 1 } });
      for await (const t of cursor) entries.push({ id: t._id, name: t.nameRu, names: [t.nameEn, t.nameRu] });
    } else if (kind === 'blueprints') {
      // A blueprint is found by its product's names too ("Ishtar" offers the Ishtar's blueprint),
      // and ordered by the product's name, which the form shows.
      const blueprints = await this.db
        .collection<BlueprintDoc>(collectionName('blueprints', importId))
        .find(
          { published: true, activity: { $in: ['manufacturing', 'reaction'] } },
          { projection: { nameEn: 1, nameRu: 1, productTypeId: 1 } },
        )
        .toArray();
      const productIds = [...new Set(blueprints.map((b) => b.productTypeId).filter((id): id is number => id !== null))];
      const products = new Map(
        (
          await this.db
            .collection<TypeDoc>(collectionName('types', importId))
            .find({ _id: { $in: productIds } }, { projection: { nameEn: 1, nameRu: 1 } })
            .toArray()
        ).map((t) => [t._id, t]),
      );
      for (const b of blueprints) {
        const product = b.productTypeId === null ? undefined : products.get(b.productTypeId);
        entries.push({
          id: b._id,
          name: product?.nameRu ?? b.nameRu,
          names: [b.nameEn, b.nameRu, ...(product ? [product.nameEn, product.nameRu] : [])],
        });
      }
    } else {
      const cursor = this.db
        .collection<SystemDoc>(collectionName('systems', importId))
        .find({ knownSpace: true }, { projection: { name: 1 } });
      for await (const s of cursor) entries.push({ id: s._id, name: s.name, names: [s.name] });
    }
    return new SearchIndex(entries);
  }
}
