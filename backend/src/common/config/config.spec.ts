import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses embedded defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.demo).toBe(true);
    expect(c.mongodbUri).toBeUndefined();
    expect(c.esi.baseUrl).toBe('https://esi.evetech.net');
    expect(c.dataDir.endsWith('.data')).toBe(true);
  });

  it('names every bad variable in the error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', MONGODB_URI: 'postgres://x', ESI_BASE_URL: 'not a url' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^MONGODB_URI: ожидается mongodb:\/\//m);
    expect(problems).toMatch(/^ESI_BASE_URL: ожидается URL/m);
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it('requires SESSION_SECRET in production mode', () => {
    expect(() => loadConfig({ APP_MODE: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ APP_MODE: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(
      loadConfig({ APP_MODE: 'production', SESSION_SECRET: 'x'.repeat(32), TOKEN_ENCRYPTION_KEY: 'y'.repeat(32) }).demo,
    ).toBe(false);
  });

  it('strips trailing slashes from base URLs and treats empty values as unset', () => {
    const c = loadConfig({ ESI_BASE_URL: 'http://127.0.0.1:9999/', MONGODB_URI: '' });
    expect(c.esi.baseUrl).toBe('http://127.0.0.1:9999');
    expect(c.mongodbUri).toBeUndefined();
  });
});
