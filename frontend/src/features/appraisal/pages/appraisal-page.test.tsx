import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type AppraisalLine, type AppraisalResponse, type SavedAppraisal } from '@eve-toolkit/shared-types';
import { renderApp, type FetchHandler } from '../../../test/render-app';
import { plain } from '../../../test/text';

const line = (over: Partial<AppraisalLine>): AppraisalLine => ({
  name: 'Tritanium',
  icon: 'https://images.example/types/34/icon?size=64',
  quantity: 2000,
  volume: 20,
  sell: 4.01,
  buy: 3.5,
  sell_p5: 4.05,
  buy_p5: 3.45,
  sell_quantity: 1000,
  buy_quantity: 500,
  sell_orders: 12,
  buy_orders: 7,
  type_id: 34,
  bpc: false,
  runs: null,
  note: null,
  ...over,
});

const RESULT: AppraisalResponse = {
  data: [
    line({}),
    line({
      name: 'Warrior II',
      type_id: 2488,
      quantity: 3,
      volume: 15,
      sell: 0,
      buy: 0,
      sell_p5: 0,
      buy_p5: 0,
      note: 'Нет ордеров в хабе: цена 0',
    }),
  ],
  errors: ['Строка 3: не удалось распознать «чепуха»', 'Строка 4: не удалось распознать «ещё чепуха»'],
  id: 'Ab3dEf7hIj',
  hub: 2,
  percent: 100,
  created_at: '2026-01-01T10:00:00.000Z',
  hubs: [
    { hub: 1, sell: 9000, buy: 6000, sell_p5: 9100, buy_p5: 5900, priced: 1 },
    { hub: 2, sell: 8020, buy: 7000, sell_p5: 8100, buy_p5: 6900, priced: 1 },
    { hub: 3, sell: 0, buy: 0, sell_p5: 0, buy_p5: 0, priced: 0 },
    { hub: 4, sell: 0, buy: 0, sell_p5: 0, buy_p5: 0, priced: 0 },
    { hub: 5, sell: 0, buy: 0, sell_p5: 0, buy_p5: 0, priced: 0 },
  ],
  suggestions: [],
};

function appraisalApi(
  calls: { url: string; body: unknown }[],
  reply: () => { status?: number; body: unknown } = () => ({ body: RESULT }),
): FetchHandler {
  return (url, init) => {
    if (!url.includes('/data/market/appraisal')) return undefined;
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return reply();
  };
}

const textBox = () => screen.getByPlaceholderText('Plex 1');

