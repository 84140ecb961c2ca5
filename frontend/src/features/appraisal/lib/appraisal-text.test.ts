import type { AppraisalLine } from '@eve-toolkit/shared-types';
import { appraisalColumns, appraisalCopyText, canSubmit, decodeDataParam } from './appraisal-text';

const line = (over: Partial<AppraisalLine>): AppraisalLine => ({
  name: 'Tritanium',
  icon: '',
  quantity: 1000,
  volume: 10,
  sell: 4.011,
  buy: 3.5,
  sell_p5: 4.1,
  buy_p5: 3.4,
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

describe('appraisal page texts', () => {
  it.each([
    ['Tritanium\\t2000\\nWarrior II\\t3', 'Tritanium\t2000\nWarrior II\t3'],
    ['Plex 1', 'Plex 1'],
    ['a\\\\tb', 'a\\\tb'],
    ['', ''],
  ])('?data=%p fills the box with %p', (param, text) => expect(decodeDataParam(param)).toBe(text));

  it.each([
    ['', false],
    ['x', false],
    ['  x \n', false],
    ['ab', true],
    ['Plex 1', true],
  ])('%p submits: %p', (text, ok) => expect(canSubmit(text)).toBe(ok));

  it('copies tab-separated rows for a Russian spreadsheet (decimal comma, no grouping), with or without the header; prices rounded up to 2 decimals', () => {
    const lines = [line({}), line({ name: 'Rifter', quantity: 2, volume: 5000, sell: 450000.991, buy: 400000 })];
    expect(appraisalCopyText(lines, false)).toBe(
      'Tritanium\t1000\t10,00\t4,02\t3,50\t4011,00\t3500,00\nRifter\t2\t5000,00\t450001,00\t400000,00\t900001,99\t800000,00',
    );
    expect(appraisalCopyText(lines, true).split('\n')[0]).toBe('Тип\tКоличество\tОбъём, м³\tSELL за ед.\tBUY за ед.\tSELL\tBUY');
  });

  it('names the columns at a buyback percent: unit prices at the market (100 %), totals at the percent', () => {
    expect(appraisalColumns(100)).toEqual(['Тип', 'Количество', 'Объём, м³', 'SELL за ед.', 'BUY за ед.', 'SELL', 'BUY']);
    expect(appraisalColumns(85)).toEqual([
      'Тип',
      'Количество',
      'Объём, м³',
      'SELL за ед. (рынок, 100 %)',
      'BUY за ед. (рынок, 100 %)',
      'SELL × 85 %',
      'BUY × 85 %',
    ]);
    expect(appraisalCopyText([], true, 'best', 85)).toBe(appraisalColumns(85).join('\t'));
  });

  it('copies the page’s prices: the 5 % average, totals at the buyback percent', () => {
    expect(appraisalCopyText([line({})], false, 'p5', 90)).toBe('Tritanium\t1000\t10,00\t4,10\t3,40\t3690,00\t3060,00');
  });
});
