import { darken, luminance } from '@mantine/core';
import { DIMMED, theme } from './theme';

/** WCAG 2.1 contrast ratio of two colours (relative luminance from Mantine's own helper). */
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const colors = theme.colors!;
const WHITE = '#ffffff';
/** Page background in the light scheme (global.css) and the dark scheme's surfaces. */
const LIGHT_PAGE = '#f4f7fb';
const DARK_PAGE = colors.dark![8];
const DARK_PAPER = colors.dark![7];
const IN_USE = ['eve', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan'] as const;

describe('theme contrast (WCAG 2.1 AA: 4.5:1 for text)', () => {
  describe.each(IN_USE)('%s', (name) => {
    const c = colors[name]!;
    it.each([
      ['light: white text on a filled control (shade 8)', WHITE, c[8]],
      ['light: coloured text on white (shade 8)', c[8], WHITE],
      ['light: coloured text on the page background', c[8], LIGHT_PAGE],
      ['light: the light variant, shade 9 on shade 1', c[9], c[1]],
      ['dark: white text on a filled control (shade 8)', WHITE, c[8]],
      ['dark: coloured text (shade 4) on the page', c[4], DARK_PAGE],
      ['dark: coloured text (shade 4) on a paper', c[4], DARK_PAPER],
      ['dark: the light variant, shade 0 on shade 9 darkened by half', c[0], darken(c[9], 0.5)],
    ])('%s', (_what, fg, bg) => {
      expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
    });
  });

  it.each([
    ['light dimmed on white', DIMMED.light, WHITE],
    ['light dimmed on the page background', DIMMED.light, LIGHT_PAGE],
    ['light dimmed on gray 1 (striped rows)', DIMMED.light, '#f1f3f5'],
    ['dark dimmed on the page', DIMMED.dark, DARK_PAGE],
    ['dark dimmed on a paper', DIMMED.dark, DARK_PAPER],
    ['dark dimmed on dark 5 (hovered rows)', DIMMED.dark, colors.dark![5]],
  ])('%s', (_what, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the look: only shades 8 and 9 differ from Mantine’s palette', async () => {
    const { DEFAULT_THEME } = await import('@mantine/core');
    for (const name of IN_USE.filter((n) => n !== 'eve'))
      expect(colors[name]!.slice(0, 8)).toEqual(DEFAULT_THEME.colors[name].slice(0, 8));
  });
});
