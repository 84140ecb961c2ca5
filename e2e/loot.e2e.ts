/**
 * /loot in real Chromium against the demo app (full SDE, fake ESI prices): upload a UTF-16 loot
 * export, move pilots across groups, check every group's sums and the payout table against the
 * prices the page received (re-added here by hand), the copied texts, a reload, and the share link
 * opened in a fresh browser context.
 */
import type { Page, Response } from 'playwright-core';
import { formatIsk, type LootPostResponse, type LootPricesResponse } from '@eve-toolkit/shared-types';
import { newContext, screenshot, useBrowserPage } from './support/browser';

jest.setTimeout(180_000);

/** What each pilot loots, in file order (English and Russian names, a blueprint copy, repeats). */
const LOOT: [pilot: string, item: string, quantity: number][] = [
  ['Ivan Petrov', 'Tritanium', 12_000],
  ['Anna Sokolova', 'Warrior II', 3],
  ['Jon Doe', 'Nanite Repair Paste', 40],
  ['Ivan Petrov', 'Warrior II', 2],
  ['Mira Kestrel', 'Демонтаж', 1],
  ['Anna Sokolova', 'Rifter Blueprint', 1],
  ['Jon Doe', 'Tritanium', 5_500],
  ['Anna Sokolova', 'Warrior II', 1],
];

function exportFile(): Buffer {
  const lines = [
    'Time\tCharacter\tItem Type\tQuantity\tItem Group\t',
    ...LOOT.map(
      ([pilot, item, qty], i) =>
        `2025.06.14 18:${String(10 + i).padStart(2, '0')}\t${pilot}\t${item}\t${qty.toLocaleString('en-US')}\tLoot\t`,
    ),
    '2025.06.14 18:30\tJon Doe\tUnobtainium Widget\t1\tLoot\t',
    '',
  ];
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(lines.join('\r\n'), 'utf16le')]);
}

const pilotsOf = async (page: Page, group: number) =>
  (await page.getByTestId(`loot-group-${group}`).getByTestId('loot-pilot').allTextContents()).map((t) => t.replace(/[←→]/g, ''));

