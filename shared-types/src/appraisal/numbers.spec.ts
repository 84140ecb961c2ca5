import { parseGameNumber, parseGameQuantity } from './numbers';

describe('parseGameNumber: the separators the game clients write', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    ['1,080', 1080],
    ['1.080', 1080],
    ["1'080", 1080],
    ['1 080', 1080],
    ['1\u00a0080', 1080],
    ['1\u202f080', 1080],
    ['1’080', 1080],
    ['9,584,704', 9584704],
    ["9'584'701", 9584701],
    ['5.000.000', 5000000],
    ['10 102', 10102],
    ['123.12', 123.12],
    ['305.0', 305],
    ['1,5', 1.5],
    ['1 234,56', 1234.56],
    ['1\u00a0234\u00a0567,89', 1234567.89],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ["7'999'996.10", 7999996.1],
    ['  77  ', 77],
  ])('%p -> %p', (input, expected) => expect(parseGameNumber(input)).toBe(expected));

  it.each([
    '',
    ' ',
    'abc',
    '1,,000',
    '1,234,5',
    '1.5.0',
    ',5',
    '5,',
    '-5',
    '1 0000',
    '12ab',
    '1e5',
    'Infinity',
    '0x10',
    '1'.repeat(41),
  ])('%p is not a number', (input) => expect(parseGameNumber(input)).toBeNull());
});

describe('parseGameQuantity: whole units from 1 to 100 billion', () => {
  it.each([
    ['1', 1],
    ['305.0', 305],
    ['123.12', 123],
    ['0.5', 1],
    ['100 000 000 000', 100_000_000_000],
  ])('%p -> %p', (input, expected) => expect(parseGameQuantity(input)).toBe(expected));

  it.each(['0', '0.4', '100 000 000 001', 'x'])('%p is refused', (input) => expect(parseGameQuantity(input)).toBeNull());
});
