/**
 * Game characters in Chromium, on the demo app: a demo account logs in through the picture
 * captcha and finds its pilot's card (read from the local ESI), links another pilot on the local
 * EVE SSO, sees its card, unlinks it and logs out.
 */
import { formatIsk } from '@eve-toolkit/shared-types';
import { screenshot, useBrowserPage } from './support/browser';
import { loginDemo } from './support/login';

jest.setTimeout(120_000);

const PAVEL = 2112000008; // demo_miner's pilot: Dodixie (0.87), 45 200 000 ISK, 1 unread mail
const ANNA = 2112000002; // free pilot: Uedama (0.505), 98 765 432.10 ISK, no unread mail

describe('game characters in Chromium', () => {
  const s = useBrowserPage();

  it("shows a demo pilot's card, links another pilot on the SSO, unlinks it, logs out", async () => {
    // Demo mode lists the demo accounts on the login page: the miner's.
    await loginDemo(s.page, 'demo_miner');

    const pavel = s.page.getByTestId(`character-${PAVEL}`);
    await pavel.waitFor();
    expect(await pavel.innerText()).toContain('Pavel Kuznetsov');
    const pavelSystem = pavel.locator('[data-sec]');
    expect(await pavelSystem.textContent()).toBe('Dodixie 0,9');
    expect(await pavelSystem.getAttribute('data-sec')).toBe('blue');
    expect(await pavel.getByText(/^Кошелёк:/).textContent()).toBe(`Кошелёк: ${formatIsk(45_200_000)}`);
    expect(await pavel.getByText(/^Новых писем:/).textContent()).toBe('Новых писем: 1');

    // Link a free pilot through the local EVE SSO.
    await s.page.getByRole('button', { name: 'Войти через EVE Online' }).click();
    await s.page.getByRole('heading', { name: 'Выберите персонажа' }).waitFor();
    await s.page.getByRole('link', { name: 'Anna Sokolova' }).click();
    await s.page.waitForURL(new RegExp(`/account/user/demo_miner\\?linked=${ANNA}$`));
    await s.page.getByText('Персонаж привязан.').waitFor();
    const anna = s.page.getByTestId(`character-${ANNA}`);
    await anna.waitFor();
    const annaSystem = anna.locator('[data-sec]');
    expect(await annaSystem.textContent()).toBe('Uedama 0,5');
    expect(await annaSystem.getAttribute('data-sec')).toBe('green');
    expect(await anna.getByText(/^Кошелёк:/).textContent()).toBe(`Кошелёк: ${formatIsk(98_765_432.1)}`);
    expect(await anna.getByText(/^Новых писем:/).textContent()).toBe('Новых писем: 0');
    await screenshot(s.page, 'characters-profile');

    // Refresh on demand keeps the cards, then unlink Anna.
    await s.page.getByRole('button', { name: 'Обновить данные персонажей' }).click();
    await s.page.getByRole('button', { name: 'Отвязать Anna Sokolova' }).click();
    await anna.waitFor({ state: 'detached' });
    expect(await s.page.getByTestId('characters').innerText()).toContain('Pavel Kuznetsov');

    await s.page.getByRole('button', { name: 'Выйти' }).click();
    await s.page.waitForURL(/\/account\/login$/);
    const session = await s.page.evaluate(async () => (await fetch('/auth/get_session')).json());
    expect(session).toEqual({ isAuthenticated: false, username: null, roles: [] });
  });
});
