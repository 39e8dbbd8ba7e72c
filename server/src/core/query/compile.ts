import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Cond, LikeOp, QuerySpec } from './types.js';

/** The LIKE escape character: not a backslash, so the same SQL text works on SQLite, PostgreSQL and MySQL. */
export const LIKE_ESCAPE = '!';

/** Escape the escape character, `%` and `_` so a search value matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[!%_]/g, (c) => LIKE_ESCAPE + c);
}

export function likePattern(op: LikeOp, value: string): string {
  const v = escapeLike(value);
  return op === 'like' ? `%${v}%` : op === 'left_like' ? `%${v}` : `${v}%`;
}

/**
 * `column LIKE pattern ESCAPE '!'` with the value matched literally (its `%`, `_` and `!` escaped); ILIKE on
 * PostgreSQL so searches ignore case on all three databases. The one way a search box becomes a LIKE: without the
 * ESCAPE clause SQLite has no escape character at all, and a search for `a_b` would match nothing or too much.
 */
export function likeExpr(column: string, op: LikeOp, value: string, dialect: DialectName): RawBuilder<SqlBool> {
  // A value without upper/lower case (Chinese, digits) matches the same either way, and LIKE costs PostgreSQL
  // about a third of ILIKE per row scanned.
  const caseless = value.toLowerCase() === value.toUpperCase();
  const kw = dialect === 'postgres' && !caseless ? sql.raw('ILIKE') : sql.raw('LIKE');
  return sql<SqlBool>`${sql.ref(column)} ${kw} ${likePattern(op, value)} ESCAPE ${sql.lit(LIKE_ESCAPE)}`;
}

const CMP = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/**
 * Compile a condition tree to a Kysely expression. Column names come from the spec (the entity definition),
 * values are always bound. PostgreSQL uses ILIKE so matching is case-insensitive on all three databases,
 * as it is under MySQL's default collation and SQLite's LIKE.
 */
export function compileCond(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  eb: ExpressionBuilder<any, any>,
  cond: Cond,
  spec: QuerySpec,
  dialect: DialectName,
  table?: string,
): Expression<SqlBool> {
  const col = (prop: string) => {
    const f = spec.fields.get(prop);
    if (!f) throw new Error(`compileCond: unknown property ${prop}`);
    return table ? `${table}.${f.column}` : f.column;
  };
  switch (cond.kind) {
    case 'and':
      return eb.and(cond.items.map((c) => compileCond(eb, c, spec, dialect, table)));
    case 'or':
      return eb.or(cond.items.map((c) => compileCond(eb, c, spec, dialect, table)));
    case 'cmp':
      return eb(eb.ref(col(cond.field)), CMP[cond.op], cond.value);
    case 'in':
      return eb(eb.ref(col(cond.field)), 'in', cond.values);
    case 'like':
      return likeExpr(col(cond.field), cond.op, cond.value, dialect);
  }
}
