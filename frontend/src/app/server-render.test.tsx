import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import type { Root } from 'react-dom/client';
import {
  COOKIE_CONSENT,
  COOKIE_HUB,
  SERVER_STATE_ELEMENT_ID,
  type ClientConfigResponse,
  type MarketItemDetail,
  type MarketItemsResponse,
  type ServerRenderResult,
  type SessionResponse,
} from '@eve-toolkit/shared-types';
import type { render as ServerRender } from '../entry-server';
import { COLOR_SCHEME_STORAGE_KEY } from './theme';
import { pageAt } from './routes';
import { startApp } from './start';
import { stubFetch } from '../test/render-app';

// The server renders with React's Node renderer (the one the backend runs); jsdom would resolve
// the browser build, which has no renderToPipeableStream. It schedules work with setImmediate.
jest.mock('react-dom/server', () => jest.requireActual('react-dom/server.node'));
// The apexcharts chunk needs a real SVG engine (the item page draws its chart once hydrated).
jest.mock('../features/market/components/price-chart', () => ({
  __esModule: true,
  default: () => <div data-testid="price-chart" />,
}));
Object.assign(globalThis, { setImmediate: (fn: () => void) => setTimeout(fn, 0) });

/**
 * The server's modules in a registry of their own (their own React, router, Mantine): in
 * production the server and the browser never share a context object, and React refuses two
 * renderers of one context at a time.
 */
let render: typeof ServerRender;
beforeAll(async () => {
  await jest.isolateModulesAsync(async () => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    ({ render } = require('../entry-server') as { render: typeof ServerRender });
    const { PAGES } = require('./pages') as typeof import('./pages');
    const { preloadPage } = require('./routes') as typeof import('./routes');
    const { SERVER_PAGES } = require('./server-pages') as typeof import('./server-pages');
    /* eslint-enable @typescript-eslint/no-require-imports */
    // The pages' modules too (a lazy import() resolves in whichever registry is current when it runs).
    await Promise.all(Object.keys(SERVER_PAGES).map((path) => preloadPage(PAGES[path as keyof typeof PAGES])));
  });
});

/**
 * The server's render (entry-server.tsx) and the browser's hydration of it (start.tsx), in React's
 * development build, which reports every difference between the two (text, elements, attributes)
 * through console.error. Each public page: rendered with the answers the server would give, then
 * hydrated in a browser whose clock is later than the server's; not one error, the server's nodes
 * kept (hydrated, not rendered again), and the page answers input afterwards.
 */

const SERVER_TIME = Date.parse('2026-11-28T12:00:00Z');
const PUBLIC_DIR = join(__dirname, '..', '..', 'public');

const item = (id: number, name: string, sell: number) => ({
  id,
  name,
  icon: `https://images.evetech.net/types/${id}/icon?size=64`,
  sell,
  buy: sell - 1,
  median_sell: sell * 1.02,
  median_buy: sell - 2,
});
const items = (hub: number): MarketItemsResponse => ({
  data: [
    { name: 'Минералы', items: [item(34, 'Tritanium', hub === 2 ? 5.5 : 6.25), item(35, 'Pyerite', 12)] },
    { name: 'PLEX', items: [item(44992, 'PLEX', 5_000_000)] },
    { name: 'Лёд', items: [item(16262, 'Clear Icicle', 410)] },
  ],
  // Five minutes before the render: «5 мин назад» on the server.
  updated_at: new Date(SERVER_TIME - 5 * 60_000).toISOString(),
});
const detail: MarketItemDetail = {
  ...item(34, 'Tritanium', 5.5),
  last_prices: { '2026-11-26': { B: 4.9, S: 5.4 }, '2026-11-27': { B: 5, S: 5.5 } },
  updated_at: new Date(SERVER_TIME - 5 * 60_000).toISOString(),
  book: { sell_volume: 1_234_567, buy_volume: 300, sell_orders: 45, buy_orders: 21 },
};
const config: ClientConfigResponse = { version: '0.1.0', demo: true, imageServerUrl: 'https://images.evetech.net' };
const GUEST: SessionResponse = { isAuthenticated: false, username: null, roles: [] };

