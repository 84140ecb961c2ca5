/** Logging in as a person would: the login page, a demo account's button or the form, the picture captcha. */
import type { Page } from 'playwright-core';
import { solveCaptcha } from './captcha';

/** Presses «Войти» on the filled login form, solves the captcha; lands on the account's profile. */
async function submitLogin(page: Page, account: string): Promise<void> {
  const captcha = solveCaptcha(page);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await captcha;
  await page.waitForURL(new RegExp(`/account/user/${account}$`));
}

/** Logs a demo account (e.g. 'demo_admin') in through the login page; lands on its profile. */
export async function loginDemo(page: Page, account: string): Promise<void> {
  await page.goto('/account/login');
  await page
    .getByTestId('demo-accounts')
    .getByRole('button', { name: new RegExp(`${account} / `) })
    .click();
  await submitLogin(page, account);
}

/** Logs an account in with its login and password typed into the login page; lands on its profile. */
export async function loginWithPassword(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/account/login');
  await page.getByLabel('Логин').fill(account);
  await page.getByLabel('Пароль').fill(password);
  await submitLogin(page, account);
}
