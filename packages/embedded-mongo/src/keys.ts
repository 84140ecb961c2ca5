/**
 * Order-preserving string encoding of BSON values (MongoDB comparison order across
 * types) and index key extraction from documents.
 *
 * The encoding is prefix-free per value so a compound key is the concatenation of
 * its parts and plain string comparison gives tuple order.
 */
import { Binary, Decimal128, Document, Double, Int32, Long, ObjectId, Timestamp } from 'bson';

/** Type bracket tags, ordered as MongoDB orders BSON types. */
export const TAG = {
  minKey: '\x01',
  null: '\x02',
  number: '\x03',
  string: '\x04',
  object: '\x05',
  array: '\x06',
  binData: '\x07',
  objectId: '\x08',
  bool: '\x09',
  date: '\x0a',
  timestamp: '\x0b',
  regex: '\x0c',
  maxKey: '\x0f',
} as const;

const scratch = new DataView(new ArrayBuffer(8));

function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}

/** Sortable 16-hex-digit encoding of a double. */
export function encodeDouble(x: number): string {
  if (Number.isNaN(x)) return '0000000000000000'; // NaN sorts below every number
  if (x === 0) x = 0; // -0 == 0
  scratch.setFloat64(0, x);
  let hi = scratch.getUint32(0);
  let lo = scratch.getUint32(4);
  if (hi & 0x80000000) {
    hi = ~hi >>> 0;
    lo = ~lo >>> 0;
  } else {
    hi = (hi | 0x80000000) >>> 0;
  }
  return hex8(hi) + hex8(lo);
}

function encodeString(s: string): string {
  // escape \x00 so the terminator \x00\x00 sorts below any content
  return (s.includes('\x00') ? s.split('\x00').join('\x00\x01') : s) + '\x00\x00';
}

function bsonTypeName(v: object): string | undefined {
  const t = (v as { _bsontype?: unknown })._bsontype;
  return typeof t === 'string' ? t : undefined;
}

/** Numeric value of a BSON number-like value, or undefined. */
export function numericValue(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v && typeof v === 'object') {
    const t = bsonTypeName(v);
    if (t === 'Long') return (v as Long).toNumber();
    if (t === 'Int32' || t === 'Double') return (v as Int32 | Double).valueOf();
    if (t === 'Decimal128') return Number((v as Decimal128).toString());
  }
  return undefined;
}

/** Encode one value. Missing (undefined) encodes like null, as in MongoDB indexes. */
export function encodeValue(v: unknown): string {
  if (v === undefined || v === null) return TAG.null;
  switch (typeof v) {
    case 'number':
      return TAG.number + encodeDouble(v);
    case 'bigint':
      return TAG.number + encodeDouble(Number(v));
    case 'string':
      return TAG.string + encodeString(v);
    case 'boolean':
      return TAG.bool + (v ? '1' : '0');
    case 'object':
      break;
    default:
      return TAG.string + encodeString(String(v));
  }
  if (v instanceof Date) return TAG.date + encodeDouble(v.getTime());
  if (v instanceof RegExp) return TAG.regex + encodeString(v.source) + encodeString(v.flags);
  if (Array.isArray(v)) {
    let s = TAG.array;
    for (const e of v) s += encodeValue(e);
    return s + '\x00';
  }
  const t = bsonTypeName(v);
  switch (t) {
    case 'ObjectId':
    case 'ObjectID':
      return TAG.objectId + (v as ObjectId).toHexString();
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return TAG.number + encodeDouble(numericValue(v) ?? NaN);
    case 'Binary': {
      const b = v as Binary;
      const bytes = Buffer.from(b.buffer.buffer, b.buffer.byteOffset, b.position);
      return TAG.binData + hex8(bytes.length) + b.sub_type.toString(16).padStart(2, '0') + bytes.toString('hex');
    }
    case 'Timestamp': {
      const ts = v as Timestamp;
      return TAG.timestamp + hex8(ts.high) + hex8(ts.low);
    }
    case 'MinKey':
      return TAG.minKey;
    case 'MaxKey':
      return TAG.maxKey;
    case 'BSONRegExp': {
      const r = v as { pattern: string; options: string };
      return TAG.regex + encodeString(r.pattern) + encodeString(r.options);
    }
    case 'BSONSymbol':
      return TAG.string + encodeString(String((v as { value: string }).value));
    case undefined:
      break;
    default:
      return TAG.object + encodeString(t) + encodeString(String(v)) + '\x00';
  }
  let s = TAG.object;
  for (const k of Object.keys(v)) {
    const fv = (v as Document)[k];
    if (fv === undefined) continue;
    s += encodeString(k) + encodeValue(fv);
  }
  return s + '\x00';
}

