import { screen, waitFor, within } from '@testing-library/react';
import {
  recalcTree,
  type BlueprintSearchResponse,
  type IndustryJobResponse,
  type IndustryStaticData,
  type JobNode,
} from '@eve-toolkit/shared-types';
import { renderApp, type FetchHandler } from '../../../test/render-app';
import { plain } from '../../../test/text';

// The apexcharts chunk needs a real SVG engine; the page's job is to hand it ready slices.
jest.mock('../components/cost-chart', () => ({
  __esModule: true,
  default: ({ slices }: { slices: unknown }) => <pre data-testid="cost-chart">{JSON.stringify(slices)}</pre>,
}));

const STATIC: IndustryStaticData = {
  systems: [
    { id: 30000142, name: 'Jita', security: 0.945913 },
    { id: 30002813, name: 'Tama', security: 0.282556 },
    { id: 30001000, name: 'Jitaaa', security: -0.2 },
  ],
  static: {
    stationsMain: [
      { key: 'npc', name: 'NPC-станция', icon: null, structure_id: null, rig_size: null },
      {
        key: '35825',
        name: 'Raitaru',
        icon: 'https://images.example/types/35825/icon?size=64',
        structure_id: 35825,
        rig_size: 2,
      },
    ],
    stationsReactions: [{ key: '35835', name: 'Athanor', icon: null, structure_id: 35835, rig_size: 2 }],
    rigs: [
      {
        id: 37155,
        name: 'Standup M-Set Basic Small Ship Manufacturing Material Efficiency II',
        icon: '',
        rig_size: 2,
        activity: 'manufacturing',
        stations: ['35825'],
        groups: 3,
      },
    ],
    stationMainBonuses: { npc: { me: 1, te: 1, isk: 1 }, 35825: { me: 0.99, te: 0.85, isk: 0.97 } },
    stationReactionBonuses: { 35835: { me: 1, te: 1, isk: 1 } },
    rigsBonuses: { 37155: { me: 2.4, te: null, isk: null, me_capital: null } },
    rigsBonusMod: { 37155: [2.1, 1.9, 1] },
  },
};

function node(p: Partial<JobNode> & Pick<JobNode, 'id' | 'name' | 'quantity'>): JobNode {
  return {
    name_en: p.name,
    icon: '',
    quantity_per_run: 1,
    runs: 0,
    activity_id: null,
    blueprint_id: null,
    adjusted_price: null,
    market_sell: null,
    market_buy: null,
    time_for_run: 0,
    time: 0,
    volume: 0.01,
    group_id: 1,
    materials: [],
    build: false,
    pay: 0,
    work_price_total: 0,
    work_price_per_run: 0,
    work_price_parts: { eiv: 0, index: 0, tax: 0, scc: 0 },
    corp_have: 0,
    corp_buy_price: null,
    materials_total_sell: 0,
    materials_total_buy: 0,
    trash: 0,
    ...p,
  };
}

/** Rifter ×2 (fee 1 000) <- Widget ×10 (1 run of 40, fee 50) <- Tritanium ×500; Pyerite ×1 000. */
const TREE: JobNode = recalcTree(
  node({
    id: 587,
    name: 'Rifter',
    quantity: 2,
    runs: 2,
    activity_id: 1,
    blueprint_id: 691,
    market_sell: 1_000_000,
    market_buy: 900_000,
    volume: 2500,
    time: 7200,
    build: true,
    work_price_total: 1000,
    work_price_parts: { eiv: 20000, index: 150, tax: 50, scc: 800 },
    materials: [
      node({
        id: 100,
        name: 'Widget',
        quantity: 10,
        runs: 1,
        quantity_per_run: 40,
        trash: 30,
        activity_id: 11,
        blueprint_id: 101,
        market_sell: 20,
        market_buy: 18,
        volume: 5,
        time: 900,
        build: true,
        work_price_total: 50,
        work_price_parts: { eiv: 1000, index: 6, tax: 4, scc: 40 },
        materials: [node({ id: 34, name: 'Tritanium', quantity: 500, market_sell: 4, market_buy: 3.5 })],
      }),
      node({ id: 35, name: 'Pyerite', quantity: 1000, market_sell: 10, market_buy: 9 }),
    ],
  }),
);

