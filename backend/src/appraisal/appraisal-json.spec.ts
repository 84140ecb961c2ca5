import { HUBS, type AppraisalResponse, type ResolvedItem } from '@eve-toolkit/shared-types';
import type { AppConfig } from '../common/config/config';
import type { GameType } from '../game-data/game-data.contract';
import type { HubPrice } from '../market/market-prices.contract';
import { AppraisalJson } from './appraisal-json';
import { toAppraisalLine } from './appraisal.mapper';

const IMG = 'https://images.example';

const type = (id: number, name: string, packagedVolume: number, categoryId = 4): GameType => ({
  id,
  name,
  nameEn: name,
  groupId: 18,
  categoryId,
  marketGroupId: 1,
  volume: packagedVolume,
  packagedVolume,
  portionSize: 1,
  published: true,
});

const price = (typeId: number, p: Partial<HubPrice> = {}): HubPrice => ({
  typeId,
  sell: 5.17,
  buy: 4.5,
  sellTop5: 5.2,
  buyTop5: 4.41,
  sellVolume: 1_000_000,
  buyVolume: 250_000,
  sellOrders: 120,
  buyOrders: 80,
  ...p,
});

const TRITANIUM = type(34, 'Tritanium', 0.01);
const QUOTED = type(1, 'A "quoted" \\ name\twith a tab', 2.5);
const RUSSIAN = type(3411, 'Кибернетика', 0.1);
const EMOJI = type(7, 'Ship 😀 «SKIN»', 0.01);
const BLUEPRINT = type(24699, 'Drake Blueprint', 0.01, 9);
const NO_ROW = type(99, 'No row at the hub', 1);
const SELL_ONLY = type(100, 'Sell only', 3);
const BUY_ONLY = type(101, 'Buy only', 3);
const HUGE = type(102, 'Huge', 1e300);
const WHOLE = type(103, 'Whole volume', 5);

const item = (t: GameType, quantity: number, bpc = false, runs: number | null = null): ResolvedItem<GameType> => ({
  type: t,
  quantity,
  bpc,
  runs,
});

const meta = (hub = 2): Omit<AppraisalResponse, 'data'> => ({
  errors: ['Строка 2: не удалось распознать «x "y"»'],
  id: 'abcDEF1234',
  hub,
  percent: 90,
  created_at: '2026-11-26T07:00:00.000Z',
  hubs: HUBS.map((h) => ({ hub: h.id, sell: 1.5, buy: 0.1 + 0.2, sell_p5: 0, buy_p5: 0, priced: 3 })),
  suggestions: [{ line: 2, text: 'x "y"', names: ['Tritanium', 'Тританий'] }],
});

/** What the answer must be, byte for byte: `JSON.stringify` of the lines `toAppraisalLine` makes. */
const expected = (
  items: readonly ResolvedItem<GameType>[],
  prices: ReadonlyMap<number, HubPrice | null>,
  m: Omit<AppraisalResponse, 'data'>,
  img = IMG,
) =>
  Buffer.from(
    JSON.stringify({
      data: items.map((i) => toAppraisalLine(i.type, i.quantity, i.bpc, i.runs, i.bpc ? undefined : prices.get(i.type.id), img)),
      ...m,
    }),
  );