describe('fleet loot split in Chromium', () => {
  const s = useBrowserPage();

  it('uploads a file, moves pilots, checks sums, payouts, copied texts, reload and the share link', async () => {
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await s.page.goto('/loot');
    await s.page.getByRole('button', { name: 'Загрузить файл .txt' }).waitFor();

    const isPrices = (r: Response) => r.url().includes('/data/loot/prices?') && r.status() === 200;
    const [uploaded, priced] = await Promise.all([
      s.page.waitForResponse((r) => r.url().endsWith('/data/loot/post_players')),
      s.page.waitForResponse(isPrices),
      s.page
        .locator('input[type=file]')
        .setInputFiles({ name: 'Loot history.txt', mimeType: 'text/plain', buffer: exportFile() }),
    ]);
    expect(uploaded.status()).toBe(200);
    expect(uploaded.request().headers()['x-csrf-token']).toBeTruthy();
    const body = (await uploaded.json()) as LootPostResponse;
    expect(body.lines).toBe(LOOT.length);
    expect(body.errors).toEqual([{ line: 10, text: 'Unobtainium Widget', message: 'Предмет не найден: Unobtainium Widget' }]);
    const prices = (await priced.json()) as LootPricesResponse;
    const byName = new Map(body.data[0].pilots.flatMap((p) => p.items.map((i) => [i.name, i] as const)));
    const typeOf = (name: string) => {
      const item = [...byName.values()].find((i) => i.name === name || i.name_en === name);
      if (!item) throw new Error(`not resolved: ${name}`);
      return item;
    };
    const priceOf = (typeId: number) => prices.types.find((t) => t.type_id === typeId);

    await s.page.getByTestId('loot-issues').getByText('Не учтено строк: 1').waitFor();
    expect(await pilotsOf(s.page, 1)).toEqual(['Ivan Petrov', 'Anna Sokolova', 'Jon Doe', 'Mira Kestrel']);

    // Anna right (a new group 2), Jon right (joins her), Mira left (a new first group).
    await s.page.getByRole('button', { name: 'Вправо: Anna Sokolova' }).click();
    await s.page.getByRole('button', { name: 'Вправо: Jon Doe' }).click();
    await s.page.getByRole('button', { name: 'Влево: Mira Kestrel' }).click();
    const groups = [['Mira Kestrel'], ['Ivan Petrov'], ['Anna Sokolova', 'Jon Doe']];
    for (const [i, names] of groups.entries()) expect(await pilotsOf(s.page, i + 1)).toEqual(names);
    expect(await s.page.getByTestId('loot-group-4').count()).toBe(0);

    // Each group's sums, re-added by hand from the prices the page got (blueprint copies not valued).
    const expected = groups.map((names) => {
      const items = new Map<string, number>();
      for (const [pilot, item, qty] of LOOT) if (names.includes(pilot)) items.set(item, (items.get(item) ?? 0) + qty);
      let sell = 0;
      let buy = 0;
      for (const [name, qty] of items) {
        const t = typeOf(name);
        const p = priceOf(t.type_id);
        if (!p || p.blueprint_copy) continue;
        sell += Math.round(qty * (p.sell ?? 0) * 100);
        buy += Math.round(qty * (p.buy ?? 0) * 100);
      }
      const share = Math.floor(buy / names.length) / 100;
      return { items, sell: sell / 100, buy: buy / 100, share };
    });
    expect(priceOf(typeOf('Rifter Blueprint').type_id)?.blueprint_copy).toBe(true);
    expect(expected[1].sell).toBeGreaterThan(0);
    for (const [i, e] of expected.entries()) {
      const card = s.page.getByTestId(`loot-group-${i + 1}`);
      expect(await card.getByTestId('group-sell').textContent()).toBe(`Итог SELL: ${formatIsk(e.sell)}`);
      expect(await card.getByTestId('group-buy').textContent()).toBe(`Итог BUY: ${formatIsk(e.buy)}`);
      const quantities = await card.getByTestId('loot-item').allTextContents();
      expect(quantities).toHaveLength(e.items.size);
    }

    // The payout table (BUY by default) and its copy.
    const rows = await s.page
      .getByTestId('payout-row')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent)));
    const payout = groups.flatMap((names, g) => names.map((n) => [n, String(g + 1), expected[g].share] as const));
    expect(rows).toEqual(payout.map(([n, g, share]) => [n, g, formatIsk(share)]));
    await s.page.getByRole('button', { name: 'Копировать выплаты' }).click();
    await s.page.getByTestId('payout-table').getByText('Скопировано').waitFor();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(
      ['Пилот\tГруппа\tДоля, ISK', ...payout.map(([n, g, share]) => `${n}\t${g}\t${share.toFixed(2).replace('.', ',')}`)].join(
        '\n',
      ),
    );

    // 'Копировать' and 'В маркет' of the third group: Anna's items, then Jon's, summed.
    const third = s.page.getByTestId('loot-group-3');
    await third.getByRole('button', { name: 'Копировать' }).click();
    await third.getByText('Скопировано').waitFor();
    const copied = await s.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(
      [
        `Warrior II\t4`,
        `${typeOf('Rifter Blueprint').name_en}\t1`,
        `${typeOf('Nanite Repair Paste').name_en}\t40`,
        `Tritanium\t5500`,
      ].join('\n'),
    );
    expect(await third.getByRole('link', { name: 'В маркет' }).getAttribute('href')).toBe(
      `/market/appraisal?data=${encodeURIComponent(copied.replace(/\t/g, '\\t').replace(/\n/g, '\\n'))}`,
    );
    await screenshot(s.page, 'loot-split');

    // A reload keeps the split.
    await s.page.reload();
    await s.page.getByTestId('loot-group-3').waitFor();
    for (const [i, names] of groups.entries()) expect(await pilotsOf(s.page, i + 1)).toEqual(names);

    // The share link opens the same split in a fresh browser (no local storage).
    await s.page.getByRole('button', { name: 'Ссылка' }).click();
    await s.page.getByText('Скопировано').first().waitFor();
    const link = await s.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/loot#split=z[\w-]+$/);
    const other = await newContext(s.browser);
    try {
      const page = await other.newPage();
      await page.goto(link);
      await page.getByText('Раздел открыт по ссылке').waitFor();
      for (const [i, names] of groups.entries()) expect(await pilotsOf(page, i + 1)).toEqual(names);
      await page
        .getByTestId('loot-group-2')
        .getByText(`Итог SELL: ${formatIsk(expected[1].sell)}`)
        .waitFor();
      expect(new URL(page.url()).hash).toBe('');
    } finally {
      await other.close();
    }
  });
});