const RESPONSE: IndustryJobResponse = {
  job: TREE,
  system_indexes: { cost_indices: [{ activity: 'manufacturing', cost_index: 0.05 }] },
  warnings: ['Нет индекса стоимости работ (реакции) для системы Jita: стоимость работ посчитана без него'],
  context: {
    hub_id: 2,
    system: { id: 30000142, name: 'Jita', security: 0.945913, security_class: 2 },
    station: 'NPC-станция',
    reaction_station: 'Athanor',
    rigs: [],
    reaction_rigs: [],
    me: 10,
    te: 20,
    tax: 0.25,
    reactions: false,
    skills: { industry: 5, advanced_industry: 5, reactions: 5 },
    nodes: 4,
  },
};

const SEARCH: BlueprintSearchResponse = {
  blueprints: [
    {
      id: 691,
      name: 'Rifter Blueprint',
      nameEn: 'Rifter Blueprint',
      icon: '',
      activity: 'manufacturing',
      activity_id: 1,
      product: { id: 587, name: 'Rifter', icon: '', quantity: 1 },
    },
  ],
};

function industryApi(options: { staticData?: IndustryStaticData; job?: { status: number; body: unknown } } = {}): FetchHandler {
  return (url) => {
    if (url === '/data/industry/static_industry_data') return { body: options.staticData ?? STATIC };
    if (url.startsWith('/data/industry/blueprints?q=')) return { body: SEARCH };
    if (url === '/data/industry/job') return options.job ?? { body: RESPONSE };
    return undefined;
  };
}

type Rendered = ReturnType<typeof renderApp>;

async function chooseItemAndSystem({ user }: Rendered) {
  await user.type(await screen.findByRole('combobox', { name: /Предмет/ }), 'Rif');
  await user.click(await screen.findByRole('option', { name: 'Rifter Blueprint' }));
  await user.type(screen.getByRole('combobox', { name: /Система/ }), 'jit');
  await user.click(await screen.findByRole('option', { name: 'Jita (0,9)' }));
}

const jobCalls = (r: Rendered) => r.fetchMock.mock.calls.filter(([url]) => String(url) === '/data/industry/job');
const total = (testId: string, scope: HTMLElement) => plain(within(scope).getAllByTestId(testId)[0].textContent);

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
    expect(screen.queryByRole('option', { name: /Jita/ })).toBeNull();
    const listbox = document.getElementById(system.getAttribute('aria-controls')!)!;
    expect(within(listbox).getByText('Введите не меньше 3 символов')).toBeInTheDocument();
    await r.user.type(system, 'T');
    const options = await screen.findAllByRole('option');
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
      tax: 0.25,
      reactions: false,
      station_key: 'npc',
      station_rig: [],
      reaction_station: null,
      reaction_rig: [],
      hub: 2,
      skills: { industry: 5, advanced_industry: 5, reactions: 5 },
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
    // margin at sell: (2 000 000 − 13 050) / 2 000 000 × 100 = 99.35 %
    expect(screen.getByTestId('summary-margin-sell')).toHaveTextContent('99,35 %');
    expect(screen.getByTestId('summary-fees')).toHaveTextContent('1 050,00 ISK');
    expect(screen.getByTestId('shop-35')).toHaveTextContent('Pyerite');
    expect(screen.getByTestId('shop-34')).toHaveTextContent('500');
    expect(JSON.parse(screen.getByTestId('cost-chart').textContent!)).toEqual([
      { label: 'Материалы', value: 12000 },
      { label: 'Стоимость работ (индекс системы)', value: 156 },
      { label: 'Налоги (структура и SCC 4 %)', value: 894 },
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
    const me = screen.getByRole('textbox', { name: 'ME' });
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
    await r.user.click(await screen.findByRole('combobox', { name: 'Цены в хабе' }));
    await r.user.click(await screen.findByRole('option', { name: 'Amarr' }));
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

  it('rigs are offered only for structures that take them', async () => {
    const r = renderApp('/industry', { handler: industryApi() });
    const rigs = await screen.findByRole('combobox', { name: 'Риги станции' });
    expect(rigs).toBeDisabled();
    await r.user.click(screen.getByRole('combobox', { name: 'Станция' }));
    await r.user.click(await screen.findByRole('option', { name: 'Raitaru' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Риги станции' })).not.toBeDisabled());
  });
});
