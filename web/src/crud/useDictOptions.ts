/**
 * THE source of dictionary options (contract §6.1–6.2): `GET /sys/dict/getDictItems/{code}`, cached by react-query
 * for the session. Every dictionary widget reads it: the dict components (DictSelect, DictTag, DictCheckbox,
 * DictMultiSelectTag), the pickers (DictPicker, CheckboxGroup, the table pickers' search selects), the CRUD fields
 * and query builder, and the editable table's cells. When the login dictionary cache (`sysAllDictItems`, stored by
 * the shell) holds the code, it is shown at once as placeholder data while the request runs.
 *
 * The code says whether there is a dictionary at all:
 *  - `undefined` / `null`: none configured (a CRUD field or table column without a dictionary): nothing is
 *    fetched and nothing is said;
 *  - a string: a dictionary widget's code. A blank one is the 001 §5 error `字典Code不能为空!` (shown once, not
 *    fetched); a server refusal shows the server's message. Both are also returned as `error`.
 *
 * @example
 *   const { options, loading } = useDictOptions('position_rank');
 *   <Select options={options} />
 */
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http } from '../api/request';
import { feedback } from '../components/feedback';
import { MSG } from '../messages';

export const DICT_MSG = {
  /** 001 §5: a dictionary lookup with an empty code. */
  emptyCode: '字典Code不能为空!',
} as const;

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

const NO_ITEMS: DictItem[] = [];

/** Dictionary data is configuration; one fetch per session is plenty (001 §9: the dictionary cache lives 7 days). */
const DICT_STALE_MS = 7 * 24 * 3600 * 1000;

/** localStorage keys the login dictionary map may be stored under (ours, and the Vue client's `pro__` one). */
const CACHE_KEYS = ['UI_CACHE_DB_DICT_DATA', 'pro__UI_CACHE_DB_DICT_DATA', 'sysAllDictItems'];

function isDictItem(x: unknown): x is DictItem {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as Record<string, unknown>;
  return (typeof o.value === 'string' || typeof o.value === 'number') && (typeof o.text === 'string' || typeof o.title === 'string');
}

/** Values are strings on the wire (a number from an old cache becomes one). */
function normalized(items: readonly DictItem[]): DictItem[] {
  return items.map((i) => (typeof i.value === 'string' ? i : { ...i, value: String(i.value) }));
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
      if (Array.isArray(items) && items.every(isDictItem)) return normalized(items);
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

/** A failed envelope of getDictItems (the server said no); transport errors are already shown by the client. */
export class DictLoadError extends Error {}

/** Fetches a dictionary; a failed envelope throws a DictLoadError with the server message. */
export async function fetchDictItems(code: string): Promise<DictItem[]> {
  // Table dictionaries contain commas (`sys_position,name,code`); the path segment is encoded as a whole.
  const res = await http.get<DictItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`);
  if (!res.success) throw new DictLoadError(res.message || MSG.failed);
  return Array.isArray(res.result) ? normalized(res.result.filter(isDictItem)) : [];
}

/** Whether `code` names a dictionary widget's code that is blank (001 §5); `undefined`/`null` = no dictionary. */
export function isEmptyDictCode(code: string | null | undefined): boolean {
  return typeof code === 'string' && !code.trim();
}

export interface DictOptionsState {
  options: DictOption[];
  items: DictItem[];
  loading: boolean;
  /** 001 §5 empty-code text, or the server's message when it refused the code. */
  error?: string;
}

export function useDictOptions(code: string | null | undefined): DictOptionsState {
  const empty = isEmptyDictCode(code);
  const active = typeof code === 'string' && !empty;
  const query = useQuery({
    queryKey: dictQueryKey(code ?? ''),
    queryFn: () => fetchDictItems(code as string),
    enabled: active,
    staleTime: DICT_STALE_MS,
    gcTime: DICT_STALE_MS,
    retry: false,
    placeholderData: () => (active ? readCachedDict(code as string) : undefined),
  });
  const refused = active && query.error instanceof DictLoadError ? query.error.message : undefined;
  const error = empty ? DICT_MSG.emptyCode : refused;
  useEffect(() => {
    // one notice per code however many widgets show it (the key replaces an open one)
    if (empty) void feedback.message.error({ content: DICT_MSG.emptyCode, key: 'dict-code-empty' });
    else if (refused) void feedback.message.warning({ content: refused, key: `dict-refused:${code}` });
  }, [empty, refused, code]);
  const items = active ? query.data : undefined;
  const options = useMemo(() => toOptions(items ?? NO_ITEMS), [items]);
  return { options, items: items ?? NO_ITEMS, loading: active && query.isLoading, error };
}
