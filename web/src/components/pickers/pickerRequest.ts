/** The list request of a picker's table: a refused read (e.g. 510) or a failed one rejects with the text to show. */
import type { PageResult, Result } from '@pk/contract';
import type { Params } from '../../api/request';
import type { ListData } from '../../crud/listSource';
import { errorText, failureOf } from './rules';

export function pickerRequest<T>(fetch: (params: Params) => Promise<Result<PageResult<T>>>): (params: Params) => Promise<ListData<T>> {
  return async (params) => {
    let failed: string | undefined;
    try {
      const r = await fetch(params);
      failed = failureOf(r);
      if (!failed) return { records: r.result.records, total: Number(r.result.total ?? 0) };
    } catch (e) {
      failed = errorText(e);
    }
    throw new Error(failed);
  };
}