/** Is this value one whose equality match can be answered exactly by an index lookup? */
export function isIndexableScalar(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  const t = typeof v;
  if (t === 'number' || t === 'string' || t === 'boolean' || t === 'bigint') return true;
  if (t !== 'object') return false;
  if (v instanceof Date) return true;
  const bt = bsonTypeName(v as object);
  return bt === 'ObjectId' || bt === 'Long' || bt === 'Int32' || bt === 'Double' || bt === 'Decimal128';
}

/** Tag of the type bracket a scalar belongs to. */
export function bracketOf(v: unknown): string {
  return encodeValue(v)[0];
}

/** Next tag after the given one (exclusive upper bound of a bracket). */
export function nextTag(tag: string): string {
  return String.fromCharCode(tag.charCodeAt(0) + 1);
}

/**
 * Values found at a dotted path, expanding arrays like MongoDB multikey indexes do.
 * Returns [] when the path is missing. Numeric path components index into arrays.
 */
export function valuesAtPath(doc: unknown, path: string): unknown[] {
  const parts = path.split('.');
  const out: unknown[] = [];
  walk(doc, parts, 0, out);
  return out;
}

function walk(cur: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    if (Array.isArray(cur)) {
      if (cur.length === 0) out.push(undefined);
      else for (const e of cur) out.push(e);
    } else if (cur !== undefined) {
      out.push(cur);
    }
    return;
  }
  if (cur === null || cur === undefined || typeof cur !== 'object') return;
  const key = parts[i];
  if (Array.isArray(cur)) {
    if (/^\d+$/.test(key) && Number(key) < cur.length) {
      walk(cur[Number(key)], parts, i + 1, out);
    }
    for (const e of cur) {
      if (e !== null && typeof e === 'object' && !Array.isArray(e)) walk(e, parts, i, out);
    }
    return;
  }
  if (isPlainDoc(cur)) walk((cur as Document)[key], parts, i + 1, out);
}

export function isPlainDoc(v: unknown): v is Document {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Value at a dotted path without array expansion (first match), for error messages. */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const p of path.split('.')) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    cur = (cur as Document)[p];
  }
  return cur;
}

export class ParallelArraysError extends Error {}

/**
 * Index keys of a document for a key pattern (field list). Returns a list of
 * [encodedKey, values] pairs (several when multikey). `values` are the per-field values.
 * Missing fields give null. At most one field may be an array (else ParallelArraysError).
 */
export function extractIndexKeys(doc: Document, fields: string[]): Array<{ key: string; values: unknown[] }> {
  const perField: unknown[][] = [];
  let arrayField = -1;
  for (let i = 0; i < fields.length; i++) {
    const vals = valuesAtPath(doc, fields[i]);
    const list = vals.length === 0 ? [undefined] : dedupe(vals);
    if (vals.length > 1 || containsArrayAt(doc, fields[i])) {
      if (arrayField >= 0 && list.length > 1) throw new ParallelArraysError('cannot index parallel arrays');
      if (list.length > 1) arrayField = i;
    }
    perField.push(list);
  }
  if (arrayField < 0) {
    const values = perField.map((l) => l[0]);
    return [{ key: values.map(encodeValue).join(''), values }];
  }
  const out: Array<{ key: string; values: unknown[] }> = [];
  for (const v of perField[arrayField]) {
    const values = perField.map((l, i) => (i === arrayField ? v : l[0]));
    out.push({ key: values.map(encodeValue).join(''), values });
  }
  return out;
}

function containsArrayAt(doc: Document, path: string): boolean {
  let cur: unknown = doc;
  for (const p of path.split('.')) {
    if (Array.isArray(cur)) return true;
    if (cur === null || typeof cur !== 'object') return false;
    cur = (cur as Document)[p];
  }
  return Array.isArray(cur);
}

function dedupe(vals: unknown[]): unknown[] {
  if (vals.length < 2) return vals;
  const seen = new Map<string, unknown>();
  for (const v of vals) {
    const k = encodeValue(v);
    if (!seen.has(k)) seen.set(k, v);
  }
  return [...seen.values()];
}

/** Canonical map key of an _id value. */
export function idKey(id: unknown): string {
  return encodeValue(id);
}
