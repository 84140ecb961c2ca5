/** Shared mingo configuration and helpers (query, projection, update, aggregation). */
import { Document } from 'bson';
import { Aggregator, ProcessingMode, Query, update as mingoUpdate } from 'mingo';
import { CommandError, ErrorCodes, badValue } from './errors';

type Options = NonNullable<ConstructorParameters<typeof Query>[1]>;

export type CollectionResolver = (name: string) => Document[];

export function mingoOptions(resolver?: CollectionResolver, processingMode = ProcessingMode.CLONE_OFF): Options {
  return {
    idKey: '_id',
    processingMode,
    useStrictMode: true,
    scriptEnabled: false,
    ...(resolver ? { collectionResolver: resolver } : {}),
  };
}

const BASE_OPTS = mingoOptions();

/** Translate a mingo exception into a MongoDB-shaped error. */
export function translateMingoError(e: unknown): CommandError {
  if (e instanceof CommandError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  if (/unknown (query )?operator|Unknown query operator|unregistered/i.test(msg)) {
    const m = /(\$[A-Za-z0-9_]+)/.exec(msg);
    if (/pipeline/i.test(msg) && m) {
      return new CommandError(ErrorCodes.Location40324, 'Location40324', `Unrecognized pipeline stage name: '${m[1]}'`);
    }
    return badValue(m ? `unknown operator: ${m[1]}` : msg);
  }
  return badValue(msg);
}

export function compileQuery(filter: Document | undefined): Query {
  try {
    return new Query(filter ?? {}, BASE_OPTS);
  } catch (e) {
    throw translateMingoError(e);
  }
}

export function runPipeline(docs: Document[], pipeline: Document[], resolver?: CollectionResolver): Document[] {
  try {
    const agg = new Aggregator(pipeline, mingoOptions(resolver, ProcessingMode.CLONE_INPUT));
    return agg.run(docs);
  } catch (e) {
    throw translateMingoError(e);
  }
}

/** Deep copy of plain objects/arrays; BSON value objects are immutable and shared. */
export function cloneDoc<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((e: unknown) => cloneDoc(e)) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return v;
  const out: Document = {};
  for (const k of Object.keys(v)) out[k] = cloneDoc((v as Document)[k]);
  return out as T;
}

/** Apply update operators in place; returns modified paths. */
export function applyOperators(
  doc: Document,
  modifier: Document,
  arrayFilters: Document[] | undefined,
  filter: Document | undefined,
): string[] {
  try {
    return mingoUpdate(doc, modifier, arrayFilters, filter, { cloneMode: 'deep', queryOptions: BASE_OPTS });
  } catch (e) {
    throw translateMingoError(e);
  }
}
