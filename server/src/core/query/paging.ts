/**
 * Paging parameters and paged reads, one rule for every list (contract §5): `pageNo` from 1, `pageSize` default 10,
 * `pageSize=-1` means "everything" and every page is capped at PAGING.maxRows; non-integers are a 400.
 */
import type { SelectQueryBuilder } from 'kysely';
import { BadRequestError } from '../envelope/errors.js';
import { param } from './buildQuery.js';
import type { RawParams } from './types.js';

export const PAGING = {
  defaultPageSize: 10,
  /** `pageSize=-1` ("everything") and any larger page are capped here; exports too. */
  maxRows: 10000,
} as const;

/** An integer query parameter; absent or blank = `fallback`; anything else than an integer is a 400. */
export function intParam(params: RawParams, name: string, fallback: number): number {
  const raw = param(params, name)?.trim();
  if (!raw) return fallback;
  if (!/^-?\d{1,9}$/.test(raw)) throw new BadRequestError(`参数${name}必须是整数`);
  return Number(raw);
}

export interface Paging {
  /** For the reply: the page asked for (1 when everything was asked for). */
  pageNo: number;
  /** For the reply: the page size (-1 when everything was asked for: the reply's size is then the total). */
  pageSize: number;
  limit: number;
  offset: number;
}

/** `pageNo` / `pageSize` of a request; 0 or absent = `fallback`, negative = everything (capped). */
export function paging(params: RawParams, fallback: number = PAGING.defaultPageSize): Paging {
  const pageNo = Math.max(1, intParam(params, 'pageNo', 1));
  let size = intParam(params, 'pageSize', fallback);
  if (size === 0) size = fallback;
  const all = size < 0;
  const limit = all ? PAGING.maxRows : Math.min(size, PAGING.maxRows);
  return { pageNo: all ? 1 : pageNo, pageSize: all ? -1 : limit, limit, offset: all ? 0 : (pageNo - 1) * limit };
}

/** One page of an array already in memory (sorted by the caller). */
export function slicePage<T>(items: T[], p: Paging): T[] {
  return items.slice(p.offset, p.offset + p.limit);
}

/** A select builder with no column chosen yet: Kysely's own type for that selection is `{}`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Kysely's empty selection
type Unselected<DB, TB extends keyof DB> = SelectQueryBuilder<DB, TB, {}>;

/**
 * One page of `base` (a filtered builder, nothing selected yet) and its total. `rows` adds the columns and the order;
 * the count runs only when the page does not already show that the result ends on it.
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  base: Unselected<DB, TB>,
  rows: (b: Unselected<DB, TB>) => SelectQueryBuilder<DB, TB, O>,
  p: Paging,
): Promise<{ rows: O[]; total: number }> {
  const found = await rows(base).limit(p.limit).offset(p.offset).execute();
  if (p.offset === 0 && found.length < p.limit) return { rows: found, total: found.length };
  const counted = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n?: unknown } | undefined;
  return { rows: found, total: Number(counted?.n ?? 0) };
}
