import session from 'express-session';
import { MongoStore } from 'connect-mongo';
import type { MongoClient } from 'mongodb';
import type { AppConfig } from '../config/config';
import type { StartedMiddleware } from '../http/started-middleware';

/** Session cookie name (httpOnly; the SPA never reads it). */
export const SESSION_COOKIE = 'sid';
/** Where connect-mongo keeps the sessions (SessionStore acts on them as a whole). */
export const SESSIONS_COLLECTION = 'sessions';
/** Sessions expire after 30 days without a request (rolling). */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Cookie sessions stored in MongoDB (collection `sessions`, TTL-indexed), so that any instance
 * serves any user and a restart logs nobody out. Secure cookies behind TLS ('auto' follows
 * req.secure, which honours TRUST_PROXY) or when the public URL is https.
 */
export function sessionMiddleware(config: AppConfig, client: MongoClient, dbName: string): StartedMiddleware {
  const store = MongoStore.create({
    client,
    dbName,
    collectionName: SESSIONS_COLLECTION,
    ttl: SESSION_TTL_SECONDS,
    autoRemove: 'native',
    touchAfter: 60,
    // Stored as a document (not a JSON string) so an account's sessions can be found and deleted.
    stringify: false,
  });
  const handler = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: config.trustProxy !== false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl?.startsWith('https://') ? true : 'auto',
      maxAge: SESSION_TTL_SECONDS * 1000,
      path: '/',
    },
    store,
  });
  // The store creates its TTL index as it starts.
  return Object.assign(handler, { ready: store.collectionP.then(() => undefined) });
}
