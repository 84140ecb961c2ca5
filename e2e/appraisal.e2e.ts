/**
 * The appraisal in real Chromium against the demo app (full SDE, fake ESI prices): paste a mixed
 * English/Russian list, submit, check the totals against the very response the page got
 * (re-added here by hand), the text each copy button puts on the clipboard, and the share link
 * opened in a second browser context with the saved prices.
 */
import type { Page } from 'playwright-core';
import { formatIsk, roundUp2, type AppraisalLine, type AppraisalResponse } from '@eve-toolkit/shared-types';
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

/** Copied for a Russian spreadsheet: a decimal comma, no grouping. */
const n = (v: number) => roundUp2(v).toFixed(2).replace('.', ',');
const rows = (data: AppraisalLine[]) =>
  data.map((l) =>
    [l.name, l.quantity, n(l.volume), n(l.sell), n(l.buy), n(l.sell * l.quantity), n(l.buy * l.quantity)].join('\t'),
  );
const sum = (data: AppraisalLine[], side: 'sell' | 'buy') => data.reduce((s, l) => s + l[side] * l.quantity, 0);

describe('appraisal in Chromium', () => {
  const s = useBrowserPage();

  it('prices a paste, copies it with and without the header, and the share link opens it in another browser', async () => {
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await s.page.goto('/market/appraisal');
    await waitForGameData(s.page);

    await s.page.getByPlaceholder('Plex 1').fill(PASTE);
    const [response] = await Promise.all([
      s.page.waitForResponse((r) => r.url().endsWith('/data/market/appraisal') && r.request().method() === 'POST'),
      s.page.getByRole('button', { name: 'Оценить' }).click(),
    ]);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as AppraisalResponse;
    expect(body.data.map((l) => [l.name, l.quantity, l.bpc])).toEqual([
      ['Tritanium', 1000, false],
      ['Pyerite', 10, false],
      ['Rifter', 2, false],
      ['Rifter Blueprint', 1, true],
    ]);
    expect(body.data.find((l) => l.name === 'Rifter')?.volume).toBe(5000);
    expect(body.errors).toEqual(['Строка 5: не удалось распознать «это не предмет»']);

    const sell = sum(body.data, 'sell');
    const buy = sum(body.data, 'buy');
    expect(sell).toBeGreaterThan(0);
    await s.page
      .getByTestId('total-sell')
      .getByText(`Итог SELL: ${formatIsk(sell)}`)
      .waitFor();
    await s.page
      .getByTestId('total-buy')
      .getByText(`Итог BUY: ${formatIsk(buy)}`)
      .waitFor();
    await s.page.getByTestId('appraisal-errors').getByText('Строка 5: не удалось распознать «это не предмет»').waitFor();
    expect(await s.page.getByTestId('appraisal-errors').getByText('Ошибки:').count()).toBe(1);

    await s.page.getByRole('button', { name: 'Копировать' }).click();
    await s.page.getByText('Скопировано: Копировать').waitFor();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(rows(body.data).join('\n'));

    await s.page.getByRole('button', { name: 'С заголовком' }).click();
    await s.page.getByText('Скопировано: С заголовком').waitFor();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(
      ['Тип\tКоличество\tОбъём, м³\tSELL за ед.\tBUY за ед.\tSELL\tBUY', ...rows(body.data)].join('\n'),
    );

    await s.page.getByRole('button', { name: 'Ссылка' }).click();
    await s.page.getByText('Скопировано: Ссылка').waitFor();
    const link = await s.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseUrl()}/market/appraisal?id=${body.id}`);
    await screenshot(s.page, 'appraisal');

    const other = await newContext(s.browser);
    try {
      const page = await other.newPage();
      await page.goto(link);
      await page
        .getByTestId('total-sell')
        .getByText(`Итог SELL: ${formatIsk(sell)}`)
        .waitFor();
      await page
        .getByTestId('total-buy')
        .getByText(`Итог BUY: ${formatIsk(buy)}`)
        .waitFor();
      await page.getByText('Сохранённая оценка хранится до').waitFor();
      // Today's prices beside the saved ones.
      await page.getByRole('switch', { name: 'Показать текущие цены рядом' }).click();
      await page
        .getByTestId('current-totals')
        .getByText(/Итог SELL сейчас: [\d\s]+,\d\d\sISK/)
        .waitFor();
      expect(await page.getByRole('columnheader', { name: 'SELL за ед. сейчас' }).count()).toBe(1);
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
    expect(posts.map((p) => JSON.parse(p) as unknown)).toEqual([{ appraisal: 'Tritanium 2', hub: 2 }]);
  });
});
