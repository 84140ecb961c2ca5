import { HttpException } from '@nestjs/common';
import { ignoreDuplicate, isDuplicateKey, uniqueOr409 } from './duplicate-key';

const duplicate = () =>
  Object.assign(new Error('E11000 duplicate key error collection: db.users index: username_lower_1'), { code: 11000 });
const other = () => Object.assign(new Error('not primary'), { code: 10107 });

describe('duplicate-key helper', () => {
  it.each([
    [duplicate(), true],
    [Object.assign(new Error('bulk'), { code: 11000, writeErrors: [] }), true],
    [other(), false],
    [new Error('plain'), false],
    [null, false],
    ['11000', false],
    [{ code: '11000' }, false],
  ])('isDuplicateKey(%p) is %p', (err, expected) => {
    expect(isDuplicateKey(err)).toBe(expected);
  });

  it('uniqueOr409 answers 409 with the message on a duplicate key', async () => {
    const err = await uniqueOr409(() => Promise.reject(duplicate()), 'Такое имя уже занято').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpException);
    expect((err as HttpException).getStatus()).toBe(409);
    expect((err as HttpException).getResponse()).toMatchObject({ statusCode: 409, message: 'Такое имя уже занято' });
  });

  it('uniqueOr409 passes the result and other errors through', async () => {
    await expect(uniqueOr409(() => Promise.resolve(42), 'x')).resolves.toBe(42);
    const failure = other();
    await expect(uniqueOr409(() => Promise.reject(failure), 'x')).rejects.toBe(failure);
  });

  it('ignoreDuplicate tells whether the write went in, and passes other errors', async () => {
    await expect(ignoreDuplicate(() => Promise.resolve())).resolves.toBe(true);
    await expect(ignoreDuplicate(() => Promise.reject(duplicate()))).resolves.toBe(false);
    const failure = other();
    await expect(ignoreDuplicate(() => Promise.reject(failure))).rejects.toBe(failure);
  });
});
