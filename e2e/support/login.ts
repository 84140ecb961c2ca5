/** Logging in as a person would: the login page, a demo account's button, the picture captcha. */
import type { Page } from 'playwright-core';
import { solveCaptcha } from './captcha';

/** Logs a demo account (e.g. 'demo_admin') in through the login page; lands on its profile. */
export async function loginDemo(page: Page, account: string): Promise<void> {
  await page.goto('/account/login');
  await page
    .getByTestId('demo-accounts')
    .getByRole('button', { name: new RegExp(`${account} / `) })
    .click();
  const captcha = solveCaptcha(page);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await captcha;
  await page.waitForURL(new RegExp(`/account/user/${account}$`));
}
