import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LootPostResponse, LootPricesResponse } from '@eve-toolkit/shared-types';
import { renderApp, TEST_CSRF_TOKEN, type FetchHandler } from '../../../test/render-app';
import { encodeShare, LOOT_STORAGE_KEY } from '../lib/split-state';
import { plain } from '../../../test/text';

const item = (type_id: number, name: string, quantity: number, blueprint_copy = false) => ({
  type_id,
  name,
  name_en: name,
  quantity,
  blueprint_copy,
});

const UPLOAD: LootPostResponse = {
  data: [
    {
      pilots: [
        { name: 'Ivan Petrov', items: [item(34, 'Tritanium', 2000), item(2488, 'Warrior II', 1)] },
        { name: 'Anna Sokolova', items: [item(2488, 'Warrior II', 2), item(691, 'Rifter Blueprint', 1, true)] },
        { name: 'Jon Doe', items: [item(35, 'Pyerite', 14)] },
      ],
      items: [],
    },
  ],
  errors: [{ line: 8, text: 'Unobtainium Widget', message: 'Предмет не найден: Unobtainium Widget' }],
  skipped: 1,
  lines: 6,
};

const PRICES: LootPricesResponse = {
  hub: 2,
  types: [
    { type_id: 34, name: 'Тританий', name_en: 'Tritanium', sell: 4.52, buy: 3.98, blueprint_copy: false, adjusted: null },
    {
      type_id: 2488,
      name: 'Warrior II',
      name_en: 'Warrior II',
      sell: 215_000,
      buy: 190_000.5,
      blueprint_copy: false,
      adjusted: null,
    },
    {
      type_id: 691,
      name: 'Rifter Blueprint',
      name_en: 'Rifter Blueprint',
      sell: 2_900_000,
      buy: 2_500_000,
      blueprint_copy: true,
      adjusted: null,
    },
    { type_id: 35, name: 'Pyerite', name_en: 'Pyerite', sell: null, buy: null, blueprint_copy: false, adjusted: 9.5 },
  ],
};

function lootApi(calls: { url: string; init?: RequestInit }[]): FetchHandler {
  return (url, init) => {
    if (url.includes('/data/loot/')) calls.push({ url, init });
    if (url.endsWith('/data/loot/post_players')) return { body: UPLOAD };
    if (url.includes('/data/loot/prices?')) return { body: PRICES };
    return undefined;
  };
}

const group = (n: number) => screen.getByTestId(`loot-group-${n}`);
const pilotsOf = (n: number) =>
  within(group(n))
    .getAllByTestId('loot-pilot')
    .map((p) => p.textContent?.replace(/[←→]/g, ''));

