/**
 * Accessibility of every route of the spec (frontend/src/app/routes.tsx), checked by axe-core
 * (WCAG 2.1 A/AA rules, plus the heading outline) in real Chromium against the demo app:
 * as a visitor, as a corporation member (demo_industrialist: a member who also moderates, so the
 * project and buy-list controls are on screen) and as an admin, in the light and the dark theme,
 * at 1366×900 and 390×844. Fails on any serious or critical violation and on any break of the
 * heading outline; prints every finding (with the lesser ones) and how long the run took, and
 * writes them all to e2e/artifacts/axe-findings.json.
 *
 * Lean on purpose (it runs in CI): one browser for the whole file; per role, one sign-in and four
 * views (the two sizes × the two themes, each its own context sharing the session) walking the
 * routes at the same time, the routes visited client-side in a loop; axe injected once per view
 * and run once per route and view (the dark theme re-checks the colour rules only).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchBrowser, newContext, watchErrors } from './support/browser';
import { loginDemo } from './support/login';

jest.setTimeout(20 * 60_000);

const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** axe's WCAG 2.1 A/AA rules and its best practices (heading outline, landmarks). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** The outline rules fail the suite whatever their impact (axe calls them "moderate"). */
const OUTLINE_RULES = new Set(['heading-order', 'page-has-heading-one', 'empty-heading']);
const failing = (impact: string | null | undefined, rule: string) =>
  impact === 'serious' || impact === 'critical' || OUTLINE_RULES.has(rule);

const APPRAISAL_PASTE = 'Tritanium\t2000\nPyerite\t3\nRifter x 2';

/** The public routes (a member and an admin see the same pages with their own header). */
const PUBLIC_ROUTES = [
  '/',
  '/test',
  '/news',
  '/market/list',
  `/market/appraisal?data=${encodeURIComponent(APPRAISAL_PASTE)}`,
  '/market/detail/34',
  '/loot',
  '/industry',
  '/planetology',
  '/about',
  '/about/readme',
  '/about/debug',
  '/account/login',
  '/account/register',
  '/account/register_done',
  '/account/user/demo_fc',
  '/no/such/page',
  // What a visitor sees of the closed areas: the access gate.
  '/corp/main',
  '/best_admin/main',
];

interface Finding {
  role: string;
  where: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** One of the four ways every route is looked at: a screen size in a colour scheme. */
interface View {
  size: (typeof SIZES)[number];
  theme: (typeof THEMES)[number];
}
const VIEWS: View[] = SIZES.flatMap((size) => THEMES.map((theme) => ({ size, theme })));

/** axe-core itself, evaluated once in each view's page (client-side navigation keeps it). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Waits until the route has rendered its page: a level-1 heading, nothing loading, no transition running. */
async function settled(page: Page, path: string): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.querySelector('main h1') !== null &&
        // The header's progress bar: a page chunk still loading (the previous page stays on screen meanwhile).
        document.querySelector(
          '[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root, [role="progressbar"][aria-label="Загрузка страницы"]',
        ) === null,
      undefined,
      { timeout: 30_000, polling: 100 },
    )
    .catch((e: Error) => {
      throw new Error(`${path} did not render a level-1 heading with nothing loading: ${e.message}`);
    });
  // Transitions that started with the content (fade-ins) end before colours are measured: waited
  // for until two frames in a row start none (endless ones, such as spinners, do not count).
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const running = () =>
      document.getAnimations().filter((a) => a.playState !== 'finished' && a.effect?.getComputedTiming().endTime !== Infinity);
    for (let quiet = 0; quiet < 2;) {
      await frame();
      const now = running();
      if (now.length === 0) quiet++;
      else {
        quiet = 0;
        await Promise.all(now.map((a) => a.finished.catch(() => undefined)));
      }
    }
  });
}

/** Client-side navigation, as a link click does (the app is not reloaded for every route). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  // Two frames: the router's update is committed, and a page whose chunk is not here yet has
  // started loading it (the progress bar shows), before settled() looks.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Rules whose outcome depends on the colour scheme: the dark theme re-checks only these. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Only the violations are needed: axe then keeps one node per passed rule, not all of them. */
const FULL_RUN: RunOptions = {
  runOnly: { type: 'tag', values: TAGS },
  resultTypes: ['violations'],
  // «Label in name» (WCAG 2.5.3) is one of axe's experimental rules: switched on explicitly.
  rules: { 'label-content-name-mismatch': { enabled: true } },
};
const COLOUR_RUN: RunOptions = { runOnly: { type: 'rule', values: COLOUR_RULES }, resultTypes: ['violations'] };

async function audit(page: Page, role: string, where: string, findings: Finding[], colourOnly: boolean): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const checked = await page.evaluate(
    async (options) => {
      const results = await (window as unknown as { axe: { run(o: RunOptions): Promise<AxeResults> } }).axe.run(options);
      return {
        rules: results.passes.length + results.violations.length + results.incomplete.length + results.inapplicable.length,
        violations: results.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
        })),
      };
    },
    colourOnly ? COLOUR_RUN : FULL_RUN,
  );
  // Every rule asked for was evaluated (axe 4.14: ~90 WCAG A/AA and best-practice rules; the two colour rules).
  expect({ where, rules: checked.rules >= (colourOnly ? COLOUR_RULES.length : 80) }).toEqual({ where, rules: true });
  const { violations } = checked;
  for (const v of violations)
    for (const node of v.nodes)
      findings.push({
        role,
        where,
        rule: v.id,
        impact: v.impact ?? 'unknown',
        target: node.target.join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      });
}

