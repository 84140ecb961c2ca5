/** Accounts in Chromium: register, log in through the picture captcha, see the profile, log out. */
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

/** Solves the captcha on the page like a person: clicks every tile with the target figure. */
async function solveCaptcha(page: Page, shot?: string): Promise<void> {
  const generated = page.waitForResponse((r) => r.url().endsWith('/auth/generate_captcha'));
  const { id } = (await (await generated).json()) as { id: string };
  const answer = await answerOf(id);
  const grid = page.getByTestId('captcha');
  await grid.getByRole('button', { name: 'Картинка 16', exact: true }).waitFor();
  if (shot) await screenshot(page, shot);
  for (let i = 0; i < 16; i++)
    if (answer[i] === '1') await grid.getByRole('button', { name: `Картинка ${i + 1}`, exact: true }).click();
  await grid.getByRole('button', { name: 'Проверить' }).click();
}

describe('accounts in Chromium', () => {
  const s = useBrowserPage();

  it('registers, logs in through the captcha, shows the username, logs out', async () => {
    const name = `pilot_${Date.now().toString(36)}`;
    await s.page.goto('/account/register');
    await s.page.getByLabel('Логин').fill(name);
    await s.page.getByLabel('Пароль', { exact: true }).fill('секрет-123');
    await s.page.getByLabel('Повтор пароля').fill('секрет-123');
    await s.page.getByLabel('Принимаю').check();
    const captchaShown = solveCaptcha(s.page, 'account-captcha');
    await s.page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await captchaShown;
    await s.page.waitForURL(/\/account\/register_done$/);
    await s.page.getByRole('link', { name: 'Войти' }).last().click();

    await s.page.waitForURL(/\/account\/login$/);
    await s.page.getByLabel('Логин').fill(name);
    await s.page.getByLabel('Пароль').fill('секрет-123');
    const loginCaptcha = solveCaptcha(s.page);
    await s.page.getByRole('button', { name: 'Войти', exact: true }).click();
    await loginCaptcha;
    await s.page.waitForURL(new RegExp(`/account/user/${name}$`));
    await s.page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(await s.page.getByTestId('roles').textContent()).toBe('Пользователь');
    await s.page
      .getByRole('link', { name: `Профиль ${name}` })
      .first()
      .waitFor();

    // Link a game character on the (local) EVE SSO and come back to the profile.
    await s.page.getByRole('button', { name: 'Войти через EVE Online' }).click();
    await s.page.getByRole('heading', { name: 'Выберите персонажа' }).waitFor();
    await s.page.getByRole('link', { name: 'Ivan Petrov' }).click();
    await s.page.waitForURL(new RegExp(`/account/user/${name}\\?linked=\\d+$`));
    await s.page.getByText('Персонаж привязан.').waitFor();
    expect(await s.page.getByTestId('characters').innerText()).toContain('Ivan Petrov');
    await screenshot(s.page, 'account-profile');

    await s.page.getByRole('button', { name: 'Выйти' }).click();
    await s.page.waitForURL(/\/account\/login$/);
    const session = await s.page.evaluate(async () => (await fetch('/auth/get_session')).json());
    expect(session).toEqual({ isAuthenticated: false, username: null, roles: [] });
  });
});
