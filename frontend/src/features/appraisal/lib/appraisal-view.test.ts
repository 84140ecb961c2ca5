import type { AppraisalLine } from '@eve-toolkit/shared-types';
import {
  addLocal,
  appraisalShareLink,
  bestHubs,
  linesAsText,
  nextSort,
  readLocal,
  replaceInLine,
  shownLines,
  sortLines,
  viewFromParams,
  type LocalAppraisal,
} from './appraisal-view';

const line = (over: Partial<AppraisalLine>): AppraisalLine => ({
  name: 'Tritanium',
  icon: '',
  quantity: 100,
  volume: 1,
  sell: 4,
  buy: 3,
  sell_p5: 5,
  buy_p5: 2,
  sell_quantity: 0,
  buy_quantity: 0,
  sell_orders: 0,
  buy_orders: 0,
  type_id: 34,
  bpc: false,
  runs: null,
  note: null,
  ...over,
});

describe('appraisal view', () => {
  it('derives each line at a view: unit prices of the kind, totals at the percent, ISK/m³, share of SELL', () => {
    const lines = [
      line({}),
      line({ name: 'Rifter', quantity: 1, volume: 2500, sell: 600, buy: 500, sell_p5: 1200, buy_p5: 400 }),
    ];
    expect(
      shownLines(lines, { kind: 'best', percent: 50 }).map((s) => [s.sell, s.sellTotal, s.buyTotal, s.iskPerM3, s.share]),
    ).toEqual([
      [4, 200, 150, 400, 40],
      [600, 300, 250, 0.24, 60],
    ]);
    const p5 = shownLines(lines, { kind: 'p5', percent: 100 });
    expect(p5.map((s) => [s.sell, s.buy])).toEqual([
      [5, 2],
      [1200, 400],
    ]);
    // 500 and 1 200 of 1 700
    expect(p5[0].share).toBeCloseTo(29.4118, 4);
    expect(p5[1].share).toBeCloseTo(70.5882, 4);
    expect(shownLines([line({ volume: 0, sell: 0, sell_p5: 0 })], { kind: 'best', percent: 100 })[0]).toMatchObject({
      iskPerM3: null,
      share: null,
    });
  });

  it('sorts stably by any column; a new column descends first (names ascend), the same one flips', () => {
    const shown = shownLines(
      [line({ name: 'b', quantity: 2 }), line({ name: 'a', quantity: 1 }), line({ name: 'c', quantity: 2 })],
      { kind: 'best', percent: 100 },
    );
    const names = (key: Parameters<typeof nextSort>[1], desc: boolean) => sortLines(shown, { key, desc }).map((s) => s.line.name);
    expect(names('quantity', true)).toEqual(['b', 'c', 'a']);
    expect(names('quantity', false)).toEqual(['a', 'b', 'c']);
    expect(names('name', true)).toEqual(['c', 'b', 'a']);
    expect(sortLines(shown, null).map((s) => s.line.name)).toEqual(['b', 'a', 'c']);
    expect(nextSort(null, 'sell')).toEqual({ key: 'sell', desc: true });
    expect(nextSort(null, 'name')).toEqual({ key: 'name', desc: false });
    expect(nextSort({ key: 'sell', desc: true }, 'sell')).toEqual({ key: 'sell', desc: false });
  });

  it.each([
    ['id=X&percent=90&price=p5', { percent: 90, kind: 'p5' }],
    ['percent=0', { percent: null, kind: null }],
    ['percent=101&price=best', { percent: null, kind: 'best' }],
    ['percent=9.5&price=avg', { percent: null, kind: null }],
    ['', { percent: null, kind: null }],
  ])('?%s -> %j', (query, view) => expect(viewFromParams(new URLSearchParams(query))).toEqual(view));

  it('the share link carries the view where it differs from the saved percent and the best order', () => {
    expect(appraisalShareLink('https://e.x', 'Ab3dEf7hIj')).toBe('https://e.x/market/appraisal?id=Ab3dEf7hIj');
    expect(appraisalShareLink('https://e.x', 'Ab3dEf7hIj', { kind: 'best', percent: 90 }, 90)).toBe(
      'https://e.x/market/appraisal?id=Ab3dEf7hIj',
    );
    expect(appraisalShareLink('https://e.x', 'Ab3dEf7hIj', { kind: 'p5', percent: 80 }, 90)).toBe(
      'https://e.x/market/appraisal?id=Ab3dEf7hIj&percent=80&price=p5',
    );
  });

  it('marks the best hub per side; nothing priced marks none', () => {
    const hubs = [
      { hub: 1, sell: 10, buy: 5, sell_p5: 9, buy_p5: 8, priced: 1 },
      { hub: 2, sell: 12, buy: 4, sell_p5: 8, buy_p5: 3, priced: 1 },
    ];
    expect(bestHubs({ hubs }, 'best')).toEqual({ sell: 2, buy: 1 });
    expect(bestHubs({ hubs }, 'p5')).toEqual({ sell: 1, buy: 1 });
    expect(bestHubs({ hubs: [{ hub: 1, sell: 0, buy: 0, sell_p5: 0, buy_p5: 0, priced: 0 }] }, 'best')).toEqual({
      sell: null,
      buy: null,
    });
  });

  it('writes lines back as rows the parser reads (copies marked), and puts a suggested name into its line', () => {
    expect(linesAsText([line({}), line({ name: 'Drake Blueprint', quantity: 2, bpc: true })])).toBe(
      'Tritanium\t100\nDrake Blueprint (Copy)\t2',
    );
    expect(replaceInLine('Tritanum 100\r\nPyerite', 1, 'Tritanum', 'Tritanium')).toBe('Tritanium 100\nPyerite');
    expect(replaceInLine('Tritanum 100', 2, 'Tritanum', 'Tritanium')).toBeNull();
    expect(replaceInLine('edited', 1, 'Tritanum', 'Tritanium')).toBeNull();
  });

  it('keeps an anonymous visitor’s last 10, newest first, once each; ignores what it cannot read', () => {
    const entry = (i: number): LocalAppraisal => ({
      id: `Ab3dEf7h${String(i).padStart(2, '0')}`,
      hub: 2,
      percent: 100,
      created_at: '2026-01-01T00:00:00.000Z',
      lines: 1,
      names: ['Tritanium'],
      sell: 1,
      buy: 1,
    });
    let list: LocalAppraisal[] = [];
    for (let i = 0; i < 12; i++) list = addLocal(list, entry(i));
    expect(list.map((e) => e.id.slice(-2))).toEqual(['11', '10', '09', '08', '07', '06', '05', '04', '03', '02']);
    expect(
      addLocal(list, entry(5))
        .map((e) => e.id.slice(-2))
        .slice(0, 3),
    ).toEqual(['05', '11', '10']);
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(readLocal(storage(JSON.stringify(list)))).toEqual(list);
    expect(readLocal(storage('{oops'))).toEqual([]);
    expect(readLocal(storage(JSON.stringify([{ id: '../../x', created_at: '' }, entry(1)])))).toEqual([entry(1)]);
  });
});
