/**
 * The game's services for an integration test: the SSO and ESI stand-ins (tools/fake-esi, their
 * real formats over real HTTP), and the app's configuration that points at them.
 *
 *   const standIns = await startStandIns();
 *   running = await createTestApp(standIns.config());
 *   ...
 *   await standIns.close();
 */
import { startFakeEsi, startFakeSso, type FakeEsi, type FakeSso } from '@eve-toolkit/fake-esi';
import type { AppConfig } from '../../src/common/config/config';

/** The key the tests' deployments encrypt character tokens with. */
export const TEST_TOKEN_KEY = 'a test deployment token key';

export interface StandIns {
  sso: FakeSso;
  esi: FakeEsi;
  /** The app's configuration for the stand-ins (SSO, ESI, token key, image server), plus `extra`. */
  config(extra?: Partial<AppConfig>): Partial<AppConfig>;
  close(): Promise<void>;
}

export async function startStandIns(): Promise<StandIns> {
  const sso = await startFakeSso();
  const esi = await startFakeEsi({ dataDir: null, ordersPerRegion: 0, sso, characterCacheSeconds: 0 });
  return {
    sso,
    esi,
    config: (extra = {}) => ({
      sso: {
        baseUrl: sso.url,
        clientId: sso.clientId,
        clientSecret: sso.clientSecret,
        callbackUrl: 'http://127.0.0.1:1/auth/esi/callback',
      },
      esi: { baseUrl: esi.url, userAgent: 'eve-toolkit-tests', compatibilityDate: '2025-09-30' },
      tokenEncryptionKey: TEST_TOKEN_KEY,
      imageServerUrl: 'https://images.example',
      ...extra,
    }),
    close: async () => {
      await esi.close();
      await sso.close();
    },
  };
}
