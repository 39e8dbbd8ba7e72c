import { describe, expect, it, vi } from 'vitest';
import { ls, NS } from './storage';

describe('ls (Vue.ls format with expiry)', () => {
  it('stores {value, expire} under the pro__ namespace', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1000);
    ls.set('Access-Token', 'abc', 604800000);
    expect(JSON.parse(localStorage.getItem(`${NS}Access-Token`)!)).toEqual({ value: 'abc', expire: 604801000 });
    expect(ls.get('Access-Token')).toBe('abc');
    vi.spyOn(Date, 'now').mockReturnValue(604801001);
    expect(ls.get('Access-Token')).toBeNull();
    expect(localStorage.getItem(`${NS}Access-Token`)).toBeNull();
    vi.restoreAllMocks();
  });
  it('corrupt entries read as missing', () => {
    localStorage.setItem(`${NS}x`, '{oops');
    expect(ls.get('x', 'def')).toBe('def');
  });
});
