import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { apiError } from './api-error';
import { toApiError } from './api-exception.filter';

describe('toApiError', () => {
  it.each([
    [new NotFoundException(), { statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' }, false],
    [new BadRequestException('Плохо'), { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Плохо' }, false],
    [
      new HttpException('Too Many Requests', 429),
      { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Слишком много запросов, попробуйте позже' },
      false,
    ],
    [
      { type: 'entity.parse.failed', status: 400 },
      { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Некорректный JSON в запросе' },
      false,
    ],
    [
      { type: 'entity.too.large', status: 413 },
      { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Слишком большой запрос' },
      false,
    ],
    [
      Object.assign(new Error('E11000 duplicate key'), { code: 11000 }),
      { statusCode: 409, code: 'CONFLICT', message: 'Такая запись уже существует' },
      false,
    ],
    [
      new Error('secret internal detail'),
      { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера' },
      true,
    ],
    [
      new HttpException('boom', 503),
      { statusCode: 503, code: 'UPSTREAM_UNAVAILABLE', message: 'Внутренняя ошибка сервера' },
      true,
    ],
  ])('maps %p', (exception, body, internal) => {
    const result = toApiError(exception);
    expect(result.body).toEqual(body);
    expect(result.internal).toBe(internal);
  });

  it('passes through bodies built by apiError', () => {
    expect(toApiError(apiError(400, 'Вы должны выбрать систему...', undefined, ['a', 'b'])).body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Вы должны выбрать систему...',
      errors: ['a', 'b'],
    });
  });

  it('never leaks an internal message into a 500', () => {
    expect(JSON.stringify(toApiError(new TypeError('cannot read x of undefined at /srv/app.js')).body)).not.toContain(
      'undefined',
    );
  });
});
