import { removeDir } from './support/app-process';

export default async function globalTeardown(): Promise<void> {
  const app = globalThis.__E2E_APP__;
  if (!app) return;
  await app.stop('SIGTERM');
  removeDir(app.dataDir);
}
