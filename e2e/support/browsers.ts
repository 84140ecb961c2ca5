/**
 * Several people's browsers side by side in one test file (members of a corporation watching each
 * other's changes live): one Chromium per file, a fresh context (cookies, storage) per person,
 * every page error and console error of each collected; all closed after the file.
 *
 *   const browsers = useBrowsers();
 *   it('…', async () => {
 *     const fc = await browsers.signIn('demo_fc', { path: '/corp/events' });
 *     const pilot = await browsers.signIn('demo_miner', { path: '/corp/events' });
 *     …
 *     expect(browsers.errors()).toEqual([]);
 *   });
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, newContext, watchErrors } from './browser';
import { loginDemo } from './login';

export interface OpenOptions {
  /** Console errors the test provokes on purpose (e.g. a refused request's 400). */
  allowed?: RegExp[];
  /** The context's options beside the base URL and locale (e.g. its viewport). */
  context?: Omit<BrowserContextOptions, 'baseURL' | 'locale'>;
  /** Runs on the new context before its page opens (permissions, init scripts, cookies). */
  prepare?: (context: BrowserContext) => Promise<void>;
}

export interface SignInOptions extends OpenOptions {
  /** A page to open once signed in. */
  path?: string;
}

export interface Browsers {
  /** A page in a fresh context of its own. */
  open(options?: OpenOptions): Promise<Page>;
  /** `open`, the demo account (e.g. 'demo_fc') logged in through the login page, then `path` if given. */
  signIn(account: string, options?: SignInOptions): Promise<Page>;
  /** The page errors and console errors of every context this file opened so far. */
  errors(): string[];
}

/** Registers jest hooks: the browser launched before the file's tests, every context and it closed after. */
export function useBrowsers(): Browsers {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[][] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  const open = async ({ allowed = [], context: options, prepare }: OpenOptions = {}): Promise<Page> => {
    const context = await newContext(browser, undefined, options);
    contexts.push(context);
    errors.push(watchErrors(context, allowed));
    await prepare?.(context);
    return context.newPage();
  };

  return {
    open,
    async signIn(account, { path, ...options } = {}) {
      const page = await open(options);
      await loginDemo(page, account);
      if (path) await page.goto(path);
      return page;
    },
    errors: () => errors.flat(),
  };
}
