import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate, type Location } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import type { ClientConfigResponse, Role, SessionResponse } from '@eve-toolkit/shared-types';
import { createQueryClient, Providers } from '../app/providers';
import { AppRoutes } from '../app/routes';

export interface StubResponse {
  status?: number;
  body?: unknown;
}

export type FetchHandler = (url: string, init: RequestInit | undefined) => StubResponse | undefined;

/** What the stubbed `auth/get_csrf` hands out; unsafe calls must send it back. */
export const TEST_CSRF_TOKEN = 'csrf-test-token';

export const GUEST: SessionResponse = { isAuthenticated: false, username: null, roles: [] };
export const sessionFor = (username: string, roles: Role[]): SessionResponse => ({ isAuthenticated: true, username, roles });

const PUBLIC_DIR = join(__dirname, '..', '..', 'public');

/** A fetch stub answering the app's calls; `handler` may answer first (return undefined to fall through). */
export function stubFetch(options: { session?: SessionResponse | 'error'; demo?: boolean; handler?: FetchHandler } = {}) {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const reply = options.handler?.(url, init) ?? defaultReply(url, options);
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: status === 200 ? 'OK' : 'Error',
      text: async () => text,
      json: async () => JSON.parse(text),
    } as Response;
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

function defaultReply(url: string, options: { session?: SessionResponse | 'error'; demo?: boolean }): StubResponse {
  if (url.endsWith('/auth/get_session')) {
    if (options.session === 'error')
      return { status: 500, body: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера' } };
    return { body: options.session ?? GUEST };
  }
  if (url.endsWith('/auth/get_csrf')) return { body: { token: TEST_CSRF_TOKEN } };
  if (url.endsWith('/auth/login_limit') || url.endsWith('/auth/registration_limit'))
    return { body: { limited: false, retry_after: 0, message: null } };
  if (url.endsWith('/api/client_config')) {
    const config: ClientConfigResponse = {
      version: '0.1.0',
      demo: options.demo ?? false,
      imageServerUrl: 'https://images.evetech.net',
    };
    return { body: config };
  }
  if (url === '/news.json' || url === '/about.json') {
    // The real static files, so a broken JSON file fails the tests.
    return { body: JSON.parse(readFileSync(join(PUBLIC_DIR, url.slice(1)), 'utf8')) };
  }
  return { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' } };
}

/** What a test reads of the router: the current location, and navigation as a link does it. */
export interface TestRouter {
  state: { location: Location };
  navigate(to: string): void;
}

function RouterProbe({ router }: { router: TestRouter }) {
  const location = useLocation();
  const navigate = useNavigate();
  router.state = { location };
  router.navigate = (to) => void navigate(to);
  return null;
}

/** Renders the real route table at `path` with fresh state (jotai store, query cache). */
export function renderApp(path: string, options: Parameters<typeof stubFetch>[0] & { appRetryPolicy?: boolean } = {}) {
  const fetchMock = stubFetch(options);
  const store = createStore();
  // Tests fail fast by default; `appRetryPolicy` uses the app's own (503 warm-up retries).
  const queryClient = options.appRetryPolicy
    ? createQueryClient()
    : new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = {} as TestRouter;
  const user = userEvent.setup();
  const view = render(
    <Providers store={store} queryClient={queryClient} mantineEnv="test">
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe router={router} />
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, router, store, queryClient, user, fetchMock };
}

export async function flush(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}
