import { bootstrap, type RunningApp } from '../../backend/dist/bootstrap';
import { loadConfig, type AppConfig } from '../../backend/dist/common/config/config';

/**
 * The compiled app (backend/dist) on a running embedded server for a bench: loopback on a free
 * port, silent, no scheduler, game data imported only when the bench asks; `config` adds to that.
 */
export function benchApp(mongoUri: string, dbName: string, config: Partial<AppConfig> = {}): Promise<RunningApp> {
  const base = loadConfig();
  return bootstrap({
    database: { uri: mongoUri, dbName, mode: 'embedded', close: async () => undefined },
    config: {
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      schedulerEnabled: false,
      sde: { ...base.sde, autoImport: false },
      ...config,
    },
  });
}
