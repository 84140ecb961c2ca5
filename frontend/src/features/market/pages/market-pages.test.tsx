import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarketItemDetail, MarketItemsResponse } from '@eve-toolkit/shared-types';
import { setSocketForTests, type AppSocket } from '../../../shared/socket';
import { renderApp, type FetchHandler } from '../../../test/render-app';

// The apexcharts chunk needs a real SVG engine; the page's job is to hand it ready series.
jest.mock('../components/price-chart', () => ({
  __esModule: true,
  default: ({ series }: { series: unknown }) => <pre data-testid="price-chart">{JSON.stringify(series)}</pre>,
}));

const UPDATED = new Date(Date.now() - 12 * 60_000).toISOString();

const ITEMS: MarketItemsResponse = {
  updated_at: UPDATED,
  data: [
    {
      name: 'Минералы',
      items: [
        {
          id: 34,
          name: 'Tritanium',
          icon: 'https://images.example/types/34/icon?size=64',
          sell: 1234567.891,
          buy: 5.001,
          median_sell: 1200000,
          median_buy: 5.5,
        },
        {
          id: 35,
          name: 'Pyerite',
          icon: 'https://images.example/types/35/icon?size=64',
          sell: null,
          buy: 12,
          median_sell: null,
          median_buy: 12,
        },
      ],
    },
    {
      name: 'PLEX',
      items: [
        {
          id: 44992,
          name: 'PLEX',
          icon: 'https://images.example/types/44992/icon?size=64',
          sell: 3067000,
          buy: 3000000,
          median_sell: 3067000,
          median_buy: 3100000,
        },
      ],
    },
  ],
};

const DETAIL: MarketItemDetail = {
  ...ITEMS.data[0].items[0],
  last_prices: { '2025-10-02': { B: 5.2, S: 1190000 }, '2025-10-01': { B: 5.1, S: null } },
  updated_at: UPDATED,
  book: { sell_volume: 1234567, buy_volume: 300, sell_orders: 45, buy_orders: 21 },
};

const HUBS = {
  hubs: [
    { id: 2, label: 'Jita 4-4' },
    { id: 1, label: 'Amarr' },
    { id: 3, label: 'Dodixie' },
    { id: 4, label: 'Rens' },
    { id: 5, label: 'Hek' },
  ],
};

function marketApi(extra?: FetchHandler): FetchHandler {
  return (url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url === '/data/market/hubs') return { body: HUBS };
    if (url.startsWith('/data/market/items?hub=')) return { body: ITEMS };
    if (url === '/data/market/detail/34?hub=2') return { body: DETAIL };
    // Amarr has never been read: prices and the book unknown.
    if (url === '/data/market/detail/34?hub=1')
      return { body: { ...DETAIL, sell: null, buy: null, median_sell: null, median_buy: null, book: null } };
    if (url === '/data/market/search?q=hammerhed%20ii&hub=2')
      return {
        body: {
          items: [
            { id: 2185, name: 'Hammerhead II', sell: 780967.67, buy: null },
            { id: 2183, name: 'Hammerhead I', sell: 28487.26, buy: 20000 },
          ],
        },
      };
    if (url.startsWith('/data/market/detail/'))
      return { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Предмет не найден' } };
    return undefined;
  };
}

/** A stand-in socket: records listeners so a test can play a server event. */
function fakeSocket() {
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
  const socket = {
    connected: true,
    recovered: true,
    on: (ev: string, l: (...a: unknown[]) => void) => void (listeners.get(ev) ?? listeners.set(ev, new Set()).get(ev)!).add(l),
    off: (ev: string, l: (...a: unknown[]) => void) => void listeners.get(ev)?.delete(l),
    connect: () => socket,
  };
  const emit = (ev: string, payload: unknown) => listeners.get(ev)?.forEach((l) => l(payload));
  return { socket: socket as unknown as AppSocket, emit };
}

afterEach(() => setSocketForTests(null));

