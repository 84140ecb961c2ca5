/**
 * Server-rendered public pages (backend/src/ssr, frontend/src/entry-server.tsx) in the built app:
 * the HTML a plain GET receives already holds the page — its heading, its data — the browser
 * hydrates that markup (React adopts the server's nodes, no console error, no mismatch) and the
 * page answers input afterwards.
 */
import { formatPrice, SERVER_STATE_ELEMENT_ID, type MarketItemDetail, type MarketItemsResponse } from '@eve-toolkit/shared-types';
import type { Locator, Page, Response } from 'playwright-core';
import { baseUrl, newContext, useBrowserPage, waitForHydration } from './support/browser';
import { loginDemo } from './support/login';

jest.setTimeout(180_000);

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The page as a plain HTTP client gets it: status, the HTML, and the text inside #root (tags, comments and entities gone). */
async function plainGet(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}${path}`, { headers });
  const html = await res.text();
  const root = html.slice(
    html.indexOf('<div id="root">'),
    html.indexOf(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">`),
  );
  const text = root
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\n]+/g, ' ');
  return { res, html, text };
}

/** The six pages players keep open, with what their first screen says. */
const PAGES = [
  { path: '/market/list', heading: 'Маркет' },
  { path: '/market/detail/34', heading: 'Tritanium' },
  { path: '/market/appraisal', heading: 'Оценка' },
  { path: '/loot', heading: 'Лут' },
  { path: '/industry', heading: 'Индустрия' },
  { path: '/planetology', heading: 'Планеты' },
] as const;

/**
 * Marks every element the HTML parser creates (before any script of the page runs): an element
 * still marked after hydration is the server's node, adopted by React, not one it rendered anew.
 */
async function markServerNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const r of records)
        r.addedNodes.forEach((n) => {
          if (n instanceof Element) (n as Element & { __fromServer?: boolean }).__fromServer = true;
        });
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Waits until React has hydrated the page's heading: its fiber is on the node the server sent. */
async function hydratedHeading(page: Page, name: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name, exact: true });
  await heading.waitFor();
  await page.waitForFunction((text) => {
    const h1 = Array.from(document.querySelectorAll('h1')).find((h) => h.textContent === text);
    return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  }, name);
  expect(await heading.evaluate((h) => (h as Element & { __fromServer?: boolean }).__fromServer === true)).toBe(true);
}

/**
 * Holds back the app's scripts: until `release`, what the page shows is the server's HTML, its
 * stylesheets and theme-init.js alone — the page as a phone shows it while its scripts arrive.
 */
async function holdScripts(page: Page): Promise<{ held: () => number; release: () => Promise<void> }> {
  const scripts = /\/assets\/.*\.js$/;
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route(scripts, (route) => (holding ? void held.push(() => route.continue()) : route.continue()));
  return {
    held: () => held.length,
    release: async () => {
      holding = false;
      await Promise.all(held.splice(0).map((release) => release()));
      await page.unroute(scripts);
    },
  };
}

/** Resolves once every stylesheet the page links is loaded: before that no control has its disabled look. */
async function stylesheetsIn(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet !== null),
  );
}

/**
 * The page's controls (buttons, fields, selects) that are not disabled or do not look it (the
 * not-allowed cursor), by their label or text. Read once the page's stylesheets are in: before that
 * no control has its disabled look (on a busy machine they can arrive after the first heading).
 */
async function answeringControls(page: Page): Promise<string[]> {
  await stylesheetsIn(page);
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('#root :is(button, input, select, textarea)'))
      .filter((el) => !el.matches(':disabled') || getComputedStyle(el).cursor !== 'not-allowed')
      .map((el) => el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.textContent?.trim() ?? el.tagName),
  );
}

