/**
 * The appraisal in real Chromium against the demo app (full SDE, fake ESI prices): paste a mixed
 * English/Russian list at a buyback percent, submit, check the totals against the very response
 * the page got (re-added here by hand), the text each copy button puts on the clipboard, sort a
 * column, compare the hubs and switch to another with one click, choose the 5 % price, and open
 * the share link in a second browser context: same lines, same percent, same price.
 */
import type { Page } from 'playwright-core';
import {
  formatIsk,
  roundUp2,
  type AppraisalLine,
  type AppraisalPriceKind,
  type AppraisalResponse,
} from '@eve-toolkit/shared-types';
import { baseUrl, newContext, screenshot, useBrowserPage } from './support/browser';
import { pollUntil } from './support/poll';

jest.setTimeout(180_000);

const PASTE = [
  'Tritanium\t1 000\tМинералы\tМатериал\t\t\t10 м^3',
  '10x Pyerite',
  'Rifter x 2',
  '1 Rifter Blueprint (Copy)',
  'это не предмет',
].join('\n');

/** The game data is imported in the background at start: wait until the appraisal answers. */
async function waitForGameData(page: Page): Promise<void> {
  const { token } = (await (await page.request.get('/auth/get_csrf')).json()) as { token: string };
  await pollUntil(
    'the appraisal answering 200 (game data imported)',
    async () => {
      const res = await page.request.post('/data/market/appraisal', {
        data: { appraisal: 'Tritanium 1', hub: 2 },
        headers: { 'X-CSRF-Token': token },
      });
      return res.status() === 200 ? true : null;
    },
    90_000,
  );
}

/** Copied for a Russian spreadsheet: a decimal comma, no grouping; a missing price is an empty cell. */
const n = (v: number | null) => (v === null ? '' : roundUp2(v).toFixed(2).replace('.', ','));
const times = (v: number | null, k: number) => (v === null ? null : v * k);
/** The copied rows: unit prices, and totals at the buyback percent. */
const rows = (data: AppraisalLine[], f: number) =>
  data.map((l) =>
    [
      l.name,
      l.quantity,
      n(l.volume),
      n(l.sell),
      n(l.buy),
      n(times(l.sell, l.quantity * f)),
      n(times(l.buy, l.quantity * f)),
    ].join('\t'),
  );
const price = (l: AppraisalLine, side: 'sell' | 'buy', kind: AppraisalPriceKind) =>
  kind === 'p5' ? (side === 'sell' ? l.sell_p5 : l.buy_p5) : l[side];
/**
 * A total at a percent, summed as the page sums it (line by line, then the percent; blueprint
 * copies are not valued). The demo's Jita book prices every line of the paste; a line without a
 * price would make the total unknown, which this test does not expect.
 */
const sum = (data: AppraisalLine[], side: 'sell' | 'buy', percent: number, kind: AppraisalPriceKind = 'best') => {
  const priced = data.filter((l) => !l.bpc);
  if (priced.some((l) => price(l, side, kind) === null)) throw new Error(`a line without a ${side} price`);
  return (priced.reduce((s, l) => s + price(l, side, kind)! * l.quantity, 0) * percent) / 100;
};
const appraisalPost = (r: { url(): string; request(): { method(): string } }) =>
  r.url().endsWith('/data/market/appraisal') && r.request().method() === 'POST';

