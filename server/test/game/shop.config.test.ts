import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

/** Issue 13 point 9: the WeChat Pay settings and the order timeout (README "Configuration"). */
describe('shop configuration', () => {
  it('defaults: no WeChat Pay keys (callbacks refused), unpaid orders closed after 15 minutes', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ wechatPayPlatformCert: null, wechatPayApiV3Key: null, orderTimeoutMinutes: 15 });
  });

  it('a PEM with \\n escapes is accepted; anything else is a one-line ConfigError', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\\nMIIB\\n-----END PUBLIC KEY-----';
    expect(loadConfig({ WECHAT_PAY_PLATFORM_CERT: pem }).wechatPayPlatformCert).toBe('-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----');
    expect(() => loadConfig({ WECHAT_PAY_PLATFORM_CERT: 'not a pem' })).toThrow(/^WECHAT_PAY_PLATFORM_CERT [^\n]+$/);
    expect(() => loadConfig({ WECHAT_PAY_API_V3_KEY: 'short' })).toThrow(ConfigError);
    expect(loadConfig({ WECHAT_PAY_API_V3_KEY: 'k'.repeat(32) }).wechatPayApiV3Key).toBe('k'.repeat(32));
    expect(() => loadConfig({ ORDER_TIMEOUT_MINUTES: '0' })).toThrow(/^ORDER_TIMEOUT_MINUTES /);
    expect(loadConfig({ ORDER_TIMEOUT_MINUTES: '30' }).orderTimeoutMinutes).toBe(30);
  });
});
