/** One app process for the browser tests (state per test comes from fresh browser contexts). */
import { startApp, type AppProcess } from './support/app-process';

declare global {
  var __E2E_APP__: AppProcess | undefined;
}

export default async function globalSetup(): Promise<void> {
  const app = await startApp({ APP_MODE: 'demo', SDE_AUTO_IMPORT: 'false' });
  globalThis.__E2E_APP__ = app;
  process.env.E2E_BASE_URL = app.url;
}