describe('accessibility of every route (axe, WCAG 2.1 AA)', () => {
  const findings: Finding[] = [];
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Signs the role in once, then walks its routes in the four views at the same time (each view
   * its own context with the session's cookies and its colour scheme saved, as the theme button
   * saves it).
   */
  async function checkRole(role: string, account: string | null, routes: (page: Page) => Promise<string[]>) {
    const started = Date.now();
    let views = 0;
    let axeMs = 0;
    const signIn = await newContext(browser);
    const errors = watchErrors(signIn, [/status of 40[134]/]);
    const page = await signIn.newPage();
    if (account) await loginDemo(page, account);
    else await page.goto('/');
    const paths = await routes(page);
    const storageState = await signIn.storageState();
    await signIn.close();

    const walk = async ({ size, theme }: View) => {
      const context = await newContext(browser, undefined, {
        viewport: { width: size.width, height: size.height },
        storageState,
      });
      const seen = watchErrors(context, [/status of 40[134]/]);
      try {
        await context.addInitScript((t) => {
          // Also runs in the first about:blank, which has no storage.
          if (window.location.origin !== 'null') window.localStorage.setItem('eve-toolkit-color-scheme', t);
        }, theme);
        const page = await context.newPage();
        await page.goto(paths[0]);
        for (const [i, path] of paths.entries()) {
          if (i > 0) await navigate(page, path);
          await settled(page, path);
          expect({ path, theme: await page.evaluate(() => document.documentElement.dataset.mantineColorScheme) }).toEqual({
            path,
            theme,
          });
          if (theme === 'light') {
            // Every control of the header fits the screen (the theme button was cut by 2 px at 390 px).
            const header = await page.evaluate(() =>
              Array.from(document.querySelectorAll('header a, header button'))
                .map((el) => el.getBoundingClientRect())
                .filter((r) => r.width > 0)
                .map((r) => ({ left: Math.floor(r.left), right: Math.ceil(r.right) })),
            );
            expect({ path, cut: header.filter((r) => r.left < 0 || r.right > size.width) }).toEqual({ path, cut: [] });
          }
          const t0 = Date.now();
          // The structure is the same in both schemes: the dark one re-checks the colours only.
          await audit(page, role, `${theme} ${size.name} ${path}`, findings, theme === 'dark');
          // eslint-disable-next-line no-restricted-syntax -- printed (the axe share of the walk), never asserted
          axeMs += Date.now() - t0;
          views++;
        }
      } finally {
        errors.push(...seen);
        await context.close();
      }
    };

    try {
      // Every view runs to its end (or its first failure) before the test reports.
      const outcomes = await Promise.allSettled(VIEWS.map(walk));
      for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
      expect(errors).toEqual([]);
      const failures = findings.filter((f) => f.role === role && failing(f.impact, f.rule));
      expect(failures.map((f) => `${f.rule} (${f.impact}) ${f.target} @ ${f.where}: ${f.summary}`)).toEqual([]);
    } finally {
      console.log(
        // eslint-disable-next-line no-restricted-syntax -- printed, never asserted
        `axe ${role}: ${views} page views in ${((Date.now() - started) / 1000).toFixed(1)} s (axe itself ${(axeMs / 1000).toFixed(1)} s over ${VIEWS.length} views at once)`,
      );
    }
  }

  afterAll(() => {
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'axe-findings.json'), JSON.stringify(findings, null, 1));
    // One line per rule and element, with how many page views showed it and one of them.
    const byTarget = new Map<string, { f: Finding; views: number }>();
    for (const f of findings) {
      const key = `${f.role} ${f.rule} ${f.target}`;
      const seen = byTarget.get(key);
      if (seen) seen.views++;
      else byTarget.set(key, { f, views: 1 });
    }
    const lines = [...byTarget.values()].map(
      ({ f, views }) =>
        `${failing(f.impact, f.rule) ? 'FAIL' : 'note'} ${f.role} ${f.rule} (${f.impact}) ${f.target} ×${views}, e.g. ${f.where}: ${f.summary}`,
    );
    console.log(`axe: ${findings.length} findings, ${lines.length} distinct\n${lines.join('\n')}`);
  });

  it('public pages as a visitor', async () => {
    await checkRole('visitor', null, async () => PUBLIC_ROUTES);
  });

  it('corporation pages as a member', async () => {
    await checkRole('member', 'demo_industrialist', async (page) => {
      const { projects } = (await (await page.request.get('/auth/corp/projects')).json()) as { projects: { id: string }[] };
      expect(projects.length).toBeGreaterThan(0);
      return [
        '/corp/main',
        '/corp/events',
        '/corp/projects',
        `/corp/projects/${projects[0].id}`,
        '/corp/new_project',
        '/corp/roles',
        '/corp/alerts',
        '/account/user/demo_industrialist',
      ];
    });
  });

  it('admin pages as an admin', async () => {
    await checkRole('admin', 'demo_admin', async (page) => {
      const users = (await (await page.request.get('/api/admin/stats/users?q=demo_corp')).json()) as { users: { id: string }[] };
      const chars = (await (await page.request.get('/api/admin/stats_chars')).json()) as { chars: { id: number }[] };
      return [
        '/best_admin/main',
        '/best_admin/users',
        `/best_admin/users/${users.users[0].id}`,
        '/best_admin/chars',
        `/best_admin/chars/${chars.chars[0].id}`,
        '/best_admin/roles',
        '/best_admin/corps',
        '/best_admin/ban_chars',
        '/best_admin/chars?view=flags',
        '/best_admin/market_categories',
        '/best_admin/market_items',
        '/best_admin/eve_items',
      ];
    });
  });
});
