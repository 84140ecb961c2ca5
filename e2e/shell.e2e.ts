/** The app shell in real Chromium against the built app: menu, theme, cookies, 404, feedback. */
import { baseUrl, screenshot, useBrowserPage } from './support/browser';

jest.setTimeout(120_000);

describe('app shell in Chromium', () => {
  const s = useBrowserPage();

  it('opens the start page with the menu and the demo badge', async () => {
    const res = await s.page.goto('/');
    expect(res?.status()).toBe(200);
    const menu = s.page.getByRole('navigation', { name: 'Главное меню' });
    await menu.waitFor();
    for (const item of ['Новости', 'Маркет', 'Лут', 'Индустрия', 'Планеты', 'О проекте']) {
      expect(await s.page.getByRole('banner').getByRole('link', { name: item, exact: true }).isVisible()).toBe(true);
    }
    // Guests see neither the corporation nor the admin entry.
    expect(await menu.getByRole('link', { name: 'Корпорация' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Админка' }).count()).toBe(0);
    await s.page.getByText('Демо-режим', { exact: false }).first().waitFor();
    await s.page.getByRole('heading', { name: 'EVE Toolkit', level: 1 }).waitFor();
    await screenshot(s.page, 'start-light');
  });

  it('navigates with the menu without a full reload', async () => {
    await s.page.goto('/');
    await s.page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await s.page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'О проекте', exact: true }).click();
    await s.page.waitForURL(/\/about/);
    await s.page
      .getByRole('heading', { name: /О проекте/ })
      .first()
      .waitFor();
    expect(await s.page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  });

  it('toggles the theme and keeps it after a reload', async () => {
    await s.page.goto('/');
    const scheme = () => s.page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('light');
    await s.page.getByRole('button', { name: 'Включить тёмную тему' }).click();
    expect(await scheme()).toBe('dark');
    await s.page.reload();
    await s.page.getByRole('button', { name: 'Включить светлую тему' }).waitFor();
    expect(await scheme()).toBe('dark');
    expect(await s.page.evaluate(() => localStorage.getItem('eve-toolkit-color-scheme'))).toBe('dark');
    await screenshot(s.page, 'start-dark');
  });

  it('hides the cookie banner after accepting and remembers the choice', async () => {
    await s.page.goto('/');
    const banner = s.page.getByRole('dialog', { name: 'Согласие на cookie' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Принять' }).click();
    await banner.waitFor({ state: 'detached' });
    const cookies = await s.context.cookies();
    expect(cookies.find((c) => c.name === 'cookies_allow')?.value).toBe('accepted');
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'EVE Toolkit', level: 1 }).waitFor();
    expect(await s.page.getByRole('dialog', { name: 'Согласие на cookie' }).count()).toBe(0);
  });

  it('shows the 404 page (HTTP 404) for an unknown route', async () => {
    s.allowConsoleError(/status of 404 .*\/no\/such\/page\)$/);
    const res = await s.page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await s.page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
  });

  it('redirects the bare redirect page to the market list', async () => {
    await s.page.goto('/redirect');
    await s.page.waitForURL(`${baseUrl()}/market/list`);
  });

  it('sends feedback from /about/debug and thanks the user', async () => {
    await s.page.goto('/about/debug');
    await s.page.getByLabel('Заголовок').fill('Проверка из браузера');
    await s.page.getByLabel('Сообщение').fill('Всё работает');
    await s.page.getByRole('button', { name: /Отправить/ }).click();
    await s.page.getByText('Большое спасибо за ваш отзыв!').waitFor();
  });
});
