/**
 * One app process for the browser tests, started like `npm start` in demo mode: embedded
 * database, the repository's SDE subset (tools/sde-subset: every item, blueprint tree, system and
 * planetary schematic the browser tests open) imported on first start through SDE_PATH — never
 * ../shared, never a download — the local ESI stand-in and the first price refresh. State per test
 * comes from fresh browser contexts.
 */
import { startApp, waitForMarket, type AppProcess } from './support/app-process';
import { SDE_SUBSET_DIR } from '../tools/sde-subset/paths';

declare global {
  var __E2E_APP__: AppProcess | undefined;
}

export default async function globalSetup(): Promise<void> {
  // Every browser test comes from 127.0.0.1: exempt it from the overall budget, as a load generator would be.
  // The account budgets (login 20 per 10 minutes, captcha, registration) hold for every address, trusted
  // or not, and the whole suite signs in from this one address: some 35 sign-ins, in under 10 minutes on
  // a fast machine — the 21st was refused (the login page's «Войти» stays off) and the tests after it
  // failed on a quiet CI machine only. Scaled ×20 here; the limits themselves are proved at their real
  // scale on an app of their own (e2e/login-limit.e2e.ts, backend/test/rate-limit.int-spec.ts).
  // Ping webhooks may post to a loopback receiver the tests start (e2e/alerts.e2e.ts).
  const app = await startApp({
    APP_MODE: 'demo',
    SDE_PATH: SDE_SUBSET_DIR,
    RATE_LIMIT_TRUSTED: '127.0.0.1',
    RATE_LIMIT_SCALE: '20',
    PING_WEBHOOK_HOSTS: '127.0.0.1',
    PING_WEBHOOK_ALLOW_PRIVATE: '1',
    PING_WEBHOOK_ALLOW_HTTP: '1',
  });
  globalThis.__E2E_APP__ = app;
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATA_DIR = app.dataDir;
  try {
    await waitForMarket(app.url, 240_000);
  } catch (e) {
    await app.stop('SIGKILL');
    throw new Error(`${(e as Error).message}\n--- app output ---\n${app.output().slice(-4000)}`);
  }
}
