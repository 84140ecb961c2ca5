/** Market list and item page in real Chromium, against the demo market (fake ESI + full SDE). */
import { deltaPercent, formatDelta, formatPrice, type MarketItemsResponse } from '@eve-toolkit/shared-types';
import { baseUrl, screenshot, useBrowserPage, waitForHydration } from './support/browser';

jest.setTimeout(120_000);

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('market in Chromium', () => {
  const s = useBrowserPage();

  it('lists categories with cards showing the API prices and deltas, formatted', async () => {
    const { data } = await api<MarketItemsResponse>('/data/market/items?hub=2');
    const tritanium = data.flatMap((c) => c.items).find((i) => i.id === 34)!;
    expect(tritanium.sell).not.toBeNull();

    await s.page.goto('/market/list');
    await s.page.getByRole('heading', { name: 'Минералы' }).waitFor();
    for (const category of data) {
      await s.page.getByRole('heading', { name: category.name, exact: true }).waitFor();
    }
    const card = s.page.getByRole('link', { name: /^Tritanium SELL/ });
    expect(await card.getAttribute('href')).toBe('/market/detail/34');
    const sell = card.getByTestId('price-row-SELL');
    expect(await sell.getByTestId('price').textContent()).toBe(`${formatPrice(tritanium.sell!)}\u00a0ISK`);
    const delta = deltaPercent(tritanium.sell!, tritanium.median_sell!);
    expect(await sell.getByTestId('delta').textContent()).toBe(formatDelta(delta));
    expect(await sell.getByTestId('delta').getAttribute('data-color')).toBe(delta! < 0 ? 'red' : 'green');
    const box = await card.boundingBox();
    expect(Math.round(box!.width)).toBe(250);
    await s.page
      .getByRole('link', { name: 'Расчет цен' })
      .or(s.page.getByRole('button', { name: 'Расчет цен' }))
      .first()
      .waitFor();
    await screenshot(s.page, 'market-list');
  });

  it('opens an item page with SELL/BUY and the price history chart, and goes back', async () => {
    await s.page.goto('/market/list');
    // The app's own navigation (a press before hydration loads the server's item page instead,
    // with the prices inside: e2e/ssr.e2e.ts).
    await waitForHydration(s.page);
    // The prices the page itself received: a market refresh may change today's between two reads.
    const detail = s.page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/data/market/detail/34') && r.ok());
    await s.page.getByRole('link', { name: /^Tritanium SELL/ }).click();
    const item = (await (await detail).json()) as { last_prices: Record<string, { B: number; S: number }> };
    const days = Object.keys(item.last_prices).length;
    expect(days).toBeGreaterThanOrEqual(25);
    await s.page.waitForURL(/\/market\/detail\/34$/);
    await s.page.getByRole('heading', { name: 'Tritanium', level: 1 }).waitFor();
    await s.page.getByText('Изменение цен').waitFor();
    // apexcharts renders an SVG with one line path per series (SELL and BUY), one point per day.
    const series = s.page.locator('.apexcharts-line-series .apexcharts-series');
    await series.first().waitFor();
    expect(await series.count()).toBe(2);
    expect(await s.page.locator('.apexcharts-legend-text').allTextContents()).toEqual(['SELL', 'BUY']);
    // The chart's own data (apexcharts registers named charts on window.Apex): one point per
    // stored day, oldest first, at exactly the API's prices.
    const plotted = await s.page.evaluate(() => {
      const registry = (window as unknown as { Apex?: { _chartInstances?: { chart: ApexLike }[] } }).Apex?._chartInstances ?? [];
      type ApexLike = { w: { config: { chart: { id?: string }; series: { name: string; data: [number, number][] }[] } } };
      const chart = registry.find((c) => c.chart.w.config.chart.id === 'market-price-history');
      return chart?.chart.w.config.series.map((x) => ({ name: x.name, data: x.data })) ?? null;
    });
    const sortedDays = Object.keys(item.last_prices).sort();
    const at = (day: string) => Date.parse(`${day}T00:00:00Z`);
    expect(plotted).toEqual([
      { name: 'SELL', data: sortedDays.filter((d) => item.last_prices[d].S !== null).map((d) => [at(d), item.last_prices[d].S]) },
      { name: 'BUY', data: sortedDays.filter((d) => item.last_prices[d].B !== null).map((d) => [at(d), item.last_prices[d].B]) },
    ]);
    expect(plotted![0].data).toHaveLength(days);
    await screenshot(s.page, 'market-detail');

    await s.page.getByRole('link', { name: 'Назад к списку' }).click();
    await s.page.waitForURL(/\/market\/list$/);
  });

  it('shows a clear not-found state for an unknown item', async () => {
    s.allowConsoleError(/status of 404 .*\/data\/market\/detail\/999999999\?hub=2\)$/);
    await s.page.goto('/market/detail/999999999');
    await s.page.getByRole('heading', { name: 'Предмет не найден' }).waitFor();
  });

  it('remembers the hub in market_hub_id only after cookies are accepted', async () => {
    await s.page.goto('/market/list');
    await s.page.getByRole('heading', { name: 'Минералы' }).waitFor();
    const chooseHub = (label: string) => s.page.getByRole('combobox', { name: 'Торговый хаб' }).selectOption({ label });
    await chooseHub('Amarr');
    expect((await s.context.cookies()).find((c) => c.name === 'market_hub_id')).toBeUndefined();

    await s.page.getByRole('dialog', { name: 'Согласие на cookie' }).getByRole('button', { name: 'Принять' }).click();
    await chooseHub('Dodixie');
    await s.page.waitForFunction(() => document.cookie.includes('market_hub_id=3'));
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Минералы' }).waitFor();
    expect(await s.page.getByRole('combobox', { name: 'Торговый хаб' }).inputValue()).toBe('3');
  });
});
