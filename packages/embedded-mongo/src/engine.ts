/**
 * Command dispatch: implements the MongoDB commands on top of the catalog.
 * Every command runs synchronously against memory (hence atomically w.r.t. other
 * commands); only the final wait for journal durability is asynchronous.
 */
import { randomInt } from 'node:crypto';
import { BSON, Document, Long, ObjectId } from 'bson';
import { Catalog } from './catalog';
import { Collection, IndexSpec, defaultIndexName } from './collection';
import { CommandError, ErrorCodes, badValue, failedToParse, typeMismatch } from './errors';
import { encodeValue, idKey, isPlainDoc, valuesAtPath } from './keys';
import { applyOperators, cloneDoc, compileQuery, runPipeline, translateMingoError } from './mingo-env';
import { Query } from 'mingo';

export const MAX_BSON_SIZE = 16 * 1024 * 1024;
const MAX_BATCH_BYTES = MAX_BSON_SIZE - 64 * 1024;
const DEFAULT_FIRST_BATCH = 101;
export const CURSOR_TIMEOUT_MS = 10 * 60 * 1000;

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$bit',
  '$currentDate',
  '$setOnInsert',
]);

interface ServerCursor {
  id: number;
  ns: string;
  docs: Document[];
  pos: number;
  lastUsed: number;
}

export interface ConnectionInfo {
  connectionId: number;
  remote: string;
}

export interface EngineOptions {
  catalog: Catalog;
  port: number;
  host: string;
}

function asNumber(v: unknown, dflt: number): number {
  if (v === undefined || v === null) return dflt;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Long) return v.toNumber();
  if (typeof v === 'object' && typeof (v as { valueOf(): unknown }).valueOf() === 'number') {
    return (v as { valueOf(): number }).valueOf();
  }
  throw typeMismatch(`expected a number, got ${typeof v}`);
}

function sameBson(a: Document, b: Document): boolean {
  return Buffer.from(BSON.serialize(a)).equals(BSON.serialize(b));
}

function truthy(v: unknown): boolean {
  return v !== undefined && v !== null && v !== false && v !== 0;
}

function isOperatorUpdate(u: Document): boolean {
  const keys = Object.keys(u);
  return keys.length > 0 && keys[0].startsWith('$');
}

function setPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Document = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]] as unknown;
    if (!isPlainDoc(next)) {
      const created: Document = {};
      cur[parts[i]] = created;
      cur = created;
    } else {
      cur = next;
    }
  }
  cur[parts[parts.length - 1]] = value;
}

/** Seed document for an upsert: equality fields of the filter. */
function seedFromFilter(filter: Document | undefined, out: Document = {}): Document {
  if (!filter) return out;
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(v)) {
      for (const sub of v) if (isPlainDoc(sub)) seedFromFilter(sub, out);
      continue;
    }
    if (k.startsWith('$')) continue;
    if (isPlainDoc(v)) {
      const keys = Object.keys(v);
      if (keys.length > 0 && keys[0].startsWith('$')) {
        if ('$eq' in v) setPath(out, k, cloneDoc(v.$eq));
        continue;
      }
    }
    setPath(out, k, cloneDoc(v));
  }
  return out;
}

