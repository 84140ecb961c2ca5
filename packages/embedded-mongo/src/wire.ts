/**
 * MongoDB wire protocol framing: OP_QUERY (legacy handshake), OP_REPLY, OP_MSG.
 * Pure functions, no I/O.
 */
import { BSON, Document } from 'bson';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const MSG_CHECKSUM_PRESENT = 1 << 0;
export const MSG_MORE_TO_COME = 1 << 1;
export const MSG_EXHAUST_ALLOWED = 1 << 16;

export const MAX_MESSAGE_SIZE = 48_000_000;

export interface MsgHeader {
  messageLength: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export interface QueryMessage {
  kind: 'query';
  header: MsgHeader;
  flags: number;
  fullCollectionName: string;
  numberToSkip: number;
  numberToReturn: number;
  query: Document;
}

export interface OpMsgMessage {
  kind: 'msg';
  header: MsgHeader;
  flags: number;
  /** body (kind 0) merged with document sequences (kind 1) as arrays under their identifier */
  command: Document;
}

export type InboundMessage = QueryMessage | OpMsgMessage;

export class ProtocolError extends Error {}

const DESERIALIZE_OPTS = { promoteLongs: true, promoteValues: true, promoteBuffers: false } as const;

function readCString(buf: Buffer, offset: number): [string, number] {
  const end = buf.indexOf(0, offset);
  if (end < 0) throw new ProtocolError('unterminated cstring');
  return [buf.toString('utf8', offset, end), end + 1];
}

function readBson(buf: Buffer, offset: number, limit: number): [Document, number] {
  if (offset + 4 > limit) throw new ProtocolError('truncated BSON document');
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > limit) throw new ProtocolError('invalid BSON document size');
  const doc = BSON.deserialize(buf.subarray(offset, offset + size), DESERIALIZE_OPTS);
  return [doc, offset + size];
}

export function parseHeader(buf: Buffer): MsgHeader {
  return {
    messageLength: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

/** Parse one complete message (buffer holds exactly messageLength bytes). */
export function parseMessage(buf: Buffer): InboundMessage {
  const header = parseHeader(buf);
  if (header.messageLength !== buf.length) throw new ProtocolError('message length mismatch');
  if (header.opCode === OP_MSG) {
    const flags = buf.readUInt32LE(16);
    // unknown required flag bits (0-15) must cause an error
    if ((flags & 0xffff & ~(MSG_CHECKSUM_PRESENT | MSG_MORE_TO_COME)) !== 0) {
      throw new ProtocolError(`unsupported OP_MSG flag bits: ${flags}`);
    }
    const end = flags & MSG_CHECKSUM_PRESENT ? buf.length - 4 : buf.length;
    let off = 20;
    let body: Document | undefined;
    const sequences: Array<[string, Document[]]> = [];
    while (off < end) {
      const kind = buf[off];
      off += 1;
      if (kind === 0) {
        if (body) throw new ProtocolError('multiple body sections');
        [body, off] = readBson(buf, off, end);
      } else if (kind === 1) {
        const size = buf.readInt32LE(off);
        const secEnd = off + size;
        if (size < 5 || secEnd > end) throw new ProtocolError('invalid document sequence size');
        const [ident, afterIdent] = readCString(buf, off + 4);
        let p = afterIdent;
        const docs: Document[] = [];
        while (p < secEnd) {
          let d: Document;
          [d, p] = readBson(buf, p, secEnd);
          docs.push(d);
        }
        sequences.push([ident, docs]);
        off = secEnd;
      } else {
        throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
      }
    }
    if (!body) throw new ProtocolError('OP_MSG without body section');
    for (const [ident, docs] of sequences) {
      const existing = body[ident] as unknown;
      body[ident] = Array.isArray(existing) ? [...(existing as Document[]), ...docs] : docs;
    }
    return { kind: 'msg', header, flags, command: body };
  }
  if (header.opCode === OP_QUERY) {
    const flags = buf.readInt32LE(16);
    const [fullCollectionName, p1] = readCString(buf, 20);
    const numberToSkip = buf.readInt32LE(p1);
    const numberToReturn = buf.readInt32LE(p1 + 4);
    const [query] = readBson(buf, p1 + 8, buf.length);
    return { kind: 'query', header, flags, fullCollectionName, numberToSkip, numberToReturn, query };
  }
  throw new ProtocolError(`unsupported opCode ${header.opCode}`);
}

function header(length: number, requestId: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.allocUnsafe(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

/** OP_MSG reply with a single body section (flags 0). */
export function encodeOpMsg(requestId: number, responseTo: number, body: Document, flags = 0): Buffer {
  const bson = BSON.serialize(body);
  const total = 16 + 4 + 1 + bson.length;
  const fl = Buffer.allocUnsafe(5);
  fl.writeUInt32LE(flags >>> 0, 0);
  fl[4] = 0;
  return Buffer.concat([header(total, requestId, responseTo, OP_MSG), fl, bson], total);
}

/** Legacy OP_REPLY carrying the given documents. */
export function encodeOpReply(requestId: number, responseTo: number, docs: Document[]): Buffer {
  const parts = docs.map((d) => BSON.serialize(d));
  const bodyLen = parts.reduce((n, b) => n + b.length, 0);
  const total = 16 + 20 + bodyLen;
  const fixed = Buffer.alloc(20);
  fixed.writeInt32LE(0, 0); // responseFlags
  fixed.writeBigInt64LE(0n, 4); // cursorID
  fixed.writeInt32LE(0, 12); // startingFrom
  fixed.writeInt32LE(docs.length, 16); // numberReturned
  return Buffer.concat([header(total, requestId, responseTo, OP_REPLY), fixed, ...parts], total);
}

/**
 * Incremental framer: feed raw socket chunks, get back complete message buffers.
 */
export class MessageFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;

  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: Buffer[] = [];
    for (;;) {
      if (this.buffered < 4) break;
      const first = this.chunks[0].length >= 4 ? this.chunks[0] : this.flatten();
      const len = first.readInt32LE(0);
      if (len < 16 || len > MAX_MESSAGE_SIZE) throw new ProtocolError(`invalid message length ${len}`);
      if (this.buffered < len) break;
      const all = this.flatten();
      out.push(all.subarray(0, len));
      const rest = all.subarray(len);
      this.chunks = rest.length ? [rest] : [];
      this.buffered = rest.length;
    }
    return out;
  }

  private flatten(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    return this.chunks[0];
  }
}
