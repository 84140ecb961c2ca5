/**
 * Keyboard only, in real Chromium against the demo app: every step below is a key press (Tab,
 * Shift+Tab, Enter, Space, typing), never a click, and every control reached shows a focus ring.
 * - the appraisal: skip link, the paste, «Оценить», a copy button (the clipboard gets the lines);
 * - the industry tree: item and system from their suggestions, «Рассчитать», a component expanded
 *   and collapsed, its build/buy choice switched;
 * - a project claim: a member finds their game jobs for a project job, ticks one, claims it and
 *   hears «Засчитано» (a polite status).
 */
import type { Locator, Page } from 'playwright-core';
import { screenshot, useBrowserPage } from './support/browser';
import { loginDemo } from './support/login';
import { DEMO_GAME_JOBS } from './support/demo-jobs';
import { pollUntil } from './support/poll';

jest.setTimeout(240_000);

/** What draws a focus indicator on an element: its outline and its box-shadow, as computed. */
interface IndicatorStyle {
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
  boxShadow: string;
}

/**
 * The indicator styles of `target` and, for a visually hidden radio or checkbox (Mantine's
 * segmented control), of its labels, which draw the ring for it.
 */
async function indicatorStyles(target: Locator): Promise<IndicatorStyle[]> {
  return target.evaluate(async (el) => {
    const drawing = [el, ...(el instanceof HTMLInputElement ? Array.from(el.labels ?? []) : [])];
    // A ring that fades in is read once its transition has ended (an event, not a pause).
    const transitions = drawing.flatMap((e) => e.getAnimations()).filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
    const of = (e: Element) => {
      const cs = getComputedStyle(e);
      return {
        outlineStyle: cs.outlineStyle,
        outlineWidth: parseFloat(cs.outlineWidth),
        outlineColor: cs.outlineColor,
        boxShadow: cs.boxShadow,
      };
    };
    return drawing.map(of);
  });
}

/** A colour that shows: not `transparent`, alpha above 0. */
function opaque(color: string): boolean {
  if (color === 'transparent') return false;
  const alpha = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(color);
  return !alpha || parseFloat(alpha[1]) > 0;
}

/** The visible part of an element's indicator: an outline that draws, box-shadow layers that draw. */
function visibleIndicator(s: IndicatorStyle): string[] {
  const out: string[] = [];
  if (s.outlineStyle !== 'none' && s.outlineWidth > 0 && opaque(s.outlineColor))
    out.push(`outline ${s.outlineStyle} ${s.outlineWidth}px ${s.outlineColor}`);
  if (s.boxShadow !== 'none')
    for (const layer of s.boxShadow.split(/,(?![^(]*\))/)) {
      const color = /rgba?\([^)]*\)/.exec(layer)?.[0] ?? 'transparent';
      const lengths =
        layer
          .replace(color, '')
          .match(/-?[\d.]+px/g)
          ?.map(parseFloat) ?? [];
      // x, y, blur, spread: a layer with no offset, blur or spread draws nothing.
      if (opaque(color) && lengths.some((n) => n !== 0)) out.push(`shadow ${layer.trim()}`);
    }
  return out;
}

/**
 * A real focus indicator: with the focus, the element (or a hidden input's label) draws an outline
 * or a shadow it did not draw without it (a button's resting shadow is not a focus ring).
 */
function focusIndicator(unfocused: IndicatorStyle[], focused: IndicatorStyle[]): string[] {
  return focused.flatMap((s, i) => {
    const before = new Set(visibleIndicator(unfocused[i]));
    return visibleIndicator(s).filter((part) => !before.has(part));
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times; it must then show
 * a focus indicator it did not show before (its styles compared unfocused and focused).
 */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<number> {
  await target.waitFor({ state: 'attached' });
  expect(await target.evaluate((el) => el === document.activeElement)).toBe(false);
  const unfocused = await indicatorStyles(target);
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement)) {
      const shown = focusIndicator(unfocused, await indicatorStyles(target));
      expect({ target: String(target), ring: shown.length > 0 }).toEqual({ target: String(target), ring: true });
      return presses;
    }
  }
  throw new Error(`${String(target)} not reached within ${max} Tab presses`);
}

/** From a fresh page: Tab to the skip link (the first stop) and jump into the page's content. */
async function skipToContent(page: Page): Promise<void> {
  const skip = page.getByRole('link', { name: 'Перейти к содержимому' });
  expect(await tabTo(page, skip, { max: 1 })).toBe(1);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
}

