import { ApiError } from './api-client';
import { isGameDataUnavailable, isWarmingUp, retryDelay, shouldRetry } from './query-retry';

describe('query retry policy', () => {
  const warming = new ApiError(503, 'Игровые данные ещё загружаются, попробуйте через минуту', 'UPSTREAM_UNAVAILABLE');
  const unavailable = new ApiError(
    503,
    'Игровые данные не загружены: импорт не удался (причина — на главной странице администратора и в журнале сервера). Администратору сайта: проверьте доступ к CCP или задайте SDE_PATH / SDE_URL и перезапустите приложение.',
    'GAME_DATA_UNAVAILABLE',
  );
  it.each([
    [0, warming, true],
    [59, warming, true],
    [60, warming, false],
    [0, unavailable, false],
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

  it('tells the failed game data from a warm-up', () => {
    expect(isWarmingUp(warming)).toBe(true);
    expect(isWarmingUp(unavailable)).toBe(false);
    expect(isGameDataUnavailable(unavailable)).toBe(true);
    expect(isGameDataUnavailable(warming)).toBe(false);
  });
});
