import { ApiError } from './api-client';
import { isWarmingUp, retryDelay, shouldRetry } from './query-retry';

describe('query retry policy', () => {
  const warming = new ApiError(503, 'Игровые данные ещё загружаются, попробуйте через минуту');
  it.each([
    [0, warming, true],
    [59, warming, true],
    [60, warming, false],
    [0, new ApiError(404, 'Предмет не найден'), false],
    [0, new ApiError(429, 'Слишком много запросов'), false],
    [0, new ApiError(500, 'Внутренняя ошибка сервера'), true],
    [1, new ApiError(500, 'Внутренняя ошибка сервера'), false],
    [0, new TypeError('Failed to fetch'), true],
  ])('after %p failures of %p retry=%p', (count, error, expected) => expect(shouldRetry(count, error)).toBe(expected));

  it('waits 3 s between warm-up retries and backs off otherwise', () => {
    expect(retryDelay(5, warming)).toBe(3000);
    expect(retryDelay(0, new Error('x'))).toBe(1000);
    expect(retryDelay(1, new Error('x'))).toBe(2000);
    expect(isWarmingUp(new ApiError(502, 'x'))).toBe(false);
  });
});
