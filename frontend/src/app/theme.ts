import {
  createTheme,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** localStorage key of the light/dark choice (public/theme-init.js reads the same key). */
export const COLOR_SCHEME_STORAGE_KEY = 'eve-toolkit-color-scheme';

const storageManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
let subscribing: ReturnType<typeof setTimeout> | undefined;

/**
 * Mantine's localStorage manager, listening for another tab's choice a moment after the app has
 * started: registering the first `storage` listener has the browser load the whole storage area
 * for change events, milliseconds of a phone's main thread in the hydration's longest task.
 */
export const colorSchemeManager: typeof storageManager = {
  ...storageManager,
  subscribe: (onUpdate) => {
    clearTimeout(subscribing);
    subscribing = setTimeout(() => storageManager.subscribe(onUpdate), 0);
  },
  unsubscribe: () => {
    clearTimeout(subscribing);
    storageManager.unsubscribe();
  },
};

/**
 * Contrast (WCAG 2.1 AA: 4.5:1 for text, 3:1 for controls) in both schemes, checked by
 * theme.test.ts and by the axe suite (e2e/a11y.e2e.ts). Mantine draws, with primaryShade 8:
 * - light: filled backgrounds, outlines and coloured text (`c="green"`) with shade 8, the light
 *   variant's text with shade 9 on shade 1;
 * - dark: filled backgrounds with shade 8 (white text), coloured text with shade 4, the light
 *   variant's text with shade 0.
 * So shades 8 and 9 of every colour in use are deepened just enough for white text on them and for
 * them as text on white, the page background and shade 1; shades 0–7 keep Mantine's values.
 */
function deepen(color: MantineColorsTuple, shade8: string, shade9: string): MantineColorsTuple {
  return [...color.slice(0, 8), shade8, shade9] as unknown as MantineColorsTuple;
}

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
  '#00796c',
  '#006b60',
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

const base = DEFAULT_THEME.colors;

const PAGINATION_LABELS = {
  first: 'Первая страница',
  previous: 'Предыдущая страница',
  next: 'Следующая страница',
  last: 'Последняя страница',
} as const;

export const theme = createTheme({
  primaryColor: 'eve',
  primaryShade: { light: 8, dark: 8 },
  colors: {
    eve,
    dark,
    red: deepen(base.red, '#d51f1f', '#c32a2a'),
    orange: deepen(base.orange, '#c0450c', '#bb390f'),
    yellow: deepen(base.yellow, '#9f5e00', '#9b5b00'),
    green: deepen(base.green, '#1f7e34', '#227835'),
    teal: deepen(base.teal, '#097e54', '#087753'),
    blue: deepen(base.blue, '#196ebc', '#1864ab'),
    cyan: deepen(base.cyan, '#0c798d', '#0b7285'),
  },
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
    // Mantine 9 keeps every closed dropdown mounted (hidden with display: none): each Select and
    // MultiSelect rendered its options and scroll area and had floating-ui position them at page
    // load (the industry form's eight pickers: the page's longest task on a phone). Mounted when
    // opened instead; the input's aria-controls names the list only while it is open either way.
    Combobox: { defaultProps: { keepMounted: false } },
    Tooltip: { defaultProps: { withArrow: true, multiline: true, maw: 320 } },
    Button: { defaultProps: { radius: 'md' } },
    // A spinner with a label is a status (a bare span may not carry aria-label).
    Loader: { defaultProps: { role: 'status' } },
    // The arrows get names (Mantine leaves them as bare icons).
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({ 'aria-label': PAGINATION_LABELS[control] }),
      },
    },
  },
});

/** Secondary text: Mantine's gray 6 (3.3:1 on white) is too faint; these read at 4.5:1 and more. */
export const DIMMED = { light: '#5f666d', dark: '#97a3b8' } as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED.light },
  dark: { '--mantine-color-dimmed': DIMMED.dark },
});

/** Max content width (px) of every page. */
export const CONTENT_MAX_WIDTH = 1200;
