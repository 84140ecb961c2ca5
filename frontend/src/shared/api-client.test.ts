import { ApiError, api, setAuthErrorHandler, setCsrfToken } from './api-client';

function respond(status: number, body: string, statusText = 'Status') {
  const mock = jest.fn(
    async () => ({ ok: status >= 200 && status < 300, status, statusText, text: async () => body }) as Response,
  );
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

afterEach(() => {
  setAuthErrorHandler(null);
  setCsrfToken(null);
});

describe('api client', () => {
  it('sends credentials and JSON, and returns the parsed body', async () => {
    const mock = respond(200, '{"ok":true}');
    await expect(api.post('api/post_debug', { title: 'a', msg: 'b' })).resolves.toEqual({ ok: true });
    expect(mock).toHaveBeenCalledWith('/api/post_debug', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"title":"a","msg":"b"}',
      signal: undefined,
    });
  });

  it('throws ApiError with the status and the server message for a non-2xx answer', async () => {
    respond(
      429,
      JSON.stringify({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Слишком много запросов, попробуйте позже' }),
    );
    const error = await api.get('api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', message: 'Слишком много запросов, попробуйте позже' });
  });

  it('carries the status text when the body is not the API error shape', async () => {
    respond(502, '<html>bad gateway</html>', 'Bad Gateway');
    await expect(api.get('data/x')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('calls the 401/403 hook before throwing', async () => {
    const hook = jest.fn();
    setAuthErrorHandler(hook);
    respond(403, JSON.stringify({ statusCode: 403, code: 'FORBIDDEN', message: 'Недостаточно прав' }));
    await expect(api.get('auth/corp/buys')).rejects.toMatchObject({ status: 403, isAuthError: true });
    expect(hook).toHaveBeenCalledTimes(1);
    respond(404, JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' }));
    await expect(api.get('data/y')).rejects.toMatchObject({ status: 404, isAuthError: false });
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('adds the CSRF header to non-GET requests once a token is set', async () => {
    setCsrfToken('tok');
    const mock = respond(200, '{}');
    await api.get('auth/get_session');
    await api.post('auth/logout');
    const headers = (mock.mock.calls as unknown as [string, RequestInit][]).map(
      ([, init]) => init.headers as Record<string, string>,
    );
    expect(headers[0]['X-CSRF-Token']).toBeUndefined();
    expect(headers[1]['X-CSRF-Token']).toBe('tok');
  });

  it('sends the CSRF header on a GET that changes state, fetching a token first when it has none', async () => {
    const mock = jest.fn(async (url: string) => {
      const body = url.endsWith('auth/get_csrf') ? '{"token":"fresh"}' : '{"ok":true}';
      return { ok: true, status: 200, statusText: 'OK', text: async () => body } as Response;
    });
    global.fetch = mock as unknown as typeof fetch;
    await expect(api.get('api/admin/kill', { csrf: true })).resolves.toEqual({ ok: true });
    await api.get('api/admin/update_libs/status');
    const calls = (mock.mock.calls as unknown as [string, RequestInit][]).map(([url, init]) => [
      url,
      init.method,
      (init.headers as Record<string, string>)['X-CSRF-Token'],
    ]);
    expect(calls).toEqual([
      ['/auth/get_csrf', 'GET', undefined],
      ['/api/admin/kill', 'GET', 'fresh'],
      ['/api/admin/update_libs/status', 'GET', undefined],
    ]);
  });

  it('turns a network failure into a Russian ApiError with status 0', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(api.get('api/health')).rejects.toMatchObject({
      status: 0,
      message: 'Сервер недоступен, проверьте подключение и повторите попытку',
    });
  });
});
