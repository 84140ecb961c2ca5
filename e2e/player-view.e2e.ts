/**
 * What a first-time player tripped over (issue 37), in real Chromium against the demo app:
 * - the market search from the header and from the market list: a keyboard-usable combobox, a
 *   misspelt English name finds the item, Enter opens its page; the item page switches the hub
 *   and shows the spread, volume and orders; the cards use a phone's width;
 * - one Russian 24-hour format for dates and times in a Chromium started in English
 *   (`--lang=en-US`, an `en-US` context): the ping cards and the ping form's start field;
 * - the theme on a first visit follows the system's `prefers-color-scheme` (light without one),
 *   and a saved choice wins.
 * Screenshots at 1366×900 and 390×844, light and dark: e2e/artifacts/player-*.png.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { formatPrice, type MarketItemDetail, type MarketSearchResponse } from '@eve-toolkit/shared-types';
import { baseUrl, CHROMIUM_PATH, screenshot, useBrowserPage, watchErrors } from './support/browser';
import { loginDemo } from './support/login';

jest.setTimeout(180_000);

const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The theme as the theme button saves it (Mantine's localStorage key). */
async function useTheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((s) => window.localStorage.setItem('eve-toolkit-color-scheme', s), scheme);
}

describe('market search and item page', () => {
  const s = useBrowserPage();

  it('the header’s search: a misspelt name, arrows and Enter open the item; the item page switches the hub', async () => {
    const found = (await (await fetch(`${baseUrl()}/data/market/search?q=hammerhed%20ii&hub=2`)).json()) as MarketSearchResponse;
    expect(found.items[0]).toMatchObject({ id: 2185, name: 'Hammerhead II' });

    await s.page.goto('/news');
    await s.page.getByRole('button', { name: 'Поиск по маркету' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Поиск по маркету' });
    const input = dialog.getByRole('combobox', { name: 'Название предмета' });
    await input.waitFor();
    // The demo market's book moves on its own clock: the prices shown are those of the answer the
    // page itself got for the whole name typed (not of the fetch above, minutes earlier on a busy machine).
    const shown = s.page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/data/market/search' && url.searchParams.get('q') === 'hammerhed ii' && r.ok();
    });
    // The field has the focus: typing goes straight into it.
    await s.page.keyboard.type('hammerhed ii');
    const options = s.page.getByRole('listbox', { name: 'Найденные предметы' }).getByRole('option');
    await options.first().getByText('Hammerhead II', { exact: true }).waitFor();
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    const first = ((await (await shown).json()) as MarketSearchResponse).items[0];
    expect(first.id).toBe(2185);
    expect(await options.first().innerText()).toContain(
      `SELL ${first.sell === null ? 'нет данных' : `${formatPrice(first.sell)}\u00a0ISK`}`,
    );
    await screenshot(s.page, 'player-search-desktop');
    // Down then up: back on the best match; Enter opens it.
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('ArrowUp');
    await s.page.keyboard.press('Enter');
    await s.page.waitForURL(/\/market\/detail\/2185$/);
    await s.page.getByRole('heading', { name: 'Hammerhead II', level: 1 }).waitFor();
    expect(await dialog.count()).toBe(0);

    // The hub switch on the item page: Amarr's own prices and book.
    const amarr = s.page.waitForResponse((r) => r.url().endsWith('/data/market/detail/2185?hub=1') && r.ok());
    await s.page.getByLabel('Торговый хаб').selectOption({ label: 'Amarr' });
    const detail = (await (await amarr).json()) as MarketItemDetail;
    const book = s.page.getByTestId('market-book');
    await s.page.getByTestId('book-spread').waitFor();
    const sellText =
      detail.book === null ? 'нет данных' : detail.book.sell_orders === 0 ? 'нет ордеров' : `${detail.book.sell_orders}`;
    await book.getByTestId('book-sell').filter({ hasText: sellText }).waitFor();
    if (detail.sell !== null && detail.buy !== null) {
      const spread = (await s.page.getByTestId('book-spread').innerText()).replace(/\u00a0/g, ' ');
      expect(spread).toMatch(/^-?[\d ]+,\d\d ISK \(-?[\d ,]+ % от SELL\)$/);
    }
  });

  it('the market list’s search, keyboard only; the cards use a phone’s width', async () => {
    await s.page.setViewportSize({ width: 390, height: 844 });
    await s.page.goto('/market/list');
    await s.page.getByRole('heading', { name: 'Минералы' }).waitFor();
    // One card a row across the width (the spec's 250 px from 36em up).
    const card = s.page.getByRole('link', { name: /^Tritanium SELL/ });
    const box = (await card.boundingBox())!;
    expect(box.width).toBeGreaterThan(330);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    const input = s.page.getByRole('combobox', { name: 'Поиск по маркету' });
    await input.focus();
    await s.page.keyboard.type('магматич');
    await s.page.getByTestId('market-search-option').first().waitFor();
    await s.page.keyboard.press('Enter');
    await s.page.waitForURL(/\/market\/detail\/\d+$/);
    await s.page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('screenshots: market list, item page and search at both sizes, light and dark', async () => {
    await s.page.goto('/market/list');
    for (const scheme of ['light', 'dark'] as const) {
      await useTheme(s.page, scheme);
      for (const size of SIZES) {
        await s.page.setViewportSize(size);
        await s.page.goto('/market/detail/34');
        await s.page.getByTestId('book-spread').waitFor();
        await screenshot(s.page, `player-item-${size.name}-${scheme}`);
        await s.page.goto('/market/list');
        await s.page.getByRole('heading', { name: 'Минералы' }).waitFor();
        await s.page.getByRole('combobox', { name: 'Поиск по маркету' }).fill('raven');
        await s.page.getByTestId('market-search-option').first().waitFor();
        await screenshot(s.page, `player-list-search-${size.name}-${scheme}`);
      }
    }
  });
});

describe('an English-language browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let errors: string[];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--lang=en-US',
      ],
    });
    context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US', viewport: { width: 1366, height: 900 } });
    await context.route(/images\.evetech\.net/, (route) => route.abort());
    errors = watchErrors(context);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('shows pings and the ping form in one Russian 24-hour format', async () => {
    const page = await context.newPage();
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    // The browser's own formats are English here (what the site must not follow).
    expect(await page.evaluate(() => new Date(Date.UTC(2026, 10, 30, 19)).toLocaleString(undefined, { timeZone: 'UTC' }))).toBe(
      '11/30/2026, 7:00:00 PM',
    );
    await loginDemo(page, 'demo_fc');
    await page.goto('/corp/events');
    const form = page.getByRole('form', { name: 'Новый пинг' });
    const start = form.getByRole('textbox', { name: /Начало \(ET\)/ });
    // The suggested start: the next full hour in EVE time, written the Russian way.
    expect(await start.inputValue()).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:00$/);
    expect(await start.getAttribute('type')).toBe('text');
    expect(await start.getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ ЧЧ:ММ');
    // Digits only: 19:00 three days ahead (ET), the separators come by themselves.
    const when = new Date(Date.now() + 3 * 86_400_000);
    const two = (n: number) => String(n).padStart(2, '0');
    const typed = `${two(when.getUTCDate())}${two(when.getUTCMonth() + 1)}${when.getUTCFullYear()}1900`;
    await start.fill('');
    await start.pressSequentially(typed);
    const shown = `${two(when.getUTCDate())}.${two(when.getUTCMonth() + 1)}.${when.getUTCFullYear()} 19:00`;
    expect(await start.inputValue()).toBe(shown);
    const name = `Вечерний роум ${Date.now().toString(36)}`;
    await form.getByRole('textbox', { name: /Название/ }).fill(name);
    await form.getByRole('button', { name: 'Создать пинг' }).click();
    const card = page.getByRole('article', { name: `Пинг «${name}»` });
    await card.waitFor();
    expect(await card.getByTestId('event-et').textContent()).toBe(`${shown} ET`);
    // The reader's own time (the browser's zone), the same Russian 24-hour form, no AM/PM.
    expect(await card.getByTestId('event-local').textContent()).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    await card.getByRole('button', { name: 'Изменить' }).click();
    const edit = card.getByRole('form', { name: 'Изменить пинг' });
    expect(await edit.getByRole('textbox', { name: /Начало \(ET\)/ }).inputValue()).toBe(shown);
    await screenshot(page, 'player-ping-en-us');
    await edit.getByRole('button', { name: 'Отмена' }).click();
    await card.getByRole('button', { name: 'Отменить пинг' }).click();
    await card.getByRole('button', { name: 'Да, отменить' }).click();
    await page.getByRole('article', { name: `Пинг «${name}» (отменён)` }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the theme on a first visit', () => {
  const s = useBrowserPage();

  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
    ['no-preference', 'light'],
  ] as const)('a system preferring %s: the site opens %s', async (system, expected) => {
    await s.page.emulateMedia({ colorScheme: system });
    await s.page.goto('/market/list');
    await s.page.getByRole('heading', { name: 'Маркет', level: 1 }).waitFor();
    expect(await s.page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(expected);
    const label = expected === 'dark' ? 'Включить светлую тему' : 'Включить тёмную тему';
    await s.page.getByRole('button', { name: label }).waitFor();
  });

  it('a saved choice wins over the system’s', async () => {
    await s.page.emulateMedia({ colorScheme: 'dark' });
    await s.page.goto('/market/list');
    await s.page.getByRole('button', { name: 'Включить светлую тему' }).click();
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Маркет', level: 1 }).waitFor();
    expect(await s.page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('light');
    expect(await s.page.evaluate(() => window.localStorage.getItem('eve-toolkit-color-scheme'))).toBe('light');
  });
});
