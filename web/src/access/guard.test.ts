import { describe, expect, it } from 'vitest';
import { afterLoadTarget, guardDecision, loadFailureTarget, loginSuccessTarget } from './guard';

const input = (pathname: string, hasToken: boolean, routesLoaded = false, search = '') => ({
  pathname,
  fullPath: pathname + search,
  hasToken,
  routesLoaded,
});

describe('guardDecision (000 §4)', () => {
  it('rule 1: with a token, login and the extra open route go to the landing route', () => {
    expect(guardDecision(input('/user/login', true))).toEqual({ action: 'redirect', to: '/dashboard/analysis' });
    expect(guardDecision(input('/oauth2-app/login', true, true))).toEqual({ action: 'redirect', to: '/dashboard/analysis' });
  });
  it('rule 1 after a login with a redirect query: that target', () => {
    expect(guardDecision({ ...input('/user/login', true), redirectQuery: '/isystem/position' })).toEqual({ action: 'redirect', to: '/isystem/position' });
  });
  it('rule 2: with a token but no permissions, load them', () => {
    expect(guardDecision(input('/isystem/position', true))).toEqual({ action: 'load' });
    expect(guardDecision(input('/404', true))).toEqual({ action: 'load' });
  });
  it('with a token and routes, allow', () => {
    expect(guardDecision(input('/isystem/position', true, true))).toEqual({ action: 'allow' });
  });
  it('rule 4: without a token only the white list is allowed', () => {
    for (const p of ['/user/login', '/user/register', '/user/register-result', '/user/alteration', '/oauth2-app/login']) {
      expect(guardDecision(input(p, false))).toEqual({ action: 'allow' });
    }
  });
  it('rule 4: anything else goes to login with the full path in redirect', () => {
    expect(guardDecision(input('/isystem/position', false, false, '?a=1&b=2'))).toEqual({
      action: 'redirect',
      to: '/user/login?redirect=%2Fisystem%2Fposition%3Fa%3D1%26b%3D2',
    });
  });
  it('rule 3: a load failure goes to login with the full path', () => {
    expect(loadFailureTarget('/isystem/position?x=1')).toBe('/user/login?redirect=%2Fisystem%2Fposition%3Fx%3D1');
  });
  it('after loading: the redirect target, or the original path', () => {
    expect(afterLoadTarget('/a', '/isystem/position?x=1')).toBe('/isystem/position?x=1');
    expect(afterLoadTarget('/a', '%2Fb%3Fq%3D1')).toBe('/b?q=1');
    expect(afterLoadTarget('/a', null)).toBe('/a');
    expect(afterLoadTarget('/a', 'https://evil.example')).toBe('/a');
    expect(afterLoadTarget('/a', '//evil.example')).toBe('/a');
  });
  it('after login: the redirect query or the landing route', () => {
    expect(loginSuccessTarget(null)).toBe('/dashboard/analysis');
    expect(loginSuccessTarget('/isystem/position')).toBe('/isystem/position');
  });
});
