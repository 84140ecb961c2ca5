import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, gzip } from 'node:zlib';
import type { Request, Response } from 'express';

const gzipAsync = promisify(gzip);
const deflateRawAsync = promisify(deflateRaw);

/** Level 1 like every API answer; output in 128 kB chunks. */
const GZIP = { level: 1, chunkSize: 128 * 1024 };
/** Answers from this many bytes on are compressed in two halves at once. */
const HALVES_FROM = 256 * 1024;

/**
 * Gzips bytes; long ones in two halves at once in the thread pool, as pigz does: the first
 * half's deflate data ends with a sync flush (no final block), the second's is final, and the gzip
 * wrapper carries the CRC-32 and length of the whole (computed here while the pool deflates): one
 * ordinary gzip stream (RFC 1951, 1952) that any client inflates. The second half starts without
 * the first's dictionary: a few hundred bytes more.
 */
export async function gzipBytes(bytes: Buffer): Promise<Buffer> {
  if (bytes.length < HALVES_FROM) return gzipAsync(bytes, GZIP);
  const cut = bytes.length >> 1;
  const head = bytes.subarray(0, cut);
  const tail = bytes.subarray(cut);
  const first = deflateRawAsync(head, { ...GZIP, finishFlush: constants.Z_SYNC_FLUSH });
  const second = deflateRawAsync(tail, GZIP);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(bytes) >>> 0, 0);
  trailer.writeUInt32LE(bytes.length % 2 ** 32, 4);
  // Magic, deflate, no flags, no time, no extra flags, unknown OS.
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  return Buffer.concat([header, ...(await Promise.all([first, second])), trailer]);
}

/**
 * A JSON answer its use case has already serialised, and gzipped when it is large: the use case
 * keeps those bytes too (a saved appraisal is its answer, gzipped), so the answer is serialised
 * and compressed once, not again by `res.json` and the compression middleware.
 */
export interface PreparedJson {
  /** The JSON, UTF-8. */
  json: Buffer;
  /** The same JSON gzipped; null when left to the compression middleware. */
  gzip: Buffer | null;
}

/** JSON bytes and their gzip (`gzipBytes`, in the thread pool). */
export async function gzippedJson(json: Buffer): Promise<PreparedJson & { gzip: Buffer }> {
  return { json, gzip: await gzipBytes(json) };
}

/** Serialises a small answer (the compression middleware compresses it as any other, when worth it). */
export const plainJson = (body: unknown): PreparedJson => ({ json: Buffer.from(JSON.stringify(body)), gzip: null });

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
