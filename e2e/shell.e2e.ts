/** The app shell in real Chromium against the built app: menu, theme, cookies, 404, feedback. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newContext, screenshot } from './support/browser';

jest.setTimeout(120_000);

describe('app shell in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    context = await newContext(browser);
    page = await context.newPage();
  });
  afterEach(() => context.close());

  it('opens the start page with the menu and the demo badge', async () => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    const menu = page.getByRole('navigation', { name: 'Главное меню' });
    await menu.waitFor();
    for (const item of ['Новости', 'Маркет', 'Лут', 'Индустрия', 'Планеты', 'О проекте']) {
      expect(await page.getByRole('banner').getByRole('link', { name: item, exact: true }).isVisible()).toBe(true);
    }
    // Guests see neither the corporation nor the admin entry.
    expect(await menu.getByRole('link', { name: 'Корпорация' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Админка' }).count()).toBe(0);
    await page.getByText('Демо-режим', { exact: false }).first().waitFor();
    await page.getByRole('heading', { name: 'EVE Toolkit', level: 1 }).waitFor();
    await screenshot(page, 'start-light');
  });

  it('navigates with the menu without a full reload', async () => {
    await page.goto('/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'О проекте', exact: true }).click();
    await page.waitForURL(/\/about/);
    await page
      .getByRole('heading', { name: /О проекте/ })
      .first()
      .waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  });

  it('toggles the theme and keeps it after a reload', async () => {
    await page.goto('/');
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('light');
    await page.getByRole('button', { name: 'Включить тёмную тему' }).click();
    expect(await scheme()).toBe('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Включить светлую тему' }).waitFor();
    expect(await scheme()).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('eve-toolkit-color-scheme'))).toBe('dark');
    await screenshot(page, 'start-dark');
  });

  it('hides the cookie banner after accepting and remembers the choice', async () => {
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: 'Согласие на cookie' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Принять' }).click();
    await banner.waitFor({ state: 'detached' });
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'cookies_allow')?.value).toBe('accepted');
    await page.reload();
    await page.getByRole('heading', { name: 'EVE Toolkit', level: 1 }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Согласие на cookie' }).count()).toBe(0);
  });

  it('shows the 404 page (HTTP 404) for an unknown route', async () => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
  });

  it('redirects the bare redirect page to the market list', async () => {
    await page.goto('/redirect');
    await page.waitForURL(`${baseUrl()}/market/list`);
  });

  it('sends feedback from /about/debug and thanks the user', async () => {
    await page.goto('/about/debug');
    await page.getByLabel('Заголовок').fill('Проверка из браузера');
    await page.getByLabel('Сообщение').fill('Всё работает');
    await page.getByRole('button', { name: /Отправить/ }).click();
    await page.getByText('Большое спасибо за ваш отзыв!').waitFor();
  });
});
