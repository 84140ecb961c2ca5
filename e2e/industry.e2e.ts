/**
 * The industry calculator in real Chromium against the demo app (full SDE, fake ESI): fill the
 * form, compute, toggle build/buy on a node and see the totals above it change, use the cheapest
 * choice, copy the shopping list. Expected numbers come from the API's own tree for the same
 * request, re-added here by hand.
 */
import type { Page } from 'playwright-core';
import { ALL_INDUSTRY_SKILLS_V, formatIsk, type IndustryJobResponse, type JobNode } from '@eve-toolkit/shared-types';
import { screenshot, useBrowserPage } from './support/browser';
import { pollUntil } from './support/poll';

jest.setTimeout(180_000);

/** What the form sends for Dominix in Jita with the defaults (see frontend lib/form.ts). */
const REQUEST = {
  blueprint_id: 999,
  quantity: 1,
  system_id: 30000142,
  me: 0,
  te: 0,
  component_me: 10,
  component_te: 20,
  tax: 0.25,
  reactions: false,
  station_key: 'npc',
  station_rig: [],
  reaction_station: null,
  reaction_rig: [],
  science_station: 'npc',
  science_rig: [],
  hub: 2,
  skills: ALL_INDUSTRY_SKILLS_V,
  nodes: {},
  price_overrides: {},
};

/** POST data/industry/job through the page's own session (cookies) with its CSRF token. */
async function apiJob(page: Page): Promise<IndustryJobResponse> {
  const { token } = (await (await page.request.get('/auth/get_csrf')).json()) as { token: string };
  const res = await page.request.post('/data/industry/job', { data: REQUEST, headers: { 'X-CSRF-Token': token } });
  expect(res.status()).toBe(200);
  return (await res.json()) as IndustryJobResponse;
}

/** The demo's industry inputs (adjusted prices, cost indices) are their own job at start: wait for them. */
async function jobWithIndices(page: Page): Promise<IndustryJobResponse> {
  return pollUntil('cost indices and adjusted prices in the job', async () => {
    const job = await apiJob(page);
    return job.system_indexes.cost_indices.length > 0 && job.job.adjusted_price !== null ? job : null;
  });
}

const buildable = (n: JobNode) => n.blueprint_id !== null && n.materials.length > 0;
const buyCost = (n: JobNode) => n.quantity * (n.market_sell ?? 0);
/** Independent re-addition: the cost of a node at SELL prices when everything below is built. */
const builtCost = (n: JobNode): number =>
  n.work_price_total + n.pay * n.runs + n.materials.reduce((s, m) => s + (buildable(m) ? builtCost(m) : buyCost(m)), 0);
/** The cheapest choice by hand: children first; no SELL price -> build. */
const cheapestCost = (n: JobNode, isRoot: boolean): { cost: number; build: boolean } => {
  if (!buildable(n)) return { cost: buyCost(n), build: false };
  const build = n.work_price_total + n.pay * n.runs + n.materials.reduce((s, m) => s + cheapestCost(m, false).cost, 0);
  if (isRoot || n.market_sell === null || build <= buyCost(n)) return { cost: build, build: true };
  return { cost: buyCost(n), build: false };
};

async function rootTotal(page: Page): Promise<string> {
  return (await page.getByTestId('node-root').getByTestId('node-total-sell').first().textContent()) ?? '';
}