/** What the backend's PageDataService answers (the paths the pages ask for); anything else is refused. */
function serverLoad(session: SessionResponse) {
  const asked: string[] = [];
  const load = async (path: string): Promise<unknown> => {
    asked.push(path);
    const url = new URL(path, 'http://x/');
    if (url.pathname === '/auth/get_session') return session;
    if (url.pathname === '/api/client_config') return config;
    if (url.pathname === '/data/market/hubs') return { hubs: [{ id: 2, label: 'Jita 4-4' }] };
    if (url.pathname === '/data/market/items') return items(Number(url.searchParams.get('hub')));
    if (url.pathname === '/data/market/detail/34') return detail;
    if (url.pathname === '/news.json' || url.pathname === '/about.json')
      return JSON.parse(readFileSync(join(PUBLIC_DIR, url.pathname.slice(1)), 'utf8')) as unknown;
    throw new Error(`not answered: ${path}`);
  };
  return { load, asked };
}

/**
 * Dates' local-time getters as in a time zone `hours` east of UTC (jest cannot change the
 * process's zone): what the server and the browser render of a local time.
 */
function inZone(hours: number): void {
  const shifted = (d: Date) => new Date(d.getTime() + hours * 3_600_000);
  const local = {
    getFullYear: 'getUTCFullYear',
    getMonth: 'getUTCMonth',
    getDate: 'getUTCDate',
    getDay: 'getUTCDay',
    getHours: 'getUTCHours',
    getMinutes: 'getUTCMinutes',
    getSeconds: 'getUTCSeconds',
  } as const;
  for (const [getter, utc] of Object.entries(local) as [keyof typeof local, (typeof local)[keyof typeof local]][])
    jest.spyOn(Date.prototype, getter).mockImplementation(function (this: Date) {
      return shifted(this)[utc]();
    });
  jest.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-hours * 60);
}

/** Puts the server's page in the document as the backend does (root content + state block). */
function serve(page: ServerRenderResult): HTMLElement {
  document.body.innerHTML = `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${page.state}</script>`;
  return document.getElementById('root')!;
}

let errors: jest.SpyInstance;
let mounted: Root | undefined;
beforeEach(() => {
  errors = jest.spyOn(console, 'error');
  stubFetch({ demo: true });
});
afterEach(() => {
  act(() => mounted?.unmount());
  mounted = undefined;
  errors.mockRestore();
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

/** Renders `url` on the "server", hydrates it in the "browser" four minutes later; returns the root. */
async function renderAndHydrate(
  url: string,
  options: { cookies?: string; session?: SessionResponse; scheme?: 'dark'; browserZone?: number } = {},
) {
  if (options.cookies) for (const c of options.cookies.split('; ')) document.cookie = `${c}; path=/`;
  const { load, asked } = serverLoad(options.session ?? GUEST);
  // The server in UTC, the browser ten hours east (or as asked): a local time rendered on both sides would differ.
  inZone(0);
  jest.spyOn(Date, 'now').mockReturnValue(SERVER_TIME);
  const page = await render({ url, cookies: document.cookie, load });
  expect(page).not.toBeNull();
  const root = serve(page!);
  const serverHeading = root.querySelector('h1');
  // The text as the server wrote it (no-break spaces read as spaces).
  const serverText = (root.textContent ?? '').replace(/\u00a0/g, ' ');

  // The browser's own storage (the server never sees it) and a clock four minutes later than the server's.
  if (options.scheme) window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, options.scheme);
  jest.spyOn(Date, 'now').mockReturnValue(SERVER_TIME + 4 * 60_000);
  inZone(options.browserZone ?? 10);
  window.history.replaceState(null, '', url);
  const store = createStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    mounted = await startApp(root, { store, queryClient });
  });
  // Hydrated: React's fiber is on the server's heading node (a render from scratch would replace it).
  await waitFor(() => expect(Object.keys(serverHeading ?? {}).some((k) => k.startsWith('__reactFiber'))).toBe(true));
  expect(root.querySelector('h1')).toBe(serverHeading);
  return { root, page: page!, asked, serverText };
}

