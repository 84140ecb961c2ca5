/**
 * The sign-in limit before the captcha (issue 37), in real Chromium and over real HTTP, on an app
 * of its own (the shared one's login budget is every other browser test's): RATE_LIMIT_SCALE=0.1,
 * so this address has 2 sign-ins per 10 minutes. Spent, the login page says how long to wait
 * before any captcha is asked, and the refused sign-in carries Retry-After and the minutes. The
 * registration page does the same with its own budget (1 registration per hour at this scale).
 */
import { limitMessage } from '@eve-toolkit/shared-types';
import { startApp, type AppProcess } from './support/app-process';
import { launchBrowser, newContext, screenshot, watchErrors } from './support/browser';
import type { Browser, Page } from 'playwright-core';

jest.setTimeout(240_000);

let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ APP_MODE: 'demo', RATE_LIMIT_SCALE: '0.1', SDE_AUTO_IMPORT: 'false', SCHEDULER_ENABLED: 'false' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A multipart POST from the page (its own session and CSRF token), as the account forms send it. */
function postForm(page: Page, path: string, fields: Record<string, string>) {
  return page.evaluate(
    async ({ path, fields }) => {
      const { token } = (await (await fetch('/auth/get_csrf')).json()) as { token: string };
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      const res = await fetch(path, { method: 'POST', body, headers: { 'X-CSRF-Token': token } });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { message?: string } };
    },
    { path, fields },
  );
}

it('a limited address sees the wait on the login page, and no captcha is asked', async () => {
  const context = await newContext(browser, app.url);
  // The refused sign-ins below are provoked on purpose (400 without a captcha, then 429).
  const errors = watchErrors(context, [/\/auth\/login\)$/]);
  const page = await context.newPage();
  try {
    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Войти', exact: true }).waitFor();
    expect(await page.getByTestId('login-limited').count()).toBe(0);

    // Two sign-ins with a wrong password from this address (the page's own session and CSRF token).
    const attempt = () => postForm(page, '/auth/login', { username: 'nobody', password: 'wrong-password', captcha_id: 'none' });
    for (let i = 0; i < 2; i++) expect((await attempt()).status).not.toBe(429);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    const wait = Number(refused.retryAfter);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    expect(refused.body.message).toBe(limitMessage('login', wait));

    // The page, opened again, says so at once; «Войти» stays off and no captcha is fetched.
    const captchas: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/auth/generate_captcha')) captchas.push(r.url());
    });
    await page.reload();
    const alert = page.getByTestId('login-limited');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(
      /Слишком много попыток входа с вашего адреса: попробуйте через \d+ минут[уы]?\. Капчу решать не нужно/,
    );
    await page.getByLabel('Логин').fill('demo_fc');
    await page.getByLabel('Пароль').fill('demo-fc-pass');
    expect(await page.getByRole('button', { name: 'Войти', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByTestId('captcha').count()).toBe(0);
    expect(captchas).toEqual([]);
    for (const size of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await screenshot(page, `login-limited-${size.width}`);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('a limited address sees the wait on the registration page, and no captcha is asked', async () => {
  const context = await newContext(browser, app.url);
  // The refused registrations below are provoked on purpose (400 without a captcha, then 429).
  const errors = watchErrors(context, [/\/auth\/registration\)$/]);
  const page = await context.newPage();
  try {
    await page.goto('/account/register');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).waitFor();
    expect(await page.getByTestId('registration-limited').count()).toBe(0);

    const attempt = () =>
      postForm(page, '/auth/registration', { username: 'newcomer', password: 'secret-123', captcha_id: 'none' });
    expect((await attempt()).status).not.toBe(429);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(limitMessage('registration', Number(refused.retryAfter)));

    // The page, opened again, says so at once; the form cannot be sent and no captcha is fetched.
    const captchas: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/auth/generate_captcha')) captchas.push(r.url());
    });
    await page.reload();
    const alert = page.getByTestId('registration-limited');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(
      /Слишком много регистраций с вашего адреса: попробуйте через \d+ минут[уы]?\. Капчу решать не нужно/,
    );
    await page.getByLabel('Логин').fill('newcomer');
    await page.getByLabel('Пароль', { exact: true }).fill('секрет-123');
    await page.getByLabel('Повтор пароля').fill('секрет-123');
    await page.getByLabel('Принимаю').check();
    expect(await page.getByRole('button', { name: 'Зарегистрироваться' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('captcha').count()).toBe(0);
    expect(captchas).toEqual([]);
    for (const size of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await screenshot(page, `registration-limited-${size.width}`);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
