import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.apiPrefix).toBe('/jeecg-boot');
    expect(c.databaseUrl).toMatch(/^sqlite:.*data\/pirate-king\.db$/);
    expect(c.redisUrl).toBeNull();
    expect(c.adminPassword).toBeNull();
    expect(c.jwtSecret).toBeNull();
    expect(c.captcha).toBe(true);
    expect(c.dbPoolSize).toBe(2 * os.availableParallelism() + 1);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      API_PREFIX: '/api/',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ADMIN_PASSWORD: 'S3cret-pass',
      JWT_SECRET: 'x'.repeat(40),
      CAPTCHA: 'off',
      DB_POOL_SIZE: '7',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      apiPrefix: '/api',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      redisUrl: 'redis://127.0.0.1:6379',
      adminPassword: 'S3cret-pass',
      captcha: false,
      dbPoolSize: 7,
    });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be between/],
    [{ API_PREFIX: 'no-slash' }, /API_PREFIX must start with/],
    [{ DATABASE_URL: 'oracle://x' }, /DATABASE_URL must start with/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL must start with/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD must be at least 8/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32/],
    [{ DATA_SOURCE_KEY: 'short' }, /DATA_SOURCE_KEY must be at least 32/],
    [{ CAPTCHA: 'maybe' }, /CAPTCHA must be "on" or "off"/],
    [{ DB_POOL_SIZE: '0' }, /DB_POOL_SIZE must be between/],
  ])('refuses %o with a one-line reason', (env, reason) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(reason);
    try {
      loadConfig(env);
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
    }
  });
});
