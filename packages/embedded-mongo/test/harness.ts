/**
 * Test target: the embedded server by default, or a real MongoDB when MONGODB_URI is set.
 * Each test file passes its own database name.
 */
import { MongoClient } from 'mongodb';
import { EmbeddedMongo, startEmbeddedMongo } from '../src/index';

export const REAL_MONGO_URI = process.env.MONGODB_URI;
export const AGAINST_REAL_MONGO = Boolean(REAL_MONGO_URI);

export interface Target {
  /** base URI without database name */
  uri: string;
  dbName: string;
  /** URI including the database name */
  dbUri: string;
  embedded?: EmbeddedMongo;
  client: MongoClient;
  close(): Promise<void>;
}

/** Base URI plus database name, keeping any query string of MONGODB_URI. */
export function withDb(base: string, dbName: string): string {
  const [main, query] = base.split('?');
  const m = /^(mongodb(?:\+srv)?:\/\/[^/]+)/.exec(main);
  if (!m) throw new Error(`not a MongoDB URI: ${base}`);
  return `${m[1]}/${dbName}${query ? `?${query}` : ''}`;
}

export async function startTarget(dbName: string, opts: { ttlMonitorIntervalMs?: number } = {}): Promise<Target> {
  let embedded: EmbeddedMongo | undefined;
  let uri: string;
  if (REAL_MONGO_URI) {
    uri = REAL_MONGO_URI;
  } else {
    embedded = await startEmbeddedMongo({ port: 0, ttlMonitorIntervalMs: opts.ttlMonitorIntervalMs ?? 100 });
    uri = embedded.uri;
  }
  const dbUri = withDb(uri, dbName);
  const client = await MongoClient.connect(dbUri);
  await client.db(dbName).dropDatabase();
  return {
    uri,
    dbName,
    dbUri,
    embedded,
    client,
    async close() {
      await client
        .db(dbName)
        .dropDatabase()
        .catch(() => undefined);
      await client.close();
      await embedded?.close();
    },
  };
}