describe('AppraisalJson: the answer written from kept bytes is JSON.stringify’s, byte for byte', () => {
  const prices = new Map<number, HubPrice | null>([
    [34, price(34)],
    [1, price(1, { sell: 1234567.89, buy: 0.01, sellTop5: 1234600.5, buyTop5: 0.01 })],
    [3411, price(3411, { sellOrders: 0 })],
    [7, price(7)],
    [24699, price(24699)],
    [99, null],
    [100, price(100, { buy: null, buyTop5: null, buyVolume: 0, buyOrders: 0 })],
    [101, price(101, { sell: null, sellTop5: null, sellVolume: 0, sellOrders: 0 })],
    [102, price(102)],
    [103, price(103, { sell: 1e21, buy: 1 })],
  ]);

  it.each<[string, ResolvedItem<GameType>[]]>([
    ['no lines', []],
    ['one line', [item(TRITANIUM, 1000)]],
    ['quotes, a backslash and a tab in the name', [item(QUOTED, 3)]],
    ['Cyrillic and emoji names', [item(RUSSIAN, 7), item(EMOJI, 1)]],
    ['fractional volumes (0.1 × 3)', [item(RUSSIAN, 3), item(TRITANIUM, 7)]],
    ['no row at the hub; one side without orders', [item(NO_ROW, 2), item(SELL_ONLY, 1), item(BUY_ONLY, 1)]],
    ['a type not in the prices at all', [item(type(555, 'Unknown to the cache', 1), 4)]],
    ['a volume beyond doubles (null, as JSON writes it)', [item(HUGE, 1e10)]],
    [
      'whole numbers of every length, written digit by digit',
      [
        item(WHOLE, 0),
        item(WHOLE, 7),
        item(WHOLE, 10),
        item(WHOLE, 1_000_000),
        item(TRITANIUM, 123_456_789),
        item(WHOLE, 2 ** 53 - 1),
      ],
    ],
    [
      'quantities past the whole doubles (written as JSON writes them)',
      [item(WHOLE, 2 ** 53 + 2), item(WHOLE, 1e21), item(TRITANIUM, 1e22)],
    ],
    [
      'blueprint copies with and without runs beside the original',
      [item(BLUEPRINT, 1), item(BLUEPRINT, 2, true, 30), item(BLUEPRINT, 1, true, null), item(TRITANIUM, 5)],
    ],
  ])('%s', (_label, items) => {
    const json = new AppraisalJson({ imageServerUrl: IMG } as AppConfig);
    const m = meta();
    expect(json.answer(items, 2, prices, m).toString('utf8')).toBe(expected(items, prices, m).toString('utf8'));
    // Again, from the kept bytes.
    expect(json.answer(items, 2, prices, m).equals(expected(items, prices, m))).toBe(true);
  });

  it('a type at another hub, and a new price object (a refresh), are written from their own prices', () => {
    const json = new AppraisalJson({ imageServerUrl: IMG } as AppConfig);
    const items = [item(TRITANIUM, 10), item(RUSSIAN, 2)];
    const amarr = new Map<number, HubPrice | null>([
      [34, price(34, { sell: 6 })],
      [3411, null],
    ]);
    expect(json.answer(items, 2, prices, meta()).equals(expected(items, prices, meta()))).toBe(true);
    expect(json.answer(items, 1, amarr, meta(1)).equals(expected(items, amarr, meta(1)))).toBe(true);
    const refreshed = new Map<number, HubPrice | null>([
      [34, price(34, { sell: 5.2 })],
      [3411, price(3411, { buy: 1 })],
    ]);
    expect(json.answer(items, 2, refreshed, meta()).equals(expected(items, refreshed, meta()))).toBe(true);
    expect(json.answer(items, 1, amarr, meta(1)).equals(expected(items, amarr, meta(1)))).toBe(true);
  });

  it('1 000 random lines parse back to the lines toAppraisalLine makes', () => {
    const json = new AppraisalJson({ imageServerUrl: IMG } as AppConfig);
    const types = [TRITANIUM, QUOTED, RUSSIAN, EMOJI, BLUEPRINT, NO_ROW, SELL_ONLY, BUY_ONLY];
    let seed = 11;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const items = Array.from({ length: 1000 }, () => {
      const t = types[Math.floor(next() * types.length)];
      const bpc = t === BLUEPRINT && next() < 0.5;
      return item(t, 1 + Math.floor(next() * 1e9), bpc, bpc && next() < 0.5 ? Math.floor(next() * 300) : null);
    });
    const answer = JSON.parse(json.answer(items, 2, prices, meta()).toString('utf8')) as AppraisalResponse;
    expect(answer).toEqual(JSON.parse(expected(items, prices, meta()).toString('utf8')));
    expect(answer.data).toHaveLength(1000);
  });
});
