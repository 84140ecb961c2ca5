/**
 * Ship replacement in real Chromium against the demo app, a pilot and the SRP manager side by
 * side (issue 39's «done when»):
 *
 * - The pilot (demo_corp, Natalia Orlova) sees her recent loss from the stand-in ESI — a Ferox lost
 *   in the demo fleet, short the doctrine's hardener — and files it with one click.
 * - The manager (demo_admin) has the SRP page open: the request appears in the queue without a
 *   reload, matched to the fleet («Флот на Ферроксах», «Фит отличается») with its value and the
 *   suggested payout in the amount field. The manager approves it with that amount; the pilot sees
 *   «Одобрена» live. The manager marks it paid from «К выплате»; the pilot sees «Выплачена» live,
 *   with the amount.
 */
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { useBrowsers } from './support/browsers';

jest.setTimeout(180_000);

/**
 * What a phone's card spoils on the page: a badge or button shorter than its text (cut), a box
 * scrolling sideways, a part sticking out of its card (a table row drawn as a card), a control
 * under 24 px to tap. Empty when the page reads whole.
 */
function squeezed(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    const name = (el: Element) => `${el.tagName.toLowerCase()} «${(el.textContent ?? '').trim().slice(0, 40)}»`;
    const out: string[] = [];
    // The corporation's menu chips scroll sideways on purpose; the page's own content must not.
    for (const el of Array.from(main.querySelectorAll<HTMLElement>('*'))) {
      if (el.closest('nav')) continue;
      const wide = el.scrollWidth > el.clientWidth + 1;
      if (wide && el.matches('.mantine-Badge-label, button')) out.push(`cut: ${name(el)}`);
      else if (wide && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)) out.push(`scrolls sideways: ${name(el)}`);
      const box = el.getBoundingClientRect();
      if (el.matches('button, input:not([type=hidden]), select') && box.width > 0 && (box.width < 24 || box.height < 24))
        out.push(`tap target ${Math.round(box.width)}×${Math.round(box.height)}: ${name(el)}`);
    }
    for (const card of Array.from(main.querySelectorAll('tbody > tr'))) {
      const edge = card.getBoundingClientRect().right + 1;
      for (const el of Array.from(card.querySelectorAll('*')))
        if (el.getBoundingClientRect().right > edge) out.push(`out of its card: ${name(el)}`);
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) out.push('the page scrolls sideways');
    return [...new Set(out)];
  });
}

