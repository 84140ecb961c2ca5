import { ALL_INDUSTRY_SKILLS_V, type IndustryStaticData, type JobSummary } from '@eve-toolkit/shared-types';
import { costBreakdown } from './cost-breakdown';
import { FORM_DEFAULTS, groupedRigs, keepFittingRigs, rigsFor, searchSystems, toJobRequest } from './form';

describe('system search', () => {
  const systems = [
    { id: 1, name: 'Jita', security: 0.9 },
    { id: 2, name: 'Ajitara', security: 0.5 },
    { id: 3, name: 'Jitaaa', security: 0 },
    { id: 4, name: 'Amarr', security: 1 },
  ];
  it.each([
    ['ji', []],
    ['JIT', ['Jita', 'Jitaaa', 'Ajitara']],
    ['  arr ', ['Amarr']],
    ['zzz', []],
  ])('%p -> %p', (q, names) => expect(searchSystems(systems, q).map((s) => s.name)).toEqual(names));
  it('limits the suggestions', () => expect(searchSystems(systems, 'jit', 1)).toHaveLength(1));
});

describe('request and rigs', () => {
  it('the form becomes the POST body with the hub, the skills panel and the per-node settings', () => {
    const skills = { ...ALL_INDUSTRY_SKILLS_V, industry: 4, invention: { '11453': 3 } };
    expect(
      toJobRequest({ ...FORM_DEFAULTS, blueprint_id: 691, system_id: 30000142, station_rig: [1] }, 3, skills, {
        '587': { me: 5 },
      }),
    ).toEqual({
      blueprint_id: 691,
      system_id: 30000142,
      quantity: 1,
      me: 0,
      te: 0,
      component_me: 10,
      component_te: 20,
      tax: 0.25,
      reactions: false,
      station_key: 'npc',
      station_rig: [1],
      reaction_station: null,
      reaction_rig: [],
      science_station: 'npc',
      science_rig: [],
      hub: 3,
      skills,
      nodes: { '587': { me: 5 } },
      price_overrides: {},
    });
  });
  const data = {
    systems: [],
    static: {
      stationsMain: [],
      stationsReactions: [],
      rigs: [
        { id: 1, name: 'M', icon: '', rig_size: 2, activity: 'manufacturing', stations: ['35825'], groups: 1 },
        { id: 2, name: 'R', icon: '', rig_size: 2, activity: 'reaction', stations: ['35835'], groups: 1 },
        { id: 3, name: 'L', icon: '', rig_size: 2, activity: 'science', stations: ['35825'], groups: 0 },
      ],
      stationMainBonuses: {},
      stationReactionBonuses: {},
      rigsBonuses: {},
      rigsBonusMod: {},
      stationsScience: [],
      stationScienceBonuses: {},
      decryptors: [],
      skills: { base: [], invention: [] },
    },
  } as IndustryStaticData;
  it('offers rigs by station and activity, drops the ones that no longer fit', () => {
    expect(rigsFor(data, '35825', 'manufacturing').map((r) => r.id)).toEqual([1]);
    expect(rigsFor(data, 'npc', 'manufacturing')).toEqual([]);
    expect(rigsFor(data, '35835', 'reaction').map((r) => r.id)).toEqual([2]);
    expect(rigsFor(data, '35825', 'science').map((r) => r.id)).toEqual([3]);
    expect(keepFittingRigs(data, 'npc', 'manufacturing', [1])).toEqual([]);
    expect(keepFittingRigs(data, '35825', 'manufacturing', [1, 2])).toEqual([1]);
  });
});

describe('the rig list', () => {
  const rig = (id: number, name: string) => ({
    id,
    name,
    icon: '',
    rig_size: 3,
    activity: 'manufacturing' as const,
    stations: ['35826'],
    groups: 1,
  });
  const data = {
    systems: [],
    static: {
      rigs: [
        rig(1, 'Standup L-Set Ship Manufacturing Efficiency I'),
        rig(2, 'Standup L-Set Advanced Component Manufacturing Efficiency I'),
        rig(3, 'Standup L-Set Equipment Manufacturing Material Efficiency II'),
        rig(4, 'Standup L-Set Equipment Manufacturing Time Efficiency II'),
      ],
      rigsBonuses: {
        1: { me: 2, te: 20, isk: null, me_capital: null },
        2: { me: 2, te: 20, isk: null, me_capital: null },
        3: { me: 2.4, te: null, isk: null, me_capital: null },
        4: { me: null, te: 24, isk: null, me_capital: null },
      },
    },
  } as unknown as IndustryStaticData;
  it('grouped by activity, size and what the rigs cut, alphabetical within a group', () => {
    expect(groupedRigs(data, '35826', 'manufacturing')).toEqual([
      {
        group: 'Производство · L-Set · время (TE)',
        items: [{ value: '4', label: 'Standup L-Set Equipment Manufacturing Time Efficiency II' }],
      },
      {
        group: 'Производство · L-Set · материалы (ME)',
        items: [{ value: '3', label: 'Standup L-Set Equipment Manufacturing Material Efficiency II' }],
      },
      {
        group: 'Производство · L-Set · материалы и время',
        items: [
          { value: '2', label: 'Standup L-Set Advanced Component Manufacturing Efficiency I' },
          { value: '1', label: 'Standup L-Set Ship Manufacturing Efficiency I' },
        ],
      },
    ]);
    expect(groupedRigs(data, 'npc', 'manufacturing')).toEqual([]);
  });
});

describe('cost breakdown', () => {
  const summary = {
    purchases_sell: 1000.004,
    purchases_buy: 900,
    fee_index: 30,
    fee_tax: 5,
    fee_scc: 40,
    payouts: 0,
    invention_sell: 0,
    invention_buy: 0,
    trade_fees_sell: null,
    trade_fees_buy: null,
  } as JobSummary;
  it('materials at the side, index part, taxes (facility + SCC), payouts; empty slices left out', () => {
    expect(costBreakdown(summary, 'sell')).toEqual([
      { label: 'Материалы', value: 1000, color: '#1c7ed6' },
      { label: 'Стоимость работ (индекс системы)', value: 30, color: '#e8590c' },
      { label: 'Налоги (структура и SCC 4 %)', value: 45, color: '#ae3ec9' },
    ]);
    expect(costBreakdown({ ...summary, payouts: 12 }, 'buy')!.map((s) => s.value)).toEqual([900, 30, 45, 12]);
  });
  it('no chart of a cost that is not known (an item without a price): a share of a partial sum would mislead', () => {
    expect(costBreakdown({ ...summary, cost_sell: null, purchases_sell: null }, 'sell')).toBeNull();
    expect(costBreakdown({ ...summary, cost_sell: null, purchases_sell: null }, 'buy')).not.toBeNull();
  });
  it('the expected invention and the trade fees of selling at the chosen side', () => {
    const withAll = { ...summary, invention_sell: 70, invention_buy: 60, trade_fees_sell: 51, trade_fees_buy: 36 };
    expect(costBreakdown(withAll, 'sell')!.slice(3)).toEqual([
      { label: 'Изобретение', value: 70, color: '#f08c00' },
      { label: 'Налог с продаж и брокер', value: 51, color: '#868e96' },
    ]);
    expect(costBreakdown(withAll, 'buy')!.slice(3)).toEqual([
      { label: 'Изобретение', value: 60, color: '#f08c00' },
      { label: 'Налог с продаж', value: 36, color: '#868e96' },
    ]);
  });
});
