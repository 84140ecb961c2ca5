import { loadConfig } from '../common/config/config';
import { shouldStartDemoEsi, shouldStartDemoSso } from './demo-stand-ins';

describe('shouldStartDemoEsi', () => {
  const demo = loadConfig({ NODE_ENV: 'development' });
  it.each([
    ['demo, no ESI_BASE_URL', demo, {}, undefined, true],
    ['demo with an explicit ESI_BASE_URL', demo, { ESI_BASE_URL: 'http://127.0.0.1:8701' }, undefined, false],
    ['demo with ESI settings passed by the caller', demo, {}, { esi: demo.esi }, false],
    ['under tests', loadConfig({ NODE_ENV: 'test' }), {}, undefined, false],
    [
      'production mode',
      loadConfig({ APP_MODE: 'production', SESSION_SECRET: 'x'.repeat(32), TOKEN_ENCRYPTION_KEY: 'y'.repeat(32) }),
      {},
      undefined,
      false,
    ],
  ])('%s -> %s', (_name, config, env, overrides, expected) => {
    expect(shouldStartDemoEsi(config, env as NodeJS.ProcessEnv, overrides)).toBe(expected);
  });
});

describe('shouldStartDemoSso', () => {
  const demo = loadConfig({ NODE_ENV: 'development' });
  it.each([
    ['demo, no SSO settings', demo, {}, undefined, true],
    ['demo with SSO_BASE_URL', demo, { SSO_BASE_URL: 'https://login.example' }, undefined, false],
    ['demo with SSO_CLIENT_ID', demo, { SSO_CLIENT_ID: 'abc' }, undefined, false],
    ['demo with SSO settings passed by the caller', demo, {}, { sso: demo.sso }, false],
    ['under tests', loadConfig({ NODE_ENV: 'test' }), {}, undefined, false],
  ])('%s -> %s', (_name, config, env, overrides, expected) => {
    expect(shouldStartDemoSso(config, env as NodeJS.ProcessEnv, overrides)).toBe(expected);
  });
});