describe('/loot', () => {
  beforeEach(() => localStorage.clear());

  it('uploads with the CSRF token, shows one group, moves pilots, sums values and payouts, keeps the split', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const r = renderApp('/loot', { handler: lootApi(calls) });
    await screen.findByRole('button', { name: 'Загрузить файл .txt' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await r.user.upload(input, new File(['18:03:40 A has looted 1 x Tritanium'], 'loot.txt', { type: 'text/plain' }));

    await screen.findByTestId('loot-group-1');
    const post = calls.find((c) => c.url.endsWith('post_players'));
    expect(post?.init?.method).toBe('POST');
    expect(post?.init?.body).toBeInstanceOf(FormData);
    expect(new Headers(post?.init?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    expect(screen.getByTestId('loot-issues')).toHaveTextContent('Не учтено строк: 1');
    expect(pilotsOf(1)).toEqual(['Ivan Petrov', 'Anna Sokolova', 'Jon Doe']);
    await waitFor(() => expect(within(group(1)).getByText('Тританий')).toBeInTheDocument());
    // Pyerite has no price at the hub: the group's value is unknown (never the others' sum), Pyerite named.
    expect(within(group(1)).getByTestId('group-sell')).toHaveTextContent('Итог SELL: неизвестно');
    expect(within(group(1)).getByTestId('group-buy')).toHaveTextContent('Итог BUY: неизвестно');
    expect(within(group(1)).getByTestId('group-share')).toHaveTextContent('На пилота: неизвестно (SELL) / неизвестно (BUY)');
    expect(within(group(1)).getByTestId('group-unpriced')).toHaveTextContent(
      'Нет цены в хабе (1 тип): Pyerite — итог и доли с ними неизвестны',
    );
    // counted at CCP's adjusted price instead, labelled: 2000 × 4.52 + 3 × 215 000 + 14 × 9.5 = 654 173;
    // BUY 2000 × 3.98 + 3 × 190 000.5 + 14 × 9.5 = 578 094.50; the copy is not valued.
    await r.user.click(within(group(1)).getByRole('button', { name: /Средняя цена CCP \(adjusted\)/ }));
    expect(within(group(1)).getByTestId('group-sell')).toHaveTextContent('Итог SELL: 654 173,00 ISK');
    expect(within(group(1)).getByTestId('group-buy')).toHaveTextContent('Итог BUY: 578 094,50 ISK');
    expect(within(group(1)).getByTestId('loot-chosen')).toHaveTextContent('Pyerite: средняя цена CCP (adjusted) 9,50 ISK');
    await r.user.click(within(group(1)).getByRole('button', { name: 'Убрать' }));
    expect(within(group(1)).getByTestId('group-sell')).toHaveTextContent('Итог SELL: неизвестно');
    expect(within(group(1)).getByText('3 пилота')).toBeInTheDocument();

    // Anna to a new group on the right, then Ivan joins her: the first group keeps Jon only.
    await r.user.click(screen.getByRole('button', { name: 'Вправо: Anna Sokolova' }));
    expect(pilotsOf(1)).toEqual(['Ivan Petrov', 'Jon Doe']);
    expect(pilotsOf(2)).toEqual(['Anna Sokolova']);
    await r.user.click(screen.getByRole('button', { name: 'Вправо: Ivan Petrov' }));
    expect(pilotsOf(1)).toEqual(['Jon Doe']);
    expect(pilotsOf(2)).toEqual(['Ivan Petrov', 'Anna Sokolova']);
    // Jon leaves left: his old group was the first, he gets a new first group (same place).
    await r.user.click(screen.getByRole('button', { name: 'Влево: Jon Doe' }));
    expect(pilotsOf(1)).toEqual(['Jon Doe']);
    // Jon's Pyerite alone: unknown, not 0
    expect(within(group(1)).getByTestId('group-sell')).toHaveTextContent('Итог SELL: неизвестно');
    expect(within(group(2)).getByTestId('group-buy')).toHaveTextContent('Итог BUY: 577 961,50 ISK');

    const rows = within(screen.getByTestId('payout-table'))
      .getAllByTestId('payout-row')
      .map((row) => Array.from(row.querySelectorAll('td')).map((td) => plain(td.textContent)));
    expect(rows).toEqual([
      ['Jon Doe', '1', 'неизвестно'],
      ['Ivan Petrov', '2', '288 980,75 ISK'],
      ['Anna Sokolova', '2', '288 980,75 ISK'],
    ]);
    await r.user.click(screen.getByRole('button', { name: 'Копировать выплаты' }));
    expect(await navigator.clipboard.readText()).toBe(
      'Пилот\tГруппа\tДоля, ISK\nJon Doe\t1\t\nIvan Petrov\t2\t288980,75\nAnna Sokolova\t2\t288980,75',
    );
    await r.user.click(within(group(2)).getByRole('button', { name: 'Копировать' }));
    expect(await navigator.clipboard.readText()).toBe('Tritanium\t2000\nWarrior II\t3\nRifter Blueprint\t1');
    expect(within(group(2)).getByRole('link', { name: 'В маркет' })).toHaveAttribute(
      'href',
      '/market/appraisal?data=Tritanium%5Ct2000%5CnWarrior%20II%5Ct3%5CnRifter%20Blueprint%5Ct1',
    );

    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(LOOT_STORAGE_KEY) ?? 'null')).toEqual({
        v: 1,
        pilots: [
          {
            name: 'Ivan Petrov',
            items: [
              [34, 2000],
              [2488, 1],
            ],
          },
          {
            name: 'Anna Sokolova',
            items: [
              [2488, 2],
              [691, 1],
            ],
          },
          { name: 'Jon Doe', items: [[35, 14]] },
        ],
        groups: [[2], [0, 1]],
      }),
    );
  });

  it('restores the stored split after a reload', async () => {
    localStorage.setItem(
      LOOT_STORAGE_KEY,
      JSON.stringify({
        v: 1,
        pilots: [
          { name: 'A', items: [[34, 10]] },
          { name: 'B', items: [] },
        ],
        groups: [[1], [0]],
      }),
    );
    renderApp('/loot', { handler: lootApi([]) });
    await screen.findByTestId('loot-group-2');
    expect(pilotsOf(1)).toEqual(['B']);
    expect(pilotsOf(2)).toEqual(['A']);
    await waitFor(() => expect(within(group(2)).getByTestId('group-sell')).toHaveTextContent('45,20 ISK'));
  });

  it('opens a shared link, drops the fragment and keeps the split', async () => {
    const share = await encodeShare({
      v: 1,
      pilots: [
        { name: 'A', items: [[34, 10]] },
        { name: 'B', items: [] },
      ],
      groups: [[0, 1]],
    });
    const r = renderApp(`/loot#split=${share}`, { handler: lootApi([]) });
    await screen.findByText('Раздел открыт по ссылке');
    expect(pilotsOf(1)).toEqual(['A', 'B']);
    await waitFor(() => expect(r.router.state.location.hash).toBe(''));
    expect(JSON.parse(localStorage.getItem(LOOT_STORAGE_KEY) ?? 'null').groups).toEqual([[0, 1]]);
  });

  it('a broken link says so', async () => {
    renderApp('/loot#split=zAAAA', { handler: lootApi([]) });
    expect(await screen.findByText('Ссылка на раздел повреждена или устарела')).toBeInTheDocument();
  });

  it('refuses a non-.txt file without sending it, and shows the server refusal in Russian', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const handler: FetchHandler = (url, init) => {
      if (url.endsWith('/data/loot/post_players')) {
        calls.push({ url, init });
        return {
          status: 415,
          body: {
            statusCode: 415,
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: 'Это не текстовый файл: ожидается .txt в UTF-8 или UTF-16',
          },
        };
      }
      return undefined;
    };
    renderApp('/loot', { handler });
    await screen.findByRole('button', { name: 'Загрузить файл .txt' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'loot.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('Можно загрузить только текстовый файл .txt')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'loot.txt')] } });
    expect(await screen.findByTestId('loot-upload-error')).toHaveTextContent('Это не текстовый файл');
    expect(calls).toHaveLength(1);
  });
});
