import { seededRandom } from './random';

describe('seededRandom', () => {
  it('repeats its sequence for a seed, differs between seeds, stays in [0, 1)', () => {
    const draw = (seed: number) => {
      const r = seededRandom(seed);
      return Array.from({ length: 1000 }, () => r());
    };
    const a = draw(42);
    expect(draw(42)).toEqual(a);
    expect(draw(43)).not.toEqual(a);
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true);
    // Spread over the interval: each tenth gets between 5 % and 15 % of 1 000 draws.
    const tenths = Array.from({ length: 10 }, (_, i) => a.filter((x) => Math.floor(x * 10) === i).length);
    expect(Math.min(...tenths)).toBeGreaterThan(50);
    expect(Math.max(...tenths)).toBeLessThan(150);
  });
});