describe('SRP in Chromium: a pilot and the manager', () => {
  const browsers = useBrowsers();

  it('the pilot files a loss; the manager sees it live, approves the suggested payout, marks it paid; the pilot sees each step live', async () => {
    const manager = await browsers.signIn('demo_admin', { path: '/corp/srp' });
    await manager.getByRole('heading', { name: /Очередь заявок/ }).waitFor();
    const pilot = await browsers.signIn('demo_corp', { path: '/corp/srp' });

    // The pilot's loss from ESI: the Ferox of the demo fleet.
    const loss = pilot.getByTestId('srp-losses').getByRole('row').filter({ hasText: 'Ferox' }).first();
    await loss.waitFor();
    const killmailId = (await loss.getAttribute('data-testid'))!.replace('loss-', '');
    await loss.getByRole('button', { name: /^Подать на СРП: Ferox/ }).click();
    await loss.getByText('Подана').waitFor();
    const mine = pilot.getByTestId(`mine-${killmailId}`);
    await mine.getByTestId('srp-status').getByText('Ожидает').waitFor();
    expect(await mine.textContent()).toContain('Флот на Ферроксах');

    // The manager's queue, without a reload: fleet, doctrine match, a known value and the suggestion.
    const queued = manager.getByTestId(`queue-${killmailId}`);
    await queued.waitFor();
    expect(await queued.textContent()).toContain('Natalia Orlova');
    expect(await queued.textContent()).toContain('Флот на Ферроксах');
    expect(await queued.textContent()).toContain('Фит отличается');
    const amount = queued.getByRole('textbox', { name: 'Выплата, ISK' });
    const suggested = await amount.inputValue();
    expect(suggested).toMatch(/^\d{1,3}(\s\d{3})*$/);
    // The queue on a phone: the request a card, its fleet badge and decision whole.
    await manager.setViewportSize({ width: 390, height: 844 });
    expect(await squeezed(manager)).toEqual([]);
    await manager.setViewportSize({ width: 1366, height: 900 });
    await screenshot(manager, 'srp-manager-queue');

    // Approved with the suggested payout: the pilot sees it at once.
    await queued.getByRole('button', { name: /^Одобрить заявку/ }).click();
    await queued.waitFor({ state: 'detached' });
    await mine.getByTestId('srp-status').getByText('Одобрена').waitFor();

    // Paid from «К выплате»: the pilot sees «Выплачена» and the amount.
    const toPay = manager.getByTestId(`pay-${killmailId}`);
    await toPay.waitFor();
    expect((await toPay.textContent())?.replace(/\s/g, '')).toContain(`${suggested.replace(/\s/g, '')}ISK`);
    await screenshot(manager, 'srp-manager-pay');
    await toPay.getByRole('button', { name: /^Выплачено:/ }).click();
    await toPay.waitFor({ state: 'detached' });
    await mine.getByTestId('srp-status').getByText('Выплачена').waitFor();
    expect((await mine.textContent())?.replace(/\s/g, '')).toContain(`${suggested.replace(/\s/g, '')}ISK`);

    await pilot.setViewportSize({ width: 1366, height: 900 });
    await screenshot(pilot, 'srp-pilot');
    await pilot.setViewportSize({ width: 390, height: 844 });
    await screenshot(pilot, 'srp-pilot-phone');
    // Her request on a phone: «Фит отличается» whole beside the fleet, nothing sticking out.
    expect(await squeezed(pilot)).toEqual([]);
    await manager.setViewportSize({ width: 390, height: 844 });
    await screenshot(manager, 'srp-manager-phone');
    expect(await squeezed(manager)).toEqual([]);
    expect(browsers.errors()).toEqual([]);
  });

  it('the demo losses: a doctrine Ferox in the demo fleet, another outside every fleet, a Rifter in it that is not the doctrine', async () => {
    const miner = await browsers.signIn('demo_miner', { path: '/corp/srp' });
    const olga = await browsers.signIn('demo_security', { path: '/corp/srp' });
    const fileAll = async (page: Page) => {
      const rows = page
        .getByTestId('srp-losses')
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: /^Подать на СРП/ }) });
      await rows.first().waitFor();
      while ((await rows.count()) > 0) {
        const row = rows.first();
        const id = (await row.getAttribute('data-testid'))!.replace('loss-', '');
        await row.getByRole('button', { name: /^Подать на СРП/ }).click();
        await page.getByTestId(`mine-${id}`).waitFor();
      }
    };
    await fileAll(miner);
    await fileAll(olga);
    const mine = async (page: Page) =>
      (await page.getByTestId('srp-mine').getByRole('row').allTextContents()).slice(1).map((t) => t.replace(/\s+/g, ' '));
    const pavel = await mine(miner);
    expect(pavel).toHaveLength(2);
    expect(pavel.filter((t) => t.includes('Флот на Ферроксах') && t.includes('По доктрине'))).toHaveLength(1);
    expect(pavel.filter((t) => t.includes('Вне флота'))).toHaveLength(1);
    const rifter = await mine(olga);
    expect(rifter).toHaveLength(1);
    expect(rifter[0]).toContain('Rifter');
    expect(rifter[0]).toContain('Флот на Ферроксах');
    expect(rifter[0]).toContain('Не доктрина');
    await miner.setViewportSize({ width: 1366, height: 900 });
    await screenshot(miner, 'srp-demo-miner');
    expect(browsers.errors()).toEqual([]);
  });
});
