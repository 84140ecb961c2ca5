import { gunzipSync } from 'node:zlib';
import { gzipBytes, gzippedJson, plainJson } from './prepared-json';

describe('prepared JSON answers', () => {
  const body = {
    data: Array.from({ length: 1500 }, (_, i) => ({
      name: `Тип «${i}»\t"x"`,
      quantity: i,
      sell: i * 1.25,
      note: i % 3 ? null : 'нет ордеров',
    })),
    errors: ['Строка 2: не удалось распознать «x»'],
    id: 'abc',
    hub: 2,
  };

  it('gzippedJson: the JSON bytes as given, and their gzip holding exactly them', async () => {
    const json = Buffer.from(JSON.stringify(body));
    const answer = await gzippedJson(json);
    expect(answer.json).toBe(json);
    expect(gunzipSync(answer.gzip).equals(json)).toBe(true);
  });

  it('plainJson: the JSON alone, left to the compression middleware', () => {
    expect(plainJson(body)).toEqual({ json: Buffer.from(JSON.stringify(body)), gzip: null });
  });

  it.each([
    ['short ASCII', 'Tritanium\t100'],
    ['long ASCII', 'x'.repeat(300_000)],
    ['long, Cyrillic and emoji at the middle', `${'Тританий 😀 '.repeat(25_000)}${'ж'.repeat(1000)}end`],
    ['long, odd length, halves inside a character', `${'ж'.repeat(200_001)}`],
    ['long, no ASCII after the middle', `${'a'.repeat(200_000)}${'ж😀'.repeat(100_000)}`],
    ['long and varied', Array.from({ length: 40_000 }, (_, i) => `Строка ${i}: «${'№'.repeat(i % 7)}»`).join('\n')],
  ])('gzipBytes (%s): one gzip stream holding exactly the bytes', async (_label, text) => {
    const bytes = Buffer.from(text);
    const zipped = await gzipBytes(bytes);
    expect(zipped.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(gunzipSync(zipped).equals(bytes)).toBe(true);
  });
});
