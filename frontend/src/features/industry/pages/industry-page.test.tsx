import { screen, waitFor, within } from '@testing-library/react';
import { ALL_INDUSTRY_SKILLS_V, recalcTree } from '@eve-toolkit/shared-types';
import { renderApp } from '../../../test/render-app';
import { chooseItemAndSystem, industryApi, jobCalls, RESPONSE, STATIC, total } from './industry.fixtures';

// The apexcharts chunk needs a real SVG engine; the page's job is to hand it ready slices.
jest.mock('../components/cost-chart', () => ({
  __esModule: true,
  default: ({ slices }: { slices: unknown }) => <pre data-testid="cost-chart">{JSON.stringify(slices)}</pre>,
}));

describe('/industry', () => {
  it('refuses to send a form without an item and a system, under "Не удалось собрать форму:"', async () => {
    const r = renderApp('/industry', { handler: industryApi() });
    await r.user.click(await screen.findByRole('button', { name: 'Рассчитать' }));
    const alert = await screen.findByTestId('form-errors');
    expect(within(alert).getByText('Не удалось собрать форму:')).toBeInTheDocument();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Вы должны выбрать предмет для расчета!', 'Вы должны выбрать систему...']);
    expect(jobCalls(r)).toHaveLength(0);
  });

  it('suggests systems only from 3 characters, case-insensitive, names starting with the query first', async () => {
    const r = renderApp('/industry', { handler: industryApi() });
    const system = await screen.findByRole('combobox', { name: /Система/ });
    await r.user.type(system, 'ji');
    const listbox = document.getElementById(system.getAttribute('aria-controls')!)!;
    expect(within(listbox).queryByRole('option', { name: /Jita/ })).toBeNull();
    expect(within(listbox).getByText('Введите не меньше 3 символов')).toBeInTheDocument();
    await r.user.type(system, 'T');
    const options = await within(listbox).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Jita (0,9)', 'Jitaaa (-0,2)']);
  });

  it('sends the form, shows the tree with П/Р, totals, warnings, summary, shopping list and chart', async () => {
    const r = renderApp('/industry', { handler: industryApi() });
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const tree = await screen.findByTestId('job-tree');
    expect(JSON.parse(String(jobCalls(r)[0][1]?.body))).toEqual({
      blueprint_id: 691,
      quantity: 1,
      system_id: 30000142,
      me: 0,
      te: 0,
      component_me: 10,
      component_te: 20,
      tax: 0.25,
      reactions: false,
      station_key: 'npc',
      station_rig: [],
      reaction_station: null,
      reaction_rig: [],
      science_station: 'npc',
      science_rig: [],
      hub: 2,
      skills: ALL_INDUSTRY_SKILLS_V,
      nodes: {},
      price_overrides: {},
    });
    const root = within(tree).getByTestId('node-root');
    expect(within(root).getAllByTestId('node-activity')[0]).toHaveTextContent('П');
    expect(within(root).getByText('Необходимые материалы:')).toBeInTheDocument();
    expect(total('node-total-sell', root)).toBe('Итого SELL: 13 050,00 ISK');
    expect(total('node-total-buy', root)).toBe('Итого BUY: 11 800,00 ISK');
    expect(total('node-time', root)).toBe('Время: 2ч');
    // Widget is a reaction made 40 per run: collapsed at first, 'Р', the per-run multiplier in brackets.
    const widget = within(tree).getByTestId('node-0');
    expect(within(widget).getByTestId('node-activity')).toHaveTextContent('Р');
    expect(within(widget).getByText('прогонов: 1 (×40)')).toBeInTheDocument();
    expect(within(widget).queryByText('Необходимые материалы:')).toBeNull();
    await r.user.click(within(widget).getByRole('button', { name: 'Развернуть Widget' }));
    expect(within(widget).getByText('Необходимые материалы:')).toBeInTheDocument();
    expect(total('node-total-sell', widget)).toBe('Итого SELL: 2 050,00 ISK');

    expect(screen.getByTestId('job-warnings')).toHaveTextContent('Нет индекса стоимости работ (реакции) для системы Jita');
    expect(screen.getByTestId('summary-cost-sell')).toHaveTextContent('13 050,00 ISK');
    // skills V: sales tax 3.6 % + broker fee 1.5 % of the 2 000 000 the Rifters sell for = 102 000
    expect(screen.getByTestId('summary-trade-sell')).toHaveTextContent('102 000,00 ISK');
    expect(screen.getByTestId('summary-profit-sell')).toHaveTextContent('1 884 950,00 ISK');
    // margin at sell: (2 000 000 − 102 000 − 13 050) / 2 000 000 × 100 = 94.25 %
    expect(screen.getByTestId('summary-margin-sell')).toHaveTextContent('94,25 %');
    // 1 884 950 ISK over 2 h + 15 min of jobs
    expect(screen.getByTestId('summary-isk-hour-sell')).toHaveTextContent('837 755,56 ISK');
    expect(screen.getByTestId('summary-fees')).toHaveTextContent('1 050,00 ISK');
    expect(screen.getByTestId('shop-35')).toHaveTextContent('Pyerite');
    expect(screen.getByTestId('shop-34')).toHaveTextContent('500');
    expect(JSON.parse(screen.getByTestId('cost-chart').textContent!)).toEqual([
      { label: 'Материалы', value: 12000, color: '#1c7ed6' },
      { label: 'Стоимость работ (индекс системы)', value: 156, color: '#e8590c' },
      { label: 'Налоги (структура и SCC 4 %)', value: 894, color: '#ae3ec9' },
      { label: 'Налог с продаж и брокер', value: 102000, color: '#868e96' },
    ]);
  });

  it('numeric fields: the tax erased and typed anew is what is sent; ME 15 shows as 10 with the reason', async () => {
    const r = renderApp('/industry', { handler: industryApi() });
    await chooseItemAndSystem(r);
    const tax = screen.getByRole('textbox', { name: 'Налог, %' });
    expect(tax).toHaveValue('0,25');
    await r.user.tripleClick(tax);
    await r.user.keyboard('{Backspace}');
    expect(tax).toHaveValue('');
    await r.user.keyboard('1,5');
    const me = screen.getByRole('textbox', { name: 'ME чертежа' });
    await r.user.clear(me);
    await r.user.type(me, '15');
    expect(me).toHaveValue('10');
    expect(screen.getByText('Не больше 10: вместо 15 взято 10')).toBeInTheDocument();
    const quantity = screen.getByRole('textbox', { name: 'Количество' });
    await r.user.clear(quantity);
    await r.user.paste('1 000');
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    await screen.findByTestId('job-tree');
    expect(JSON.parse(String(jobCalls(r)[0][1]?.body))).toMatchObject({ quantity: 1000, me: 10, tax: 1.5 });
  });

  it('toggling build/buy on a node updates the totals above it; the cheapest choice buys what is cheaper', async () => {
    const r = renderApp('/industry', { handler: industryApi() });
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const tree = await screen.findByTestId('job-tree');
    const widget = within(tree).getByTestId('node-0');
    await r.user.click(within(widget).getByRole('button', { name: 'Развернуть Widget' }));
    expect(within(widget).getByRole('radio', { name: 'Строить' })).toBeChecked();
    await r.user.click(within(widget).getByRole('radio', { name: 'Покупать' }));
    expect(within(widget).getByRole('radio', { name: 'Покупать' })).toBeChecked();
    const root = within(tree).getByTestId('node-root');
    // Widget bought: 10 × 20 + Pyerite 10 000 + fee 1 000
    expect(total('node-total-sell', root)).toBe('Итого SELL: 11 200,00 ISK');
    expect(total('node-total-buy', root)).toBe('Итого BUY: 10 180,00 ISK');
    expect(screen.getByTestId('summary-cost-sell')).toHaveTextContent('11 200,00 ISK');
    expect(screen.getByTestId('shop-100')).toHaveTextContent('Widget');
    expect(screen.queryByTestId('shop-34')).toBeNull();
    await r.user.click(within(widget).getByRole('radio', { name: 'Строить' }));
    expect(total('node-total-sell', root)).toBe('Итого SELL: 13 050,00 ISK');

    await r.user.click(screen.getByTestId('cheapest'));
    expect(within(tree).getByTestId('node-0')).toHaveAttribute('data-build', 'false');
    expect(total('node-total-sell', root)).toBe('Итого SELL: 11 200,00 ISK');
  });

  it('payout per run adds payout × runs to the node and the totals above; negative input is ignored', async () => {
    const r = renderApp('/industry', { handler: industryApi() });
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const root = within(await screen.findByTestId('job-tree')).getByTestId('node-root');
    const pay = within(root).getAllByRole('textbox', { name: 'Выплата за прогон, ISK' })[0];
    await r.user.clear(pay);
    await r.user.type(pay, '100');
    expect(total('node-total-sell', root)).toBe('Итого SELL: 13 250,00 ISK');
    expect(screen.getByTestId('summary-payouts')).toHaveTextContent('200,00 ISK');
    await r.user.type(pay, '-');
    expect(total('node-total-sell', root)).toBe('Итого SELL: 13 250,00 ISK');
  });

  it('copies the shopping list for the game (multibuy) and for a Russian spreadsheet, and links it to the appraisal page', async () => {
    const r = renderApp('/industry', { handler: industryApi() }); // user-event provides navigator.clipboard
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const list = await screen.findByTestId('shopping-list');
    await r.user.click(within(list).getByRole('button', { name: 'Копировать для игры' }));
    expect(await within(list).findByText('Скопировано для игры')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('Pyerite\t1000\nTritanium\t500');
    await r.user.click(within(list).getByRole('button', { name: 'Копировать для таблицы' }));
    expect(await within(list).findByText('Скопировано для таблицы')).toBeInTheDocument();
    // Pyerite 1 000 × 0,01 м³, SELL 10, BUY 9; Tritanium 500 × 0,01 м³, SELL 4, BUY 3,5.
    expect(await navigator.clipboard.readText()).toBe(
      'Предмет\tКоличество\tОбъём, м³\tSELL, ISK\tBUY, ISK\nPyerite\t1000\t10,00\t10000,00\t9000,00\nTritanium\t500\t5,00\t2000,00\t1750,00',
    );
    expect(within(list).getByRole('link', { name: 'Открыть в оценке' })).toHaveAttribute(
      'href',
      `/market/appraisal?data=${encodeURIComponent('Pyerite\\t1000\\nTritanium\\t500')}`,
    );
  });

  it('takes prices from the chosen hub', async () => {
    const r = renderApp('/industry', { handler: industryApi() });
    await r.user.selectOptions(await screen.findByRole('combobox', { name: 'Торговый хаб' }), 'Amarr');
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    await screen.findByTestId('job-tree');
    expect(JSON.parse(String(jobCalls(r)[0][1]?.body))).toMatchObject({ blueprint_id: 691, system_id: 30000142, hub: 1 });
  });

  it('shows the server’s error list as is', async () => {
    const errors = ['Чертёж не найден', 'Система не найдена'];
    const r = renderApp('/industry', {
      handler: industryApi({
        job: { status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: errors[0], errors, error: errors } },
      }),
    });
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const alert = await screen.findByTestId('job-errors');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(errors);
    expect(screen.queryByTestId('job-tree')).toBeNull();
  });

  it('static data without systems shows "Непредвиденная ошибка во время работы"', async () => {
    renderApp('/industry', { handler: industryApi({ staticData: { ...STATIC, systems: [] } }) });
    expect(await screen.findByText('Непредвиденная ошибка во время работы')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Рассчитать' })).toBeNull();
  });

  it('game data that could not be loaded: the calculator says why, at once (no warm-up retries)', async () => {
    const message =
      'Игровые данные не загружены: импорт не удался (причина — на главной странице администратора и в журнале сервера). ' +
      'Администратору сайта: проверьте доступ к CCP или задайте SDE_PATH / SDE_URL и перезапустите приложение.';
    let calls = 0;
    renderApp('/industry', {
      appRetryPolicy: true,
      handler: industryApi({
        more: (url) => {
          if (url !== '/data/industry/static_industry_data') return undefined;
          calls++;
          return { status: 503, body: { statusCode: 503, code: 'GAME_DATA_UNAVAILABLE', message } };
        },
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Калькулятор недоступен')).toBeInTheDocument();
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(screen.queryByText('Подождите немного')).toBeNull();
  });

  it('rigs are offered only for structures that take them', async () => {
    const r = renderApp('/industry', { handler: industryApi() });
    const rigs = await screen.findByRole('combobox', { name: 'Риги станции' });
    expect(rigs).toBeDisabled();
    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Станция' }), 'Raitaru');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Риги станции' })).not.toBeDisabled());
  });
});

describe('/industry: a price the hub does not have', () => {
  /** The Rifter tree with no SELL order for Pyerite at Jita; Amarr has one, CCP an adjusted price. */
  const unpriced = (body: typeof RESPONSE) => {
    const tree = recalcTree({
      ...body.job,
      materials: body.job.materials.map((m) => (m.id === 35 ? { ...m, market_sell: null } : m)),
    });
    return {
      ...body,
      job: tree,
      missing_prices: [
        { type_id: 35, name: 'Pyerite', sell: true, buy: false, adjusted: 8.5, hubs: [{ hub_id: 1, sell: 11, buy: 9.5 }] },
      ],
    };
  };

  it('says which item has no price, shows the SELL totals as unknown (not 0), and sends the price a player picks', async () => {
    const overridden = {
      ...RESPONSE,
      job: recalcTree({
        ...RESPONSE.job,
        materials: RESPONSE.job.materials.map((m) =>
          m.id === 35 ? { ...m, market_sell: 11, market_buy: 9.5, price_source: { kind: 'hub' as const, hub_id: 1 } } : m,
        ),
      }),
    };
    let calls = 0;
    const r = renderApp('/industry', {
      handler: industryApi({
        more: (url) => (url === '/data/industry/job' ? { body: calls++ === 0 ? unpriced(RESPONSE) : overridden } : undefined),
      }),
    });
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const tree = await screen.findByTestId('job-tree');
    const root = within(tree).getByTestId('node-root');
    expect(total('node-total-sell', root)).toBe('Итого SELL: неизвестно');
    expect(total('node-total-buy', root)).toBe('Итого BUY: 11 800,00 ISK');
    const summary = screen.getByTestId('job-summary');
    expect(within(summary).getByTestId('summary-cost-sell')).toHaveTextContent('неизвестно');
    expect(within(summary).getByTestId('summary-margin-sell')).toHaveTextContent('неизвестно');
    expect(screen.getByTestId('cost-chart-unknown')).toHaveTextContent('Структура затрат по SELL неизвестна');
    const missing = screen.getByTestId('missing-prices');
    expect(within(missing).getByText('Pyerite: нет SELL')).toBeInTheDocument();
    expect(within(missing).getByRole('button', { name: /Средняя цена CCP \(adjusted\): 8,50/ })).toBeInTheDocument();
    await r.user.click(within(missing).getByRole('button', { name: /Цена хаба Amarr/ }));
    await waitFor(() => expect(jobCalls(r)).toHaveLength(2));
    expect(JSON.parse(String(jobCalls(r)[1][1]?.body)).price_overrides).toEqual({ '35': { source: 'hub', hub: 1 } });
    // the price is counted now, and labelled where it is shown
    await waitFor(() =>
      expect(total('node-total-sell', within(screen.getByTestId('job-tree')).getByTestId('node-root'))).not.toMatch(/неизвестно/),
    );
    expect(within(screen.getByTestId('chosen-prices')).getByText(/Pyerite — цена хаба Amarr/)).toBeInTheDocument();
    const pyerite = within(screen.getByTestId('job-tree'))
      .getAllByTestId('node-prices')
      .find((e) => e.textContent?.includes('Amarr'));
    expect(pyerite).toHaveTextContent('SELL 11,00 ISK · BUY 9,50 ISK (цена хаба Amarr)');
  });

  it('the summary says which ME/TE the jobs use and what the two times include', async () => {
    const job = recalcTree({
      ...RESPONSE.job,
      me: 2,
      te: 4,
      blueprint_source: 'invent',
      materials: RESPONSE.job.materials.map((m) =>
        m.id === 100 ? { ...m, me: 10, te: 20, blueprint_source: 'owned' as const } : m,
      ),
    });
    const r = renderApp('/industry', {
      handler: industryApi({ more: (url) => (url === '/data/industry/job' ? { body: { ...RESPONSE, job } } : undefined) }),
    });
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const summary = await screen.findByTestId('job-summary');
    expect(within(summary).getByText('Время подряд: все работы')).toBeInTheDocument();
    expect(within(summary).getByText('Время параллельно: самая длинная цепочка')).toBeInTheDocument();
    expect(within(summary).getByTestId('summary-me-te')).toHaveTextContent(
      'Чертежи: ME 2 · TE 4 (изобретение) — 1 работа: Rifter; ME 10 · TE 20 (свой чертёж) — 1 работа: Widget',
    );
    expect(screen.getByTestId('job-context')).toHaveTextContent('изобретённая копия ME 2 · TE 4 · компоненты ME 10 · TE 20');
  });
});
