/**
 * 刷新缓存 (contract §6.2): the server drops its dictionary caches (`refleshCache`), then the client reads every
 * dictionary again (`queryAllDictItems`), keeps the map as the session's dictionary cache for 7 days (replacing
 * the login's) and refetches the dictionaries the open widgets show, so every dictionary select shows the new
 * items at once. Used by the 数据字典 page and the user menu's 清理缓存.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryAllDictItems, refreshDictCache } from '../api/user';
import { setDictCache } from '../store/session';
import { MSG } from '../messages';

export const DICT_CACHE_MSG = { done: MSG.cacheRefreshed, failed: MSG.cacheRefreshFailed } as const;

/** Resolves true when the caches were reloaded; never rejects (a failed request gives false). */
export async function reloadDictCache(queryClient: Pick<QueryClient, 'invalidateQueries'>): Promise<boolean> {
  try {
    const res = await refreshDictCache();
    if (!res.success) return false;
    const all = await queryAllDictItems();
    if (!all.success) return false;
    setDictCache(all.result);
    await queryClient.invalidateQueries({ queryKey: ['dict'] });
    return true;
  } catch {
    return false;
  }
}
