import { ENTITIES, type Entity } from '@pk/contract';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../context.js';
import { BadRequestError, MSG } from '../envelope/errors.js';
import { camelToSnake } from '../query/spec.js';

/**
 * The table/column pairs `GET /sys/duplicate/check` may probe (contract §6.3; security §1.1 B). In JeecgBoot the
 * request's tableName and fieldName were pasted into the SQL text (CVE-2022-45206, CVE-2023-38905); here the pair
 * must be registered byte for byte, and the identifiers used are the literals below, never the request's text.
 * Deny by default. The database's unique index stays the real guarantee: this check only tells a form early.
 * The pairs are the `unique` fields of the entity definitions (below) and of the designed tables.
 */
export interface DuplicateCheck {
  table: keyof Database & string;
  column: string;
  /**
   * The caller must hold one of these codes (the list permission of the screen whose form checks the pair), so a
   * caller who cannot list the table cannot probe it for values either.
   */
  perms: readonly string[];
  /** An integer column: a value that is not an integer is free (PostgreSQL would refuse comparing it). */
  integer?: boolean;
}

/**
 * The pairs of a list of definitions: every `unique` field of an entity with a table, behind its list code (each of
 * these columns is unique over the whole table, not per tenant, so the check counts the whole table: a value used
 * in another tenant is taken too, as the save would find). Derived, never kept by hand (issue 24 point 5).
 */
export function duplicatePairs(entities: readonly Entity[]): Array<readonly [string, DuplicateCheck]> {
  return entities.flatMap((e) =>
    e.table
      ? e.fields
          .filter((f) => f.unique)
          .map((f) => {
            const column = camelToSnake(f.prop);
            const check: DuplicateCheck = {
              table: e.table as keyof Database & string,
              column,
              perms: [e.perms.list],
              ...(f.type === 'number' ? { integer: true } : {}),
            };
            return [`${e.table}.${column}`, check] as const;
          })
      : [],
  );
}

const REGISTRY: ReadonlyMap<string, DuplicateCheck> = new Map(duplicatePairs(ENTITIES));

/** The pairs of tables designed at run time (modules/online/cgform), asked when the registry has none. */
type RuntimeResolver = (ctx: AppContext, table: string, field: string) => Promise<DuplicateCheck | null>;
let runtimeResolver: RuntimeResolver | null = null;
export function setRuntimeDuplicateResolver(fn: RuntimeResolver | null): void {
  runtimeResolver = fn;
}

export const DUPLICATE_MSG = {
  /** contract §6.3, the exact wording. */
  available: MSG.valueFree,
  taken: MSG.valueTaken,
  empty: '数据为空,不作处理！',
  missing: '参数tableName和fieldName不能为空',
  unregistered: (table: string, field: string) => `该表字段不允许校验：${clip(`${table}.${field}`)}`,
} as const;

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** The registered pair, or a 400 before anything reaches SQL (unknown table or column, spaces, comments, `;`…). */
export async function resolveDuplicateCheck(ctx: AppContext, tableName: string | undefined, fieldName: string | undefined): Promise<DuplicateCheck> {
  if (!tableName || !fieldName) throw new BadRequestError(DUPLICATE_MSG.missing);
  if (tableName.includes('.') || fieldName.includes('.')) throw new BadRequestError(DUPLICATE_MSG.unregistered(tableName, fieldName));
  const found = REGISTRY.get(`${tableName}.${fieldName}`) ?? (runtimeResolver ? await runtimeResolver(ctx, tableName, fieldName) : null);
  if (!found) throw new BadRequestError(DUPLICATE_MSG.unregistered(tableName, fieldName));
  return found;
}

/** The registered pairs as `table.column` (for documentation and tests). */
export function registeredDuplicateChecks(): string[] {
  return [...REGISTRY.keys()];
}
