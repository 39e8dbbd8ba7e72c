import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config.js';
import { loadThirdLoginConfig } from './config.js';

const one = (p: Record<string, unknown>) => JSON.stringify([{ id: 'op', name: '身份中心', issuer: 'https://id.example.com', clientId: 'c', ...p }]);

// README OIDC_PROVIDERS / OIDC_REDIRECT_BASE / CAS_SERVER_URL / CAS_SERVICES (issue 14 point 8)
describe('third-party sign-in settings', () => {
  it('is off by default', () => {
    expect(loadThirdLoginConfig({})).toEqual({ oidcProviders: [], oidcRedirectBase: null, casServerUrl: null, casServices: [] });
  });

  it('reads providers; openid is always asked for; no secret = a public client', () => {
    const c = loadThirdLoginConfig({ OIDC_PROVIDERS: one({ scopes: ['profile'] }), OIDC_REDIRECT_BASE: 'https://admin.example.com/' });
    expect(c.oidcProviders).toEqual([
      { id: 'op', name: '身份中心', issuer: 'https://id.example.com/', clientId: 'c', clientSecret: null, scopes: ['openid', 'profile'] },
    ]);
    expect(c.oidcRedirectBase).toBe('https://admin.example.com');
  });

  it('refuses what would make the flow unsafe or ambiguous', () => {
    const bad: Array<Record<string, string>> = [
      { OIDC_PROVIDERS: one({}) }, // no redirect base
      { OIDC_PROVIDERS: one({}), OIDC_REDIRECT_BASE: 'https://admin.example.com/app' }, // a path
      { OIDC_PROVIDERS: one({ id: '../x' }), OIDC_REDIRECT_BASE: 'https://a.example.com' },
      { OIDC_PROVIDERS: one({ issuer: 'javascript:alert(1)' }), OIDC_REDIRECT_BASE: 'https://a.example.com' },
      {
        OIDC_PROVIDERS: '[{"id":"a","issuer":"https://x","clientId":"c"},{"id":"a","issuer":"https://y","clientId":"c"}]',
        OIDC_REDIRECT_BASE: 'https://a.example.com',
      },
      { OIDC_PROVIDERS: 'not json', OIDC_REDIRECT_BASE: 'https://a.example.com' },
      { CAS_SERVER_URL: 'https://cas.example.com/cas' }, // no service allow-list
      { CAS_SERVER_URL: 'ftp://cas.example.com', CAS_SERVICES: 'https://a.example.com/x' },
    ];
    for (const env of bad) expect(() => loadThirdLoginConfig(env), JSON.stringify(env)).toThrow(ConfigError);
  });

  it('keeps the CAS service URLs exactly as written', () => {
    const c = loadThirdLoginConfig({ CAS_SERVER_URL: 'https://cas.example.com/cas/', CAS_SERVICES: 'https://a.example.com/x, https://b.example.com' });
    expect(c.casServerUrl).toBe('https://cas.example.com/cas');
    expect(c.casServices).toEqual(['https://a.example.com/x', 'https://b.example.com']);
  });
});