/** Each public page's form: a field, its submit button, a complete entry, and the request its submit makes. */
const FORMS: {
  path: string;
  heading: string;
  field: (page: Page) => Locator;
  submit: string;
  fill: (page: Page) => Promise<void>;
  sent: (response: Response) => boolean;
}[] = [
  {
    path: '/market/appraisal',
    heading: 'Оценка',
    field: (page) => page.getByLabel('Список предметов'),
    submit: 'Оценить',
    fill: (page) => page.getByLabel('Список предметов').fill('Tritanium 100'),
    sent: (r) => r.url().endsWith('/data/market/appraisal') && r.request().method() === 'POST',
  },
  {
    path: '/about/debug',
    heading: 'Обратная связь',
    field: (page) => page.getByLabel('Заголовок'),
    submit: 'Отправить',
    fill: async (page) => {
      await page.getByLabel('Заголовок').fill('Проверка формы до гидратации');
      await page.getByLabel('Сообщение').fill('Текст, набранный после того, как страница ожила.');
    },
    sent: (r) => r.url().endsWith('/api/post_debug') && r.request().method() === 'POST',
  },
  {
    path: '/account/login',
    heading: 'Вход',
    field: (page) => page.getByLabel('Логин'),
    submit: 'Войти',
    fill: async (page) => {
      await page.getByLabel('Логин').fill('pilot_before_hydration');
      await page.getByLabel('Пароль').fill('секрет-123');
    },
    sent: (r) => r.url().endsWith('/auth/generate_captcha'),
  },
  {
    path: '/account/register',
    heading: 'Регистрация',
    field: (page) => page.getByLabel('Логин'),
    submit: 'Зарегистрироваться',
    fill: async (page) => {
      await page.getByLabel('Логин').fill('pilot_before_hydration');
      await page.getByLabel('Пароль', { exact: true }).fill('секрет-123');
      await page.getByLabel('Повтор пароля').fill('секрет-123');
      await page.getByLabel('Принимаю').check();
    },
    sent: (r) => r.url().endsWith('/auth/generate_captcha'),
  },
];

/** Every page the server renders that a visitor reaches by a link of the header or footer. */
const PUBLIC_PATHS = ['/', '/news', ...PAGES.map((p) => p.path), '/about', '/about/readme', ...FORMS.map((f) => f.path)];