describe('keyboard only', () => {
  const s = useBrowserPage();

  it('appraisal: paste, «Оценить» and a copy button without a mouse', async () => {
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await s.page.goto('/market/appraisal');
    await s.page.getByRole('heading', { level: 1 }).waitFor();
    await skipToContent(s.page);

    await tabTo(s.page, s.page.getByRole('textbox', { name: 'Список предметов' }));
    await s.page.keyboard.type('Tritanium 1000');
    await s.page.keyboard.press('Enter');
    await s.page.keyboard.type('Pyerite 10');
    const answered = s.page.waitForResponse((r) => r.url().endsWith('/data/market/appraisal') && r.request().method() === 'POST');
    await tabTo(s.page, s.page.getByRole('button', { name: 'Оценить' }));
    await s.page.keyboard.press('Enter');
    expect((await answered).status()).toBe(200);

    await tabTo(s.page, s.page.getByRole('button', { name: 'Копировать', exact: true }));
    await s.page.keyboard.press('Enter');
    await pollUntil(
      'the appraisal copied',
      async () => {
        const text = await s.page.evaluate(() => navigator.clipboard.readText());
        return /Tritanium/.test(text) && /Pyerite/.test(text) ? text : null;
      },
      10_000,
    );
    await screenshot(s.page, 'keyboard-appraisal');
  });

  it('industry tree: item, system, «Рассчитать», expand, collapse and build/buy from the keyboard', async () => {
    await s.page.goto('/industry');
    await s.page.getByRole('heading', { level: 1 }).waitFor();
    await skipToContent(s.page);

    // Suggestions: type, ArrowDown to the option, Enter picks it.
    const item = s.page.getByRole('combobox', { name: /Предмет/ });
    await tabTo(s.page, item);
    await s.page.keyboard.type('Dominix Blue');
    await s.page.getByRole('option', { name: 'Dominix', exact: true }).waitFor();
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('Enter');
    expect(await item.inputValue()).toBe('Dominix');
    const system = s.page.getByRole('combobox', { name: /Система/ });
    await tabTo(s.page, system);
    await s.page.keyboard.type('jit');
    await s.page.getByRole('option', { name: 'Jita (0,9)' }).waitFor();
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('Enter');
    expect(await system.inputValue()).toBe('Jita (0,9)');

    const computed = s.page.waitForResponse((r) => r.url().endsWith('/data/industry/job') && r.request().method() === 'POST');
    await tabTo(s.page, s.page.getByRole('button', { name: 'Рассчитать' }));
    await s.page.keyboard.press('Enter');
    expect((await computed).status()).toBe(200);

    // The first buildable component: expand with Enter, its job details appear; Space collapses it.
    const tree = s.page.getByTestId('job-tree');
    const expand = tree.getByRole('button', { name: /^Развернуть / }).first();
    const name = ((await expand.getAttribute('aria-label')) ?? '').replace(/^Развернуть /, '');
    await tabTo(s.page, expand);
    await s.page.keyboard.press('Enter');
    const collapse = tree.getByRole('button', { name: `Свернуть ${name}` }).first();
    expect(await collapse.getAttribute('aria-expanded')).toBe('true');
    // The node itself: the innermost element of the tree holding its collapse button.
    const node = tree
      .locator('[data-node-id]')
      .filter({ has: s.page.getByRole('button', { name: `Свернуть ${name}`, exact: true }) })
      .last();
    // Build or buy: a pair of radios; Tab reaches the chosen one, an arrow key picks the other.
    const chosen = node.getByTestId('node-toggle').first().getByRole('radio', { checked: true });
    const before = await node.getAttribute('data-build');
    await tabTo(s.page, chosen);
    await s.page.keyboard.press(before === 'true' ? 'ArrowRight' : 'ArrowLeft');
    await pollUntil(
      'the build/buy choice switched',
      async () => ((await node.getAttribute('data-build')) !== before ? true : null),
      10_000,
    );
    await screenshot(s.page, 'keyboard-industry');
    await tabTo(s.page, collapse, { back: true });
    await s.page.keyboard.press('Space');
    expect(
      await tree
        .getByRole('button', { name: `Развернуть ${name}` })
        .first()
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('project claim: find my jobs, tick one, claim it and hear «Засчитано»', async () => {
    // The game job this test owns (support/demo-jobs.ts): the industrialist's Hobgoblin I job,
    // claimed in a project of our own (one build job of it, set working).
    const own = DEMO_GAME_JOBS.keyboardClaim;
    await loginDemo(s.page, own.account);
    const { token } = (await (await s.page.request.get('/auth/get_csrf')).json()) as { token: string };
    const headers = { 'X-CSRF-Token': token };
    const created = await s.page.request.post('/auth/corp/add_project', {
      headers,
      data: {
        name: 'Клавиатура: дроны',
        desc: '',
        jobs: [{ id: own.product, blueprint_id: own.blueprint, runs: 500, pay: 100 }],
        materials: [],
      },
    });
    expect(created.status()).toBe(200);
    const { project } = (await created.json()) as { project: { id: string } };
    const working = await s.page.request.post('/auth/corp/update_project', {
      headers,
      data: { project_id: project.id, type: 'update', new_status: 'working' },
    });
    expect(working.status()).toBe(200);

    await s.page.goto(`/corp/projects/${project.id}`);
    await s.page.getByRole('heading', { level: 1 }).waitFor();
    await skipToContent(s.page);
    const find = s.page.getByRole('button', { name: /^Найти мои работы: / });
    const verified = s.page.waitForResponse((r) => r.url().endsWith('/auth/corp/verify_job'));
    await tabTo(s.page, find);
    await s.page.keyboard.press('Enter');
    const { candidates } = (await (await verified).json()) as { candidates: { runs: number }[] };
    expect(candidates.length).toBeGreaterThan(0);

    const tick = s.page.getByRole('checkbox').first();
    await tabTo(s.page, tick);
    await s.page.keyboard.press('Space');
    expect(await tick.isChecked()).toBe(true);
    await tabTo(s.page, s.page.getByRole('button', { name: 'Засчитать выбранные' }));
    await s.page.keyboard.press('Enter');
    const status = s.page.getByRole('status').filter({ hasText: 'Засчитано' });
    await status.waitFor();
    expect(await status.textContent()).toBe(`Засчитано: ${candidates[0].runs}`);
    await screenshot(s.page, 'keyboard-claim');
  });
});
