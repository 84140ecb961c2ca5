import {
  deltaPercent,
  displaySecurity,
  formatDelta,
  formatDuration,
  formatIsk,
  formatNumber,
  formatPrice,
  formatVolume,
  round,
  roundUp2,
  securityColor,
} from './format';

describe('roundUp2', () => {
  it.each([
    [1.001, 1.01],
    [1.1, 1.1],
    [1.10000000001, 1.1],
    [5.555, 5.56],
    [0.004, 0.01],
    [100, 100],
    [4.35, 4.35],
    [1234567.891, 1234567.9],
  ])('%p -> %p', (input, expected) => expect(roundUp2(input)).toBe(expected));
});

describe('round', () => {
  it.each([
    [1.005, 2, 1.01],
    [-1.005, 2, -1.01],
    [2.345, 1, 2.3],
    [0.45, 1, 0.5],
  ])('round(%p, %p) = %p', (v, d, e) => expect(round(v, d)).toBe(e));
});

describe('formatNumber', () => {
  it.each([
    [0, 0, '0'],
    [999, 0, '999'],
    [1000, 0, '1 000'],
    [1234567, 0, '1 234 567'],
    [1234567.5, 2, '1 234 567,50'],
    [-9876543.21, 2, '-9 876 543,21'],
    [-0.001, 2, '0,00'],
    [Infinity, 2, '—'],
  ])('formatNumber(%p, %p) = %p', (v, d, e) => expect(formatNumber(v, d)).toBe(e));
});

describe('prices', () => {
  it('formats a price rounded up to 2 decimals with a space separator', () => {
    expect(formatPrice(5234.001)).toBe('5 234,01');
    expect(formatIsk(1500000)).toBe('1 500 000,00 ISK');
  });
  it('formats a volume', () => {
    expect(formatVolume(2500)).toBe('2 500 m³');
    expect(formatVolume(0.01 * 3)).toBe('0,03 m³');
  });
});

describe('deltaPercent', () => {
  it.each([
    [110, 100, 10],
    [90, 100, -10],
    [5.55, 5, 11],
    [4.2, 5.1, -17.65],
    [1, 3, -66.67],
    [100, 0, null],
    [NaN, 10, null],
  ])('delta(%p, median %p) = %p', (p, m, e) => expect(deltaPercent(p, m)).toBe(e));

  it('formats the delta with a sign', () => {
    expect(formatDelta(12.5)).toBe('+12,50%');
    expect(formatDelta(-3)).toBe('-3,00%');
    expect(formatDelta(0)).toBe('0,00%');
    expect(formatDelta(null)).toBe('—');
  });
});

describe('security', () => {
  it.each([
    [0.945913, 0.9],
    [0.45, 0.5],
    [0.44999, 0.4],
    [0.01, 0.1],
    [0.0, 0],
    [-0.04, 0],
    [-0.3, -0.3],
  ])('displaySecurity(%p) = %p', (s, e) => expect(displaySecurity(s)).toBe(e));

  it.each([
    [1.0, 'blue'],
    [0.945913, 'blue'],
    [0.7, 'blue'],
    [0.65, 'blue'],
    [0.6, 'green'],
    [0.5, 'green'],
    [0.44, 'orange'],
    [0.1, 'orange'],
    [0.0, 'orange'],
    [-0.1, 'purple'],
    [-1, 'purple'],
  ])('securityColor(%p) = %p', (s, e) => expect(securityColor(s)).toBe(e));
});

describe('formatDuration', () => {
  it.each([
    [0, '0с'],
    [59, '59с'],
    [6000, '1ч 40м'],
    [90061, '1д 1ч 1м 1с'],
    [10800, '3ч'],
  ])('%p s -> %p', (s, e) => expect(formatDuration(s)).toBe(e));
});
