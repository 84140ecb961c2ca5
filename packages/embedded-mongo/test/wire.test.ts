import { BSON } from 'bson';
import {
  MSG_CHECKSUM_PRESENT,
  MSG_MORE_TO_COME,
  MessageFramer,
  OP_MSG,
  OP_QUERY,
  OP_REPLY,
  ProtocolError,
  encodeOpMsg,
  encodeOpReply,
  parseMessage,
} from '../src/wire';

function header(len: number, requestId: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(len, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

function opMsg(requestId: number, flags: number, sections: Buffer[], checksum = false): Buffer {
  const fl = Buffer.alloc(4);
  fl.writeUInt32LE(flags, 0);
  const body = Buffer.concat([fl, ...sections, checksum ? Buffer.from([1, 2, 3, 4]) : Buffer.alloc(0)]);
  return Buffer.concat([header(16 + body.length, requestId, 0, OP_MSG), body]);
}

function kind0(doc: object): Buffer {
  return Buffer.concat([Buffer.from([0]), Buffer.from(BSON.serialize(doc))]);
}

function kind1(ident: string, docs: object[]): Buffer {
  const payload = Buffer.concat([Buffer.from(ident + '\0', 'utf8'), ...docs.map((d) => Buffer.from(BSON.serialize(d)))]);
  const size = Buffer.alloc(4);
  size.writeInt32LE(4 + payload.length, 0);
  return Buffer.concat([Buffer.from([1]), size, payload]);
}

describe('OP_MSG parsing', () => {
  test('body section only', () => {
    const msg = parseMessage(opMsg(7, 0, [kind0({ ping: 1, $db: 'admin' })]));
    expect(msg).toEqual({
      kind: 'msg',
      header: { messageLength: expect.any(Number), requestId: 7, responseTo: 0, opCode: OP_MSG },
      flags: 0,
      command: { ping: 1, $db: 'admin' },
    });
  });

  test('document sequence sections are merged into the body as arrays', () => {
    const raw = opMsg(8, MSG_MORE_TO_COME, [kind0({ insert: 'c', $db: 'd' }), kind1('documents', [{ a: 1 }, { a: 2 }])]);
    const msg = parseMessage(raw);
    expect(msg.kind).toBe('msg');
    if (msg.kind !== 'msg') return;
    expect(msg.flags).toBe(MSG_MORE_TO_COME);
    expect(msg.command).toEqual({ insert: 'c', $db: 'd', documents: [{ a: 1 }, { a: 2 }] });
  });

  test('a trailing checksum is tolerated when the flag is set', () => {
    const msg = parseMessage(opMsg(9, MSG_CHECKSUM_PRESENT, [kind0({ hello: 1 })], true));
    expect(msg.kind === 'msg' && msg.command).toEqual({ hello: 1 });
  });

  test('unknown required flag bits are rejected', () => {
    expect(() => parseMessage(opMsg(1, 1 << 3, [kind0({ a: 1 })]))).toThrow(ProtocolError);
  });

  test('a message without a body section is rejected', () => {
    expect(() => parseMessage(opMsg(1, 0, [kind1('documents', [{ a: 1 }])]))).toThrow('OP_MSG without body section');
  });
});

describe('OP_QUERY parsing', () => {
  test('legacy handshake on admin.$cmd', () => {
    const q = Buffer.from(BSON.serialize({ ismaster: 1, helloOk: true }));
    const flags = Buffer.alloc(4);
    const ns = Buffer.from('admin.$cmd\0');
    const nums = Buffer.alloc(8);
    nums.writeInt32LE(0, 0);
    nums.writeInt32LE(-1, 4);
    const body = Buffer.concat([flags, ns, nums, q]);
    const msg = parseMessage(Buffer.concat([header(16 + body.length, 3, 0, OP_QUERY), body]));
    expect(msg).toEqual({
      kind: 'query',
      header: { messageLength: 16 + body.length, requestId: 3, responseTo: 0, opCode: OP_QUERY },
      flags: 0,
      fullCollectionName: 'admin.$cmd',
      numberToSkip: 0,
      numberToReturn: -1,
      query: { ismaster: 1, helloOk: true },
    });
  });
});

describe('encoding', () => {
  test('OP_REPLY layout', () => {
    const buf = encodeOpReply(5, 3, [{ ok: 1 }]);
    const doc = Buffer.from(BSON.serialize({ ok: 1 }));
    expect(buf.length).toBe(36 + doc.length);
    expect(buf.readInt32LE(0)).toBe(buf.length);
    expect(buf.readInt32LE(4)).toBe(5);
    expect(buf.readInt32LE(8)).toBe(3);
    expect(buf.readInt32LE(12)).toBe(OP_REPLY);
    expect(buf.readInt32LE(16)).toBe(0); // responseFlags
    expect(buf.readBigInt64LE(20)).toBe(0n); // cursorID
    expect(buf.readInt32LE(28)).toBe(0); // startingFrom
    expect(buf.readInt32LE(32)).toBe(1); // numberReturned
    expect(buf.subarray(36)).toEqual(doc);
  });

  test('OP_MSG reply round-trips through the parser', () => {
    const buf = encodeOpMsg(11, 10, { ok: 1, n: 3 });
    expect(buf.readInt32LE(8)).toBe(10);
    expect(buf.readUInt32LE(16)).toBe(0);
    expect(buf[20]).toBe(0);
    const msg = parseMessage(buf);
    expect(msg.kind === 'msg' && msg.command).toEqual({ ok: 1, n: 3 });
  });
});

describe('MessageFramer', () => {
  test('splits concatenated messages and reassembles fragmented ones', () => {
    const a = encodeOpMsg(1, 0, { a: 1 });
    const b = encodeOpMsg(2, 0, { b: 'x'.repeat(100) });
    const all = Buffer.concat([a, b]);
    const framer = new MessageFramer();
    const out: Buffer[] = [];
    // feed in awkward chunk sizes: 3 bytes, then 10, then the rest
    out.push(...framer.push(all.subarray(0, 3)));
    expect(out).toHaveLength(0);
    out.push(...framer.push(all.subarray(3, 13)));
    expect(out).toHaveLength(0);
    out.push(...framer.push(all.subarray(13)));
    expect(out.map((m) => m.length)).toEqual([a.length, b.length]);
    expect(out[0]).toEqual(a);
    expect(out[1]).toEqual(b);
  });

  test('rejects absurd message lengths', () => {
    const bad = Buffer.alloc(16);
    bad.writeInt32LE(4, 0);
    expect(() => new MessageFramer().push(bad)).toThrow('invalid message length 4');
  });
});