describe('appraisal in Chromium', () => {
  const s = useBrowserPage();

  it('prices a paste at a buyback percent, copies it, sorts, compares hubs and switches, and the share link keeps the view', async () => {
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await s.page.goto('/market/appraisal');
    await waitForGameData(s.page);

    await s.page.getByPlaceholder('Plex 1').fill(PASTE);
    const percent = s.page.getByRole('textbox', { name: /Процент выкупа/ });
    await percent.fill('90');
    const [response] = await Promise.all([
      s.page.waitForResponse(appraisalPost),
      s.page.getByRole('button', { name: 'Оценить' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({ appraisal: PASTE, hub: 2, percent: 90 });
    const body = (await response.json()) as AppraisalResponse;
    expect(body.percent).toBe(90);
    expect(body.data.map((l) => [l.name, l.quantity, l.bpc])).toEqual([
      ['Tritanium', 1000, false],
      ['Pyerite', 10, false],
      ['Rifter', 2, false],
      ['Rifter Blueprint', 1, true],
    ]);
    expect(body.data.find((l) => l.name === 'Rifter')?.volume).toBe(5000);
    expect(body.errors).toEqual(['Строка 5: не удалось распознать «это не предмет»']);
    expect(body.hubs.map((h) => h.hub)).toEqual([2, 1, 3, 4, 5]);

    expect(sum(body.data, 'sell', 100)).toBeGreaterThan(0);
    const totals = async (page: Page, data: AppraisalLine[], pct: number, kind: AppraisalPriceKind = 'best') => {
      await page
        .getByTestId('total-sell')
        .getByText(`Итог SELL (${pct} %): ${formatIsk(sum(data, 'sell', pct, kind))}`)
        .waitFor();
      await page
        .getByTestId('total-buy')
        .getByText(`Итог BUY (${pct} %): ${formatIsk(sum(data, 'buy', pct, kind))}`)
        .waitFor();
    };
    await totals(s.page, body.data, 90);
    // The address names the appraisal at once, no «Ссылка» pressed.
    await s.page.waitForURL((u) => u.pathname === '/market/appraisal' && u.search === `?id=${body.id}`);
    // At 90 % every price column says what it is.
    expect(await s.page.getByTestId('appraisal-table').locator('thead th').allInnerTexts()).toEqual([
      'Тип',
      'Количество',
      'Объём, м³',
      'SELL за ед. (рынок, 100 %)',
      'BUY за ед. (рынок, 100 %)',
      'SELL × 90 %',
      'BUY × 90 %',
      'ISK/м³ (рынок, 100 %)',
      'Доля',
      'Ордера S / B',
    ]);
    await s.page.getByTestId('appraisal-errors').getByText('Строка 5: не удалось распознать «это не предмет»').waitFor();

    await s.page.getByRole('button', { name: 'Копировать' }).click();
    await s.page.getByText('Скопировано: Копировать').waitFor();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(rows(body.data, 0.9).join('\n'));
    await s.page.getByRole('button', { name: 'С заголовком' }).click();
    await s.page.getByText('Скопировано: С заголовком').waitFor();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(
      [
        'Тип\tКоличество\tОбъём, м³\tSELL за ед. (рынок, 100 %)\tBUY за ед. (рынок, 100 %)\tSELL × 90 %\tBUY × 90 %',
        ...rows(body.data, 0.9),
      ].join('\n'),
    );

    // Sort by the SELL total, largest first: the first row is the line worth most.
    const table = s.page.getByTestId('appraisal-table');
    await table.getByRole('button', { name: 'SELL × 90 %', exact: true }).click();
    await table.locator('th[aria-sort="descending"]').waitFor();
    expect(await table.locator('th[aria-sort="descending"]').innerText()).toMatch(/^SELL × 90 %/);
    const value = (l: AppraisalLine) => (l.sell === null ? -1 : l.sell * l.quantity);
    const richest = [...body.data].sort((a, b) => value(b) - value(a))[0];
    expect(await table.locator('tbody tr').first().locator('td').first().innerText()).toContain(richest.name);

    // Every hub compared; one click appraises the same paste at Amarr.
    const hubs = s.page.getByTestId('hub-comparison');
    await hubs.getByTestId('hub-2').getByText('текущий').waitFor();
    const [amarr] = await Promise.all([
      s.page.waitForResponse(appraisalPost),
      hubs.getByRole('button', { name: 'Оценить в Amarr' }).click(),
    ]);
    expect(JSON.parse(amarr.request().postData() ?? '{}')).toEqual({ appraisal: PASTE, hub: 1, percent: 90 });
    const atAmarr = (await amarr.json()) as AppraisalResponse;
    expect(atAmarr.hub).toBe(1);
    await s.page.getByTestId('hub-comparison').getByTestId('hub-1').getByText('текущий').waitFor();
    await totals(s.page, atAmarr.data, 90);

    // The 5 % book price, and the link that keeps it.
    await s.page.getByText('Средняя по 5 % объёма').click();
    await totals(s.page, atAmarr.data, 90, 'p5');
    await s.page.getByRole('button', { name: 'Ссылка' }).click();
    await s.page.getByText('Скопировано: Ссылка').waitFor();
    const link = await s.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseUrl()}/market/appraisal?id=${atAmarr.id}&price=p5`);
    // The page's own address is the same link.
    expect(s.page.url()).toBe(link);
    await screenshot(s.page, 'appraisal');

    const other = await newContext(s.browser);
    try {
      const page = await other.newPage();
      await page.goto(link);
      await totals(page, atAmarr.data, 90, 'p5');
      await page.getByText('Сохранённая оценка хранится до').waitFor();
      // The recipient sees what was appraised in the box, not an empty one.
      expect(await page.getByPlaceholder('Plex 1').inputValue()).toBe(
        'Tritanium\t1000\nPyerite\t10\nRifter\t2\nRifter Blueprint (Copy)\t1',
      );
      // Today's prices beside the saved ones.
      await page.getByRole('switch', { name: 'Показать текущие цены рядом' }).click();
      await page
        .getByTestId('current-totals')
        .getByText(/Итог SELL сейчас: [\d\s]+,\d\d\sISK/)
        .waitFor();
      expect(await page.getByRole('columnheader', { name: 'SELL за ед. сейчас' }).count()).toBe(1);
      // A phone: the hub comparison is one card per hub, nothing scrolls sideways, no «лучший» over a total.
      await page.setViewportSize({ width: 390, height: 844 });
      const hubsOnPhone = page.getByTestId('hub-comparison');
      await hubsOnPhone.getByTestId('hub-1').waitFor();
      const overflow = await page.evaluate(() => {
        const wide = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="appraisal-result"] *')).filter(
          // Boxes that scroll sideways (not a clipped switch's thumb).
          (el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
        );
        return { page: document.documentElement.scrollWidth, scrollers: wide.map((el) => el.className || el.tagName) };
      });
      expect(overflow).toEqual({ page: 390, scrollers: [] });
      // Each «лучший» badge beside its total's figures, not over them (a text range's box against the badge's).
      const overlaps = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="hub-comparison"] td'))
          .filter((td) => td.textContent?.includes('лучший'))
          .map((td) => {
            const text = Array.from(td.querySelectorAll('span'))
              .map((sp) => sp.firstChild)
              .find((n) => n?.nodeType === Node.TEXT_NODE)!;
            const range = document.createRange();
            range.selectNodeContents(text);
            const t = range.getBoundingClientRect();
            const badge = Array.from(td.querySelectorAll('*')).find(
              (el) => el.textContent === 'лучший' && el.children.length === 0,
            )!;
            const b = badge.getBoundingClientRect();
            const cell = td.getBoundingClientRect();
            const apart = b.left >= t.right - 0.5 || b.top >= t.bottom - 0.5;
            return { apart, inside: b.right <= cell.right + 0.5 };
          }),
      );
      expect(overlaps.length).toBeGreaterThan(0);
      expect(overlaps.every((o) => o.apart && o.inside)).toBe(true);
      await screenshot(page, 'appraisal-shared-phone');
    } finally {
      await other.close();
    }
  });

  it('?data= fills the box with tabs and newlines; fewer than 2 characters sends nothing', async () => {
    const posts: string[] = [];
    s.page.on('request', (r) => {
      if (r.url().endsWith('/data/market/appraisal') && r.method() === 'POST') posts.push(r.postData() ?? '');
    });
    await s.page.goto(`/market/appraisal?data=${encodeURIComponent('Tritanium\\t2000\\nPyerite\\t3')}`);
    const box = s.page.getByPlaceholder('Plex 1');
    await box.waitFor();
    expect(await box.inputValue()).toBe('Tritanium\t2000\nPyerite\t3');
    await box.fill('x');
    await s.page.getByRole('button', { name: 'Оценить' }).click();
    await box.fill(' \n ');
    await s.page.getByRole('button', { name: 'Оценить' }).click();
    // A marker: a valid text is sent and answered; it must be the only request of the test.
    await box.fill('Tritanium 2');
    await Promise.all([
      s.page.waitForResponse((r) => r.url().endsWith('/data/market/appraisal') && r.request().method() === 'POST'),
      s.page.getByRole('button', { name: 'Оценить' }).click(),
    ]);
    await s.page.getByTestId('appraisal-result').waitFor();
    expect(posts.map((p) => JSON.parse(p) as unknown)).toEqual([{ appraisal: 'Tritanium 2', hub: 2, percent: 100 }]);
  });
});
