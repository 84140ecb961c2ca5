import { gunzipSync } from 'node:zlib';
import { gzippedJson, plainJson } from './prepared-json';

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
});
