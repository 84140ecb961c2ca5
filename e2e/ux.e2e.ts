/**
 * The player's view (issue 25) in real Chromium at a laptop's 1366×900 and a phone's 390×844,
 * kept lean (one browser, a dozen page loads):
 *  - the cookie banner hides no control: with a long paste on the appraisal page every control
 *    can be scrolled into sight clear of it, on both sizes, and it takes little of a phone screen;
 *  - numeric inputs: the tax erased and typed anew, a decimal comma, a pasted grouped number, and
 *    ME above its maximum shown clamped with the reason — the request carries exactly that;
 *  - the project jobs table at 1366 px with «Найти мои работы» open: nothing squeezed or cut off,
 *    the structure a job runs in by its name;
 *  - no sideways page scroll at 390 px on the changed screens; lists show their key values.
 * Screenshots of each (e2e/artifacts/ux-*.png).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, baseUrl, screenshot } from './support/browser';
import { useBrowsers } from './support/browsers';
import { DEMO_GAME_JOBS } from './support/demo-jobs';
import { loginDemo } from './support/login';

jest.setTimeout(240_000);

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
type Size = typeof DESKTOP;
const tag = (size: Size) => String(size.width);
const SIZES: [string, Size][] = [
  ['1366×900', DESKTOP],
  ['390×844', PHONE],
];

/** What is on screen now (the banner is fixed: a full-page shot would show it mid-page). */
async function viewShot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** A long inventory paste: the submit button and the hub select end up far below the first screen. */
const LONG_PASTE = Array.from({ length: 40 }, (_, i) => `${i % 2 ? 'Pyerite' : 'Tritanium'}\t${1000 + i}`).join('\n');

const browsers = useBrowsers();

/** A fresh context's page at `size`; `consent`: the cookie banner answered beforehand. */
async function open(size: Size, consent: boolean): Promise<Page> {
  const page = await browsers.open({
    prepare: consent
      ? (context) => context.addCookies([{ name: 'cookies_allow', value: 'accepted', url: baseUrl() }])
      : undefined,
  });
  await page.setViewportSize(size);
  return page;
}

/** The page scrolls sideways? (document wider than the viewport) */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Every visible control (buttons, fields, links, comboboxes) outside the banner, scrolled into
 * sight as a keyboard user's focus would be (its bottom edge to the bottom of the view, the
 * worst case for a bar at the bottom): those whose centre is then covered by something else.
 */
async function controlsCovered(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const banner = document.querySelector('[aria-label="Согласие на cookie"]');
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('button, input, textarea, select, a[href], [role="combobox"]'),
    ).filter((el) => {
      if (banner?.contains(el) || el.closest('[aria-hidden="true"]')) return false;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.opacity !== '0';
    });
    const covered: string[] = [];
    for (const el of controls) {
      el.scrollIntoView({ block: 'end', inline: 'nearest', behavior: 'instant' });
      const box = el.getBoundingClientRect();
      // A closed drawer (the phone menu) waits off the side of the screen, the skip link above its
      // top edge until it has focus: not controls in sight (fixed, scrolling cannot bring them in).
      if (box.right <= 0 || box.left >= window.innerWidth || box.bottom <= 0 || box.top >= window.innerHeight) continue;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !(el === hit || el.contains(hit) || hit.contains(el) || hit.closest('label')?.contains(el))) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
        covered.push(
          `${el.tagName.toLowerCase()} «${name}» under ${hit?.closest('[data-testid]')?.getAttribute('data-testid') ?? hit?.tagName}`,
        );
      }
    }
    return covered;
  });
}

