import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, sessionFor } from '../test/render-app';
import { COLOR_SCHEME_STORAGE_KEY } from './theme';

const mainMenu = () => screen.getByRole('navigation', { name: 'Главное меню' });

async function menuLabels(): Promise<string[]> {
  await screen.findByRole('navigation', { name: 'Главное меню' });
  // Session-dependent items appear once auth/get_session answers; the auth widget shows the same moment.
  await waitFor(() => expect(screen.queryByLabelText('Загрузка сессии')).not.toBeInTheDocument());
  return within(mainMenu())
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('top menu', () => {
  it('shows the public items and a login link to a guest, without Корпорация and Админка', async () => {
    renderApp('/');
    expect(await menuLabels()).toEqual(['Новости', 'Маркет', 'Лут', 'Индустрия', 'Планеты', 'О проекте']);
    const login = screen.getAllByRole('link', { name: 'Войти' })[0];
    expect(login).toHaveAttribute('href', '/account/login');
  });

  it('shows Корпорация but not Админка to a corp member', async () => {
    renderApp('/', { session: sessionFor('Pilot One', ['corp']) });
    expect(await menuLabels()).toEqual(['Новости', 'Маркет', 'Лут', 'Индустрия', 'Планеты', 'Корпорация', 'О проекте']);
  });

  it('shows neither to a signed-in user without corp/admin roles', async () => {
    renderApp('/', { session: sessionFor('Newbie', ['user', 'miner']) });
    expect(await menuLabels()).toEqual(['Новости', 'Маркет', 'Лут', 'Индустрия', 'Планеты', 'О проекте']);
  });

  it('shows Корпорация and Админка to an admin, and the username links to the profile', async () => {
    renderApp('/', { session: sessionFor('Ada Admin', ['admin']) });
    expect(await menuLabels()).toEqual([
      'Новости',
      'Маркет',
      'Лут',
      'Индустрия',
      'Планеты',
      'Корпорация',
      'Админка',
      'О проекте',
    ]);
    expect(within(mainMenu()).getByRole('link', { name: 'Админка' })).toHaveAttribute('href', '/best_admin/main');
    expect(screen.getAllByRole('link', { name: 'Профиль Ada Admin' })[0]).toHaveAttribute('href', '/account/user/Ada%20Admin');
    expect(screen.queryByRole('link', { name: 'Войти' })).not.toBeInTheDocument();
  });

  it('reports a failed session fetch with the spec message', async () => {
    renderApp('/', { session: 'error' });
    expect(await screen.findByText('Не удалось получить данные о сессии.')).toBeInTheDocument();
  });

  it('shows the Демо-режим badge only when client_config says demo', async () => {
    const demo = renderApp('/', { demo: true });
    expect(await screen.findByText('Демо-режим')).toBeInTheDocument();
    demo.unmount();
    const real = renderApp('/', { demo: false });
    await waitFor(() => expect(real.fetchMock).toHaveBeenCalledWith('/api/client_config', expect.anything()));
    await screen.findByRole('heading', { name: 'EVE Toolkit' });
    expect(screen.queryByText('Демо-режим')).not.toBeInTheDocument();
  });
});

describe('routes', () => {
  it.each(['/', '/test', '/news'])('%s is the start page with the news from news.json', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'EVE Toolkit' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Первый выпуск EVE Toolkit' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    // Newest first, and nothing says a working section is still "в разработке".
    expect(screen.getAllByRole('article')[0]).toHaveTextContent('Работают все разделы');
    expect(document.body).not.toHaveTextContent('в разработке');
    const cards = ['Маркет', 'Оценка', 'Лут', 'Индустрия', 'Планеты', 'Корпорация'];
    const tools = screen.getByRole('region', { name: 'Инструменты' });
    expect(
      within(tools)
        .getAllByRole('link')
        .map((a) => a.querySelector('p')?.textContent),
    ).toEqual(cards);
  });

  it('/best_admin redirects to /best_admin/main with the admin side menu', async () => {
    const { router } = renderApp('/best_admin', { session: sessionFor('Ada Admin', ['admin']) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/best_admin/main'));
    expect(await screen.findByRole('heading', { name: 'Статистика' })).toBeInTheDocument();
    const side = screen.getByRole('navigation', { name: 'Меню админки' });
    expect(
      within(side)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Главная',
      'Пользователи',
      'Персонажи',
      'Запросы ролей',
      'Корпорации',
      'Бан лист персонажей',
      'Категории маркета',
      'Предметы маркета',
    ]);
  });

  it('/best_admin/eve_items is the same page as main', async () => {
    renderApp('/best_admin/eve_items', { session: sessionFor('Ada Admin', ['admin']) });
    expect(await screen.findByRole('heading', { name: 'Статистика' })).toBeInTheDocument();
  });

  it('hides the admin area from a guest', async () => {
    renderApp('/best_admin/users');
    expect(await screen.findByRole('heading', { name: 'Доступ ограничен' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Пользователи' })).not.toBeInTheDocument();
  });

  it('/corp redirects to /corp/main with the corporation side menu', async () => {
    const { router } = renderApp('/corp', { session: sessionFor('Pilot One', ['corp']) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/corp/main'));
    expect(await screen.findByRole('heading', { name: 'Главная' })).toBeInTheDocument();
    const side = screen.getByRole('navigation', { name: 'Меню корпорации' });
    expect(
      within(side)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Главная', 'Пинги', 'Проекты', 'Доктрины', 'СРП', 'Оповещения', 'Запрос роли']);
  });

  it('/redirect leads to /market/list', async () => {
    const { router } = renderApp('/redirect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/market/list'));
    expect(await screen.findByRole('heading', { name: 'Маркет' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Расчет цен' })).toHaveAttribute('href', '/market/appraisal');
  });

  it('/market redirects to /market/list', async () => {
    const { router } = renderApp('/market');
    await waitFor(() => expect(router.state.location.pathname).toBe('/market/list'));
  });

  it('/market/appraisal shows the appraisal page (the placeholder is gone)', async () => {
    renderApp('/market/appraisal');
    expect(await screen.findByRole('heading', { name: 'Оценка' })).toBeInTheDocument();
    expect(await screen.findByPlaceholderText('Plex 1')).toBeInTheDocument();
    expect(screen.queryByText('Раздел в разработке')).not.toBeInTheDocument();
  });

  it('an unknown route shows the 404 page with a link home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
  });

  it('navigating through the menu changes the page', async () => {
    const { user, router } = renderApp('/');
    await screen.findByRole('navigation', { name: 'Главное меню' });
    await user.click(within(mainMenu()).getByRole('link', { name: 'Лут' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loot'));
    expect(await screen.findByRole('heading', { name: 'Лут' })).toBeInTheDocument();
  });
});

describe('theme switch', () => {
  it('defaults to light and persists dark to localStorage', async () => {
    const { user } = renderApp('/');
    const toDark = await screen.findByRole('button', { name: 'Включить тёмную тему' });
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    await user.click(toDark);
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await user.click(screen.getByRole('button', { name: 'Включить светлую тему' }));
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
  });

  it('starts dark when dark was saved', async () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Включить светлую тему' })).toBeInTheDocument();
  });

  it('follows the choice made in another tab', async () => {
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Включить тёмную тему' })).toBeInTheDocument();
    // The listener is registered a moment after the start (theme.ts): a change before it is read
    // at the next start; after it, the other tab's change applies here at once.
    await waitFor(() => {
      window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(
        new StorageEvent('storage', { key: COLOR_SCHEME_STORAGE_KEY, newValue: 'dark', storageArea: window.localStorage }),
      );
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    });
    expect(screen.getByRole('button', { name: 'Включить светлую тему' })).toBeInTheDocument();
  });
});
