/** Fixtures of the /industry page tests: static data, a small tree, the stubbed API. */
import { screen, within } from '@testing-library/react';
import {
  ALL_INDUSTRY_SKILLS_V,
  recalcTree,
  type BlueprintSearchResponse,
  type IndustryJobResponse,
  type IndustryStaticData,
  type JobNode,
} from '@eve-toolkit/shared-types';
import type { FetchHandler, renderApp } from '../../../test/render-app';
import { jobNode } from '@eve-toolkit/shared-types/testing';
import { plain } from '../../../test/text';

export const STATIC: IndustryStaticData = {
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
    stationsScience: [
      { key: 'npc', name: 'NPC-станция', icon: null, structure_id: null, rig_size: null },
      { key: '35825', name: 'Raitaru', icon: null, structure_id: 35825, rig_size: 2 },
    ],
    stationScienceBonuses: { npc: { me: 1, te: 1, isk: 1 }, 35825: { me: 1, te: 0.85, isk: 0.97 } },
    decryptors: [{ id: 34207, name: 'Optimized Attainment Decryptor', icon: '', probability: 1.9, me: 1, te: -2, runs: 2 }],
    skills: {
      base: [
        { key: 'industry', id: 3380, name: 'Организация производства' },
        { key: 'advanced_industry', id: 3388, name: 'Углубленный курс организации производства' },
        { key: 'reactions', id: 45746, name: 'Реакции' },
        { key: 'science', id: 3402, name: 'Научные дисциплины' },
        { key: 'accounting', id: 16622, name: 'Бухгалтерский учёт' },
        { key: 'broker_relations', id: 3446, name: 'Брокерское дело' },
      ],
      invention: [
        { id: 11433, name: 'Физика высоких энергий', encryption: false },
        { id: 21790, name: 'Калдарские алгоритмы шифрования', encryption: true },
      ],
    },
  },
};

/** A node of these scenarios: the one JobNode builder (shared-types/src/testing.ts), materials at 0,01 м³ a unit. */
export const node = (p: Parameters<typeof jobNode>[0]): JobNode => jobNode({ volume: 0.01, ...p });

/** Rifter ×2 (fee 1 000) <- Widget ×10 (1 run of 40, fee 50) <- Tritanium ×500; Pyerite ×1 000. */
export const TREE: JobNode = recalcTree(
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

export const RESPONSE: IndustryJobResponse = {
  job: TREE,
  missing_prices: [],
  system_indexes: { cost_indices: [{ activity: 'manufacturing', cost_index: 0.05 }] },
  warnings: ['Нет индекса стоимости работ (реакции) для системы Jita: стоимость работ посчитана без него'],
  context: {
    hub_id: 2,
    system: { id: 30000142, name: 'Jita', security: 0.945913, security_class: 2 },
    station: 'NPC-станция',
    reaction_station: 'Athanor',
    rigs: [],
    reaction_rigs: [],
    rigs_use: {
      station: { applied: [], ignored: [] },
      reaction: { applied: [], ignored: [] },
      science: { applied: [], ignored: [] },
    },
    me: 10,
    te: 20,
    component_me: 10,
    component_te: 20,
    root_source: 'owned',
    tax: 0.25,
    science_station: 'NPC-станция',
    science_rigs: [],
    reactions: false,
    skills: ALL_INDUSTRY_SKILLS_V,
    node_settings: {},
    nodes: 4,
  },
};

export const SEARCH: BlueprintSearchResponse = {
  blueprints: [
    {
      id: 691,
      name: 'Rifter Blueprint',
      nameEn: 'Rifter Blueprint',
      icon: '',
      activity: 'manufacturing',
      activity_id: 1,
      product: { id: 587, name: 'Rifter', icon: '', quantity: 1 },
      inventable: false,
    },
  ],
};

export function industryApi(
  options: { staticData?: IndustryStaticData; job?: { status: number; body: unknown }; more?: FetchHandler } = {},
): FetchHandler {
  return (url, init) => {
    const extra = options.more?.(url, init);
    if (extra) return extra;
    if (url === '/data/industry/static_industry_data') return { body: options.staticData ?? STATIC };
    if (url.startsWith('/data/industry/blueprints?q=')) return { body: SEARCH };
    if (url === '/data/industry/job') return options.job ?? { body: RESPONSE };
    return undefined;
  };
}

export type Rendered = ReturnType<typeof renderApp>;

export async function chooseItemAndSystem({ user }: Rendered) {
  await user.type(await screen.findByRole('combobox', { name: /Предмет/ }), 'Rif');
  await user.click(await screen.findByRole('option', { name: 'Rifter' }));
  await user.type(screen.getByRole('combobox', { name: /Система/ }), 'jit');
  await user.click(await screen.findByRole('option', { name: 'Jita (0,9)' }));
}

export const jobCalls = (r: Rendered) => r.fetchMock.mock.calls.filter(([url]) => String(url) === '/data/industry/job');
/** A total's text with its no-break spaces written as plain ones. */
export const total = (testId: string, scope: HTMLElement) => plain(within(scope).getAllByTestId(testId)[0].textContent);