async function post<T>(page: Page, path: string, data: object): Promise<T> {
  const { token } = (await (await page.request.get('/auth/get_csrf')).json()) as { token: string };
  const res = await page.request.post(path, { data, headers: { 'X-CSRF-Token': token } });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

afterAll(() => expect(browsers.errors()).toEqual([]));

describe('the player’s view in Chromium', () => {
  it.each(SIZES)('the cookie banner hides no control (appraisal with a long paste, %s)', async (_, size) => {
    const page = await open(size, false);
    await page.goto('/market/appraisal');
    const banner = page.getByRole('dialog', { name: 'Согласие на cookie' });
    await banner.waitFor();
    await page.getByRole('textbox', { name: 'Список предметов' }).fill(LONG_PASTE);
    expect(await controlsCovered(page)).toEqual([]);
    // A bar, not a box over a third of the screen.
    const box = (await banner.boundingBox())!;
    expect(box.height).toBeLessThan(size.height * (size === PHONE ? 0.2 : 0.1));
    expect(await sideways(page)).toBe(0);
    await page.getByRole('button', { name: 'Оценить' }).scrollIntoViewIfNeeded();
    await viewShot(page, `ux-banner-${tag(size)}`);
    // The choice still hides it for good.
    await banner.getByRole('button', { name: 'Принять' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
  });

  it.each(SIZES)('numeric inputs: erase, type, decimal comma, paste, out of range shown clamped (%s)', async (_, size) => {
    const page = await open(size, true);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/industry');
    await page.getByRole('combobox', { name: /Предмет/ }).fill('Helium Fuel Block');
    await page.getByRole('option', { name: 'Helium Fuel Block', exact: true }).click();
    await page.getByRole('combobox', { name: /Система/ }).fill('jit');
    await page.getByRole('option', { name: 'Jita (0,9)' }).click();

    const tax = page.getByRole('textbox', { name: 'Налог, %' });
    expect(await tax.inputValue()).toBe('0,25');
    await tax.click();
    await tax.press('ControlOrMeta+a');
    await tax.press('Backspace');
    expect(await tax.inputValue()).toBe('');
    await tax.pressSequentially('1,5');
    expect(await tax.inputValue()).toBe('1,5');

    const me = page.getByRole('textbox', { name: 'ME чертежа' });
    await me.fill('');
    await me.pressSequentially('15');
    expect(await me.inputValue()).toBe('10');
    await page.getByText('Не больше 10: вместо 15 взято 10').waitFor();

    const quantity = page.getByRole('textbox', { name: 'Количество' });
    await quantity.click();
    await quantity.press('ControlOrMeta+a');
    // A paste of a number grouped the way the game and spreadsheets show it.
    await page.evaluate(() => navigator.clipboard.writeText('1 000'));
    await quantity.press('ControlOrMeta+v');
    await quantity.press('Tab');
    expect((await quantity.inputValue()).replace(/\u00a0/g, ' ')).toBe('1 000');

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/data/industry/job') && r.method() === 'POST'),
      page.getByRole('button', { name: 'Рассчитать' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ quantity: 1000, me: 10, tax: 1.5 });
    await page.getByTestId('job-tree').waitFor();
    expect(await sideways(page)).toBe(0);
    await screenshot(page, `ux-industry-${tag(size)}`);
  });

  it('the project jobs table at 1366 px with «Найти мои работы» open: nothing squeezed or cut off; the structure by name', async () => {
    const page = await open(DESKTOP, true);
    // The game job this test lists (support/demo-jobs.ts: the industrialist's fuel-block job).
    const own = DEMO_GAME_JOBS.uxClaimPanel;
    await loginDemo(page, own.account);
    // An own project (the shared demo projects change status in other tests): Helium Fuel Blocks,
    // which the demo pilots build in the demo corporation's structure in Jita.
    const { project } = await post<{ project: { id: string } }>(page, '/auth/corp/add_project', {
      name: 'Топливо (проверка таблицы)',
      desc: 'Работы и закупка рядом',
      jobs: [{ id: own.product, blueprint_id: own.blueprint, runs: 40, pay: 15_000 }],
      materials: [{ id: 34, quantity: 5_000, pay: 5 }],
    });
    await post(page, '/auth/corp/update_project', { project_id: project.id, type: 'update', new_status: 'working' });
    await page.goto(`/corp/projects/${project.id}`);
    const table = page.getByTestId('project-jobs');
    await table.waitFor();
    await page.getByRole('button', { name: 'Найти мои работы: Helium Fuel Block' }).click();
    const panel = page.getByTestId(`claim-${'j1'}`);
    const candidates = panel.getByTestId('candidates-j1');
    await candidates.waitFor();

    // The structure a job runs in, by its name (read from ESI with the pilot's token).
    const facilities = await candidates
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')));
    expect(facilities.length).toBeGreaterThan(0);
    for (const f of facilities) expect(f).toContain('Jita - Demo Syndicate Raitaru');
    expect(await panel.getByText(/Сооружение \d+/).count()).toBe(0);

    // Nothing squeezed: badges show their whole word, the claim button is whole and inside the table.
    const clipped = await table.evaluate((t) =>
      Array.from(t.querySelectorAll<HTMLElement>('.mantine-Badge-label, button'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.textContent} ${el.scrollWidth}/${el.clientWidth}`),
    );
    expect(clipped).toEqual([]);
    for (const badge of ['постройка', 'закупка']) {
      expect(await table.getByText(badge, { exact: true }).first().isVisible()).toBe(true);
    }
    const submit = (await panel.getByRole('button', { name: 'Засчитать выбранные' }).boundingBox())!;
    const tableBox = (await table.boundingBox())!;
    expect(submit.x + submit.width).toBeLessThanOrEqual(tableBox.x + tableBox.width + 1);
    expect(submit.x + submit.width).toBeLessThanOrEqual(DESKTOP.width);
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'ux-project-claim-1366');

    // The same on a phone: one card per job, the panel under it, no sideways scroll.
    await page.setViewportSize(PHONE);
    await panel.getByRole('button', { name: 'Засчитать выбранные' }).waitFor();
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'ux-project-claim-390');

    // Pings read in Russian, on the phone too.
    await page.goto('/corp/events');
    await page.getByText('Защита дома').first().waitFor();
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'ux-corp-events-390');
  });

  it('phones: no sideways page scroll at 390 px; lists as cards with their key values in sight', async () => {
    const page = await open(PHONE, true);
    for (const path of ['/', '/market/list', '/account/login']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect({ path, sideways: await sideways(page) }).toEqual({ path, sideways: 0 });
    }
    await screenshot(page, 'ux-login-390');

    // The appraisal: each line a card whose SELL and BUY are on screen.
    await page.goto('/market/appraisal');
    await page.getByRole('textbox', { name: 'Список предметов' }).fill('Tritanium\t1000\nPyerite\t500');
    await page.getByRole('button', { name: 'Оценить' }).click();
    const table = page.getByTestId('appraisal-table');
    await table.waitFor();
    for (const label of ['SELL', 'BUY']) {
      const cell = table.locator(`td[data-label="${label}"]`).first();
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'ux-appraisal-390');

    // Planetology: the template buttons on screen, not off to the side.
    await page.goto('/planetology');
    await page.getByPlaceholder('Jita').fill('Jit');
    await page.getByRole('option', { name: 'Jita (0,9)' }).click();
    await page.getByPlaceholder('Robotics').fill('Robotics');
    await page.getByRole('option', { name: 'Robotics (P3)' }).click();
    await page.getByRole('button', { name: 'Построить' }).click();
    const card = page.getByRole('region', { name: 'Схема: Robotics' });
    await card.getByText('Вам потребуются:').waitFor();
    const buttons = card.locator('button[data-layout]');
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const box of await buttons.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right))) {
      expect(box).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'ux-planetology-390');
  });
});
