import { PNG } from 'pngjs';
import { seededRandom } from '@eve-toolkit/shared-types';
import { insideShape, makePuzzle, renderTile, SHAPES, TILE_SIZE } from './render';

describe('captcha puzzle', () => {
  it.each([1, 2, 3, 42, 1000])('seed %i: 16 tiles, 3 to 7 targets, the answer marks exactly them', (seed) => {
    const p = makePuzzle(seededRandom(seed));
    expect(p.tiles).toHaveLength(16);
    expect(p.answer).toMatch(/^[01]{16}$/);
    const hits = p.tiles.filter((s) => s === p.target).length;
    expect(hits).toBeGreaterThanOrEqual(3);
    expect(hits).toBeLessThanOrEqual(7);
    expect([...p.answer].map((c, i) => (c === '1') === (p.tiles[i] === p.target))).toEqual(Array(16).fill(true));
  });
});

describe('shapes', () => {
  it.each([
    ['circle', 0, 0, true],
    ['circle', 0.9, 0.9, false],
    ['square', 0.69, 0.69, true],
    ['square', 0.75, 0, false],
    ['triangle', 0, 0.2, true],
    ['triangle', 0.8, -0.8, false],
    ['cross', 0, 0.9, true],
    ['cross', 0.6, 0.6, false],
    ['moon', -0.7, 0, true],
    ['moon', 0.4, -0.1, false],
  ] as const)('%s contains (%d, %d): %s', (shape, x, y, inside) => {
    expect(insideShape(shape, x, y)).toBe(inside);
  });
});

describe('tiles', () => {
  it('are valid PNGs of the tile size, different for the same shape', () => {
    const random = seededRandom(7);
    const a = renderTile('star', random);
    const b = renderTile('star', random);
    const img = PNG.sync.read(a);
    expect([img.width, img.height]).toEqual([TILE_SIZE, TILE_SIZE]);
    expect(a.equals(b)).toBe(false);
  });

  it('draw the figure: many pixels differ from the noise around it', () => {
    for (const shape of SHAPES) {
      const img = PNG.sync.read(renderTile(shape, seededRandom(3)));
      const centre = (Math.floor(TILE_SIZE / 2) * TILE_SIZE + Math.floor(TILE_SIZE / 2)) * 4;
      const corner = 0;
      const diff = Math.abs(img.data[centre] - img.data[corner]) + Math.abs(img.data[centre + 1] - img.data[corner + 1]);
      expect({ shape, visible: diff > 20 || shape === 'moon' }).toEqual({ shape, visible: true });
    }
  });
});
