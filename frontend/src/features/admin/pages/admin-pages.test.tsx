import { act, screen, waitFor, within } from '@testing-library/react';
import {
  formatDateTime,
  type AdminCorporationsResponse,
  type AdminGameData,
  type AdminMainStats,
  type AdminRoleRequest,
  type UpdateLibsStatusResponse,
} from '@eve-toolkit/shared-types';
import { setSocketForTests, type AppSocket } from '../../../shared/socket';
import { renderApp, sessionFor, type FetchHandler } from '../../../test/render-app';

// The apexcharts chunk needs a real SVG engine; the page's job is to hand it the per-day counts.
jest.mock('../components/registrations-chart', () => ({
  __esModule: true,
  default: ({ perDay }: { perDay: unknown }) => <pre data-testid="registrations-chart">{JSON.stringify(perDay)}</pre>,
}));

const ADMIN = sessionFor('Ada Admin', ['admin']);

function fakeSocket() {
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
  const socket = {
    connected: true,
    recovered: true,
    on: (ev: string, l: (...a: unknown[]) => void) => void (listeners.get(ev) ?? listeners.set(ev, new Set()).get(ev)!).add(l),
    off: (ev: string, l: (...a: unknown[]) => void) => void listeners.get(ev)?.delete(l),
    connect: () => socket,
  };
  const emit = (ev: string, payload: unknown) => listeners.get(ev)?.forEach((l) => l(payload));
  return { socket: socket as unknown as AppSocket, emit };
}

beforeEach(() => setSocketForTests(fakeSocket().socket));
afterEach(() => setSocketForTests(null));