function withIdFirst(doc: Document): Document {
  if (doc._id === undefined) return doc;
  for (const first in doc) {
    if (first === '_id') return doc;
    break;
  }
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

function checkId(doc: Document): void {
  const id = doc._id as unknown;
  if (Array.isArray(id)) {
    throw new CommandError(53, 'InvalidIdField', `The '_id' value cannot be of type array`);
  }
  if (id instanceof RegExp) {
    throw new CommandError(53, 'InvalidIdField', `can't use a regex for _id`);
  }
}

function translateUpdateError(e: unknown): CommandError {
  if (e instanceof CommandError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  if (/non-numeric/i.test(msg)) return typeMismatch(msg);
  return translateMingoError(e);
}

export class Engine {
  private readonly catalog: Catalog;
  private readonly cursors = new Map<number, ServerCursor>();
  private readonly startTime = Date.now();

  constructor(private readonly opts: EngineOptions) {
    this.catalog = opts.catalog;
  }

  /** Record the port actually bound (when 0 was requested). */
  setPort(port: number): void {
    this.opts.port = port;
  }

  helloReply(conn: ConnectionInfo): Document {
    return {
      helloOk: true,
      ismaster: true,
      isWritablePrimary: true,
      maxBsonObjectSize: MAX_BSON_SIZE,
      maxMessageSizeBytes: 48_000_000,
      maxWriteBatchSize: 100_000,
      localTime: new Date(),
      logicalSessionTimeoutMinutes: 30,
      connectionId: conn.connectionId,
      minWireVersion: 0,
      maxWireVersion: 21,
      readOnly: false,
      ok: 1,
    };
  }

  /** Expire idle cursors. */
  reapCursors(now = Date.now()): void {
    for (const [id, c] of this.cursors) if (now - c.lastUsed > CURSOR_TIMEOUT_MS) this.cursors.delete(id);
  }

  get openCursorCount(): number {
    return this.cursors.size;
  }

  /** Run one command. Resolves after its writes are durable. */
  async run(cmd: Document, conn: ConnectionInfo): Promise<Document> {
    let reply: Document;
    const journal = this.catalog.journal;
    try {
      reply = this.dispatch(cmd, conn);
    } catch (e) {
      reply = e instanceof CommandError ? e.toReply() : translateMingoError(e).toReply();
    }
    if (journal) await journal.commit();
    return reply;
  }

  dispatch(cmd: Document, conn: ConnectionInfo): Document {
    const name = Object.keys(cmd)[0] ?? '';
    const db = typeof cmd.$db === 'string' ? cmd.$db : 'admin';
    if (cmd.txnNumber !== undefined || cmd.startTransaction !== undefined || cmd.autocommit !== undefined) {
      throw new CommandError(
        ErrorCodes.IllegalOperation,
        'IllegalOperation',
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
    }
    switch (name) {
      case 'hello':
      case 'isMaster':
      case 'ismaster':
        return this.helloReply(conn);
      case 'ping':
        return { ok: 1 };
      case 'buildInfo':
      case 'buildinfo':
        return {
          version: '7.0.0',
          gitVersion: 'embedded-mongo',
          versionArray: [7, 0, 0, 0],
          bits: 64,
          debug: false,
          maxBsonObjectSize: MAX_BSON_SIZE,
          storageEngines: ['embedded'],
          javascriptEngine: 'none',
          modules: [],
          ok: 1,
        };
      case 'getParameter':
        return this.getParameter(cmd);
      case 'endSessions':
      case 'killSessions':
      case 'killAllSessions':
      case 'refreshSessions':
        return { ok: 1 };
      case 'commitTransaction':
      case 'abortTransaction':
        throw new CommandError(
          ErrorCodes.IllegalOperation,
          'IllegalOperation',
          'Transaction numbers are only allowed on a replica set member or mongos',
        );
      case 'whatsmyuri':
        return { you: conn.remote, ok: 1 };
      case 'connectionStatus':
        return { authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 };
      case 'hostInfo':
        return { system: { hostname: `${this.opts.host}:${this.opts.port}` }, ok: 1 };
      case 'serverStatus':
        return {
          host: `${this.opts.host}:${this.opts.port}`,
          version: '7.0.0',
          process: 'embedded-mongo',
          pid: Long.fromNumber(process.pid),
          uptime: (Date.now() - this.startTime) / 1000,
          localTime: new Date(),
          ok: 1,
        };
      case 'listDatabases':
        return this.listDatabases(cmd);
      case 'listCollections':
        return this.listCollections(db, cmd);
      case 'create':
        return this.create(db, cmd);
      case 'drop':
        return this.drop(db, cmd);
      case 'dropDatabase':
        this.catalog.dropDatabase(db);
        return { dropped: db, ok: 1 };
      case 'createIndexes':
        return this.createIndexes(db, cmd);
      case 'listIndexes':
        return this.listIndexes(db, cmd);
      case 'dropIndexes':
      case 'deleteIndexes':
        return this.dropIndexes(db, cmd);
      case 'collMod':
        return this.collMod(db, cmd);
      case 'insert':
        return this.insert(db, cmd);
      case 'update':
        return this.update(db, cmd);
      case 'delete':
        return this.delete(db, cmd);
      case 'find':
        return this.find(db, cmd);
      case 'getMore':
        return this.getMore(db, cmd);
      case 'killCursors':
        return this.killCursors(cmd);
      case 'findAndModify':
      case 'findandmodify':
        return this.findAndModify(db, cmd);
      case 'aggregate':
        return this.aggregate(db, cmd);
      case 'count':
        return this.count(db, cmd);
      case 'distinct':
        return this.distinct(db, cmd);
      case 'dbStats':
        return this.dbStats(db);
      case 'collStats':
        return this.collStats(db, cmd);
      default:
        throw new CommandError(ErrorCodes.CommandNotFound, 'CommandNotFound', `no such command: '${name}'`);
    }
  }

  // ---------------------------------------------------------------- helpers

  private collName(cmd: Document, field: string): string {
    const v = cmd[field] as unknown;
    if (typeof v !== 'string' || v.length === 0) {
      throw new CommandError(ErrorCodes.InvalidNamespace, 'InvalidNamespace', `collection name has invalid type ${typeof v}`);
    }
    return v;
  }

  private resolver(db: string): (name: string) => Document[] {
    return (name: string) => {
      const c = this.catalog.getCollection(db, name);
      return c ? [...c.docs.values()].map((d) => cloneDoc(d)) : [];
    };
  }

  private project(docs: Document[], projection: Document | undefined, filter?: Document): Document[] {
    if (!projection || Object.keys(projection).length === 0) return docs;
    try {
      const out = compileQuery(filter && Object.keys(filter).length ? filter : {})
        .find<Document>(docs, projection)
        .all();
      if (out.length !== docs.length) return out.map(withIdFirst);
      // MongoDB keeps the stored field order (mingo emits projection order)
      return out.map((p, i) => {
        const ordered: Document = {};
        for (const k of Object.keys(docs[i])) if (k in p) ordered[k] = p[k];
        for (const k of Object.keys(p)) if (!(k in ordered)) ordered[k] = p[k];
        return ordered;
      });
    } catch (e) {
      throw translateMingoError(e);
    }
  }

  private sortDocs(docs: Document[], sort: Document): Document[] {
    try {
      return new Query({}, { idKey: '_id' })
        .find<Document>(docs)
        .sort(sort as Record<string, 1 | -1>)
        .all();
    } catch (e) {
      throw translateMingoError(e);
    }
  }

  /** Build a cursor reply; registers a server cursor if documents remain. */
  private cursorReply(ns: string, docs: Document[], batchSize: number | undefined, singleBatch: boolean): Document {
    const size = batchSize === undefined ? DEFAULT_FIRST_BATCH : batchSize;
    const cursor: ServerCursor = { id: 0, ns, docs, pos: 0, lastUsed: Date.now() };
    // batchSize 0 asks for an empty first batch (the cursor is still created)
    const firstBatch = size === 0 ? [] : this.takeBatch(cursor, size);
    let id = 0;
    if (!singleBatch && cursor.pos < docs.length) {
      id = this.newCursorId();
      cursor.id = id;
      this.cursors.set(id, cursor);
    }
    return { cursor: { firstBatch, id: Long.fromNumber(id), ns }, ok: 1 };
  }

  private newCursorId(): number {
    for (;;) {
      const id = randomInt(1, 2 ** 47) * 16 + randomInt(0, 16);
      if (!this.cursors.has(id)) return id;
    }
  }

  private takeBatch(cursor: ServerCursor, batchSize: number): Document[] {
    const out: Document[] = [];
    let bytes = 0;
    const max = batchSize > 0 ? batchSize : Infinity;
    while (cursor.pos < cursor.docs.length && out.length < max) {
      const d = cursor.docs[cursor.pos];
      const sz = BSON.calculateObjectSize(d);
      if (out.length > 0 && bytes + sz > MAX_BATCH_BYTES) break;
      out.push(d);
      bytes += sz;
      cursor.pos++;
    }
    cursor.lastUsed = Date.now();
    return out;
  }

  // ------------------------------------------------------------- commands

  private getParameter(cmd: Document): Document {
    const known: Document = {
      featureCompatibilityVersion: { version: '7.0' },
      authenticationMechanisms: [],
      maxBSONDepth: 100,
    };
    const out: Document = {};
    if (cmd.getParameter === '*') Object.assign(out, known);
    for (const k of Object.keys(cmd)) {
      if (k in known) out[k] = known[k];
    }
    if (Object.keys(out).length === 0 && cmd.getParameter !== '*') {
      throw new CommandError(ErrorCodes.InvalidOptions, 'InvalidOptions', 'no option found to get');
    }
    return { ...out, ok: 1 };
  }

  private listDatabases(cmd: Document): Document {
    const filter = isPlainDoc(cmd.filter) ? compileQuery(cmd.filter) : undefined;
    const databases: Document[] = [];
    let total = 0;
    for (const [name, colls] of this.catalog.dbs) {
      let size = 0;
      for (const c of colls.values()) size += c.docs.size * 100;
      const entry = { name, sizeOnDisk: size, empty: size === 0 };
      if (filter && !filter.test(entry)) continue;
      total += size;
      databases.push(truthy(cmd.nameOnly) ? { name } : entry);
    }
    return truthy(cmd.nameOnly)
      ? { databases, ok: 1 }
      : { databases, totalSize: total, totalSizeMb: Math.floor(total / 1048576), ok: 1 };
  }

  private collectionInfo(c: Collection): Document {
    return {
      name: c.name,
      type: 'collection',
      options: c.options,
      info: { readOnly: false, uuid: new BSON.UUID(c.uuid) },
      idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
    };
  }

  private listCollections(db: string, cmd: Document): Document {
    const filter = isPlainDoc(cmd.filter) && Object.keys(cmd.filter).length ? compileQuery(cmd.filter) : undefined;
    const nameOnly = truthy(cmd.nameOnly);
    const out: Document[] = [];
    for (const c of this.catalog.listCollections(db)) {
      const info = this.collectionInfo(c);
      if (filter && !filter.test(info)) continue;
      out.push(nameOnly ? { name: c.name, type: 'collection' } : info);
    }
    const batchSize = isPlainDoc(cmd.cursor) ? (cmd.cursor.batchSize as number | undefined) : undefined;
    return this.cursorReply(`${db}.$cmd.listCollections`, out, batchSize ?? Infinity, false);
  }

  private create(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'create');
    if (this.catalog.getCollection(db, name)) {
      throw new CommandError(ErrorCodes.NamespaceExists, 'NamespaceExists', `Collection ${db}.${name} already exists.`);
    }
    const options: Document = {};
    for (const [k, v] of Object.entries(cmd)) {
      if (k === 'create' || k.startsWith('$') || k === 'lsid' || k === 'writeConcern' || k === 'comment') continue;
      options[k] = v;
    }
    this.catalog.ensureCollection(db, name, options);
    return { ok: 1 };
  }

  private drop(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'drop');
    const c = this.catalog.getCollection(db, name);
    if (!c) return { ok: 1 };
    const n = c.indexes.size;
    this.catalog.dropCollection(db, name);
    return { nIndexesWas: n, ns: `${db}.${name}`, ok: 1 };
  }

  private createIndexes(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'createIndexes');
    const specs = cmd.indexes as unknown;
    if (!Array.isArray(specs) || specs.length === 0) throw badValue('Must specify at least one index to create');
    const { coll, created } = this.catalog.ensureCollection(db, name);
    const before = coll.indexes.size;
    let allExisted = true;
    for (const raw of specs as Document[]) {
      if (!isPlainDoc(raw) || !isPlainDoc(raw.key) || Object.keys(raw.key).length === 0) {
        throw new CommandError(ErrorCodes.CannotCreateIndex, 'CannotCreateIndex', 'index key pattern must be a non-empty object');
      }
      const { key: _k, name: _n, v: _v, ...rest } = raw;
      const spec: IndexSpec = {
        v: 2,
        key: raw.key,
        name: typeof raw.name === 'string' ? raw.name : defaultIndexName(raw.key),
        ...rest,
      };
      for (const [f, dir] of Object.entries(spec.key)) {
        if (dir !== 1 && dir !== -1 && typeof dir !== 'number') {
          throw new CommandError(
            ErrorCodes.CannotCreateIndex,
            'CannotCreateIndex',
            `Index type '${String(dir)}' on field '${f}' is not supported by embedded-mongo`,
          );
        }
      }
      const sameName = coll.indexes.get(spec.name);
      const sameKey = [...coll.indexes.values()].find((i) => encodeValue(i.spec.key) === encodeValue(spec.key));
      if (sameName || sameKey) {
        const existing = (sameName ?? sameKey)!;
        const norm = (s: IndexSpec): string =>
          encodeValue({
            key: s.key,
            unique: s.unique === true,
            sparse: s.sparse === true,
            pfe: s.partialFilterExpression ?? null,
            ttl: s.expireAfterSeconds ?? null,
          });
        const same = existing.name === '_id_' || norm(existing.spec) === norm(spec);
        if (sameName && encodeValue(sameName.spec.key) !== encodeValue(spec.key)) {
          throw new CommandError(
            ErrorCodes.IndexKeySpecsConflict,
            'IndexKeySpecsConflict',
            `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
          );
        }
        if (!same || existing.name !== spec.name) {
          if (same && sameKey && !sameName && existing.name !== spec.name) {
            throw new CommandError(
              ErrorCodes.IndexOptionsConflict,
              'IndexOptionsConflict',
              `Index already exists with a different name: ${existing.name}`,
            );
          }
          if (!same) {
            throw new CommandError(
              sameName ? ErrorCodes.IndexKeySpecsConflict : ErrorCodes.IndexOptionsConflict,
              sameName ? 'IndexKeySpecsConflict' : 'IndexOptionsConflict',
              `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing.spec)}`,
            );
          }
        }
        continue;
      }
      allExisted = false;
      try {
        this.catalog.createIndex(coll, spec);
      } catch (e) {
        if (e instanceof CommandError && e.code === ErrorCodes.DuplicateKey) {
          throw new CommandError(
            e.code,
            e.codeName,
            `Index build failed: ${coll.uuid}: Collection ${coll.ns} ( ${coll.uuid} ) :: caused by :: ${e.message}`,
            e.extra,
          );
        }
        throw e;
      }
    }
    const reply: Document = {
      numIndexesBefore: before,
      numIndexesAfter: coll.indexes.size,
      createdCollectionAutomatically: created,
    };
    if (allExisted) reply.note = 'all indexes already exist';
    reply.ok = 1;
    return reply;
  }

  private listIndexes(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'listIndexes');
    const c = this.catalog.getCollection(db, name);
    if (!c) throw new CommandError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `ns does not exist: ${db}.${name}`);
    const specs = [...c.indexes.values()].map((i) => ({ ...i.spec }));
    const batchSize = isPlainDoc(cmd.cursor) ? (cmd.cursor.batchSize as number | undefined) : undefined;
    return this.cursorReply(`${db}.${name}`, specs, batchSize ?? Infinity, false);
  }

  private findIndexName(c: Collection, which: unknown): string {
    if (typeof which === 'string') {
      if (!c.indexes.has(which)) {
        throw new CommandError(ErrorCodes.IndexNotFound, 'IndexNotFound', `index not found with name [${which}]`);
      }
      return which;
    }
    if (isPlainDoc(which)) {
      const k = encodeValue(which);
      const found = [...c.indexes.values()].find((i) => encodeValue(i.spec.key) === k);
      if (!found) {
        throw new CommandError(ErrorCodes.IndexNotFound, 'IndexNotFound', `can't find index with key: ${JSON.stringify(which)}`);
      }
      return found.name;
    }
    throw badValue('invalid index specification');
  }

  private dropIndexes(db: string, cmd: Document): Document {
    const name = this.collName(cmd, Object.keys(cmd)[0]);
    const c = this.catalog.getCollection(db, name);
    if (!c) throw new CommandError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `ns not found ${db}.${name}`);
    const before = c.indexes.size;
    const which = cmd.index as unknown;
    let names: string[];
    if (which === '*') names = [...c.indexes.keys()].filter((n) => n !== '_id_');
    else if (Array.isArray(which)) names = which.map((w) => this.findIndexName(c, w));
    else names = [this.findIndexName(c, which)];
    if (names.includes('_id_')) {
      throw new CommandError(ErrorCodes.InvalidOptions, 'InvalidOptions', 'cannot drop _id index');
    }
    for (const n of names) this.catalog.dropIndex(c, n);
    return { nIndexesWas: before, ok: 1 };
  }

  private collMod(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'collMod');
    const c = this.catalog.getCollection(db, name);
    if (!c) throw new CommandError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `ns does not exist: ${db}.${name}`);
    const reply: Document = {};
    if (isPlainDoc(cmd.index)) {
      const spec = cmd.index;
      const idxName = this.findIndexName(c, spec.name ?? spec.keyPattern);
      const index = c.indexes.get(idxName)!;
      if (spec.expireAfterSeconds !== undefined) {
        const old = index.spec.expireAfterSeconds;
        if (old === undefined) {
          throw new CommandError(ErrorCodes.InvalidOptions, 'InvalidOptions', 'no expireAfterSeconds field to update');
        }
        const nu = asNumber(spec.expireAfterSeconds, 0);
        this.catalog.setIndexOption(c, idxName, 'expireAfterSeconds', nu);
        reply.expireAfterSeconds_old = old;
        reply.expireAfterSeconds_new = nu;
      }
      if (spec.hidden !== undefined) {
        const old = index.spec.hidden === true;
        this.catalog.setIndexOption(c, idxName, 'hidden', truthy(spec.hidden));
        reply.hidden_old = old;
        reply.hidden_new = truthy(spec.hidden);
      }
    }
    reply.ok = 1;
    return reply;
  }

  // ----------------------------------------------------------------- writes

  private insert(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'insert');
    const docs = cmd.documents as unknown;
    if (!Array.isArray(docs)) throw typeMismatch('documents must be an array');
    const ordered = cmd.ordered !== false;
    const { coll } = this.catalog.ensureCollection(db, name);
    let n = 0;
    const writeErrors: Document[] = [];
    for (let i = 0; i < docs.length; i++) {
      let doc = docs[i] as Document;
      try {
        if (!isPlainDoc(doc)) throw typeMismatch('document must be an object');
        doc = doc._id === undefined ? { _id: new ObjectId(), ...doc } : withIdFirst(doc);
        checkId(doc);
        this.catalog.insert(coll, doc);
        n++;
      } catch (e) {
        writeErrors.push(this.writeError(i, e));
        if (ordered) break;
      }
    }
    const reply: Document = { n };
    if (writeErrors.length) reply.writeErrors = writeErrors;
    reply.ok = 1;
    return reply;
  }

  private writeError(index: number, e: unknown): Document {
    const err = e instanceof CommandError ? e : translateUpdateError(e);
    return { index, code: err.code, errmsg: err.message, ...err.extra };
  }

  /** Compute an updated copy of `doc`. Returns undefined when nothing changes. */
  private applyUpdate(
    doc: Document,
    u: Document | Document[],
    arrayFilters: Document[] | undefined,
    filter: Document | undefined,
    inserting: boolean,
  ): Document | undefined {
    if (Array.isArray(u)) {
      const out = runPipeline([doc], u)[0];
      if (!out) throw badValue('pipeline update produced no document');
      if (encodeValue(out._id) !== encodeValue(doc._id) && !inserting) throw this.immutableId();
      const next = withIdFirst(out._id === undefined ? { _id: doc._id, ...out } : out);
      return inserting || !sameBson(next, doc) ? next : undefined;
    }
    if (!isPlainDoc(u)) throw failedToParse('Update argument must be either an object or an array');
    if (isOperatorUpdate(u)) {
      const mod: Document = {};
      for (const [op, spec] of Object.entries(u)) {
        if (!UPDATE_OPERATORS.has(op)) {
          throw failedToParse(
            `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
          );
        }
        if (!isPlainDoc(spec)) {
          throw failedToParse(
            `Modifiers operate on fields but we found type ${Array.isArray(spec) ? 'array' : typeof spec} instead. For example: {$mod: {<field>: ...}} not {${op}: ${String(spec)}}`,
          );
        }
        if (op === '$setOnInsert') {
          if (inserting) mod.$set = { ...((mod.$set as Document) ?? {}), ...spec };
          continue;
        }
        if (op === '$set' && mod.$set) mod.$set = { ...spec, ...(mod.$set as Document) };
        else mod[op] = spec;
      }
      if (!inserting) {
        for (const [op, spec] of Object.entries(mod)) {
          for (const [path, value] of Object.entries(spec as Document)) {
            if (path !== '_id' && !path.startsWith('_id.')) continue;
            if (op === '$set' && path === '_id' && encodeValue(value) === encodeValue(doc._id)) continue;
            throw this.immutableId();
          }
        }
      }
      const copy = cloneDoc(doc);
      // `$set: { _id: <its own value> }` is a no-op MongoDB accepts (connect-mongo's upserts send
      // it); mingo refuses any update of _id, so it is applied here and taken out of $set.
      const setSpec = mod.$set as Document | undefined;
      if (setSpec && Object.prototype.hasOwnProperty.call(setSpec, '_id')) {
        if (copy._id === undefined) copy._id = cloneDoc({ v: setSpec._id }).v;
        else if (encodeValue(setSpec._id) !== encodeValue(copy._id)) throw this.immutableId();
        const { _id: _same, ...rest } = setSpec;
        if (Object.keys(rest).length) mod.$set = rest;
        else delete mod.$set;
      }
      let changed: string[];
      try {
        changed = Object.keys(mod).length ? applyOperators(copy, mod, arrayFilters, filter) : [];
      } catch (e) {
        throw translateUpdateError(e);
      }
      if (!inserting && encodeValue(copy._id) !== encodeValue(doc._id)) throw this.immutableId();
      if (!inserting && changed.length === 0) return undefined;
      return withIdFirst(copy);
    }
    // replacement
    for (const k of Object.keys(u)) {
      if (k.startsWith('$'))
        throw failedToParse(
          `The dollar ($) prefixed field '${k}' in '${k}' is not allowed in the context of an update's replacement document.`,
        );
    }
    if (u._id !== undefined && doc._id !== undefined && encodeValue(u._id) !== encodeValue(doc._id)) {
      throw new CommandError(
        ErrorCodes.ImmutableField,
        'ImmutableField',
        `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${String(u._id)}`,
      );
    }
    const next: Document = { _id: doc._id === undefined ? u._id : doc._id };
    for (const [k, v] of Object.entries(u)) if (k !== '_id') next[k] = cloneDoc(v);
    if (!inserting && sameBson(next, doc)) return undefined;
    return next;
  }

  private immutableId(): CommandError {
    return new CommandError(
      ErrorCodes.ImmutableField,
      'ImmutableField',
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  }

  private upsertDoc(filter: Document | undefined, u: Document | Document[], arrayFilters: Document[] | undefined): Document {
    const seed = seedFromFilter(filter);
    let doc: Document;
    if (!Array.isArray(u) && isPlainDoc(u) && !isOperatorUpdate(u)) {
      doc = this.applyUpdate(seed, u, arrayFilters, undefined, true)!;
      if (doc._id === undefined) doc._id = seed._id;
    } else {
      doc = this.applyUpdate(seed, u, arrayFilters, undefined, true)!;
    }
    if (doc._id === undefined) {
      const { _id: _omit, ...rest } = doc;
      doc = { _id: new ObjectId(), ...rest };
    }
    doc = withIdFirst(doc);
    checkId(doc);
    return doc;
  }

  private update(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'update');
    const updates = cmd.updates as unknown;
    if (!Array.isArray(updates)) throw typeMismatch('updates must be an array');
    const ordered = cmd.ordered !== false;
    let n = 0;
    let nModified = 0;
    const upserted: Document[] = [];
    const writeErrors: Document[] = [];
    for (let i = 0; i < updates.length; i++) {
      const st = updates[i] as Document;
      try {
        const q = (st.q as Document | undefined) ?? {};
        const u = st.u as Document | Document[];
        const multi = truthy(st.multi);
        const arrayFilters = st.arrayFilters as Document[] | undefined;
        if (multi && isPlainDoc(u) && !isOperatorUpdate(u) && Object.keys(u).length > 0) {
          throw failedToParse('multi update is not supported for replacement-style update');
        }
        const coll = this.catalog.getCollection(db, name);
        const matches = coll ? coll.match(q, multi ? 0 : 1) : [];
        if (matches.length === 0) {
          if (truthy(st.upsert)) {
            const doc = this.upsertDoc(q, u, arrayFilters);
            const target = coll ?? this.catalog.ensureCollection(db, name).coll;
            this.catalog.insert(target, doc);
            n += 1;
            upserted.push({ index: i, _id: doc._id });
          }
          continue;
        }
        for (const doc of matches) {
          n += 1;
          const next = this.applyUpdate(doc, u, arrayFilters, q, false);
          if (next) {
            this.catalog.replace(coll!, next);
            nModified += 1;
          }
        }
      } catch (e) {
        writeErrors.push(this.writeError(i, e));
        if (ordered) break;
      }
    }
    const reply: Document = { n, nModified };
    if (upserted.length) reply.upserted = upserted;
    if (writeErrors.length) reply.writeErrors = writeErrors;
    reply.ok = 1;
    return reply;
  }

  private delete(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'delete');
    const deletes = cmd.deletes as unknown;
    if (!Array.isArray(deletes)) throw typeMismatch('deletes must be an array');
    const ordered = cmd.ordered !== false;
    let n = 0;
    const writeErrors: Document[] = [];
    const coll = this.catalog.getCollection(db, name);
    for (let i = 0; i < deletes.length; i++) {
      const st = deletes[i] as Document;
      try {
        const limit = asNumber(st.limit, 0);
        if (limit !== 0 && limit !== 1) throw failedToParse('The limit field in delete objects must be 0 or 1');
        if (!coll) continue;
        const matches = coll.match((st.q as Document) ?? {}, limit);
        for (const d of matches) {
          this.catalog.remove(coll, idKey(d._id), d._id);
          n++;
        }
      } catch (e) {
        writeErrors.push(this.writeError(i, e));
        if (ordered) break;
      }
    }
    const reply: Document = { n };
    if (writeErrors.length) reply.writeErrors = writeErrors;
    reply.ok = 1;
    return reply;
  }

  private findAndModify(db: string, cmd: Document): Document {
    const name = this.collName(cmd, Object.keys(cmd)[0]);
    const query = (cmd.query as Document | undefined) ?? {};
    const sort = isPlainDoc(cmd.sort) && Object.keys(cmd.sort).length ? cmd.sort : undefined;
    const remove = truthy(cmd.remove);
    const u = cmd.update as Document | Document[] | undefined;
    const returnNew = truthy(cmd.new);
    const fields = isPlainDoc(cmd.fields) ? cmd.fields : undefined;
    const upsert = truthy(cmd.upsert);
    const arrayFilters = cmd.arrayFilters as Document[] | undefined;
    if (remove && u !== undefined) throw failedToParse('Cannot specify both an update and remove=true');
    if (!remove && u === undefined) throw failedToParse('Either an update or remove=true must be specified');
    if (remove && upsert) throw failedToParse('Cannot specify both upsert=true and remove=true');
    if (remove && returnNew)
      throw failedToParse("Cannot specify both new=true and remove=true; 'remove' always returns the deleted document");

    const coll = this.catalog.getCollection(db, name);
    let target: Document | undefined;
    if (coll) {
      if (sort) target = this.sortDocs(coll.match(query), sort)[0];
      else target = coll.match(query, 1)[0];
    }
    const proj = (d: Document | undefined): Document | null => (d ? (this.project([d], fields, query)[0] ?? null) : null);
    if (remove) {
      if (!target || !coll) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
      this.catalog.remove(coll, idKey(target._id), target._id);
      return { lastErrorObject: { n: 1 }, value: proj(target), ok: 1 };
    }
    if (target && coll) {
      const next = this.applyUpdate(target, u!, arrayFilters, query, false);
      if (next) this.catalog.replace(coll, next);
      return {
        lastErrorObject: { n: 1, updatedExisting: true },
        value: proj(returnNew ? (next ?? target) : target),
        ok: 1,
      };
    }
    if (upsert) {
      const doc = this.upsertDoc(query, u!, arrayFilters);
      const c = coll ?? this.catalog.ensureCollection(db, name).coll;
      this.catalog.insert(c, doc);
      return {
        lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id },
        value: returnNew ? proj(doc) : null,
        ok: 1,
      };
    }
    return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  }

  // ------------------------------------------------------------------ reads

  private find(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'find');
    const ns = `${db}.${name}`;
    const filter = isPlainDoc(cmd.filter) ? cmd.filter : {};
    const sort = isPlainDoc(cmd.sort) && Object.keys(cmd.sort).length ? cmd.sort : undefined;
    const projection = isPlainDoc(cmd.projection) ? cmd.projection : undefined;
    const skip = asNumber(cmd.skip, 0);
    let limit = asNumber(cmd.limit, 0);
    let singleBatch = truthy(cmd.singleBatch);
    if (limit < 0) {
      limit = -limit;
      singleBatch = true;
    }
    if (skip < 0) throw badValue('skip value must be non-negative');
    let batchSize = cmd.batchSize === undefined ? undefined : asNumber(cmd.batchSize, 0);
    if (batchSize !== undefined && batchSize < 0) throw badValue('batchSize value must be non-negative');
    const coll = this.catalog.getCollection(db, name);
    let docs: Document[] = [];
    if (coll) {
      if (sort) {
        docs = this.sortDocs(coll.match(filter), sort);
        docs = docs.slice(skip, limit > 0 ? skip + limit : undefined);
      } else {
        docs = coll.match(filter, limit > 0 ? skip + limit : 0).slice(skip);
      }
      docs = this.project(docs, projection, filter);
    }
    if (limit > 0 && (batchSize === undefined || batchSize > limit)) batchSize = limit;
    return this.cursorReply(ns, docs, batchSize, singleBatch || (limit > 0 && docs.length <= (batchSize ?? DEFAULT_FIRST_BATCH)));
  }

  private getMore(db: string, cmd: Document): Document {
    const id = asNumber(cmd.getMore, 0);
    const cursor = this.cursors.get(id);
    if (!cursor) throw new CommandError(ErrorCodes.CursorNotFound, 'CursorNotFound', `cursor id ${id} not found`);
    const batchSize = cmd.batchSize === undefined ? 0 : asNumber(cmd.batchSize, 0);
    const nextBatch = this.takeBatch(cursor, batchSize);
    let outId = id;
    if (cursor.pos >= cursor.docs.length) {
      this.cursors.delete(id);
      outId = 0;
    }
    return { cursor: { nextBatch, id: Long.fromNumber(outId), ns: cursor.ns }, ok: 1 };
  }

  private killCursors(cmd: Document): Document {
    const ids = Array.isArray(cmd.cursors) ? (cmd.cursors as unknown[]) : [];
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const raw of ids) {
      const id = asNumber(raw, 0);
      if (this.cursors.delete(id)) killed.push(Long.fromNumber(id));
      else notFound.push(Long.fromNumber(id));
    }
    return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  }

  private aggregate(db: string, cmd: Document): Document {
    const target = cmd.aggregate as unknown;
    const pipeline = cmd.pipeline as unknown;
    if (!Array.isArray(pipeline)) throw typeMismatch("'pipeline' option must be specified as an array");
    if (!isPlainDoc(cmd.cursor) && !truthy(cmd.explain)) {
      throw new CommandError(
        ErrorCodes.FailedToParse,
        'FailedToParse',
        "The 'cursor' option is required, except for aggregate with the explain argument",
      );
    }
    for (const stage of pipeline as Document[]) {
      const op = isPlainDoc(stage) ? Object.keys(stage)[0] : undefined;
      if (op === '$out' || op === '$merge') {
        throw new CommandError(ErrorCodes.NotImplemented, 'NotImplemented', `${op} is not supported by embedded-mongo`);
      }
    }
    let stages = pipeline as Document[];
    let input: Document[] = [];
    let ns: string;
    if (target === 1 || (typeof target === 'number' && target === 1)) {
      ns = `${db}.$cmd.aggregate`;
    } else {
      const name = this.collName(cmd, 'aggregate');
      ns = `${db}.${name}`;
      const coll = this.catalog.getCollection(db, name);
      if (coll) {
        const first = stages[0];
        if (first && isPlainDoc(first) && isPlainDoc(first.$match) && !('$expr' in first.$match)) {
          input = coll.match(first.$match);
          stages = stages.slice(1);
        } else {
          input = [...coll.docs.values()];
        }
      }
    }
    const out = stages.length ? runPipeline(input, stages, this.resolver(db)) : input;
    const batchSize =
      isPlainDoc(cmd.cursor) && cmd.cursor.batchSize !== undefined ? asNumber(cmd.cursor.batchSize, 0) : undefined;
    return this.cursorReply(ns, out, batchSize, false);
  }

  private count(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'count');
    const coll = this.catalog.getCollection(db, name);
    if (!coll) return { n: 0, ok: 1 };
    const query = isPlainDoc(cmd.query) ? cmd.query : {};
    const skip = Math.max(0, asNumber(cmd.skip, 0));
    const limit = Math.abs(asNumber(cmd.limit, 0));
    let n = Object.keys(query).length === 0 ? coll.docs.size : coll.match(query).length;
    n = Math.max(0, n - skip);
    if (limit > 0) n = Math.min(n, limit);
    return { n, ok: 1 };
  }

  private distinct(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'distinct');
    const key = cmd.key as unknown;
    if (typeof key !== 'string') throw typeMismatch("'key' must be a string");
    const coll = this.catalog.getCollection(db, name);
    const seen = new Map<string, unknown>();
    if (coll) {
      for (const d of coll.match(isPlainDoc(cmd.query) ? cmd.query : {})) {
        for (const v of valuesAtPath(d, key)) {
          if (v === undefined) continue;
          const k = encodeValue(v);
          if (!seen.has(k)) seen.set(k, v);
        }
      }
    }
    const values = [...seen.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((e) => e[1]);
    return { values, ok: 1 };
  }

  private dbStats(db: string): Document {
    const colls = this.catalog.listCollections(db);
    const objects = colls.reduce((n, c) => n + c.docs.size, 0);
    return {
      db,
      collections: colls.length,
      views: 0,
      objects,
      indexes: colls.reduce((n, c) => n + c.indexes.size, 0),
      ok: 1,
    };
  }

  private collStats(db: string, cmd: Document): Document {
    const name = this.collName(cmd, 'collStats');
    const c = this.catalog.getCollection(db, name);
    if (!c) throw new CommandError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `ns not found ${db}.${name}`);
    return { ns: c.ns, count: c.docs.size, nindexes: c.indexes.size, ok: 1 };
  }
}
