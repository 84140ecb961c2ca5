import { createHash } from 'node:crypto';
import { startFakeEsi, startFakeSso, type FakeEsi, type FakeSso } from '@eve-toolkit/fake-esi';
import type { AppConfig } from '../common/config/config';

/**
 * Demo mode (APP_MODE=demo, the default) without an explicit ESI_BASE_URL: the app runs against
 * the fake ESI started in-process on a free loopback port, so `npm start` on a machine without
 * network shows a living market (the book changes every 5 minutes like ESI's cache). Tests
 * (NODE_ENV=test) and anyone passing their own ESI settings never get it.
 */
export function shouldStartDemoEsi(config: AppConfig, env: NodeJS.ProcessEnv, overrides?: Partial<AppConfig>): boolean {
  return config.demo && config.nodeEnv !== 'test' && !env.ESI_BASE_URL && overrides?.esi === undefined;
}

/**
 * Orders per region of the demo market. The first of them are the guaranteed ones (every type
 * that trades at the hub, one order each side: ≈ 23 000 at Jita, 2 000-5 000 at the others, see
 * the stand-in's HUB_VOLUME_SHARE), then a random book weighted by how much each type trades.
 */
export const DEMO_ORDERS_PER_REGION: Record<number, number> = {
  10000002: 40_000, // The Forge (Jita)
  10000043: 12_000, // Domain (Amarr)
  10000032: 10_000, // Sinq Laison (Dodixie)
  10000030: 8_000, // Heimatar (Rens)
  10000042: 8_000, // Metropolis (Hek)
};

export async function startDemoEsi(log: (msg: string) => void): Promise<FakeEsi> {
  const fake = await startFakeEsi({ port: 0, host: '127.0.0.1', live: true, seed: 1, ordersPerRegion: DEMO_ORDERS_PER_REGION });
  log(`Демо-режим: локальный ESI (fake-esi, ${fake.catalog.types.length} типов) на ${fake.url}`);
  return fake;
}

/**
 * Demo mode without SSO settings: a local EVE SSO stand-in (tools/fake-esi) so characters can be
 * linked offline. Its login page lists a few demo characters.
 */
export function shouldStartDemoSso(config: AppConfig, env: NodeJS.ProcessEnv, overrides?: Partial<AppConfig>): boolean {
  return config.demo && config.nodeEnv !== 'test' && !env.SSO_BASE_URL && !env.SSO_CLIENT_ID && overrides?.sso === undefined;
}

/**
 * `secret` keeps the stand-in's refresh tokens valid across restarts (the demo's linked
 * characters survive them); with the demo ESI, its character routes accept this SSO's tokens.
 */
export async function startDemoSso(log: (msg: string) => void, secret: string, esi?: FakeEsi | null): Promise<FakeSso> {
  const sso = await startFakeSso({
    port: 0,
    refreshTokenSecret: createHash('sha256').update(`demo-sso-refresh:${secret}`).digest('hex'),
  });
  esi?.useSso(sso);
  log(`Демо-режим: локальный EVE SSO (fake-esi) на ${sso.url}`);
  return sso;
}

/** The stand-ins demo mode started for this process, and the configuration pointing at them. */
export interface DemoStandIns {
  config: AppConfig;
  /** The local SSO, when it runs (the demo accounts' characters are linked through it). */
  sso: FakeSso | null;
  close(): Promise<void>;
}

/**
 * Demo mode, before the app is built: starts the local ESI and SSO stand-ins unless the caller
 * or the environment points elsewhere, and returns the configuration that uses them.
 */
export async function startDemoStandIns(
  loaded: AppConfig,
  env: NodeJS.ProcessEnv,
  overrides: Partial<AppConfig> | undefined,
  log: (msg: string) => void,
): Promise<DemoStandIns> {
  const esi = shouldStartDemoEsi(loaded, env, overrides) ? await startDemoEsi(log) : null;
  const sso = shouldStartDemoSso(loaded, env, overrides) ? await startDemoSso(log, loaded.tokenEncryptionKey, esi) : null;
  let config: AppConfig = esi ? { ...loaded, esi: { ...loaded.esi, baseUrl: esi.url } } : loaded;
  if (sso)
    config = { ...config, sso: { ...config.sso, baseUrl: sso.url, clientId: sso.clientId, clientSecret: sso.clientSecret } };
  return {
    config,
    sso,
    async close() {
      await esi?.close();
      await sso?.close();
    },
  };
}
