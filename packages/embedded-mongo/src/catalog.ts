/**
 * Databases and collections, with every mutation expressed as an idempotent record
 * that is applied in memory and appended to the journal (when durable).
 */
import { Document } from 'bson';
import { Collection, IndexSpec } from './collection';
import { idKey } from './keys';

export type JournalSink = { append(rec: Document): void; commit(): Promise<void> };

export class Catalog {
  readonly dbs = new Map<string, Map<string, Collection>>();
  journal: JournalSink | null = null;

  getCollection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  listCollections(db: string): Collection[] {
    return [...(this.dbs.get(db)?.values() ?? [])];
  }

  private log(rec: Document): void {
    this.journal?.append(rec);
  }

  /** Returns the collection, creating it (and logging) when missing. */
  ensureCollection(db: string, name: string, options: Document = {}): { coll: Collection; created: boolean } {
    const existing = this.getCollection(db, name);
    if (existing) return { coll: existing, created: false };
    this.log({ op: 'cc', db, c: name, options });
    return { coll: this.applyCreate(db, name, options), created: true };
  }

  private applyCreate(db: string, name: string, options: Document): Collection {
    let colls = this.dbs.get(db);
    if (!colls) {
      colls = new Map();
      this.dbs.set(db, colls);
    }
    let coll = colls.get(name);
    if (!coll) {
      coll = new Collection(db, name, options);
      colls.set(name, coll);
    }
    return coll;
  }

  dropCollection(db: string, name: string): boolean {
    const colls = this.dbs.get(db);
    if (!colls?.has(name)) return false;
    this.log({ op: 'dc', db, c: name });
    colls.delete(name);
    if (colls.size === 0) this.dbs.delete(db);
    return true;
  }

  dropDatabase(db: string): void {
    if (!this.dbs.has(db)) return;
    this.log({ op: 'dd', db });
    this.dbs.delete(db);
  }

  createIndex(coll: Collection, spec: IndexSpec): void {
    coll.addIndex(spec); // throws before logging if the data violates it
    this.log({ op: 'ci', db: coll.db, c: coll.name, spec });
  }

  dropIndex(coll: Collection, name: string): void {
    this.log({ op: 'di', db: coll.db, c: coll.name, name });
    coll.dropIndex(name);
  }

  setIndexOption(coll: Collection, name: string, option: string, value: unknown): void {
    const index = coll.indexes.get(name);
    if (!index) return;
    this.log({ op: 'io', db: coll.db, c: coll.name, name, option, value });
    index.spec = { ...index.spec, [option]: value };
  }

  insert(coll: Collection, doc: Document): void {
    coll.insert(doc);
    this.log({ op: 'i', db: coll.db, c: coll.name, doc });
  }

  replace(coll: Collection, doc: Document): void {
    coll.replace(doc);
    this.log({ op: 'u', db: coll.db, c: coll.name, doc });
  }

  remove(coll: Collection, id: string, rawId: unknown): void {
    if (coll.remove(id)) this.log({ op: 'r', db: coll.db, c: coll.name, id: rawId });
  }

  /** Apply a journal/snapshot record without logging or constraint checks. */
  applyRecord(rec: Document): void {
    const db = rec.db as string;
    const name = rec.c as string;
    switch (rec.op) {
      case 'cc':
        this.applyCreate(db, name, (rec.options as Document) ?? {});
        return;
      case 'dc': {
        const colls = this.dbs.get(db);
        colls?.delete(name);
        if (colls && colls.size === 0) this.dbs.delete(db);
        return;
      }
      case 'dd':
        this.dbs.delete(db);
        return;
    }
    const coll = this.applyCreate(db, name, {});
    switch (rec.op) {
      case 'ci':
        coll.addIndex(rec.spec as IndexSpec, false);
        return;
      case 'di':
        coll.dropIndex(rec.name as string);
        return;
      case 'io': {
        const index = coll.indexes.get(rec.name as string);
        if (index) index.spec = { ...index.spec, [rec.option as string]: rec.value };
        return;
      }
      case 'i':
      case 'u':
        coll.insert(rec.doc as Document, false);
        return;
      case 'r':
        coll.remove(idKey(rec.id));
        return;
      default:
        throw new Error(`unknown journal record op ${String(rec.op)}`);
    }
  }

  /** Full state as records (used for snapshots). */
  dumpState(): Document[] {
    const out: Document[] = [];
    for (const [db, colls] of this.dbs) {
      for (const coll of colls.values()) {
        out.push({ op: 'cc', db, c: coll.name, options: coll.options });
        for (const index of coll.indexes.values()) {
          if (index.name !== '_id_') out.push({ op: 'ci', db, c: coll.name, spec: index.spec });
        }
        for (const doc of coll.docs.values()) out.push({ op: 'i', db, c: coll.name, doc });
      }
    }
    return out;
  }
}
