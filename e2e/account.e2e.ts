/** Accounts in Chromium: register, log in through the picture captcha, see the profile, log out. */
import { screenshot, useBrowserPage } from './support/browser';
import { solveCaptcha } from './support/captcha';

jest.setTimeout(120_000);

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
