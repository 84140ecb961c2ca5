import { screen, waitFor, within } from '@testing-library/react';
import {
  ALL_INDUSTRY_SKILLS_V,
  recalcTree,
  type IndustryCharacterSkillsResponse,
  type IndustryJobResponse,
  type InventionStep,
  type JobNode,
} from '@eve-toolkit/shared-types';
import { renderApp, sessionFor, type FetchHandler } from '../../../test/render-app';
import { SKILLS_STORAGE_KEY } from '../industry.atoms';
import { chooseItemAndSystem, industryApi, jobCalls, node, RESPONSE, SEARCH } from './industry.fixtures';

jest.mock('../components/cost-chart', () => ({
  __esModule: true,
  default: () => null,
}));

/**
 * Golem ×1 (invented: 4 attempts at 32.1 %, 1 400 000 a run at SELL without a decryptor, 900 000
 * with Optimized Attainment, which also saves a Morphite) <- Raven ×1 (built at ME 10, Tritanium
 * 1 000 at 4) + Morphite ×30 (10 000 each).
 */
const INVENTION: InventionStep = {
  source_id: 688,
  source_name: 'Raven Blueprint',
  source_icon: '',
  copy: true,
  decryptor_id: null,
  probability: 0.3208333333333333,
  runs_per_copy: 1,
  me: 2,
  te: 4,
  copies: 1,
  attempts: 4,
  time: 652_800,
  copy_time: 36_720,
  materials: [
    {
      id: 20411,
      name: 'Datacore - High Energy Physics',
      name_en: 'Datacore - High Energy Physics',
      icon: '',
      quantity: 32,
      market_sell: 20_000,
      market_buy: 18_000,
      price_source: null,
      volume: 0.1,
    },
    {
      id: 25887,
      name: 'Datacore - Caldari Starship Engineering',
      name_en: 'Datacore - Caldari Starship Engineering',
      icon: '',
      quantity: 32,
      market_sell: 15_000,
      market_buy: 14_000,
      price_source: null,
      volume: 0.1,
    },
  ],
  fee: 1_000,
  copy_fee: 200,
  cost_sell: 1_400_000,
  cost_buy: 1_300_000,
  options: [
    {
      decryptor_id: null,
      name: 'Без декриптора',
      probability: 0.3208333333333333,
      runs_per_copy: 1,
      me: 2,
      te: 4,
      attempts: 4,
      per_run_sell: 1_400_000,
      per_run_buy: 1_300_000,
      materials: [1, 30],
    },
    {
      decryptor_id: 34207,
      name: 'Optimized Attainment Decryptor',
      probability: 0.6095833333333333,
      runs_per_copy: 3,
      me: 3,
      te: 2,
      attempts: 2,
      per_run_sell: 900_000,
      per_run_buy: 2_000_000,
      materials: [1, 29],
    },
  ],
};

const GOLEM: JobNode = recalcTree(
  node({
    id: 28710,
    name: 'Golem',
    quantity: 1,
    runs: 1,
    activity_id: 1,
    blueprint_id: 28711,
    me: 2,
    te: 4,
    invention: INVENTION,
    market_sell: 2_000_000_000,
    market_buy: 1_800_000_000,
    time: 100_000,
    build: true,
    work_price_total: 10_000,
    materials: [
      node({
        id: 638,
        name: 'Raven',
        quantity: 1,
        runs: 1,
        activity_id: 1,
        blueprint_id: 688,
        me: 10,
        te: 20,
        market_sell: 200_000_000,
        market_buy: 190_000_000,
        time: 10_000,
        build: true,
        materials: [node({ id: 34, name: 'Tritanium', quantity: 1000, market_sell: 4, market_buy: 3 })],
      }),
      node({ id: 11399, name: 'Morphite', quantity: 30, market_sell: 10_000, market_buy: 9_000 }),
    ],
  }),
);

const T2: IndustryJobResponse = { ...RESPONSE, job: GOLEM, warnings: [] };

function api(more?: FetchHandler): FetchHandler {
  return industryApi({ job: { status: 200, body: T2 }, more });
}

const posted = (r: ReturnType<typeof renderApp>, i: number) =>
  JSON.parse(String(jobCalls(r)[i][1]?.body)) as Record<string, unknown>;

beforeEach(() => localStorage.clear());