describe('industry calculator in Chromium', () => {
  const s = useBrowserPage();

  it('computes a tree, toggles build/buy, picks the cheapest choice and copies the shopping list', async () => {
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await s.page.goto('/industry');
    await jobWithIndices(s.page);

    // Fill the form: item and system suggest from 3 characters.
    await s.page.getByRole('combobox', { name: /Предмет/ }).fill('Dominix Blue');
    await s.page.getByRole('option', { name: 'Dominix', exact: true }).click();
    await s.page.getByRole('combobox', { name: /Система/ }).fill('jit');
    await s.page.getByRole('option', { name: 'Jita (0,9)' }).click();
    // The expectations come from the very response the page got (hub prices move every 5 minutes).
    const [response] = await Promise.all([
      s.page.waitForResponse((r) => r.url().endsWith('/data/industry/job') && r.request().method() === 'POST'),
      s.page.getByRole('button', { name: 'Рассчитать' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}')).toEqual(REQUEST);
    const root = ((await response.json()) as IndustryJobResponse).job;

    const tree = s.page.getByTestId('job-tree');
    await tree.waitFor();
    expect(await rootTotal(s.page)).toBe(`Итого SELL: ${formatIsk(builtCost(root))}`);
    expect(await s.page.getByTestId('node-root').getByTestId('node-fee').first().textContent()).toBe(
      `Стоимость работ: ${formatIsk(root.work_price_total)}`,
    );
    expect(await s.page.getByTestId('node-root').getByTestId('node-activity').first().textContent()).toBe('П');

    // Toggle a buildable component with a SELL price to buy: the totals above change by exactly its difference.
    const index = root.materials.findIndex((m) => buildable(m) && m.market_sell !== null);
    expect(index).toBeGreaterThanOrEqual(0);
    const child = root.materials[index];
    const node = s.page.getByTestId(`node-${index}`);
    await node.getByRole('button', { name: `Развернуть ${child.name}` }).click();
    await node.getByText('Покупать', { exact: true }).click();
    const afterBuy = builtCost(root) - builtCost(child) + buyCost(child);
    await s.page.waitForFunction(
      (text) => document.querySelector('[data-testid="node-root"] [data-testid="node-total-sell"]')?.textContent === text,
      `Итого SELL: ${formatIsk(afterBuy)}`,
    );
    expect(await s.page.getByTestId('summary-cost-sell').textContent()).toBe(formatIsk(afterBuy));
    expect(await node.getAttribute('data-build')).toBe('false');
    await screenshot(s.page, 'industry-toggled');

    // The cheapest choice for every node.
    await s.page.getByTestId('cheapest').click();
    const cheapest = cheapestCost(root, true);
    await s.page.waitForFunction(
      (text) => document.querySelector('[data-testid="node-root"] [data-testid="node-total-sell"]')?.textContent === text,
      `Итого SELL: ${formatIsk(cheapest.cost)}`,
    );
    for (const [i, m] of root.materials.entries()) {
      if (!buildable(m)) continue;
      expect(await s.page.getByTestId(`node-${i}`).getAttribute('data-build')).toBe(String(cheapestCost(m, false).build));
    }

    // The shopping list: what the cheapest choice buys, in multibuy format.
    const bought = new Map<string, number>();
    const collect = (n: JobNode, isRoot: boolean) => {
      if (isRoot || (buildable(n) && cheapestCost(n, false).build)) n.materials.forEach((m) => collect(m, false));
      else bought.set(n.name_en, (bought.get(n.name_en) ?? 0) + n.quantity);
    };
    collect(root, true);
    const list = s.page.getByTestId('shopping-list');
    await list.getByRole('button', { name: 'Копировать для игры' }).click();
    await list.getByText('Скопировано для игры').waitFor();
    const copied = await s.page.evaluate(() => navigator.clipboard.readText());
    const lines = copied.split('\n');
    expect(new Map(lines.map((l) => [l.split('\t')[0], Number(l.split('\t')[1])]))).toEqual(bought);
    const href = await list.getByRole('link', { name: 'Открыть в оценке' }).getAttribute('href');
    expect(href).toBe(`/market/appraisal?data=${encodeURIComponent(copied.replace(/\t/g, '\\t').replace(/\n/g, '\\n'))}`);
    await screenshot(s.page, 'industry-cheapest');
  });

  it('a Golem is invented: the invention step shows the game’s chance, and a decryptor recalculates the copy’s ME/TE', async () => {
    await s.page.goto('/industry');
    await s.page.getByRole('combobox', { name: /Предмет/ }).fill('Golem Blue');
    await s.page.getByRole('option', { name: 'Golem', exact: true }).click();
    await s.page.getByRole('combobox', { name: /Система/ }).fill('jit');
    await s.page.getByRole('option', { name: 'Jita (0,9)' }).click();
    await s.page.getByRole('button', { name: 'Рассчитать' }).click();
    const invention = s.page.getByTestId('node-root').getByTestId('node-invention');
    await invention.waitFor();
    // Raven Blueprint -> Golem: base 22 %, skills V: 22 % × (1 + 10/30 + 5/40) = 32.1 %
    expect(await invention.getByTestId('invention-chance').textContent()).toBe('Шанс: 32,1\u00a0%');
    expect(await s.page.getByTestId('node-root').getByTestId('node-me-te').first().textContent()).toBe('ME 2 · TE 4');

    await invention.getByRole('combobox', { name: 'Декриптор' }).click();
    const [recalculated] = await Promise.all([
      s.page.waitForResponse((r) => r.url().endsWith('/data/industry/job') && r.request().method() === 'POST'),
      s.page.getByRole('option', { name: /^Optimized Attainment Decryptor/ }).click(),
    ]);
    expect(JSON.parse(recalculated.request().postData() ?? '{}').nodes).toEqual({
      '28710': { source: 'invent', decryptor_id: 34207 },
    });
    await s.page.waitForFunction(
      () => document.querySelector('[data-testid="node-root"] [data-testid="node-me-te"]')?.textContent === 'ME 3 · TE 2',
    );
    // × 1.9: 61.0 %
    expect(await invention.getByTestId('invention-chance').textContent()).toBe('Шанс: 61\u00a0%');
    await screenshot(s.page, 'industry-invention');
  });

  it('refuses an empty form under "Не удалось собрать форму:" without calling the server', async () => {
    await s.page.goto('/industry');
    let posted = false;
    s.page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/data/industry/job')) posted = true;
    });
    await s.page.getByRole('button', { name: 'Рассчитать' }).click();
    const alert = s.page.getByTestId('form-errors');
    await alert.waitFor();
    expect(await alert.getByRole('listitem').allTextContents()).toEqual([
      'Вы должны выбрать предмет для расчета!',
      'Вы должны выбрать систему...',
    ]);
    expect(posted).toBe(false);
  });
});