describe('/market/appraisal', () => {
  it('?data= fills the box (literal \\t and \\n become tab and newline); submit prices it: table, totals, errors', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const { user, router } = renderApp('/market/appraisal?data=Tritanium%5Ct2000%5CnWarrior%20II%5Ct3', {
      handler: appraisalApi(calls),
    });
    await waitFor(() => expect(textBox()).toHaveValue('Tritanium\t2000\nWarrior II\t3'));
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    expect(await screen.findByTestId('total-sell')).toHaveTextContent('Итог SELL: 8 020,00 ISK');
    expect(screen.getByTestId('total-buy')).toHaveTextContent('Итог BUY: 7 000,00 ISK');
    // The address names the new appraisal at once (no «Ссылка» pressed): reloading or sharing it opens it.
    await waitFor(() => expect(router.state.location.search).toBe('?id=Ab3dEf7hIj'));
    expect(calls).toEqual([
      {
        url: expect.stringContaining('/data/market/appraisal'),
        body: { appraisal: 'Tritanium\t2000\nWarrior II\t3', hub: 2, percent: 100 },
      },
    ]);
    const rows = within(screen.getByTestId('appraisal-table')).getAllByRole('row');
    expect(rows[0].textContent).toBe('ТипКоличествоОбъём, м³SELL за ед.BUY за ед.SELLBUYISK/м³ДоляОрдера S / B');
    expect(plain(rows[1].textContent)).toBe('Tritanium2 00020 м³4,013,508 020,007 000,00401,00100 %12 / 7');
    expect(rows[2].textContent).toContain('Нет ордеров в хабе: цена 0');
    const errors = screen.getByTestId('appraisal-errors');
    expect(within(errors).getByText('Ошибки:')).toBeInTheDocument();
    expect(within(errors).getByText('Строка 3: не удалось распознать «чепуха»')).toBeInTheDocument();
    expect(within(errors).getByText('Строка 4: не удалось распознать «ещё чепуха»')).toBeInTheDocument();
  });

  it('a large result shows 100 rows a page with a pager; totals cover every line; a new result starts on page 1', async () => {
    const many: AppraisalResponse = {
      ...RESULT,
      errors: [],
      data: Array.from({ length: 250 }, (_, i) =>
        line({ name: `Предмет ${i + 1}`, type_id: 1000 + i, quantity: 1, sell: 2, buy: 1 }),
      ),
    };
    let answers = 0;
    const { user } = renderApp('/market/appraisal?data=x%20250', {
      handler: appraisalApi([], () => ({ body: { ...many, id: `Ab3dEf7hI${++answers}` } })),
    });
    await waitFor(() => expect(textBox()).toHaveValue('x 250'));
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    expect(await screen.findByTestId('total-sell')).toHaveTextContent('Итог SELL: 500,00 ISK');
    const bodyRows = () => within(screen.getByTestId('appraisal-table')).getAllByRole('row').slice(1);
    expect(bodyRows()).toHaveLength(100);
    expect(bodyRows()[0].textContent).toContain('Предмет 1');
    expect(screen.getByTestId('appraisal-rows')).toHaveTextContent('Строки 1–100 из 250');
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(bodyRows()).toHaveLength(50);
    expect(bodyRows()[0].textContent).toContain('Предмет 201');
    expect(bodyRows()[49].textContent).toContain('Предмет 250');
    expect(screen.getByTestId('appraisal-rows')).toHaveTextContent('Строки 201–250 из 250');
    // A new appraisal starts again on its first page.
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    await waitFor(() => expect(screen.getByTestId('appraisal-rows')).toHaveTextContent('Строки 1–100 из 250'));
    expect(answers).toBe(2);
  });

  it('fewer than 2 characters: nothing is sent and nothing is shown', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const { user } = renderApp('/market/appraisal', { handler: appraisalApi(calls) });
    fireEvent.change(await screen.findByPlaceholderText('Plex 1'), { target: { value: 'x' } });
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    fireEvent.change(textBox(), { target: { value: '   ' } });
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('appraisal-errors')).not.toBeInTheDocument();
  });

  it("first error 'Error in appraisal' shows the application error; a 500 too; a 413 and failed game data show the server's Russian text", async () => {
    let reply: () => { status?: number; body: unknown } = () => ({
      body: { ...RESULT, data: [], errors: ['Error in appraisal'] },
    });
    const { user } = renderApp('/market/appraisal', { handler: appraisalApi([], () => reply()) });
    fireEvent.change(await screen.findByPlaceholderText('Plex 1'), { target: { value: 'Plex 1' } });
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    expect(await screen.findByTestId('appraisal-app-error')).toHaveTextContent(MESSAGES.appError);

    reply = () => ({ status: 500, body: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера' } });
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    await waitFor(() => expect(screen.getByTestId('appraisal-app-error')).toHaveTextContent(MESSAGES.appError));

    const tooLong = 'Слишком длинный текст: не больше 1 000 000 символов';
    reply = () => ({ status: 413, body: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: tooLong } });
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    await waitFor(() => expect(screen.getByTestId('appraisal-app-error')).toHaveTextContent(tooLong));

    // Game data that could not be loaded: the server says why (a 503 that is not a warm-up).
    const noData =
      'Игровые данные не загружены: импорт не удался (причина — на главной странице администратора и в журнале сервера). ' +
      'Администратору сайта: проверьте доступ к CCP или задайте SDE_PATH / SDE_URL и перезапустите приложение.';
    reply = () => ({ status: 503, body: { statusCode: 503, code: 'GAME_DATA_UNAVAILABLE', message: noData } });
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    await waitFor(() => expect(screen.getByTestId('appraisal-app-error')).toHaveTextContent(noData));
  });

  it('?id= opens a saved appraisal; the toggle shows today’s prices beside the saved ones', async () => {
    const saved: SavedAppraisal = {
      ...RESULT,
      id: 'Ab3dEf7hIj',
      errors: [],
      expires_at: '2026-04-01T10:00:00.000Z',
      mine: false,
    };
    const calls: { url: string; body: unknown }[] = [];
    const { user } = renderApp('/market/appraisal?id=Ab3dEf7hIj', {
      handler: appraisalApi(calls, () =>
        calls[calls.length - 1].url.endsWith('?current=1')
          ? { body: { ...saved, current: [line({ sell: 5, buy: 4 }), saved.data[1]] } }
          : { body: saved },
      ),
    });
    expect(await screen.findByTestId('total-sell')).toHaveTextContent('Итог SELL: 8 020,00 ISK');
    expect(calls.map((c) => c.url.replace(/^.*\/data/, '/data'))).toEqual(['/data/market/appraisal/Ab3dEf7hIj']);
    // The recipient sees what was appraised: its lines in the box, ready to change and appraise again.
    await waitFor(() => expect(textBox()).toHaveValue('Tritanium\t2000\nWarrior II\t3'));
    await user.click(screen.getByRole('switch', { name: 'Показать текущие цены рядом' }));
    expect(await screen.findByTestId('current-totals')).toHaveTextContent('Итог SELL сейчас: 10 000,00 ISK');
    expect(screen.getByTestId('current-totals')).toHaveTextContent('Итог BUY сейчас: 8 000,00 ISK');
    expect(screen.getByTestId('total-sell')).toHaveTextContent('Итог SELL: 8 020,00 ISK');
  });

  it('buyback percent and the 5 % price: sent with the paste, totals at them, the share link keeps them', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const { user, router } = renderApp('/market/appraisal?data=Tritanium%202000', {
      handler: appraisalApi(calls, () => ({ body: { ...RESULT, percent: 90 } })),
    });
    await waitFor(() => expect(textBox()).toHaveValue('Tritanium 2000'));
    const percent = screen.getByRole('textbox', { name: /Процент выкупа/ });
    await user.clear(percent);
    await user.type(percent, '90');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    expect(await screen.findByTestId('total-sell')).toHaveTextContent('Итог SELL (90 %): 7 218,00 ISK');
    expect(calls[0].body).toEqual({ appraisal: 'Tritanium 2000', hub: 2, percent: 90 });
    // Every price column says what it is: unit prices at the market (100 %), line totals at 90 %.
    const head = within(screen.getByTestId('appraisal-table')).getAllByRole('row')[0];
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
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
    expect(screen.getByTestId('appraisal-percent-note')).toHaveTextContent(
      'Цены за единицу и ISK/м³ — рыночные (100 %); суммы строк и итоги — по проценту выкупа 90 %.',
    );
    // 2000 × 4,01 at the market; 2000 × 4,01 × 0,9 = 7 218 in the line's total.
    expect(plain(within(screen.getByTestId('appraisal-table')).getAllByRole('row')[1].textContent)).toContain(
      '4,013,507 218,006 300,00',
    );
    await user.click(screen.getByRole('radio', { name: 'Средняя по 5 % объёма' }));
    // 2000 × 4.05 × 0.9 and 2000 × 3.45 × 0.9
    expect(screen.getByTestId('total-sell')).toHaveTextContent('Итог SELL (90 %): 7 290,00 ISK');
    expect(screen.getByTestId('total-buy')).toHaveTextContent('Итог BUY (90 %): 6 210,00 ISK');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn(async () => undefined) }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Ссылка' }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(
      `${window.location.origin}/market/appraisal?id=Ab3dEf7hIj&price=p5`,
    );
    // The address shows the same.
    expect(router.state.location.search).toBe('?id=Ab3dEf7hIj&price=p5');
  });

  it('sorts by any column (descending first, again ascending), paste order before', async () => {
    const data = [
      line({ name: 'Бета', type_id: 1, quantity: 1, volume: 1, sell: 5, buy: 1 }),
      line({ name: 'Альфа', type_id: 2, quantity: 1, volume: 10, sell: 50, buy: 2 }),
      line({ name: 'Гамма', type_id: 3, quantity: 1, volume: 0.5, sell: 1, buy: 3 }),
    ];
    const { user } = renderApp('/market/appraisal?data=xx', {
      handler: appraisalApi([], () => ({ body: { ...RESULT, data, errors: [] } })),
    });
    await waitFor(() => expect(textBox()).toHaveValue('xx'));
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    await screen.findByTestId('appraisal-table');
    const names = () =>
      within(screen.getByTestId('appraisal-table'))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent?.match(/^(Альфа|Бета|Гамма)/)?.[0]);
    expect(names()).toEqual(['Бета', 'Альфа', 'Гамма']);
    await user.click(screen.getByRole('button', { name: 'BUY' }));
    expect(names()).toEqual(['Гамма', 'Альфа', 'Бета']);
    expect(screen.getByRole('columnheader', { name: 'BUY' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'BUY' }));
    expect(names()).toEqual(['Бета', 'Альфа', 'Гамма']);
    await user.click(screen.getByRole('button', { name: 'ISK/м³' }));
    // 5 / 1, 50 / 10, 1 / 0.5
    expect(names()).toEqual(['Бета', 'Альфа', 'Гамма']);
    await user.click(screen.getByRole('button', { name: 'Тип' }));
    expect(names()).toEqual(['Альфа', 'Бета', 'Гамма']);
  });

  it('compares the hubs, marks the best, and one click appraises at another hub', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const { user } = renderApp('/market/appraisal?data=Tritanium%202000', {
      handler: appraisalApi(calls, () => ({ body: { ...RESULT, hub: calls.length === 1 ? 2 : 1 } })),
    });
    await waitFor(() => expect(textBox()).toHaveValue('Tritanium 2000'));
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    const amarr = await screen.findByTestId('hub-1');
    expect(plain(amarr.textContent)).toBe('Amarr9 000,00 ISKлучший6 000,00 ISK1Оценить в Amarr');
    expect(plain(screen.getByTestId('hub-2').textContent)).toBe('Jita 4-48 020,00 ISK7 000,00 ISKлучший1текущий');
    await user.click(within(amarr).getByRole('button', { name: 'Оценить в Amarr' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toEqual({ appraisal: 'Tritanium 2000', hub: 1, percent: 100 });
    await waitFor(() => expect(screen.getByTestId('hub-1')).toHaveTextContent('текущий'));
    expect(screen.getByRole('combobox', { name: 'Торговый хаб' })).toHaveValue('1');
  });

  it('«Возможно, вы имели в виду …»: a name puts itself into the line and appraises again', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const { user } = renderApp('/market/appraisal?data=Tritanum%20100%5CnPyerite%205', {
      handler: appraisalApi(calls, () => ({
        body: {
          ...RESULT,
          errors: calls.length === 1 ? ['Строка 1: не удалось распознать «Tritanum 100»'] : [],
          suggestions: calls.length === 1 ? [{ line: 1, text: 'Tritanum', names: ['Tritanium', 'Titanium'] }] : [],
        },
      })),
    });
    await waitFor(() => expect(textBox()).toHaveValue('Tritanum 100\nPyerite 5'));
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    const offered = await screen.findByTestId('suggestions-1');
    expect(offered.textContent).toBe('Возможно, вы имели в виду:TritaniumTitanium');
    await user.click(within(offered).getByRole('button', { name: 'Tritanium' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(textBox()).toHaveValue('Tritanium 100\nPyerite 5');
    expect(calls[1].body).toEqual({ appraisal: 'Tritanium 100\nPyerite 5', hub: 2, percent: 100 });
    await waitFor(() => expect(screen.queryByTestId('appraisal-errors')).not.toBeInTheDocument());
  });

  it('an anonymous visitor’s last appraisals stay in the browser', async () => {
    window.localStorage.clear();
    const { user } = renderApp('/market/appraisal?data=Tritanium%202000', { handler: appraisalApi([]) });
    await waitFor(() => expect(textBox()).toHaveValue('Tritanium 2000'));
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    const history = await screen.findByTestId('appraisal-history');
    expect(within(history).getByRole('link')).toHaveAttribute('href', '/market/appraisal?id=Ab3dEf7hIj');
    expect(history).toHaveTextContent('Tritanium, Warrior II');
    expect(JSON.parse(window.localStorage.getItem('appraisal_history') ?? '[]')).toMatchObject([
      { id: 'Ab3dEf7hIj', lines: 2, sell: 8020 },
    ]);
    await user.click(within(history).getByRole('button', { name: /Убрать/ }));
    expect(screen.queryByTestId('appraisal-history')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('appraisal_history')).toBe('[]');
  });
});

describe('/market/appraisal: a line without a price', () => {
  const UNPRICED: AppraisalResponse = {
    ...RESULT,
    errors: [],
    data: [
      line({}),
      line({
        name: 'Warrior II',
        type_id: 2488,
        quantity: 3,
        volume: 15,
        sell: null,
        buy: null,
        sell_p5: null,
        buy_p5: null,
        note: 'Нет ордеров в хабе: цены нет',
      }),
    ],
    hubs: [
      { hub: 1, sell: null, buy: null, sell_p5: null, buy_p5: null, priced: 1 },
      { hub: 2, sell: null, buy: null, sell_p5: null, buy_p5: null, priced: 1 },
      { hub: 3, sell: 9000, buy: 8000, sell_p5: 9000, buy_p5: 8000, priced: 2 },
      { hub: 4, sell: null, buy: null, sell_p5: null, buy_p5: null, priced: 0 },
      { hub: 5, sell: null, buy: null, sell_p5: null, buy_p5: null, priced: 0 },
    ],
    missing_prices: [
      {
        type_id: 2488,
        name: 'Warrior II',
        sell: true,
        buy: true,
        adjusted: 250_000,
        hubs: [{ hub_id: 3, sell: 300_000, buy: 280_000 }],
      },
    ],
  };

  it('totals are unknown (not a partial sum), the item is named, and a price chosen instead counts, labelled', async () => {
    const { user } = renderApp('/market/appraisal?data=Tritanium%5Ct2000%5CnWarrior%20II%5Ct3', {
      handler: appraisalApi([], () => ({ body: UNPRICED })),
    });
    await waitFor(() => expect(textBox()).toHaveValue('Tritanium\t2000\nWarrior II\t3'));
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    expect(await screen.findByTestId('total-sell')).toHaveTextContent('Итог SELL: неизвестно');
    expect(screen.getByTestId('total-buy')).toHaveTextContent('Итог BUY: неизвестно');
    const rows = within(screen.getByTestId('appraisal-table')).getAllByRole('row');
    expect(plain(rows[2].textContent)).toContain('нет цены');
    expect(within(screen.getByTestId('hub-2')).getAllByText('неизвестно')).toHaveLength(2);
    const missing = screen.getByTestId('missing-prices');
    expect(missing).toHaveTextContent('Нет цены в хабе Jita 4-4: Warrior II — итог с ними неизвестен (не как 0).');
    await user.click(within(missing).getByRole('button', { name: /Средняя цена CCP \(adjusted\): 250\s000,00/ }));
    expect(plain(screen.getByTestId('total-sell').textContent)).toBe('Итог SELL: 758 020,00 ISK');
    expect(plain(screen.getByTestId('total-buy').textContent)).toBe('Итог BUY: 757 000,00 ISK');
    expect(screen.getByTestId('line-source')).toHaveTextContent('Вместо недостающей: средняя цена CCP (adjusted)');
    // back to unknown when the choice is dropped
    await user.click(within(screen.getByTestId('missing-prices')).getByRole('button', { name: 'Убрать' }));
    expect(screen.getByTestId('total-sell')).toHaveTextContent('Итог SELL: неизвестно');
  });
});
