/**
 * Dictionary options for a dict code (contract §6.1–6.2): `GET /sys/dict/getDictItems/{code}`, cached by
 * react-query for the session. When the login dictionary cache (`sysAllDictItems`, stored by the shell) holds
 * the code, it is shown at once as placeholder data while the request runs.
 *
 * @example
 *   const { options, loading } = useDictOptions('position_rank');
 *   <Select options={options} />
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http } from '../api/request';

/** `DictModel` (contract §6.1). */
export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
}

export interface DictOption {
  value: string;
  label: string;
}

/** Dictionary data is configuration; one fetch per session is plenty (001 §9: the dictionary cache lives 7 days). */
const DICT_STALE_MS = 7 * 24 * 3600 * 1000;

/** localStorage keys the login dictionary map may be stored under (ours, and the Vue client's `pro__` one). */
const CACHE_KEYS = ['UI_CACHE_DB_DICT_DATA', 'pro__UI_CACHE_DB_DICT_DATA', 'sysAllDictItems'];

function isDictItem(x: unknown): x is DictItem {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as Record<string, unknown>;
  return (typeof o.value === 'string' || typeof o.value === 'number') && (typeof o.text === 'string' || typeof o.title === 'string');
}

export function toOptions(items: readonly DictItem[]): DictOption[] {
  return items.map((i) => ({ value: String(i.value), label: String(i.text ?? i.title ?? i.label ?? i.value) }));
}

/** Reads `code` from the session dictionary cache; any unexpected shape (or no storage) gives undefined. */
export function readCachedDict(code: string, storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): DictItem[] | undefined {
  if (!storage) return undefined;
  for (const key of CACHE_KEYS) {
    try {
      const raw = storage.getItem(key);
      if (!raw) continue;
      let data: unknown = JSON.parse(raw);
      // Vue.ls wraps values as {value, expire}
      if (data && typeof data === 'object' && 'value' in data && typeof (data as { value: unknown }).value === 'object') {
        const wrapped = data as { value: unknown; expire?: unknown };
        if (typeof wrapped.expire === 'number' && wrapped.expire > 0 && wrapped.expire < Date.now()) continue;
        data = wrapped.value;
      }
      if (!data || typeof data !== 'object') continue;
      const items = (data as Record<string, unknown>)[code];
      if (Array.isArray(items) && items.every(isDictItem)) return items;
    } catch {
      // a broken cache entry is ignored; the server answers instead
    }
  }
  return undefined;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The react-query key of a dictionary, for invalidation after a cache refresh. */
export function dictQueryKey(code: string): readonly unknown[] {
  return ['dict', code];
}

/** Fetches a dictionary; a failed envelope throws with the server message. */
export async function fetchDictItems(code: string): Promise<DictItem[]> {
  // Table dictionaries contain commas (`sys_position,name,code`); the path segment is encoded as a whole.
  const res = await http.get<DictItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`);
  if (!res.success) throw new Error(res.message || '操作失败');
  return Array.isArray(res.result) ? res.result.filter(isDictItem) : [];
}

export function useDictOptions(code: string | undefined): { options: DictOption[]; items: DictItem[]; loading: boolean } {
  const query = useQuery({
    queryKey: dictQueryKey(code ?? ''),
    queryFn: () => fetchDictItems(code as string),
    enabled: !!code,
    staleTime: DICT_STALE_MS,
    gcTime: DICT_STALE_MS,
    retry: false,
    placeholderData: () => (code ? readCachedDict(code) : undefined),
  });
  const items = query.data;
  const options = useMemo(() => toOptions(items ?? []), [items]);
  return { options, items: items ?? [], loading: query.isLoading };
}
