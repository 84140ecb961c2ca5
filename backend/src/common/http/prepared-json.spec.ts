import { gunzipSync } from 'node:zlib';
import { gzippedJson, gzipText, plainJson } from './prepared-json';

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

  it('gzippedJson: the JSON of the answer, and its gzip holding exactly that JSON', async () => {
    const answer = await gzippedJson(body);
    expect(answer.json).toBe(JSON.stringify(body));
    expect(gunzipSync(answer.gzip).toString('utf8')).toBe(answer.json);
  });

  it('plainJson: the JSON alone, left to the compression middleware', () => {
    expect(plainJson(body)).toEqual({ json: JSON.stringify(body), gzip: null });
  });

  it.each([
    ['short ASCII', 'Tritanium\t100'],
    ['long ASCII', 'x'.repeat(300_000)],
    ['long, Cyrillic and emoji at the middle', `${'Тританий 😀 '.repeat(25_000)}${'ж'.repeat(1000)}end`],
    ['long, no ASCII after the middle', `${'a'.repeat(200_000)}${'ж😀'.repeat(100_000)}`],
    ['long and varied', Array.from({ length: 40_000 }, (_, i) => `Строка ${i}: «${'№'.repeat(i % 7)}»`).join('\n')],
  ])('gzipText (%s): one gzip stream holding exactly the text', async (_label, text) => {
    const zipped = await gzipText(text);
    expect(zipped.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(gunzipSync(zipped).toString('utf8')).toBe(text);
  });
});
