/**
 * Pings a fleet runs from, in real Chromium against the demo app, with two members of the demo
 * corporation side by side:
 *
 * - The pilot (demo_miner) turns on browser notifications (the permission granted to the
 *   context, the opt-in clicked on the page) and leaves the tab in the background (its
 *   visibilityState reads 'hidden'). The FC (demo_fc) creates a ping with formup, doctrine and
 *   SRP: the pilot gets one system notification (the real Notification API, observed through a
 *   wrapper installed before the page loads) whose title and body are the ping's, and the ping
 *   appears in the pilot's list.
 * - The FC edits the ping (doctrine) and answers «Буду»: the pilot sees both on the same page
 *   without a reload. The pilot answers «Может быть»: the FC sees the count. An edit never
 *   notifies: still one notification after the pilot saw the FC's answer, which came after it.
 * - The FC cancels it: the pilot's card turns cancelled live (struck through, who and when) and
 *   stays after a reload.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { useBrowsers } from './support/browsers';

jest.setTimeout(120_000);

interface Noted {
  title: string;
  body: string;
  tag: string;
}

/**
 * Installed before any page script: Notification wrapped so the test can read what the page
 * showed (the real constructor still runs), and the tab's visibility under the test's control.
 */
function observeNotifications(): void {
  const w = window as unknown as { __notes: Noted[]; __hidden: boolean; Notification: typeof Notification };
  w.__notes = [];
  w.__hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => (w.__hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.__hidden });
  const Real = w.Notification;
  class Observed extends Real {
    constructor(title: string, options?: NotificationOptions) {
      w.__notes.push({ title, body: options?.body ?? '', tag: options?.tag ?? '' });
      super(title, options);
    }
  }
  w.Notification = Observed;
}

