/** The six pages players keep open, as the page-speed benches (lighthouse, long-tasks) load them. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ALL_PAGES = [
  { name: 'market list', path: '/market/list' },
  { name: 'item detail', path: '/market/detail/34' },
  { name: 'appraisal', path: '/market/appraisal' },
  { name: 'loot', path: '/loot' },
  { name: 'industry', path: '/industry' },
  { name: 'planetology', path: '/planetology' },
];

/** LH_PAGES=industry,planetology measures only those pages (by name); all six by default. */
export const PAGES = process.env.LH_PAGES
  ? ALL_PAGES.filter((p) => process.env.LH_PAGES!.split(',').includes(p.name))
  : ALL_PAGES;
