import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../api/request';
import { reloadDictCache } from './dictCache';
import { getDictCache } from '../store/session';
import { failEnvelope, okEnvelope } from '../test/pageTest';

vi.mock('../api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);

afterEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('reloadDictCache (刷新缓存 / 清理缓存)', () => {
  it('clears the server caches first, then stores every dictionary and refetches the dictionary widgets', async () => {
    mocked.get.mockImplementation(
      async (url: string) => (url.endsWith('queryAllDictItems') ? okEnvelope({ sex: [{ value: '1', text: '男' }] }) : okEnvelope(null)) as never,
    );
    const client = { invalidateQueries: vi.fn(async () => {}) };
    expect(await reloadDictCache(client)).toBe(true);
    expect(mocked.get.mock.calls.map(([u]) => u)).toEqual(['sys/dict/refleshCache', 'sys/dict/queryAllDictItems']);
    expect(getDictCache()).toEqual({ sex: [{ value: '1', text: '男' }] });
    expect(client.invalidateQueries).toHaveBeenCalledWith({ queryKey: ['dict'] });
  });

  it('a refused or failed request gives false and keeps the stored cache', async () => {
    const client = { invalidateQueries: vi.fn(async () => {}) };
    mocked.get.mockResolvedValue(failEnvelope('操作失败') as never);
    expect(await reloadDictCache(client)).toBe(false);
    mocked.get.mockRejectedValue(new Error('network'));
    expect(await reloadDictCache(client)).toBe(false);
    expect(getDictCache()).toEqual({});
    expect(client.invalidateQueries).not.toHaveBeenCalled();
  });
});
