/**
 * Game characters in Chromium, on the demo app: a demo account logs in through the picture
 * captcha and finds its pilot's card (read from the local ESI), links another pilot on the local
 * EVE SSO, sees its card, unlinks it and logs out.
 */
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import type { Page } from 'playwright-core';
import { screenshot, useBrowserPage } from './support/browser';

jest.setTimeout(120_000);

/** The test reads the captcha's answer from the app's database (its Unix socket in DATA_DIR). */
async function answerOf(captchaId: string): Promise<string> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const client = await MongoClient.connect(`mongodb://${encodeURIComponent(join(dir, 'db', 'mongod.sock'))}`);
  try {
    const doc = await client
      .db('eve_toolkit')
      .collection('captchas')
      .findOne({ _id: captchaId as never });
    return String(doc?.answer);
  } finally {
    await client.close();
  }
}

/** Clicks every tile with the target figure, like a person. */
async function solveCaptcha(page: Page): Promise<void> {
  const generated = page.waitForResponse((r) => r.url().endsWith('/auth/generate_captcha'));
  const { id } = (await (await generated).json()) as { id: string };
  const answer = await answerOf(id);
  const grid = page.getByTestId('captcha');
  await grid.getByRole('button', { name: 'Картинка 16', exact: true }).waitFor();
  for (let i = 0; i < 16; i++)
    if (answer[i] === '1') await grid.getByRole('button', { name: `Картинка ${i + 1}`, exact: true }).click();
  await grid.getByRole('button', { name: 'Проверить' }).click();
}

const PAVEL = 2112000008; // demo_miner's pilot: Dodixie (0.87), 45 200 000 ISK, 1 unread mail
const ANNA = 2112000002; // free pilot: Uedama (0.505), 98 765 432.10 ISK, no unread mail

describe('game characters in Chromium', () => {
  const s = useBrowserPage();

  it("shows a demo pilot's card, links another pilot on the SSO, unlinks it, logs out", async () => {
    await s.page.goto('/account/login');
    // Demo mode lists the demo accounts on the login page: pick the miner.
    await s.page
      .getByTestId('demo-accounts')
      .getByRole('button', { name: /demo_miner \/ demo-miner-pass/ })
      .click();
    const captcha = solveCaptcha(s.page);
    await s.page.getByRole('button', { name: 'Войти', exact: true }).click();
    await captcha;
    await s.page.waitForURL(/\/account\/user\/demo_miner$/);

    const pavel = s.page.getByTestId(`character-${PAVEL}`);
    await pavel.waitFor();
    expect(await pavel.innerText()).toContain('Pavel Kuznetsov');
    const pavelSystem = pavel.locator('[data-sec]');
    expect(await pavelSystem.textContent()).toBe('Dodixie 0,9');
    expect(await pavelSystem.getAttribute('data-sec')).toBe('blue');
    expect(await pavel.getByText(/^Кошелёк:/).textContent()).toBe('Кошелёк: 45 200 000,00 ISK');
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
    expect(await anna.getByText(/^Кошелёк:/).textContent()).toBe('Кошелёк: 98 765 432,10 ISK');
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
