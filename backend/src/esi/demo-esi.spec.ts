import { loadConfig } from '../common/config/config';
import { shouldStartDemoEsi } from './demo-esi';

describe('shouldStartDemoEsi', () => {
  const demo = loadConfig({ NODE_ENV: 'development' });
  it.each([
    ['demo, no ESI_BASE_URL', demo, {}, undefined, true],
    ['demo with an explicit ESI_BASE_URL', demo, { ESI_BASE_URL: 'http://127.0.0.1:8701' }, undefined, false],
    ['demo with ESI settings passed by the caller', demo, {}, { esi: demo.esi }, false],
    ['under tests', loadConfig({ NODE_ENV: 'test' }), {}, undefined, false],
    ['production mode', loadConfig({ APP_MODE: 'production', SESSION_SECRET: 'x'.repeat(32) }), {}, undefined, false],
  ])('%s -> %s', (_name, config, env, overrides, expected) => {
    expect(shouldStartDemoEsi(config, env as NodeJS.ProcessEnv, overrides)).toBe(expected);
  });
});
