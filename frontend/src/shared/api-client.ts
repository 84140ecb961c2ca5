import { MESSAGES, type ApiErrorBody } from '@eve-toolkit/shared-types';

/**
 * The one HTTP client. Every call sends credentials, speaks JSON (or multipart when given a
 * FormData body), and throws ApiError for any status outside 200-299 carrying the status and
 * the server's Russian message (or the status text when the body is not ours).
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: string[];

  constructor(status: number, message: string, code?: string, errors: string[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  /** 401 and 403 both mean "not authorised" (spec §7). */
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** Shown when the network itself fails (server down, offline). */
export const NETWORK_ERROR_MESSAGE = 'Сервер недоступен, проверьте подключение и повторите попытку';

export const CSRF_HEADER = 'X-CSRF-Token';

type AuthErrorHandler = (error: ApiError) => void;

const state: { base: string; csrfToken: string | null; onAuthError: AuthErrorHandler | null } = {
  base: typeof __API_BASE__ === 'string' ? __API_BASE__ : '/',
  csrfToken: null,
  onAuthError: null,
};

/** The spec's {host}: API base, same origin ('/') by default. */
export function setApiBase(base: string): void {
  state.base = base.endsWith('/') ? base : `${base}/`;
}

/** Sent as the CSRF header on every non-GET request and state-changing GET; null forgets it (login, logout). */
export function setCsrfToken(token: string | null): void {
  state.csrfToken = token;
}

/**
 * Hook point for 401/403: called before the ApiError is thrown (e.g. to refetch the session).
 * Features that must redirect (admin/corp -> /market/list, spec §6) check `error.isAuthError`.
 */
export function setAuthErrorHandler(handler: AuthErrorHandler | null): void {
  state.onAuthError = handler;
}

export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return state.base + path.replace(/^\//, '');
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain objects are sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A GET that changes state (auth/logout, auth/esi/auth_link, api/admin/kill and update_libs):
   * sent with the CSRF header like every unsafe request (the server refuses it otherwise).
   */
  csrf?: boolean;
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).message === 'string';
}

/** The server's answer to an unsafe request without a valid token (backend common/auth/csrf.ts). */
const CSRF_REFUSAL = /CSRF/;
let csrfLoading: Promise<string> | null = null;

/**
 * A CSRF token bound to the current session, fetched once (`GET auth/get_csrf`) and kept until
 * the session changes (login, logout: `setCsrfToken(null)`) or the server refuses it.
 */
export function ensureCsrfToken(): Promise<string> {
  if (state.csrfToken) return Promise.resolve(state.csrfToken);
  csrfLoading ??= apiRequest<{ token: string }>('auth/get_csrf', { method: 'GET' })
    .then(({ token }) => {
      state.csrfToken = token;
      return token;
    })
    .catch(() => {
      throw new ApiError(0, MESSAGES.csrfFailed, 'CSRF_FAILED');
    })
    .finally(() => {
      csrfLoading = null;
    });
  return csrfLoading;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  if (method === 'GET' && !options.csrf) return send<T>(path, method, options);
  await ensureCsrfToken();
  try {
    return await send<T>(path, method, options);
  } catch (error) {
    // The session (and so its token) changed under us: one fresh token, one retry.
    if (!(error instanceof ApiError) || error.status !== 403 || !CSRF_REFUSAL.test(error.message)) throw error;
    state.csrfToken = null;
    await ensureCsrfToken();
    return send<T>(path, method, options);
  }
}

async function send<T>(path: string, method: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if ((method !== 'GET' || options.csrf) && state.csrfToken) headers[CSRF_HEADER] = state.csrfToken;

  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    const error = isApiErrorBody(data)
      ? new ApiError(response.status, data.message, data.code, data.errors ?? [])
      : new ApiError(response.status, response.statusText || `Ошибка ${response.status}`);
    if (error.isAuthError) state.onAuthError?.(error);
    throw error;
  }
  return data as T;
}

export const api = {
  /** `{ csrf: true }` for a GET that changes state (sent with the CSRF header). */
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Static JSON shipped with the SPA (public/*.json): always from the SPA's own origin. */
export async function fetchStaticJson<T>(file: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/${file.replace(/^\//, '')}`, { headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }
  if (!response.ok) throw new ApiError(response.status, response.statusText || `Ошибка ${response.status}`);
  return (await response.json()) as T;
}
