import type { RequestHandler } from 'express';

/** A middleware whose store starts work in the database as it is made (indexes): `ready` when that is done. */
export type StartedMiddleware = RequestHandler & { ready: Promise<void> };
