import { afterEach, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { BUTTON_AUTH_KEY, hasAuth, parseButtonAuth, readButtonAuth, useAuth } from './auth';

const list = [
  { action: 'position:add', type: '1', describe: '添加' },
  { action: 'position:edit, position:delete', type: '1', describe: '编辑删除' },
];

afterEach(() => sessionStorage.clear());

describe('hasAuth', () => {
  it('grants a code that is some entry action', () => {
    expect(hasAuth('position:add', list)).toBe(true);
  });

  it('splits comma lists', () => {
    expect(hasAuth('position:edit', list)).toBe(true);
    expect(hasAuth('position:delete', list)).toBe(true);
  });

  it('matches whole codes only', () => {
    expect(hasAuth('position:ad', list)).toBe(false);
    expect(hasAuth('position:add:x', list)).toBe(false);
    expect(hasAuth('', list)).toBe(false);
  });

  it('denies everything without a list', () => {
    expect(hasAuth('position:add', [])).toBe(false);
  });
});

describe('reading sessionStorage', () => {
  it('reads the array the shell stores', () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify(list));
    expect(readButtonAuth()).toHaveLength(2);
    expect(hasAuth('position:add')).toBe(true);
  });

  it('tolerates a missing, broken or odd value', () => {
    expect(readButtonAuth()).toEqual([]);
    expect(parseButtonAuth('{not json')).toEqual([]);
    expect(parseButtonAuth('{"a":1}')).toEqual([]);
    expect(parseButtonAuth('[1, null, {"action": 2}, {"action": "a:b"}]')).toEqual([{ action: 'a:b' }]);
    expect(parseButtonAuth(JSON.stringify({ value: list }))).toHaveLength(2);
  });

  it('useAuth answers from the stored list', () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify(list));
    const { result } = renderHook(() => useAuth());
    expect(result.current.hasAuth('position:delete')).toBe(true);
    expect(result.current.hasAuth('position:importExcel')).toBe(false);
  });
});
