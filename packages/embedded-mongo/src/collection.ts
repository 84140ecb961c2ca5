/**
 * In-memory collection: documents keyed by encoded _id, secondary indexes
 * (hash map of encoded key -> ids, plus a sorted key set for range scans),
 * unique enforcement and an index-aware candidate planner.
 *
 * Stored documents are treated as immutable: updates replace the stored object.
 */
import { randomUUID } from 'node:crypto';
import { Document, ObjectId } from 'bson';
import { Query } from 'mingo';
import { CommandError, ErrorCodes } from './errors';
import { ParallelArraysError, TAG, bracketOf, encodeValue, extractIndexKeys, idKey, isIndexableScalar, nextTag } from './keys';
import { compileQuery } from './mingo-env';
import { SortedStringSet } from './sorted-list';

export interface IndexSpec {
  v?: number;
  key: Document;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
  expireAfterSeconds?: number;
  [option: string]: unknown;
}

export function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');
}

/** Render a value like the MongoDB server does in error messages. */
export function renderValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (Array.isArray(v)) return `[ ${v.map(renderValue).join(', ')} ]`;
  const bt = (v as { _bsontype?: string })._bsontype;
  if (bt === 'ObjectId') return `ObjectId('${(v as ObjectId).toHexString()}')`;
  if (bt) return String(v);
  const entries = Object.entries(v as Document).map(([k, x]) => `${k}: ${renderValue(x)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

export class Index {
  readonly fields: string[];
  readonly postings = new Map<string, Set<string>>();
  readonly sorted = new SortedStringSet();
  private readonly partial?: Query;

  constructor(public spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    if (spec.partialFilterExpression) this.partial = compileQuery(spec.partialFilterExpression);
  }

  get name(): string {
    return this.spec.name;
  }
  get unique(): boolean {
    return this.spec.unique === true || this.spec.name === '_id_';
  }
  get isTtl(): boolean {
    return typeof this.spec.expireAfterSeconds === 'number' && this.fields.length === 1;
  }
  /** usable by the planner for arbitrary queries (partial indexes are skipped) */
  get plannable(): boolean {
    return !this.partial;
  }

  /** Keys for this document, or [] if the document is not indexed (sparse/partial). */
  keysFor(doc: Document): Array<{ key: string; values: unknown[] }> {
    if (this.partial && !this.partial.test(doc)) return [];
    let keys: Array<{ key: string; values: unknown[] }>;
    try {
      keys = extractIndexKeys(doc, this.fields);
    } catch (e) {
      if (e instanceof ParallelArraysError) {
        throw new CommandError(
          ErrorCodes.CannotIndexParallelArrays,
          'CannotIndexParallelArrays',
          `cannot index parallel arrays [${this.fields.join('] [')}]`,
        );
      }
      throw e;
    }
    if (this.spec.sparse && keys.every((k) => k.values.every((v) => v === undefined))) return [];
    return keys;
  }

  add(key: string, id: string): void {
    let set = this.postings.get(key);
    if (!set) {
      set = new Set();
      this.postings.set(key, set);
      this.sorted.add(key);
    }
    set.add(id);
  }

  remove(key: string, id: string): void {
    const set = this.postings.get(key);
    if (!set) return;
    set.delete(id);
    if (set.size === 0) {
      this.postings.delete(key);
      this.sorted.delete(key);
    }
  }

  /** Id of another document already holding this key, if any. */
  conflict(key: string, id: string): string | undefined {
    const set = this.postings.get(key);
    if (!set || set.size === 0 || (set.size === 1 && set.has(id))) return undefined;
    for (const other of set) if (other !== id) return other;
    return undefined;
  }

  clear(): void {
    this.postings.clear();
    this.sorted.clear();
  }
}

type FieldPred = { eq?: unknown[]; lo?: { v: unknown; incl: boolean }; hi?: { v: unknown; incl: boolean } };

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);

/** Extract simple per-field predicates usable for index selection from a filter. */
export function fieldPredicates(filter: Document | undefined, out = new Map<string, FieldPred>()): Map<string, FieldPred> {
  if (!filter) return out;
  for (const [field, cond] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(cond)) {
      for (const sub of cond) if (sub && typeof sub === 'object') fieldPredicates(sub as Document, out);
      continue;
    }
    if (field.startsWith('$')) continue;
    const pred: FieldPred = out.get(field) ?? {};
    if (isIndexableScalar(cond)) {
      pred.eq = [cond];
    } else if (cond && typeof cond === 'object' && !Array.isArray(cond) && Object.getPrototypeOf(cond) === Object.prototype) {
      const ops = Object.entries(cond as Document);
      if (ops.length === 0 || !ops.every(([k]) => k.startsWith('$'))) continue;
      for (const [op, v] of ops) {
        if (op === '$eq' && isIndexableScalar(v)) pred.eq = [v];
        else if (op === '$in' && Array.isArray(v) && v.length > 0 && v.every(isIndexableScalar)) {
          if (!pred.eq) pred.eq = v as unknown[];
        } else if (RANGE_OPS.has(op) && isIndexableScalar(v)) {
          if (op === '$gt' || op === '$gte') pred.lo = { v, incl: op === '$gte' };
          else pred.hi = { v, incl: op === '$lte' };
        }
      }
      if (pred.lo && pred.hi && bracketOf(pred.lo.v) !== bracketOf(pred.hi.v)) {
        // conflicting brackets: keep only the lower bound (still a superset)
        delete pred.hi;
      }
    } else {
      continue;
    }
    out.set(field, pred);
  }
  return out;
}

interface Plan {
  index: Index;
  eqFields: number;
  range?: FieldPred;
}

const MAX_PREFIX_COMBOS = 5000;

export class Collection {
  readonly docs = new Map<string, Document>();
  readonly indexes = new Map<string, Index>();
  readonly uuid: string;

  constructor(
    readonly db: string,
    readonly name: string,
    public options: Document = {},
  ) {
    this.indexes.set('_id_', new Index({ v: 2, key: { _id: 1 }, name: '_id_' }));
    this.uuid = randomUUID();
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  /** Throws E11000 if `doc` (stored under id) would violate a unique index. Returns computed keys. */
  private computeKeys(doc: Document, id: string): Map<Index, string[]> {
    const result = new Map<Index, string[]>();
    for (const index of this.indexes.values()) {
      const keys = index.keysFor(doc);
      if (index.unique) {
        for (const k of keys) {
          if (index.conflict(k.key, id) !== undefined) throw this.duplicateKeyError(index, k.values);
        }
      }
      result.set(
        index,
        keys.map((k) => k.key),
      );
    }
    return result;
  }

  duplicateKeyError(index: Index, values: unknown[]): CommandError {
    const keyValue: Document = {};
    index.fields.forEach((f, i) => (keyValue[f] = values[i] === undefined ? null : values[i]));
    const rendered = index.fields.map((f, i) => `${f}: ${renderValue(values[i])}`).join(', ');
    return new CommandError(
      ErrorCodes.DuplicateKey,
      'DuplicateKey',
      `E11000 duplicate key error collection: ${this.ns} index: ${index.name} dup key: { ${rendered} }`,
      { keyPattern: { ...index.spec.key }, keyValue },
    );
  }

  private indexDoc(doc: Document, id: string, keys?: Map<Index, string[]>): void {
    for (const index of this.indexes.values()) {
      const ks = keys?.get(index) ?? index.keysFor(doc).map((k) => k.key);
      for (const k of ks) index.add(k, id);
    }
  }

  private unindexDoc(doc: Document, id: string): void {
    for (const index of this.indexes.values()) {
      for (const k of index.keysFor(doc)) index.remove(k.key, id);
    }
  }

  /** Insert; the document must have an _id. Throws E11000 on conflicts. */
  insert(doc: Document, checked = true): void {
    const id = idKey(doc._id);
    if (checked) {
      if (this.docs.has(id)) throw this.duplicateKeyError(this.indexes.get('_id_')!, [doc._id]);
      const keys = this.computeKeys(doc, id);
      this.docs.set(id, doc);
      this.indexDoc(doc, id, keys);
    } else {
      const old = this.docs.get(id);
      if (old) this.unindexDoc(old, id);
      this.docs.set(id, doc);
      this.indexDoc(doc, id);
    }
  }

  /** Replace the stored document with the same _id. */
  replace(newDoc: Document, checked = true): void {
    const id = idKey(newDoc._id);
    const old = this.docs.get(id);
    if (!old) return this.insert(newDoc, checked);
    const keys = checked ? this.computeKeys(newDoc, id) : undefined;
    this.unindexDoc(old, id);
    this.docs.set(id, newDoc);
    this.indexDoc(newDoc, id, keys);
  }

  remove(id: string): Document | undefined {
    const old = this.docs.get(id);
    if (!old) return undefined;
    this.unindexDoc(old, id);
    this.docs.delete(id);
    return old;
  }

  /** Build a new index over existing data (throws E11000 if a unique index cannot be built). */
  addIndex(spec: IndexSpec, checked = true): Index {
    const index = new Index(spec);
    for (const [id, doc] of this.docs) {
      for (const k of index.keysFor(doc)) {
        if (checked && index.unique && index.conflict(k.key, id) !== undefined) {
          throw this.duplicateKeyError(index, k.values);
        }
        index.add(k.key, id);
      }
    }
    this.indexes.set(spec.name, index);
    return index;
  }

  dropIndex(name: string): void {
    this.indexes.delete(name);
  }

  clearDocs(): void {
    this.docs.clear();
    for (const i of this.indexes.values()) i.clear();
  }

  private choosePlan(preds: Map<string, FieldPred>): Plan | undefined {
    let best: Plan | undefined;
    let bestScore = 0;
    for (const index of this.indexes.values()) {
      if (!index.plannable) continue;
      let eqFields = 0;
      let combos = 1;
      for (const f of index.fields) {
        const p = preds.get(f);
        if (!p?.eq) break;
        combos *= p.eq.length;
        if (combos > MAX_PREFIX_COMBOS) break;
        eqFields++;
      }
      let range: FieldPred | undefined;
      if (eqFields < index.fields.length) {
        const p = preds.get(index.fields[eqFields]);
        if (p && (p.lo || p.hi)) range = p;
      }
      if (eqFields === 0 && !range) continue;
      let score = eqFields * 4 + (range ? 2 : 0);
      if (eqFields === index.fields.length) score += index.unique ? 3 : 1;
      if (score > bestScore) {
        bestScore = score;
        best = { index, eqFields, range };
      }
    }
    return best;
  }

  /**
   * Candidate documents for a filter: a superset of the matches, using an index
   * when the filter allows, else every document. Callers must still test the filter.
   */
  candidates(filter: Document | undefined): { docs: Iterable<Document>; indexName?: string } {
    const preds = fieldPredicates(filter);
    const plan = preds.size ? this.choosePlan(preds) : undefined;
    if (!plan) return { docs: this.docs.values() };
    const { index, eqFields, range } = plan;
    // build equality prefixes
    let prefixes = [''];
    for (let i = 0; i < eqFields; i++) {
      const vals = preds.get(index.fields[i])!.eq!;
      const next: string[] = [];
      for (const p of prefixes) for (const v of vals) next.push(p + encodeValue(v));
      prefixes = next;
    }
    const ids = new Set<string>();
    const full = eqFields === index.fields.length;
    for (const prefix of prefixes) {
      if (full) {
        const set = index.postings.get(prefix);
        if (set) for (const id of set) ids.add(id);
        continue;
      }
      let from = prefix;
      let to = prefix + '\uffff';
      if (range) {
        const bracket = bracketOf((range.lo ?? range.hi)!.v);
        from = prefix + (range.lo ? encodeValue(range.lo.v) : bracket);
        to = prefix + (range.hi ? encodeValue(range.hi.v) + (range.hi.incl ? '\uffff' : '') : nextTag(bracket));
      }
      for (const key of index.sorted.range(from, to)) {
        const set = index.postings.get(key);
        if (set) for (const id of set) ids.add(id);
      }
    }
    const docs: Document[] = [];
    for (const id of ids) {
      const d = this.docs.get(id);
      if (d) docs.push(d);
    }
    return { docs, indexName: index.name };
  }

  /** Matching documents (stored references, natural or index order). */
  match(filter: Document | undefined, limit = 0): Document[] {
    // `{ _id: <number | string | ObjectId> }` (every upsert by id): the document stored under
    // that key is the match, no query to compile (the store is keyed by the same encoding).
    const byId = idEquality(filter);
    if (byId !== undefined) {
      const d = this.docs.get(idKey(byId));
      return d ? [d] : [];
    }
    const q = compileQuery(filter);
    const out: Document[] = [];
    const empty = !filter || Object.keys(filter).length === 0;
    for (const d of this.candidates(filter).docs) {
      if (empty || q.test(d)) {
        out.push(d);
        if (limit > 0 && out.length >= limit) break;
      }
    }
    return out;
  }

  ttlIndexes(): Index[] {
    return [...this.indexes.values()].filter((i) => i.isTtl);
  }

  /** Ids of documents whose TTL date field is at or before `cutoffMs` for this index. */
  expiredIds(index: Index, nowMs: number): string[] {
    const cutoff = nowMs - (index.spec.expireAfterSeconds ?? 0) * 1000;
    const ids: string[] = [];
    for (const key of index.sorted.range(TAG.date, encodeValue(new Date(cutoff)) + '\uffff')) {
      const set = index.postings.get(key);
      if (set) for (const id of set) ids.push(id);
    }
    return [...new Set(ids)];
  }
}

/** The value of a filter that is exactly `{ _id: <number | string | ObjectId> }`, else undefined. */
function idEquality(filter: Document | undefined): unknown {
  if (!filter) return undefined;
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== '_id') return undefined;
  const v: unknown = filter._id;
  return typeof v === 'number' || typeof v === 'string' || v instanceof ObjectId ? v : undefined;
}
