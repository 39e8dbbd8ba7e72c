import { act, renderHook } from '@testing-library/react';
import type { PageResult, Result } from '@pk/contract';
import { describe, expect, it } from 'vitest';
import { usePickerPage } from './usePickerPage';

const page = (records: string[], total = records.length): Result<PageResult<string>> =>
  ({ success: true, code: 200, message: '', timestamp: 0, result: { records, total, size: 10, current: 1, pages: 1 } }) as unknown as Result<PageResult<string>>;

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

// 001 §7: stale replies dropped; a refused read empties the list, says why, and keeps the pager.
describe('usePickerPage', () => {
  it('applies only the latest reply', async () => {
    const { result } = renderHook(() => usePickerPage<string>());
    const slow = deferred<Result<PageResult<string>>>();
    let first!: Promise<void>;
    await act(async () => {
      first = result.current.load({ current: 1, pageSize: 10 }, () => slow.promise);
      await result.current.load({ current: 2, pageSize: 10 }, async () => page(['b'], 11));
    });
    await act(async () => {
      slow.resolve(page(['a']));
      await first;
    });
    expect(result.current.rows).toEqual(['b']);
    expect(result.current.pager).toEqual({ current: 2, pageSize: 10 });
    expect(result.current.loading).toBe(false);
  });

  it('a refused read empties the list with the server message; a failed one with its error', async () => {
    const { result } = renderHook(() => usePickerPage<string>());
    await act(() => result.current.load({ current: 3, pageSize: 20 }, async () => page(['x'], 50)));
    const refused = { success: false, code: 510, message: '没有权限，请联系管理员授权', result: null } as unknown as Result<PageResult<string>>;
    await act(() => result.current.load({ current: 1, pageSize: 20 }, async () => refused));
    expect(result.current).toMatchObject({ rows: [], total: 0, failure: '没有权限，请联系管理员授权', pager: { current: 3, pageSize: 20 } });
    await act(() => result.current.load({ current: 1, pageSize: 20 }, () => Promise.reject(new Error('网络超时'))));
    expect(result.current).toMatchObject({ rows: [], total: 0, failure: '网络超时' });
  });
});
