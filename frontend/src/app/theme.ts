import { createTheme, localStorageColorSchemeManager, type MantineColorsTuple } from '@mantine/core';

/** localStorage key of the light/dark choice (public/theme-init.js reads the same key). */
export const COLOR_SCHEME_STORAGE_KEY = 'eve-toolkit-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** Teal accent of the game's UI. */
const eve: MantineColorsTuple = [
  '#e2fbf8',
  '#d0f3ef',
  '#a4e5de',
  '#75d7cc',
  '#4fcbbd',
  '#37c3b4',
  '#26bfaf',
  '#14a898',
  '#009586',
  '#008173',
];

/** Deep-space navy used for the dark scheme surfaces. */
const dark: MantineColorsTuple = [
  '#d3dae6',
  '#aab4c6',
  '#8592a9',
  '#5e6b84',
  '#3b4760',
  '#2a354c',
  '#1d2739',
  '#141c2b',
  '#0e1522',
  '#090e18',
];

export const theme = createTheme({
  primaryColor: 'eve',
  primaryShade: { light: 8, dark: 8 },
  colors: { eve, dark },
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", system-ui, -apple-system, sans-serif',
  headings: {
    fontFamily:
      'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", system-ui, -apple-system, sans-serif',
    fontWeight: '700',
  },
  cursorType: 'pointer',
  components: {
    Paper: { defaultProps: { shadow: 'xs' } },
    Tooltip: { defaultProps: { withArrow: true, multiline: true, maw: 320 } },
    Button: { defaultProps: { radius: 'md' } },
  },
});

/** Max content width (px) of every page. */
export const CONTENT_MAX_WIDTH = 1200;
