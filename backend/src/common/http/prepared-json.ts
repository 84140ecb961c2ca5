import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Request, Response } from 'express';

const gzipAsync = promisify(gzip);

/**
 * A JSON answer its use case has already serialised, and gzipped when it is large: the use case
 * keeps those bytes too (a saved appraisal is its answer, gzipped), so the answer is stringified
 * and compressed once, not again by `res.json` and the compression middleware.
 */
export interface PreparedJson {
  json: string;
  /** The same JSON gzipped; null when left to the compression middleware. */
  gzip: Buffer | null;
}

/** Serialises an answer and gzips it (level 1 like every API answer, in the thread pool). */
export async function gzippedJson(body: unknown): Promise<PreparedJson & { gzip: Buffer }> {
  const json = JSON.stringify(body);
  return { json, gzip: await gzipAsync(json, { level: 1, chunkSize: 128 * 1024 }) };
}

/** Serialises a small answer (the compression middleware compresses it as any other, when worth it). */
export const plainJson = (body: unknown): PreparedJson => ({ json: JSON.stringify(body), gzip: null });

/**
 * Sends a prepared answer: the gzipped bytes as they are to a client that takes gzip (every
 * browser does), else the JSON (which the compression middleware may still compress).
 */
export function sendPreparedJson(req: Request, res: Response, answer: PreparedJson): void {
  res.type('application/json');
  res.vary('Accept-Encoding');
  if (answer.gzip && req.acceptsEncodings('gzip') === 'gzip') {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', answer.gzip.length);
    res.end(answer.gzip);
  } else res.send(answer.json);
}