describe('/industry: T2 through invention', () => {
  it('shows the invention step: chance, copies and attempts, copy and invention times, datacores, the expected cost and the cheapest decryptor', async () => {
    const r = renderApp('/industry', { handler: api() });
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const root = within(await screen.findByTestId('job-tree')).getByTestId('node-root');
    expect(within(root).getByTestId('node-invented')).toHaveTextContent('И');
    expect(within(root).getAllByTestId('node-me-te')[0]).toHaveTextContent('ME 2 · TE 4');
    const inv = within(root).getByTestId('node-invention');
    expect(inv).toHaveTextContent('Изобретение: из «Raven Blueprint» (копия чертежа T1)');
    expect(within(inv).getByTestId('invention-chance')).toHaveTextContent('Шанс: 32,1 %');
    expect(within(inv).getByTestId('invention-attempts')).toHaveTextContent('Нужно копий: 1, попыток: 4');
    expect(within(inv).getByTestId('invention-copy-time')).toHaveTextContent('Копирование T1: 10ч 12м');
    expect(within(inv).getByTestId('invention-time')).toHaveTextContent('Изобретение: 7д 13ч 20м');
    expect(within(inv).getByTestId('invention-materials')).toHaveTextContent(
      'На попытку: Datacore - High Energy Physics × 32, Datacore - Caldari Starship Engineering × 32',
    );
    expect(within(inv).getByTestId('invention-cost')).toHaveTextContent(
      'Ожидаемая стоимость изобретения (SELL): 1 400 000,00 ISK',
    );
    // per unit: Raven 4 000 + Morphite 30 × 10 000 + fee 10 000 + invention; with the decryptor 29 Morphite and 900 000
    expect(within(inv).getByTestId('invention-cheapest')).toHaveTextContent(
      'Дешевле всего: Optimized Attainment Decryptor (1 204 000,00 ISK за ед.)',
    );
    // the invention is in the totals and in the summary
    expect(screen.getByTestId('summary-invention-sell')).toHaveTextContent('1 400 000,00 ISK');
    expect(screen.getByTestId('summary-time-science')).toHaveTextContent('7д 23ч 32м');
    // the datacores of the 4 attempts are on the shopping list
    expect(screen.getByTestId('shop-20411')).toHaveTextContent('128');
  });

  it('choosing a decryptor recalculates the tree with it (by the node’s type), keeping build/buy choices', async () => {
    const r = renderApp('/industry', { handler: api() });
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const tree = await screen.findByTestId('job-tree');
    const raven = within(tree).getByTestId('node-0');
    await r.user.click(within(raven).getByRole('button', { name: 'Развернуть Raven' }));
    await r.user.click(within(raven).getByRole('radio', { name: 'Покупать' }));
    const root = within(tree).getByTestId('node-root');
    await r.user.click(within(root).getByRole('combobox', { name: 'Декриптор' }));
    await r.user.click(await screen.findByRole('option', { name: /Optimized Attainment Decryptor/ }));
    await waitFor(() => expect(jobCalls(r)).toHaveLength(2));
    expect(posted(r, 1)).toMatchObject({ blueprint_id: 691, nodes: { '28710': { source: 'invent', decryptor_id: 34207 } } });
    await waitFor(() =>
      expect(within(screen.getByTestId('job-tree')).getByTestId('node-0')).toHaveAttribute('data-build', 'false'),
    );
  });

  it('a manufacturing node takes its own ME/TE (sent by type), and goes back to the form’s', async () => {
    const r = renderApp('/industry', { handler: api() });
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const raven = within(await screen.findByTestId('job-tree')).getByTestId('node-0');
    await r.user.click(within(raven).getByRole('button', { name: 'Развернуть Raven' }));
    const me = within(raven).getByRole('textbox', { name: 'ME чертежа' });
    expect(me).toHaveValue('10');
    await r.user.tripleClick(me);
    await r.user.keyboard('5');
    await waitFor(() => expect(jobCalls(r)).toHaveLength(2));
    expect(posted(r, 1).nodes).toEqual({ '638': { me: 5 } });
    await r.user.click(
      within(within(screen.getByTestId('job-tree')).getByTestId('node-0')).getByRole('button', { name: 'Как в форме' }),
    );
    await waitFor(() => expect(jobCalls(r)).toHaveLength(3));
    expect(posted(r, 2).nodes).toEqual({});
  });
});

describe('/industry: a T2 item, invented or one’s own', () => {
  it('an item that can be invented offers both: invention by default, or the player’s blueprint with its ME/TE', async () => {
    const search = {
      blueprints: [
        {
          ...SEARCH.blueprints[0],
          id: 28711,
          name: 'Golem Blueprint',
          product: { id: 28710, name: 'Golem', icon: '', quantity: 1 },
          inventable: true,
        },
      ],
    };
    const r = renderApp('/industry', {
      handler: api((url) => (url.startsWith('/data/industry/blueprints?q=') ? { body: search } : undefined)),
    });
    await r.user.type(await screen.findByRole('combobox', { name: /Предмет/ }), 'Gol');
    await r.user.click(await screen.findByRole('option', { name: 'Golem' }));
    await r.user.type(screen.getByRole('combobox', { name: /Система/ }), 'jit');
    await r.user.click(await screen.findByRole('option', { name: 'Jita (0,9)' }));
    expect(screen.getByTestId('root-source')).toHaveValue('invent');
    expect(screen.getByRole('textbox', { name: 'ME чертежа' })).toBeDisabled();
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    await waitFor(() => expect(jobCalls(r)).toHaveLength(1));
    expect(posted(r, 0)).toMatchObject({ blueprint_id: 28711, nodes: { '28710': { source: 'invent' } } });
    // one's own T2 blueprint: its ME/TE are the form's
    await r.user.selectOptions(screen.getByTestId('root-source'), 'owned');
    const me = screen.getByRole('textbox', { name: 'ME чертежа' });
    expect(me).toBeEnabled();
    await r.user.clear(me);
    await r.user.type(me, '3');
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    await waitFor(() => expect(jobCalls(r)).toHaveLength(2));
    expect(posted(r, 1)).toMatchObject({ blueprint_id: 28711, me: 3, nodes: {} });
  });
});

