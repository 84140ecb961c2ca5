/**
 * Scheduled character checks in real Chromium against the demo app: the admin presses
 * «Проверить всех сейчас» (after the first run the demo's stand-in moves John Carter to Northern
 * Freight Union and makes him an outlaw), sees the change with its from -> to, acknowledges it and
 * opens the pilot's history. About 15 s.
 */
import type { CharacterFlagsResponse } from '@eve-toolkit/shared-types';
import { screenshot, useBrowserPage } from './support/browser';
import { loginDemo } from './support/login';
import { pollUntil } from './support/poll';

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
    /** The admin area's own view of the checks: John's open corporation flags and the latest run. */
    const state = async () =>
      (await (
        await page.request.get(`/api/admin/char_flags?character_id=${JOHN}&kind=corporation`)
      ).json()) as CharacterFlagsResponse;
    /** Waits (a state, asked every half second) until no run is in progress: ours, or the demo's scheduled one. */
    const noRunInProgress = () =>
      pollUntil(
        'the character check run finished',
        async () => {
          const now = await state();
          return !now.run || now.run.finished_at ? now : null;
        },
        100_000,
      );
    // The first finished run is the baseline (and starts the demo's story: John moves); a run after
    // it flags him. Whatever the demo's schedule did before, at most two runs of ours get there; a
    // press while a scheduled run is going is refused (409, shown) and pressed again once it ended.
    let runs = 0;
    for (let now = await noRunInProgress(); now.total === 0; now = await noRunInProgress()) {
      expect(runs).toBeLessThan(3);
      await page.locator('button:enabled', { hasText: 'Проверить всех сейчас' }).waitFor();
      const posted = page.waitForResponse((r) => r.url().endsWith('/api/admin/char_checks/run'));
      await runNow.click();
      const answer = await posted;
      expect([200, 409]).toContain(answer.status());
      if (answer.status() !== 200) continue;
      runs++;
      // Ours has started in the background: wait for it (a run newer than the last) to finish.
      await pollUntil(
        'our character check run finished',
        async () => {
          const after = await state();
          return after.run && after.run.id !== now.run?.id && after.run.finished_at ? after : null;
        },
        100_000,
      );
    }
    // The flag is in the admin area: the open page shows it (live, from the run's socket event).
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
