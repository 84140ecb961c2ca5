/** Market list and item page in real Chromium, against the demo market (fake ESI + full SDE). */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { deltaPercent, formatDelta, formatPrice, type MarketItemsResponse } from '@eve-toolkit/shared-types';
import { baseUrl, launchBrowser, newContext, screenshot } from './support/browser';

jest.setTimeout(120_000);

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('market in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    context = await newContext(browser);
    page = await context.newPage();
  });
  afterEach(() => context.close());

  it('lists categories with cards showing the API prices and deltas, formatted', async () => {
    const { data } = await api<MarketItemsResponse>('/data/market/items?hub=2');
    const tritanium = data.flatMap((c) => c.items).find((i) => i.id === 34)!;
    expect(tritanium.sell).not.toBeNull();

    await page.goto('/market/list');
    await page.getByRole('heading', { name: 'Минералы' }).waitFor();
    for (const category of data) {
      await page.getByRole('heading', { name: category.name, exact: true }).waitFor();
    }
    const card = page.getByRole('link', { name: 'Tritanium', exact: true });
    expect(await card.getAttribute('href')).toBe('/market/detail/34');
    const sell = card.getByTestId('price-row-SELL');
    expect(await sell.getByTestId('price').textContent()).toBe(formatPrice(tritanium.sell!));
    const delta = deltaPercent(tritanium.sell!, tritanium.median_sell!);
    expect(await sell.getByTestId('delta').textContent()).toBe(formatDelta(delta));
    expect(await sell.getByTestId('delta').getAttribute('data-color')).toBe(delta! < 0 ? 'red' : 'green');
    const box = await card.boundingBox();
    expect(Math.round(box!.width)).toBe(250);
    await page
      .getByRole('link', { name: 'Расчет цен' })
      .or(page.getByRole('button', { name: 'Расчет цен' }))
      .first()
      .waitFor();
    await screenshot(page, 'market-list');
  });

  it('opens an item page with SELL/BUY and the price history chart, and goes back', async () => {
    const item = await api<{ last_prices: Record<string, { B: number; S: number }> }>('/data/market/detail/34?hub=2');
    const days = Object.keys(item.last_prices).length;
    expect(days).toBeGreaterThanOrEqual(25);

    await page.goto('/market/list');
    await page.getByRole('link', { name: 'Tritanium', exact: true }).click();
    await page.waitForURL(/\/market\/detail\/34$/);
    await page.getByRole('heading', { name: 'Tritanium', level: 1 }).waitFor();
    await page.getByText('Изменение цен').waitFor();
    // apexcharts renders an SVG with one line path per series (SELL and BUY), one point per day.
    const series = page.locator('.apexcharts-line-series .apexcharts-series');
    await series.first().waitFor();
    expect(await series.count()).toBe(2);
    expect(await page.locator('.apexcharts-legend-text').allTextContents()).toEqual(['SELL', 'BUY']);
    await screenshot(page, 'market-detail');

    await page.getByRole('link', { name: 'Назад к списку' }).click();
    await page.waitForURL(/\/market\/list$/);
  });

  it('shows a clear not-found state for an unknown item', async () => {
    await page.goto('/market/detail/999999999');
    await page.getByRole('heading', { name: 'Предмет не найден' }).waitFor();
  });

  it('remembers the hub in market_hub_id only after cookies are accepted', async () => {
    await page.goto('/market/list');
    await page.getByRole('heading', { name: 'Минералы' }).waitFor();
    const chooseHub = async (label: string) => {
      await page.getByRole('combobox', { name: 'Торговый хаб' }).click();
      await page.getByRole('option', { name: label }).click();
    };
    await chooseHub('Amarr');
    expect((await context.cookies()).find((c) => c.name === 'market_hub_id')).toBeUndefined();

    await page.getByRole('dialog', { name: 'Согласие на cookie' }).getByRole('button', { name: 'Принять' }).click();
    await chooseHub('Dodixie');
    await page.waitForFunction(() => document.cookie.includes('market_hub_id=3'));
    await page.reload();
    await page.getByRole('heading', { name: 'Минералы' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Торговый хаб' }).inputValue()).toBe('Dodixie');
  });
});
