import type { FieldType, FilterMode } from '@pk/contract';

/** A bound value: strings for text and dates, numbers for numeric fields. */
export type Scalar = string | number;

export type CmpOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type LikeOp = 'like' | 'left_like' | 'right_like';

/**
 * The typed condition tree a request turns into (contract §5). `field` is always a property name of the
 * entity definition; the compiler maps it to the column through the definition, never from the request.
 */
export type Cond =
  | { kind: 'cmp'; field: string; op: CmpOp; value: Scalar }
  | { kind: 'in'; field: string; values: Scalar[] }
  | { kind: 'like'; field: string; op: LikeOp; value: string }
  | { kind: 'and' | 'or'; items: Cond[] };

/** What the query builder knows about one property: type, column, and whether it may be filtered / sorted. */
export interface QueryField {
  prop: string;
  label: string;
  type: FieldType;
  column: string;
  filter?: FilterMode;
  sort?: boolean;
}

/** The per-entity allow-list the query functions work from. Built once per binding (see core/crud). */
export interface QuerySpec {
  fields: ReadonlyMap<string, QueryField>;
  /** Columns that may be sorted on, by property (filterable fields plus e.g. createTime). */
  defaultSort: { prop: string; order: 'asc' | 'desc' };
}

export interface SortSpec {
  column: string;
  order: 'asc' | 'desc';
}

/** Request query parameters as Fastify hands them over. */
export type RawParams = Record<string, unknown>;

/** Upper bounds that keep a single request cheap. */
export const QUERY_LIMITS = {
  /** Values in one IN list or multi-like. */
  maxListValues: 1000,
  /** Conditions in one superQuery. */
  maxSuperConditions: 50,
  /** Length of one filter value. */
  maxValueLength: 1000,
  /** Length of the raw superQueryParams text. */
  maxSuperQueryLength: 20000,
} as const;