function expectNoErrors() {
  expect(errors.mock.calls.map((args) => args.map(String).join(' '))).toEqual([]);
}

describe('server render and hydration', () => {
  it.each([
    ['/', 'EVE Toolkit'],
    ['/news', 'EVE Toolkit'],
    ['/market/appraisal', 'Оценка'],
    ['/loot', 'Лут'],
    ['/industry', 'Индустрия'],
    ['/planetology', 'Планеты'],
    ['/about', 'О проекте'],
    ['/about/debug', 'Обратная связь'],
    ['/account/login', 'Вход'],
    ['/account/register', 'Регистрация'],
    ['/no/such/page', 'Страница не найдена'],
  ])('%s: the page in the HTML, hydrated without a difference (in a browser that chose the dark theme)', async (url, heading) => {
    const { page } = await renderAndHydrate(url, { scheme: 'dark' });
    expect(page.html).toContain(heading);
    // The state names the page rendered: the browser loads its module without matching the table.
    expect((JSON.parse(page.state) as { page: string }).page).toBe(pageAt(url)!.page);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expectNoErrors();
  });

  it('the market list: the first two categories with their prices in the HTML, the rest for a browser without JavaScript and after hydration; the age by the server clock, then by the browser clock', async () => {
    const { page, asked, serverText } = await renderAndHydrate('/market/list');
    expect(asked).toEqual(['auth/get_session', 'api/client_config', 'data/market/items?hub=2']);
    expect(page.title).toBe('Маркет — EVE Toolkit');
    for (const text of [
      'Минералы',
      'Tritanium',
      '5,50',
      'PLEX',
      '5 000 000',
      'Цены обновлены 5 мин назад',
      'Демо-режим',
      'Войти',
    ])
      expect(serverText).toContain(text);
    // The third category is in the HTML only for a browser without JavaScript (<noscript>: text
    // to a browser that runs the app); the app adds it after hydrating, and the <noscript> goes.
    const noscript = page.html.indexOf('<noscript>');
    expect(noscript).toBeGreaterThan(page.html.indexOf('Pyerite'));
    expect(page.html.indexOf('Clear Icicle')).toBeGreaterThan(noscript);
    expect(await screen.findByRole('heading', { name: 'Лёд' })).toBeInTheDocument();
    expect(screen.getByText('Clear Icicle')).toBeInTheDocument();
    expect(document.querySelector('noscript')).toBeNull();
    // After hydration, the age is the browser's: four minutes later.
    expect(await screen.findByText('Цены обновлены 9 мин назад')).toBeInTheDocument();
    expectNoErrors();
  });

  it('the visitor’s hub (cookie, consent given) prices the list; no banner', async () => {
    const { page, asked } = await renderAndHydrate('/market/list', {
      cookies: `${COOKIE_CONSENT}=accepted; ${COOKIE_HUB}=3`,
    });
    expect(asked).toContain('data/market/items?hub=3');
    expect(page.html).toContain('6,25');
    expect(page.html).not.toContain('data-testid="cookie-banner"');
    expect(screen.getByLabelText('Торговый хаб')).toHaveValue('3');
    expectNoErrors();
  });

  it.each([
    [10, '28.11.2026 21:55'],
    [-10, '28.11.2026 01:55'],
  ])(
    'the item page with its prices, order book and history in the HTML; hydrated %i h from the server’s UTC, the local time only then',
    async (browserZone, localUpdated) => {
      const { page, asked, serverText } = await renderAndHydrate('/market/detail/34', { browserZone });
      expect(asked).toEqual(['auth/get_session', 'api/client_config', 'data/market/detail/34?hub=2', 'data/market/hubs']);
      for (const text of [
        'Tritanium',
        'Jita 4-4 · Цены обновлены 5 мин назад',
        '5,50 ISK',
        '4,50 ISK',
        'Спред SELL − BUY',
        '1,00 ISK (18,18 % от SELL)',
        'В продаже (SELL)',
        '1 234 567 шт. в 45 ордерах',
        'Скупают (BUY)',
        '300 шт. в 21 ордере',
        // The history's days are UTC days on both sides.
        '26.11.2026',
        '27.11.2026',
      ])
        expect(serverText).toContain(text);
      // The server does not know the reader's zone: the local time of the update is not in its HTML.
      expect(page.html).not.toContain(localUpdated);
      expect(screen.getByTestId('book-sell')).toHaveTextContent('1 234 567 шт. в 45 ордерах', { normalizeWhitespace: true });
      expect(screen.getByTestId('book-buy')).toHaveTextContent('300 шт. в 21 ордере', { normalizeWhitespace: true });
      expect(screen.getByLabelText('Торговый хаб')).toHaveValue('2');
      // Once hydrated: the browser's clock (four minutes later) and its own time zone.
      const age = await screen.findByText('Цены обновлены 9 мин назад');
      await waitFor(() => expect(age).toHaveAttribute('title', localUpdated));
      expect(screen.getByRole('row', { name: /27\.11\.2026/ })).toBeInTheDocument();
      expectNoErrors();
    },
  );

  it('a signed-in member’s header; the dark theme saved in the browser', async () => {
    const { page } = await renderAndHydrate('/loot', {
      session: { isAuthenticated: true, username: 'Miner', roles: ['corp'] },
      scheme: 'dark',
    });
    expect(page.html).toContain('Miner');
    expect(page.html).toContain('Корпорация');
    expect(await screen.findByRole('button', { name: 'Включить светлую тему' })).toBeInTheDocument();
    expectNoErrors();
  });

  it('an answer the server could not give is asked for by the browser, with the same loading state on both sides', async () => {
    const { load } = serverLoad(GUEST);
    jest.spyOn(Date, 'now').mockReturnValue(SERVER_TIME);
    const page = await render({
      url: '/market/list',
      cookies: '',
      load: (path) => (path.startsWith('data/market/items') ? Promise.reject(new Error('503')) : load(path)),
    });
    expect(page!.html).toContain('Загружаем цены…');
    const root = serve(page!);
    window.history.replaceState(null, '', '/market/list');
    await act(async () => {
      mounted = await startApp(root, {
        store: createStore(),
        queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      });
    });
    // The browser fetched the list itself (stubFetch answers 404 here: the page says so).
    expect(await screen.findByText('Не удалось загрузить цены')).toBeInTheDocument();
    expectNoErrors();
  });

  it('the page answers input once hydrated: the cookie banner goes, the theme switches', async () => {
    await renderAndHydrate('/industry');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Принять' }));
    await waitFor(() => expect(screen.queryByTestId('cookie-banner')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Включить тёмную тему' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expectNoErrors();
  });

  it('every control in the server’s HTML is disabled until the page has hydrated (input there would be lost), enabled after', async () => {
    const { load } = serverLoad(GUEST);
    jest.spyOn(Date, 'now').mockReturnValue(SERVER_TIME);
    const page = await render({ url: '/account/register', cookies: '', load });
    const root = serve(page!);
    const controls = Array.from(root.querySelectorAll('button, input, select, textarea'));
    // The header's buttons, the form's fields, its checkbox and button, the cookie banner's buttons.
    expect(controls.length).toBeGreaterThanOrEqual(10);
    for (const control of controls) expect(control).toBeDisabled();
    window.history.replaceState(null, '', '/account/register');
    await act(async () => {
      mounted = await startApp(root, {
        store: createStore(),
        queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      });
    });
    await waitFor(() => expect(screen.getByLabelText('Логин')).toBeEnabled());
    expect(screen.getByLabelText('Повтор пароля')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Зарегистрироваться' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Включить тёмную тему' })).toBeEnabled();
    // The same nodes: hydrated, not rendered again.
    expect(screen.getByLabelText('Логин')).toBe(controls.find((c) => c.getAttribute('name') === 'username'));
    expectNoErrors();
  });

  it('the corporation area and redirects are not rendered on the server', async () => {
    const { load } = serverLoad(GUEST);
    for (const url of ['/corp/main', '/best_admin/main', '/account/user/Miner', '/market', '/account'])
      expect(await render({ url, cookies: '', load })).toBeNull();
  });
});
