import { HttpException } from '@nestjs/common';
import { z } from 'zod';
import { ZodPipe } from './zod.pipe';

const refusal = (pipe: ZodPipe<unknown>, value: unknown, type: 'body' | 'query' = 'body') => {
  try {
    pipe.transform(value, { type });
  } catch (err) {
    return (err as HttpException).getResponse();
  }
  throw new Error('accepted');
};

describe('ZodPipe', () => {
  const schema = new ZodPipe(z.object({ count: z.number().int(), name: z.string() }));

  it.each([
    ['a string where a number is', { count: 'x', name: 'a' }],
    ['a fraction where an integer is', { count: 1.5, name: 'a' }],
    ['a missing field', { count: 1 }],
  ])('answers zod messages the schema leaves to zod in Russian: %s', (_name, value) => {
    const body = refusal(schema, value) as { statusCode: number; message: string; errors: string[] };
    expect(body.statusCode).toBe(400);
    expect(body.errors.length).toBeGreaterThan(0);
    for (const message of body.errors) {
      expect(message).toMatch(/[а-яё]/i);
      expect(message).not.toMatch(/Invalid|expected|received|Too big|Too small/);
    }
  });

  it('says an object is expected for an array body', () => {
    expect(refusal(schema, [[[]]])).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Ожидается JSON-объект, а не массив',
      errors: ['Ожидается JSON-объект, а не массив'],
    });
  });
});