describe('/market/list', () => {
  it('shows categories of 250 px cards with exact prices, deltas and their colours', async () => {
    setSocketForTests(fakeSocket().socket);
    renderApp('/market/list', { handler: marketApi() });
    const card = await screen.findByRole('link', { name: /^Tritanium SELL/ });
    expect(card).toHaveAttribute('href', '/market/detail/34');
    // The card's accessible name is its visible text: the name and both prices (no aria-label hiding them).
    expect(card).not.toHaveAttribute('aria-label');
    expect(card).toHaveAccessibleName(expect.stringMatching(/^Tritanium SELL.*1\s234\s567,90.*BUY.*5,01/));
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://images.example/types/34/icon?size=64');

    const sell = within(card).getByTestId('price-row-SELL');
    expect(within(sell).getByTestId('price')).toHaveTextContent('1 234 567,90 ISK');
    expect(within(sell).getByTestId('delta')).toHaveTextContent('+2,88 %');
    expect(within(sell).getByTestId('delta')).toHaveAttribute('data-color', 'green');
    expect(within(sell).getByTestId('delta').getAttribute('style')).toContain('--mantine-color-green');

    const buy = within(card).getByTestId('price-row-BUY');
    expect(within(buy).getByTestId('price')).toHaveTextContent('5,01');
    expect(within(buy).getByTestId('delta')).toHaveTextContent('-9,07 %');
    expect(within(buy).getByTestId('delta')).toHaveAttribute('data-color', 'red');
    expect(within(buy).getByTestId('delta').getAttribute('style')).toContain('--mantine-color-red');

    // zero delta is green; a missing side shows dashes
    const plexSell = within(await screen.findByRole('link', { name: /^PLEX SELL/ })).getByTestId('price-row-SELL');
    expect(within(plexSell).getByTestId('delta')).toHaveTextContent('0,00 %');
    expect(within(plexSell).getByTestId('delta')).toHaveAttribute('data-color', 'green');
    expect(within(plexSell).getByTestId('price')).toHaveTextContent('3 067 000,00 ISK');
    const pyeSell = within(screen.getByRole('link', { name: /^Pyerite SELL/ })).getByTestId('price-row-SELL');
    expect(within(pyeSell).getByTestId('price')).toHaveTextContent('нет данных');
    expect(within(pyeSell).getByTestId('delta')).toHaveTextContent('—');

    expect(screen.getByRole('heading', { name: 'Минералы' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'PLEX' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Расчет цен' })).toHaveAttribute('href', '/market/appraisal');
    expect(screen.getByTestId('prices-age')).toHaveTextContent('Цены обновлены 12 мин назад');
  });

  it('searches any market item from the list: a combobox, the best match preselected, Enter opens it', async () => {
    setSocketForTests(fakeSocket().socket);
    const user = userEvent.setup();
    const { router } = renderApp('/market/list', { handler: marketApi() });
    const input = await screen.findByRole('combobox', { name: 'Поиск по маркету' });
    await user.type(input, 'h');
    expect(await screen.findByText('Введите не меньше 2 символов названия')).toBeInTheDocument();
    await user.type(input, 'ammerhed ii');
    const list = await screen.findByRole('listbox', { name: 'Найденные предметы' });
    const options = await within(list).findAllByRole('option');
    expect(options.map((o) => o.textContent!.replace(/\u00a0/g, ' '))).toEqual([
      'Hammerhead IISELL 780 967,67 ISKBUY нет данных',
      'Hammerhead ISELL 28 487,26 ISKBUY 20 000,00 ISK',
    ]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    // The detail route asks for the chosen item.
    await waitFor(() => expect(router.state.location.pathname).toBe('/market/detail/2185'));
  });

  it('says the game data is still loading on 503 and shows the cards once the server is ready', async () => {
    setSocketForTests(fakeSocket().socket);
    let calls = 0;
    const warming = {
      statusCode: 503,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'Игровые данные ещё загружаются, попробуйте через минуту',
    };
    renderApp('/market/list', {
      appRetryPolicy: true,
      handler: marketApi((url) =>
        url.startsWith('/data/market/items') && calls++ === 0 ? { status: 503, body: warming } : undefined,
      ),
    });
    expect(await screen.findByText('Игровые данные ещё загружаются, попробуйте через минуту')).toBeInTheDocument();
    expect(screen.queryByText('Не удалось загрузить цены')).not.toBeInTheDocument();
    // Retried after 3 s without a reload.
    expect(await screen.findByRole('link', { name: /^Tritanium SELL/ })).toBeInTheDocument();
    expect(screen.queryByText('Игровые данные ещё загружаются, попробуйте через минуту')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  }, 15_000);

  it('shows game data that could not be loaded as an error, without retrying it as a warm-up', async () => {
    setSocketForTests(fakeSocket().socket);
    let calls = 0;
    const message =
      'Игровые данные не загружены: импорт не удался (причина — на главной странице администратора и в журнале сервера). ' +
      'Администратору сайта: проверьте доступ к CCP или задайте SDE_PATH / SDE_URL и перезапустите приложение.';
    renderApp('/market/list', {
      appRetryPolicy: true,
      handler: marketApi((url) => {
        if (!url.startsWith('/data/market/items')) return undefined;
        calls++;
        return { status: 503, body: { statusCode: 503, code: 'GAME_DATA_UNAVAILABLE', message } };
      }),
    });
    // The query ends in its error only once the retry policy gave up: after the first answer here
    // (a retried 503 would have asked again first; a warm-up would show «Подождите немного»).
    expect(await screen.findByText('Не удалось загрузить цены')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(screen.queryByText('Подождите немного')).not.toBeInTheDocument();
    expect(screen.queryByText('Игровые данные ещё загружаются, попробуйте через минуту')).not.toBeInTheDocument();
    // Nor does the heading keep saying the prices are on their way.
    expect(screen.getByText('Цены недоступны')).toBeInTheDocument();
    expect(screen.queryByText('Загружаем цены…')).not.toBeInTheDocument();
  });

  it('marks an icon that fails to load, for the stylesheet to show the neutral placeholder (e2e/ssr.e2e.ts sees it drawn)', async () => {
    setSocketForTests(fakeSocket().socket);
    renderApp('/market/list', { handler: marketApi() });
    const card = await screen.findByRole('link', { name: /^Tritanium SELL/ });
    const img = within(card).getByTestId('type-icon').querySelector('img')!;
    expect(img).not.toHaveAttribute('data-broken');
    fireEvent.error(img);
    expect(img).toHaveAttribute('data-broken');
  });

  it('loads the chosen hub and keeps it out of cookies until they are accepted', async () => {
    setSocketForTests(fakeSocket().socket);
    const { user, fetchMock } = renderApp('/market/list', { handler: marketApi() });
    await screen.findByRole('link', { name: /^Tritanium SELL/ });
    const hubSelect = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Торговый хаб' });
    // The default hub comes first in the list.
    expect([...hubSelect.options].map((o) => o.textContent)).toEqual(['Jita 4-4', 'Amarr', 'Dodixie', 'Rens', 'Hek']);
    await user.selectOptions(hubSelect, 'Amarr');
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/data/market/items?hub=1'));
    expect(document.cookie).not.toContain('market_hub_id');
  });

  it('refetches when the server announces new prices for the shown hub', async () => {
    const { socket, emit } = fakeSocket();
    setSocketForTests(socket);
    const { fetchMock } = renderApp('/market/list', { handler: marketApi() });
    await screen.findByRole('link', { name: /^Tritanium SELL/ });
    const itemCalls = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/data/market/items?hub=2').length;
    expect(itemCalls()).toBe(1);
    // Another hub's update, then the shown hub's as a marker: the second must cause exactly one
    // refetch, and the first none (async act flushes what the first event scheduled).
    await act(async () => emit('market:prices-updated', { hubId: 3, updatedAt: '2026-05-01T10:00:00.000Z' }));
    expect(itemCalls()).toBe(1);
    await act(async () => emit('market:prices-updated', { hubId: 2, updatedAt: '2026-05-01T10:00:01.000Z' }));
    await waitFor(() => expect(itemCalls()).toBe(2));
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/data/market/items'))).toEqual([
      '/data/market/items?hub=2',
      '/data/market/items?hub=2',
    ]);
  });

  it('refetches the list when an admin changed the categories', async () => {
    const { socket, emit } = fakeSocket();
    setSocketForTests(socket);
    const { fetchMock } = renderApp('/market/list', { handler: marketApi() });
    await screen.findByRole('link', { name: /^Tritanium SELL/ });
    const itemCalls = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/data/market/items?hub=2').length;
    expect(itemCalls()).toBe(1);
    await act(async () => emit('market:list-changed', { changedAt: '2026-05-01T10:00:00.000Z' }));
    await waitFor(() => expect(itemCalls()).toBe(2));
  });
});

describe('/market/detail/:id', () => {
  it('shows name, icon, SELL/BUY with deltas, a back arrow and the price chart series', async () => {
    setSocketForTests(fakeSocket().socket);
    renderApp('/market/detail/34', { handler: marketApi() });
    expect(await screen.findByRole('heading', { name: 'Tritanium', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Назад к списку' })).toHaveAttribute('href', '/market/list');
    const sell = screen.getByTestId('price-row-SELL');
    expect(within(sell).getByTestId('price')).toHaveTextContent('1 234 567,90 ISK');
    expect(within(sell).getByTestId('delta')).toHaveTextContent('+2,88 %');
    const buy = screen.getByTestId('price-row-BUY');
    expect(within(buy).getByTestId('delta')).toHaveTextContent('-9,07 %');
    expect(within(buy).getByTestId('delta')).toHaveAttribute('data-color', 'red');
    expect(screen.getByRole('heading', { name: 'Изменение цен' })).toBeInTheDocument();
    const chart = await screen.findByTestId('price-chart');
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
    expect(JSON.parse(chart.textContent!)).toEqual([
      { name: 'SELL', data: [[day('2025-10-02'), 1190000]] },
      {
        name: 'BUY',
        data: [
          [day('2025-10-01'), 5.1],
          [day('2025-10-02'), 5.2],
        ],
      },
    ]);
  });

  it('shows the spread, the volume and orders on each side, and switches the hub; unknown values read «нет данных»', async () => {
    setSocketForTests(fakeSocket().socket);
    const user = userEvent.setup();
    renderApp('/market/detail/34', { handler: marketApi() });
    const text = async (id: string) => (await screen.findByTestId(id)).textContent!.replace(/\u00a0/g, ' ');
    // SELL 1 234 567,891 (shown rounded up: 1 234 567,90), BUY 5,001: spread 1 234 562,89 ISK, 100 % of SELL to 2 places.
    expect(await text('book-spread')).toBe('1 234 562,89 ISK (100 % от SELL)');
    expect(await text('book-sell')).toBe('1 234 567 шт. в 45 ордерах');
    expect(await text('book-buy')).toBe('300 шт. в 21 ордере');

    await user.selectOptions(screen.getByLabelText('Торговый хаб'), 'Amarr');
    await waitFor(() => expect(screen.getByTestId('book-sell')).toHaveTextContent('нет данных'));
    expect(await text('book-buy')).toBe('нет данных');
    expect(await text('book-spread')).toBe('нет данных');
    expect(within(screen.getByTestId('price-row-SELL')).getByTestId('price')).toHaveTextContent('нет данных');
  });

  it('shows a clear not-found state for an unknown id', async () => {
    setSocketForTests(fakeSocket().socket);
    renderApp('/market/detail/999999', { handler: marketApi() });
    expect(await screen.findByRole('heading', { name: 'Предмет не найден' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К списку предметов' })).toHaveAttribute('href', '/market/list');
    expect(screen.queryByText('Изменение цен')).toBeNull();
  });

  it('treats a non-numeric id as not found without asking the server', async () => {
    setSocketForTests(fakeSocket().socket);
    const { fetchMock } = renderApp('/market/detail/abc', { handler: marketApi() });
    expect(await screen.findByTestId('market-item-not-found')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/detail/'))).toEqual([]);
  });
});
