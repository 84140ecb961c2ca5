/**
 * Scheduled character checks in real Chromium against the demo app: the admin presses
 * «Проверить всех сейчас» (after the first run the demo's stand-in moves John Carter to Northern
 * Freight Union and makes him an outlaw), sees the change with its from -> to, acknowledges it and
 * opens the pilot's history. About 15 s.
 */
import { screenshot, useBrowserPage } from './support/browser';
import { loginDemo } from './support/login';

jest.setTimeout(120_000);

const JOHN = 2112000011;

describe('character checks in Chromium', () => {
  const s = useBrowserPage();

  it('a run flags the demo pilot who changed corporation; the admin acknowledges it and opens his history', async () => {
    const page = s.page;
    // A press while the scheduled run is still going is refused (409) and shown; the loop presses again.
    s.allowConsoleError(/409/);
    await loginDemo(page, 'demo_admin');
    await page.getByRole('link', { name: 'Админка', exact: true }).first().click();
    await page.getByRole('link', { name: 'Персонажи', exact: true }).first().click();
    await page.getByRole('link', { name: 'Изменения персонажей', exact: true }).click();
    await page.getByRole('heading', { name: 'Изменения персонажей' }).waitFor();

    const row = page.getByTestId(`flag-${JOHN}-corporation`);
    const runNow = page.getByRole('button', { name: 'Проверить всех сейчас' });
    // The first finished run is the baseline (and starts the demo's story); the next one flags it.
    for (let attempt = 0; attempt < 4 && !(await row.isVisible()); attempt++) {
      await page.locator('button:enabled', { hasText: 'Проверить всех сейчас' }).waitFor();
      const posted = page.waitForResponse((r) => r.url().endsWith('/api/admin/char_checks/run'));
      await runNow.click();
      await posted;
      await row.waitFor({ timeout: 15_000 }).catch(() => undefined);
    }
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['John Carter', 'Сменил корпорацию', 'School of Applied Knowledge', 'Northern Freight Union']),
    );
    await page.getByTestId(`flag-${JOHN}-security`).waitFor();
    await screenshot(page, 'admin-char-flags');

    await row.getByRole('button', { name: 'Отметить просмотренным: John Carter, Сменил корпорацию' }).click();
    await row.waitFor({ state: 'detached' });

    await page.getByTestId(`flag-${JOHN}-security`).getByRole('link', { name: 'John Carter' }).click();
    await page.waitForURL(new RegExp(`/best_admin/chars/${JOHN}$`));
    const history = page.getByRole('region', { name: 'История плановых проверок' });
    const snapshots = history.getByRole('table', { name: 'Снимки плановых проверок' });
    await snapshots.getByRole('row').nth(2).waitFor();
    expect(await snapshots.getByRole('row').nth(1).getByRole('cell').nth(1).innerText()).toBe('Northern Freight Union');
    expect(await history.getByTestId(`flag-${JOHN}-corporation`).innerText()).toMatch(/demo_admin/);
    await screenshot(page, 'admin-char-history');
  });
});