const posts = (mock: jest.Mock, path: string) =>
  mock.mock.calls
    .filter(([url, init]) => String(url).endsWith(path) && (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

const REQUEST: AdminRoleRequest = {
  id: 'a'.repeat(24),
  user: { id: 'u1', username: 'pilot' },
  role: 'fc',
  created_at: '2026-01-01T10:00:00.000Z',
};

describe('/best_admin/roles', () => {
  it("says 'Новых запросов не найдено' when there are none", async () => {
    renderApp('/best_admin/roles', {
      session: ADMIN,
      handler: (url) => (url.endsWith('/api/admin/stats/role_requests') ? { body: { requests: [] } } : undefined),
    });
    expect(await screen.findByText('Новых запросов не найдено')).toBeInTheDocument();
  });

  it("grants with 'Дать' and the row then shows 'Ок'", async () => {
    let decided = false;
    const handler: FetchHandler = (url, init) => {
      if (url.endsWith('/api/admin/stats/role_requests') && init?.method === 'POST') {
        decided = true;
        return { body: { ok: true, id: REQUEST.id, status: 'granted' } };
      }
      if (url.endsWith('/api/admin/stats/role_requests')) return { body: { requests: decided ? [] : [REQUEST] } };
      return undefined;
    };
    const { user, fetchMock } = renderApp('/best_admin/roles', { session: ADMIN, handler });
    const row = await screen.findByTestId('role-request-pilot');
    expect(within(row).getByText('ФК')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Дать' }));
    expect(await within(screen.getByTestId('role-request-pilot')).findByText('Ок — роль выдана')).toBeInTheDocument();
    expect(posts(fetchMock, '/api/admin/stats/role_requests')).toEqual([{ req_id: REQUEST.id, type: 'add' }]);
  });

  it("refuses with 'Отказать' and the row says so, not the same 'Ок' as a grant", async () => {
    let decided = false;
    const handler: FetchHandler = (url, init) => {
      if (url.endsWith('/api/admin/stats/role_requests') && init?.method === 'POST') {
        decided = true;
        return { body: { ok: true, id: REQUEST.id, status: 'refused' } };
      }
      if (url.endsWith('/api/admin/stats/role_requests')) return { body: { requests: decided ? [] : [REQUEST] } };
      return undefined;
    };
    const { user, fetchMock } = renderApp('/best_admin/roles', { session: ADMIN, handler });
    const row = await screen.findByTestId('role-request-pilot');
    await user.click(within(row).getByRole('button', { name: 'Отказать' }));
    expect(await within(screen.getByTestId('role-request-pilot')).findByTestId('role-decision')).toHaveTextContent(
      'Ок — отказано',
    );
    expect(posts(fetchMock, '/api/admin/stats/role_requests')).toEqual([{ req_id: REQUEST.id, type: 'del' }]);
  });

  it('reloads the list when a new request arrives live', async () => {
    const { socket, emit } = fakeSocket();
    setSocketForTests(socket);
    let list: AdminRoleRequest[] = [];
    renderApp('/best_admin/roles', {
      session: ADMIN,
      handler: (url) => (url.endsWith('/api/admin/stats/role_requests') ? { body: { requests: list } } : undefined),
    });
    await screen.findByText('Новых запросов не найдено');
    list = [REQUEST];
    await act(async () => emit('roles:request-created', { request: REQUEST }));
    expect(await screen.findByTestId('role-request-pilot')).toBeInTheDocument();
  });
});

describe('/best_admin/corps', () => {
  it('requires ID and name without sending anything, creates with type 2 by default and shows the reloaded list', async () => {
    let corps: AdminCorporationsResponse = { corps: [] };
    const handler: FetchHandler = (url, init) => {
      if (!url.endsWith('/api/admin/corps')) return undefined;
      if (init?.method === 'POST') corps = { corps: [{ id: 98000001, name: 'Demo Mining Syndicate', tag_id: 2, corp_type: 2 }] };
      return { body: corps };
    };
    const { user, fetchMock } = renderApp('/best_admin/corps', { session: ADMIN, handler });
    await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Укажите ID корпорации')).toBeInTheDocument();
    expect(screen.getByText('Укажите название корпорации')).toBeInTheDocument();
    expect(posts(fetchMock, '/api/admin/corps')).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Тип' })).toHaveValue('2');

    await user.type(screen.getByRole('textbox', { name: 'ID корпорации' }), '98000001');
    await user.type(screen.getByRole('textbox', { name: 'Название корпорации' }), 'Demo Mining Syndicate');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByTestId('corp-98000001')).toHaveTextContent('Demo Mining Syndicate');
    expect(posts(fetchMock, '/api/admin/corps')).toEqual([
      { type: 'new', id: 98000001, name: 'Demo Mining Syndicate', corp_type: 2 },
    ]);
  });

  it("shows 'Сейчас не работает' when the list answers with an error", async () => {
    renderApp('/best_admin/corps', {
      session: ADMIN,
      handler: (url) => (url.endsWith('/api/admin/corps') ? { body: { corps: [], error: 'Сейчас не работает' } } : undefined),
    });
    expect(await screen.findByText('Сейчас не работает')).toBeInTheDocument();
  });
});

describe('admin calls refused by the server', () => {
  it('send the browser to /market/list on 403', async () => {
    const { router } = renderApp('/best_admin/users', {
      session: ADMIN,
      handler: (url) =>
        url.includes('/api/admin/')
          ? { status: 403, body: { statusCode: 403, code: 'FORBIDDEN', message: 'Недостаточно прав' } }
          : undefined,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/market/list'));
  });
});

describe('/best_admin/main', () => {
  it('shows the visitor counts and hands the chart the registrations per day', async () => {
    const stats: AdminMainStats = {
      users: {
        dates: ['2026-01-01T10:00:00.000Z', '2026-01-01T11:00:00.000Z', '2026-01-03T09:00:00.000Z'],
        per_day: [
          { date: '2026-01-01', count: 2 },
          { date: '2026-01-03', count: 1 },
        ],
      },
      unauth: 7,
      auth: 3,
      window_hours: 24,
    };
    renderApp('/best_admin/main', {
      session: ADMIN,
      handler: (url) =>
        url.endsWith('/api/admin/stats/main')
          ? { body: stats }
          : url.endsWith('/api/admin/update_libs/status')
            ? { body: { job: null, game_data: { build: null, status: null } } satisfies UpdateLibsStatusResponse }
            : undefined,
    });
    expect(await screen.findByTestId('stat-unauth')).toHaveTextContent('Гостей за 24 ч7');
    expect(screen.getByTestId('stat-auth')).toHaveTextContent('Авторизованных за 24 ч3');
    expect(await screen.findByTestId('registrations-chart')).toHaveTextContent(JSON.stringify(stats.users.per_day));
  });

  const mainWith = (gameData: AdminGameData) =>
    renderApp('/best_admin/main', {
      session: ADMIN,
      handler: (url) =>
        url.endsWith('/api/admin/stats/main')
          ? { body: { users: { dates: [], per_day: [] }, unauth: 0, auth: 0, window_hours: 24 } satisfies AdminMainStats }
          : url.endsWith('/api/admin/update_libs/status')
            ? { body: { job: null, game_data: gameData } satisfies UpdateLibsStatusResponse }
            : undefined,
    });

  it('shows a failed start-up import of the game data: when and why', async () => {
    const reason =
      'Не удалось скачать SDE с https://developers.eveonline.com/static-data/tranquility/eve-online-static-data-7-jsonl.zip: HTTP 404';
    const since = '2026-11-28T23:10:00.000Z';
    mainWith({ build: null, status: { state: 'failed', step: null, reason, since } });
    const state = await screen.findByTestId('game-data-state');
    expect(state).toHaveTextContent('Игровые данные: не загружены');
    const alert = within(state).getByRole('alert');
    expect(alert).toHaveTextContent('Игровые данные не загружены');
    expect(alert).toHaveTextContent(`${formatDateTime(since)}: ${reason}`);
  });

  it('shows the build served, and a failed update of it as such', async () => {
    mainWith({
      build: { buildNumber: 3484357, releaseDate: '2026-11-01T11:00:00Z', importedAt: '2026-11-02T08:00:00.000Z' },
      status: { state: 'failed', step: null, reason: 'HTTP 503', since: '2026-11-28T23:10:00.000Z' },
    });
    const state = await screen.findByTestId('game-data-state');
    expect(state).toHaveTextContent(
      `Игровые данные: сборка 3484357 от 01.11.2026, импортирована ${formatDateTime('2026-11-02T08:00:00.000Z')}`,
    );
    expect(within(state).getByRole('alert')).toHaveTextContent('Последнее обновление не удалось');
  });
});

describe('/best_admin/ban_chars', () => {
  it('an empty ban list says so instead of a bare table header', async () => {
    renderApp('/best_admin/ban_chars', {
      session: ADMIN,
      handler: (url) => (url.endsWith('/api/admin/ban_chars') ? { body: { banned_chars: [] } } : undefined),
    });
    expect(await screen.findByTestId('banned-empty')).toHaveTextContent('Бан лист пуст');
    expect(screen.queryByRole('columnheader', { name: 'Причина' })).toBeNull();
  });
});