describe('pings in Chromium: two members', () => {
  const browsers = useBrowsers();

  /** Notifications allowed to the context, and observed from before its pages load. */
  async function notifications(context: BrowserContext): Promise<void> {
    await context.grantPermissions(['notifications']);
    await context.addInitScript(observeNotifications);
  }

  const card = (page: Page, name: string) => page.getByRole('article', { name: `Пинг «${name}»` });

  it('the FC creates, edits and answers a ping; the pilot is notified in the background and sees every change live', async () => {
    const fc = await browsers.signIn('demo_fc', { path: '/corp/events' });
    const pilot = await browsers.signIn('demo_miner', { path: '/corp/events', prepare: notifications });

    // The pilot allows notifications and leaves the tab in the background.
    await pilot.getByRole('button', { name: 'Включить уведомления' }).click();
    await pilot.getByRole('button', { name: 'Выключить уведомления' }).waitFor();
    await pilot.evaluate(() => void ((window as unknown as { __hidden: boolean }).__hidden = true));

    const name = `Стратоп ${Date.now().toString(36)}`;
    const form = fc.getByRole('form', { name: 'Новый пинг' });
    await form.getByRole('textbox', { name: /Название/ }).fill(name);
    await form.getByLabel('Тип').selectOption('home def');
    await form.getByRole('combobox', { name: 'Сбор (система)' }).fill('Jit');
    await fc.getByRole('option', { name: 'Jita (0,9)' }).click();
    await form.getByRole('textbox', { name: 'Доктрина' }).fill('Ферроксы');
    await form.getByLabel('СРП (возмещение потерь)').check();
    await form.getByRole('button', { name: 'Создать пинг' }).click();
    const fcCard = card(fc, name);
    await fcCard.waitFor();

    // The pilot's background tab: one system notification with the ping's title and details.
    const pilotCard = card(pilot, name);
    await pilotCard.waitFor();
    await pilot.waitForFunction(() => (window as unknown as { __notes: Noted[] }).__notes.length > 0);
    const notes = await pilot.evaluate(() => (window as unknown as { __notes: Noted[] }).__notes);
    expect(notes).toHaveLength(1);
    expect(notes[0].title).toBe(`Новый пинг: ${name}`);
    const body = notes[0].body.split('\n');
    expect(body[0]).toMatch(/^Защита дома · \d{2}\.\d{2}\.\d{4} \d{2}:00 ET \(\d{2}\.\d{2}\.\d{4} \d{2}:00 ваше время\)$/);
    expect(body.slice(1)).toEqual(['Сбор: Jita (0,9)', 'Доктрина: Ферроксы', 'ФК: Sergei Morozov']);
    expect(await pilotCard.getByTestId('event-formup').textContent()).toBe('Сбор: Jita (0,9)');
    expect(await pilotCard.getByTestId('event-countdown').textContent()).toMatch(/^через (\d+ч )?\d+м( \d+с)?$/);
    // The pilot may answer but not edit.
    expect(await pilotCard.getByRole('button', { name: 'Изменить' }).count()).toBe(0);

    // The FC edits the doctrine and answers; the pilot sees both without a reload.
    await fcCard.getByRole('button', { name: 'Изменить' }).click();
    const edit = fcCard.getByRole('form', { name: 'Изменить пинг' });
    await edit.getByRole('textbox', { name: 'Доктрина' }).fill('Кормораны');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await edit.waitFor({ state: 'detached' });
    await fcCard.getByRole('button', { name: 'Буду · 0', exact: true }).click();
    await fcCard.getByRole('button', { name: 'Буду · 1', exact: true, pressed: true }).waitFor();
    await pilotCard.getByTestId('event-doctrine').getByText('Кормораны').waitFor();
    await pilotCard.getByRole('button', { name: 'Буду · 1', exact: true, pressed: false }).waitFor();
    // The edit came before the answer the pilot just saw: it showed no second notification.
    expect(await pilot.evaluate(() => (window as unknown as { __notes: Noted[] }).__notes.length)).toBe(1);

    // The pilot answers; the FC sees the count, the pilot's own answer is pressed.
    await pilotCard.getByRole('button', { name: 'Может быть · 0', exact: true }).click();
    await pilotCard.getByRole('button', { name: 'Может быть · 1', exact: true, pressed: true }).waitFor();
    await fcCard.getByRole('button', { name: 'Может быть · 1', exact: true, pressed: false }).waitFor();
    await fc.setViewportSize({ width: 1366, height: 900 });
    await screenshot(fc, 'pings-fc');
    await pilot.setViewportSize({ width: 390, height: 844 });
    await screenshot(pilot, 'pings-pilot-phone');
    await fcCard.getByRole('button', { name: 'Изменить' }).click();
    await fc.setViewportSize({ width: 390, height: 844 });
    await screenshot(fc, 'pings-fc-edit-phone');
    await fcCard.getByRole('button', { name: 'Отмена' }).click();

    // The FC cancels it: on the pilot's page, without a reload, it stays, struck through, with
    // who cancelled it and when; the answers show but can no longer be given.
    await fcCard.getByRole('button', { name: 'Отменить пинг' }).click();
    await fcCard.getByRole('button', { name: 'Да, отменить' }).click();
    const cancelledCard = pilot.getByRole('article', { name: `Пинг «${name}» (отменён)` });
    await cancelledCard.waitFor();
    expect(await cancelledCard.getByTestId('event-cancelled').textContent()).toMatch(
      /^Отменил demo_fc \d\d\.\d\d\.\d{4} \d\d:\d\d \(ваше время\)$/,
    );
    expect(await cancelledCard.getByTestId('event-name').evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe(
      'line-through',
    );
    expect(await cancelledCard.getByRole('button', { name: 'Может быть · 1', exact: true }).isDisabled()).toBe(true);
    await fc.getByRole('article', { name: `Пинг «${name}» (отменён)` }).waitFor();
    // Still there after a reload (until its start has passed).
    await pilot.reload();
    await cancelledCard.getByTestId('event-cancelled-badge').waitFor();
    await pilot.evaluate(() => void ((window as unknown as { __hidden: boolean }).__hidden = false));
    await screenshot(pilot, 'pings-cancelled-phone');
    await pilot.setViewportSize({ width: 1366, height: 900 });
    await screenshot(pilot, 'pings-cancelled');
    expect(browsers.errors()).toEqual([]);
  });
});
