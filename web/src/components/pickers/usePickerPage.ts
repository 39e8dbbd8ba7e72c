import type { PageResult, Result } from '@pk/contract';
import { useCallback, useRef, useState } from 'react';
import { errorText, failureOf, latestOnly, PICKER } from './rules';

export interface PickerPager {
  current: number;
  pageSize: number;
}

/**
 * The paged list inside a picker modal (001 §2, §7): rows, total, pager, loading, and why the list is empty when
 * the server refused it (shown in place of 暂无数据). `load(pager, fetch)` applies only the latest reply (stale
 * replies dropped); a refused or failed read empties the list and keeps the previous pager.
 */
export function usePickerPage<T>(initialPageSize: number = PICKER.pageSize) {
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [pager, setPager] = useState<PickerPager>({ current: 1, pageSize: initialPageSize });
  const guard = useRef(latestOnly());

  const load = useCallback(async (next: PickerPager, fetch: () => Promise<Result<PageResult<T>>>) => {
    const token = guard.current.next();
    setLoading(true);
    try {
      const r = await fetch();
      if (!guard.current.isLatest(token)) return;
      const failed = failureOf(r);
      setFailure(failed);
      setRows(failed ? [] : r.result.records);
      setTotal(failed ? 0 : r.result.total);
      if (!failed) setPager({ current: next.current, pageSize: next.pageSize });
    } catch (e) {
      if (guard.current.isLatest(token)) {
        setFailure(errorText(e));
        setRows([]);
        setTotal(0);
      }
    } finally {
      if (guard.current.isLatest(token)) setLoading(false);
    }
  }, []);

  return { rows, total, loading, failure, pager, load };
}
