import { decodeLootText } from './decode';

const TEXT = 'Time\tCharacter\r\n2024.11.02 19:45\tИван Петров\tТританий\t1\tМинерал\r\n😀 ok';

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1];
    be[i + 1] = le[i];
  }
  return be;
}

describe('decodeLootText', () => {
  it.each([
    ['UTF-8 without BOM', Buffer.from(TEXT, 'utf8'), 'utf-8'],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, 'utf8')]), 'utf-8'],
    ['UTF-16 LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]), 'utf-16le'],
    ['UTF-16 BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(TEXT)]), 'utf-16be'],
    ['UTF-16 LE without BOM', Buffer.from(TEXT, 'utf16le'), 'utf-16le'],
    ['UTF-16 BE without BOM', utf16be(TEXT), 'utf-16be'],
  ])('%s', (_, bytes, encoding) => {
    expect(decodeLootText(new Uint8Array(bytes))).toEqual({ ok: true, text: TEXT, encoding });
  });

  it('decodes a long UTF-8 text in chunks', () => {
    const long = 'Тританий\t1\n'.repeat(5000);
    const res = decodeLootText(new Uint8Array(Buffer.from(long, 'utf8')));
    expect(res.ok && res.text === long).toBe(true);
  });

  it.each([
    ['nothing', Buffer.alloc(0), 'empty'],
    ['blank lines', Buffer.from(' \r\n\t\n', 'utf8'), 'empty'],
    ['a BOM only', Buffer.from([0xef, 0xbb, 0xbf]), 'empty'],
    ['a PNG header', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'binary'],
    ['invalid UTF-8', Buffer.from([0x41, 0xc3, 0x28, 0x42]), 'binary'],
    ['an overlong UTF-8 slash', Buffer.from([0xc0, 0xaf]), 'binary'],
    ['a truncated UTF-8 sequence', Buffer.from([0x41, 0xe2, 0x82]), 'binary'],
    ['Windows-1251 Cyrillic', Buffer.from([0xd2, 0xf0, 0xe8, 0xf2, 0xe0, 0xed, 0xe8, 0xe9]), 'binary'],
    ['control characters', Buffer.from('abc\u0001def', 'utf8'), 'binary'],
    ['odd-length UTF-16 with BOM', Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x42]), 'binary'],
    ['a lone surrogate in UTF-16', Buffer.from([0xff, 0xfe, 0x3d, 0xd8, 0x41, 0x00]), 'binary'],
  ])('refuses %s', (_, bytes, reason) => {
    expect(decodeLootText(new Uint8Array(bytes))).toEqual({ ok: false, reason });
  });
});
