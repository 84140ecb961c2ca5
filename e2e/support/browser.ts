/** Debian's Chromium driven by playwright-core (no browser download). */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { REPO } from './app-process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = join(REPO, 'e2e', 'artifacts');

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the e2e globalSetup did not start the app');
  return url;
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newContext(
  browser: Browser,
  url = baseUrl(),
  options: Omit<BrowserContextOptions, 'baseURL' | 'locale'> = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options, baseURL: url, locale: 'ru-RU' });
  // The game's image server is not reachable here; fail those requests fast (placeholders show).
  await ctx.route(/images\.evetech\.net/, (route) => route.abort());
  return ctx;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors seen in this test; any one fails the test. */
  errors: string[];
  /** Lets a test expect a console error it provokes on purpose (e.g. an HTTP 404 page). */
  allowConsoleError(pattern: RegExp): void;
}

/** Offline, the game's image server is unreachable (icons fall back to placeholders): allowed by its URL only. */
const IMAGE_SERVER = /^https:\/\/images\.evetech\.net\//;

/** Collects every uncaught page error and console error of the context's pages. */
export function watchErrors(context: BrowserContext, allowed: RegExp[] = []): string[] {
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const url = msg.location().url ?? '';
      if (IMAGE_SERVER.test(url)) return;
      const text = `${msg.text()} (${url})`;
      if (allowed.some((re) => re.test(text))) return;
      errors.push(`console error: ${text}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return errors;
}

/**
 * Registers jest hooks: one Chromium per test file, a fresh context (cookies, storage) and page
 * per test. Read the fields inside tests: `const s = useBrowserPage(); ... s.page.goto('/')`.
 */
export function useBrowserPage(): BrowserSession {
  const session = {} as BrowserSession;
  beforeAll(async () => {
    session.browser = await launchBrowser();
  });
  afterAll(() => session.browser?.close());
  const allowed: RegExp[] = [];
  session.allowConsoleError = (pattern) => void allowed.push(pattern);
  beforeEach(async () => {
    allowed.length = 0;
    session.context = await newContext(session.browser);
    session.errors = watchErrors(session.context, allowed);
    session.page = await session.context.newPage();
  });
  afterEach(async () => {
    await session.context?.close();
    expect(session.errors).toEqual([]);
  });
  return session;
}

/**
 * Waits until React has hydrated a server-rendered page and it answers: its first heading carries
 * React's fiber (before that a link press is a full page load, not the app's navigation) and every
 * hydration gate (frontend/src/shared/ui/hydration-gate.tsx) is open. The gates open in the render
 * after their part hydrated — a later task than the heading's — so a test that read a control right
 * after the heading saw it still disabled on a busy machine.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    const hydrated = !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
    return hydrated && document.querySelectorAll('fieldset[role="none"][disabled]').length === 0;
  });
}