describe('/industry: the skills panel', () => {
  it('skills are remembered in the browser and sent; a changed skill marks the tree stale until recalculated', async () => {
    const r = renderApp('/industry', { handler: api() });
    await r.user.click(await screen.findByRole('button', { name: /Навыки \(все V\)/ }));
    const industry = await screen.findByRole('textbox', { name: 'Организация производства' });
    await r.user.clear(industry);
    await r.user.type(industry, '4');
    expect(JSON.parse(localStorage.getItem(SKILLS_STORAGE_KEY)!)).toMatchObject({ industry: 4 });
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    await screen.findByTestId('job-tree');
    expect(posted(r, 0).skills).toEqual({ ...ALL_INDUSTRY_SKILLS_V, industry: 4 });
    // the response says the tree was built with V: the page offers to recalculate
    const stale = await screen.findByTestId('skills-stale');
    await r.user.click(within(stale).getByRole('button', { name: 'Пересчитать' }));
    await waitFor(() => expect(jobCalls(r)).toHaveLength(2));
    expect(posted(r, 1).skills).toMatchObject({ industry: 4 });
  });

  it('Accounting and Broker Relations move the margin at once', async () => {
    const r = renderApp('/industry', { handler: api() });
    await chooseItemAndSystem(r);
    await r.user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    await screen.findByTestId('job-tree');
    // V: 3.6 % + 1.5 % of 2 000 000 000
    expect(screen.getByTestId('summary-trade-sell')).toHaveTextContent('102 000 000,00 ISK');
    await r.user.click(screen.getByRole('button', { name: /Навыки/ }));
    const accounting = await screen.findByRole('textbox', { name: 'Бухгалтерский учёт' });
    await r.user.clear(accounting);
    await r.user.type(accounting, '0');
    // 8 % + 1.5 %
    expect(screen.getByTestId('summary-trade-sell')).toHaveTextContent('190 000 000,00 ISK');
    expect(screen.queryByTestId('skills-stale')).toBeNull();
  });

  it('loads a linked character’s skills through ESI in one click', async () => {
    const loaded: IndustryCharacterSkillsResponse = {
      character: { id: 2112000012, name: 'Elena Fedorova' },
      skills: { ...ALL_INDUSTRY_SKILLS_V, advanced_industry: 4, accounting: 4, invention: { '11433': 4, '21790': 3 } },
    };
    const r = renderApp('/industry', {
      session: sessionFor('elena', ['user']),
      handler: api((url) => {
        if (url === '/data/industry/skills') return { body: { characters: [{ id: 2112000012, name: 'Elena Fedorova' }] } };
        if (url === '/data/industry/skills/2112000012') return { body: loaded };
        return undefined;
      }),
    });
    await r.user.click(await screen.findByRole('button', { name: /Навыки/ }));
    await r.user.click(await screen.findByRole('button', { name: 'Загрузить навыки персонажа' }));
    expect(await screen.findByText('Навыки персонажа Elena Fedorova загружены (неизученные — 0)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Углубленный курс организации производства' })).toHaveValue('4');
    expect(JSON.parse(localStorage.getItem(SKILLS_STORAGE_KEY)!)).toEqual(loaded.skills);
    await r.user.click(screen.getByRole('button', { name: /Навыки изобретения/ }));
    expect(screen.getByRole('textbox', { name: 'Калдарские алгоритмы шифрования' })).toHaveValue('3');
  });

  it('a guest is told to sign in and link a character', async () => {
    const r = renderApp('/industry', { handler: api() });
    await r.user.click(await screen.findByRole('button', { name: /Навыки/ }));
    // The panel's fields mount as it opens.
    expect(await screen.findByText('Войдите и привяжите персонажа, чтобы загрузить его навыки из игры.')).toBeInTheDocument();
    expect(r.fetchMock.mock.calls.some(([url]) => String(url) === '/data/industry/skills')).toBe(false);
  });
});