describe('server-rendered pages', () => {
  const s = useBrowserPage();

  it('a plain GET of each public page holds the page itself: its heading, its data, its title, no inline script', async () => {
    const { data } = await api<MarketItemsResponse>('/data/market/items?hub=2');
    const tritanium = data.flatMap((c) => c.items).find((i) => i.id === 34)!;
    const detail = await api<MarketItemDetail>('/data/market/detail/34?hub=2');
    const expected: Record<(typeof PAGES)[number]['path'], string[]> = {
      '/market/list': [
        ...data.map((c) => c.name),
        'Tritanium',
        `${formatPrice(tritanium.sell!)}\u00a0ISK`,
        'Цены обновлены',
        'Торговый хаб',
      ],
      '/market/detail/34': ['Tritanium', `${formatPrice(detail.sell!)}\u00a0ISK`, 'Jita 4-4', 'Изменение цен'],
      '/market/appraisal': ['Список предметов', 'Процент выкупа, %'],
      '/loot': ['Загрузите историю добычи флота'],
      '/industry': ['Дерево материалов по правилам игры'],
      '/planetology': ['Раздел в тестировании'],
    };
    for (const page of PAGES) {
      const { res, html, text } = await plainGet(page.path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(html).toMatch(new RegExp(`<h1[^>]*>${page.heading}</h1>`));
      expect(html).toContain(`<title>${page.heading === 'Tritanium' ? 'Маркет' : page.heading} — EVE Toolkit</title>`);
      for (const t of expected[page.path]) expect(text).toContain(t);
      // The header for a guest (session from the server), the demo badge, the cookie banner.
      for (const t of ['Войти', 'Демо-режим', 'Принять']) expect(text).toContain(t);
      // The CSP forbids inline scripts: only data blocks and external scripts.
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/type="application\/json"|\bsrc="/);
      expect(html).not.toContain('EVE Toolkit загружается');
    }
    // Not rendered on the server: the corporation area (the shell, rendered in the browser).
    const corp = await plainGet('/corp/main');
    expect(corp.res.status).toBe(200);
    expect(corp.html).toContain('EVE Toolkit загружается');
    expect(corp.html).not.toContain(SERVER_STATE_ELEMENT_ID);
  });

  it('the visitor’s choices come with the request: the hub from its cookie, no banner once decided, the signed-in name', async () => {
    const { data } = await api<MarketItemsResponse>('/data/market/items?hub=1');
    const amarr = data.flatMap((c) => c.items).find((i) => i.id === 34)!;
    const chosen = await plainGet('/market/list', { cookie: 'cookies_allow=accepted; market_hub_id=1' });
    expect(chosen.html).toMatch(/<option value="1" selected="">Amarr<\/option>/);
    expect(chosen.text).toContain(`${formatPrice(amarr.sell!)}\u00a0ISK`);
    expect(chosen.text).not.toContain('Принять');

    await loginDemo(s.page, 'demo_industrialist');
    const html = await (await s.context.request.get('/loot')).text();
    expect(html).toContain('demo_industrialist');
    expect(html).not.toMatch(/>Войти</);
  });

  it.each(PAGES)('$path hydrates the server’s markup without an error and answers input', async ({ path, heading }) => {
    await markServerNodes(s.page);
    await s.page.goto(path);
    await hydratedHeading(s.page, heading);
    // The cookie banner, rendered by the server, is the app's own once hydrated.
    await s.page.getByRole('button', { name: 'Принять' }).click();
    await s.page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    await s.page.getByRole('button', { name: 'Включить тёмную тему' }).click();
    await s.page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
    // The page's own part that renders in the browser after hydration.
    if (path === '/industry') await s.page.getByRole('combobox', { name: /Предмет/ }).waitFor();
    if (path === '/planetology') await s.page.getByTestId('planetology-loading').waitFor({ state: 'detached' });
    if (path === '/loot') await s.page.getByTestId('loot-loading').waitFor({ state: 'detached' });
    if (path === '/market/list') {
      // Another hub: the list is asked for again and shows that hub's prices.
      const amarr = s.page.waitForResponse((r) => r.url().endsWith('/data/market/items?hub=1') && r.ok());
      await s.page.getByLabel('Торговый хаб').selectOption('1');
      await amarr;
      await s.page.getByRole('link', { name: /^Tritanium SELL/ }).waitFor();
    }
    // (useBrowserPage fails the test on any console error: a hydration mismatch is one.)
  });

  it('until a page has hydrated, none of its controls answers: every button, field and select is disabled (links load their page)', async () => {
    for (const path of PUBLIC_PATHS) {
      const page = await s.context.newPage();
      const scripts = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(scripts.held()).toBeGreaterThan(0);
      // The header's theme switch and menu, the cookie banner's buttons, the hub selector, the forms.
      expect({ path, answering: await answeringControls(page) }).toEqual({ path, answering: [] });
      // Each time a control is enabled, React must already have hydrated it (its fiber on the node):
      // React hydrates the page's Suspense boundary in a pass after the header's.
      await page.evaluate(() => {
        const seen: string[] = [];
        Object.assign(window, { __enabledBeforeHydrated: seen });
        new MutationObserver(() => {
          for (const el of Array.from(document.querySelectorAll<HTMLElement>('#root :is(button, input, select, textarea)')))
            if (!el.matches(':disabled') && !Object.keys(el).some((k) => k.startsWith('__reactFiber')))
              seen.push(el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.textContent?.trim() ?? el.tagName);
        }).observe(document.getElementById('root')!, { attributes: true, attributeFilter: ['disabled'], subtree: true });
      });
      await scripts.release();
      await waitForHydration(page);
      await page.getByRole('button', { name: /^Включить (тёмную|светлую) тему$/ }).click({ trial: true });
      const early = await page.evaluate(
        () => (window as unknown as { __enabledBeforeHydrated: string[] }).__enabledBeforeHydrated,
      );
      expect({ path, enabledBeforeHydrated: [...new Set(early)] }).toEqual({ path, enabledBeforeHydrated: [] });
      // Then they answer: the theme switch turns the scheme (the pages share the context's choice).
      const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
      const other = scheme === 'dark' ? 'light' : 'dark';
      await page.getByRole('button', { name: other === 'dark' ? 'Включить тёмную тему' : 'Включить светлую тему' }).click();
      await page.locator(`html[data-mantine-color-scheme="${other}"]`).waitFor({ state: 'attached' });
      await page.close();
    }
  });

  it.each(FORMS)(
    '$path: a press before hydration is visibly not possible (the form greyed, typing and Enter do nothing), and the form works once hydrated',
    async ({ path, heading, field, submit, fill, sent }) => {
      const requests: string[] = [];
      s.page.on('request', (r) => {
        if (r.method() !== 'GET') requests.push(`${r.method()} ${r.url()}`);
      });
      const scripts = await holdScripts(s.page);
      await s.page.goto(path, { waitUntil: 'commit' });
      await s.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(scripts.held()).toBeGreaterThan(0);

      // Shown as not possible: the field and the submit button disabled, with the disabled look.
      const input = field(s.page);
      const button = s.page.getByRole('button', { name: submit, exact: true });
      expect(await input.isDisabled()).toBe(true);
      expect(await button.isDisabled()).toBe(true);
      // (The look is read once the stylesheets are in: the CI run read it before them, «default».)
      await stylesheetsIn(s.page);
      for (const control of [input, button])
        expect(await control.evaluate((e) => getComputedStyle(e).cursor)).toBe('not-allowed');
      expect(await input.evaluate((e) => getComputedStyle(e).opacity)).toBe('0.6');

      // A player's press anyway: a click into the field, typing, Enter, a click of the button.
      await input.click({ force: true });
      await s.page.keyboard.type('Tritanium');
      await s.page.keyboard.press('Enter');
      await button.click({ force: true });
      expect(await input.evaluate((e) => e === document.activeElement)).toBe(false);
      expect(await input.inputValue()).toBe('');

      await scripts.release();
      await waitForHydration(s.page);
      // Nothing was sent and the page did not submit itself natively (its fields in the address).
      expect(s.page.url()).toBe(`${baseUrl()}${path}`);
      expect(requests).toEqual([]);
      expect(await input.inputValue()).toBe('');

      // Once hydrated the form answers: filled and submitted, it makes its request.
      expect(await input.isEnabled()).toBe(true);
      await fill(s.page);
      const response = s.page.waitForResponse(sent);
      await button.click();
      expect((await response).ok()).toBe(true);
    },
  );

  it('a dark theme saved in the browser paints dark before any script, and the switch reads it once hydrated', async () => {
    await markServerNodes(s.page);
    await s.page.addInitScript(() => window.localStorage.setItem('eve-toolkit-color-scheme', 'dark'));
    const scripts = await holdScripts(s.page);
    // (The document's load waits for its module script: only its arrival is awaited.)
    await s.page.goto('/market/list', { waitUntil: 'commit' });
    await s.page.getByRole('heading', { name: 'Минералы' }).waitFor();
    expect(scripts.held()).toBeGreaterThan(0);
    expect(await s.page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    // The dark scheme's page background (Mantine's dark 8), not the light one.
    expect(await s.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(14, 21, 34)');
    await scripts.release();
    await hydratedHeading(s.page, 'Маркет');
    await s.page.getByRole('button', { name: 'Включить светлую тему' }).waitFor();
  });

  it('with JavaScript off the page still reads: the list and its prices', async () => {
    const { data } = await api<MarketItemsResponse>('/data/market/items?hub=2');
    const tritanium = data.flatMap((c) => c.items).find((i) => i.id === 34)!;
    const context = await newContext(s.browser, baseUrl(), { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/market/list');
      await page.getByRole('heading', { name: 'Маркет', level: 1 }).waitFor();
      const sell = page.getByRole('link', { name: /^Tritanium SELL/ }).getByTestId('price-row-SELL');
      expect(await sell.getByTestId('price').textContent()).toBe(`${formatPrice(tritanium.sell!)}\u00a0ISK`);
      for (const category of data) await page.getByRole('heading', { name: category.name, exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('an icon the image server does not send shows the «?» placeholder once the page runs', async () => {
    await markServerNodes(s.page);
    await s.page.goto('/market/list');
    await hydratedHeading(s.page, 'Маркет');
    const box = s.page.getByRole('link', { name: /^Tritanium SELL/ }).getByTestId('type-icon');
    await box.locator('img[data-broken]').waitFor({ state: 'attached' });
    expect(await box.evaluate((b) => getComputedStyle(b, '::after').content)).toBe('"?"');
    expect(await box.locator('img').isVisible()).toBe(false);
  });
});
