import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { perm } from '../access/guard.js';
import { BadRequestError } from '../envelope/errors.js';
import { ok } from '../envelope/result.js';
import { queryOf } from '../http/routeSchemas.js';
import { installZodSchemas } from '../http/zodSchema.js';
import { intParam, likeExpr, param, queryParams } from '../query/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

/** A query parameter that narrows an option list to rows whose column equals it (`?status=0`, `?greatLineId=`). */
export interface OptionListParam {
  column: string;
  description: string;
  /** `int`: the value must be an integer (a 400 otherwise). Default `string`. */
  type?: 'int' | 'string';
}

/**
 * One non-paged option list for a reference picker (`ref` of a FieldDef): `GET {url}?keyword=&limit=` answers
 * `ok([{ id, name, ...extra }])`. Identifiers are literals of the code, never of a request; values are bound.
 */
export interface OptionListSpec {
  /** The full URL, e.g. `/book/user/userList` (written out, so a grep finds it). */
  url: string;
  table: keyof Database & string;
  /** The value column (default `id`), answered as `id`. */
  value?: string;
  /** The text column, answered as `name`. */
  label: string;
  /** Columns the keyword matches (LIKE %k%, `%` and `_` literal; any of them). Default: the label. */
  search?: readonly string[];
  /** Further wire properties → their column (`phone: 'phone'`, `shipNo: 'ship_no'`). */
  extra?: Readonly<Record<string, string>>;
  /** Query parameters that filter by equality (wire name → column). */
  params?: Readonly<Record<string, OptionListParam>>;
  /** Rows that may ever be offered (not soft-deleted, …). */
  where?: (eb: AnyEb) => Expression<SqlBool>;
  /** Sort columns (ascending), the value column last. Default: the label. */
  order?: readonly string[];
  /** The permission code that opens it (the entity's list code). */
  perm: string;
  /** More codes that also open it (a picker on another screen). */
  extraPerms?: readonly string[];
  /** Rows without `limit` (default 20) and the cap of `limit` (default 100). */
  defaultLimit?: number;
  maxLimit?: number;
}

export const OPTION_LIST_LIMITS = { defaultLimit: 20, maxLimit: 100, maxKeyword: 100 } as const;

export const OPTION_LIST_MSG = {
  keywordTooLong: `关键字不能超过${OPTION_LIST_LIMITS.maxKeyword}个字符`,
} as const;

/** An option row on the wire. */
export type OptionRow = { id: string; name: string } & Record<string, unknown>;

/** The rows of an option list for one request's parameters (keyword, limit, the declared filters). */
export async function queryOptionList(
  db: Kysely<Database>,
  dialect: Parameters<typeof likeExpr>[3],
  spec: OptionListSpec,
  params: Record<string, unknown>,
): Promise<OptionRow[]> {
  const keyword = (param(params, 'keyword') ?? '').trim();
  if ([...keyword].length > OPTION_LIST_LIMITS.maxKeyword) throw new BadRequestError(OPTION_LIST_MSG.keywordTooLong);
  const max = spec.maxLimit ?? OPTION_LIST_LIMITS.maxLimit;
  const asked = intParam(params, 'limit', spec.defaultLimit ?? OPTION_LIST_LIMITS.defaultLimit);
  const limit = Math.min(Math.max(asked, 1), max);
  const value = spec.value ?? 'id';
  const filters: Array<[string, string | number]> = [];
  for (const [name, p] of Object.entries(spec.params ?? {})) {
    const raw = param(params, name)?.trim();
    if (!raw) continue;
    filters.push([p.column, p.type === 'int' ? intParam(params, name, 0) : raw]);
  }
  const extra = Object.entries(spec.extra ?? {});
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let q = (db as unknown as Kysely<any>)
    .selectFrom(spec.table)
    .select([`${value} as id`, `${spec.label} as name`, ...extra.map(([p, c]) => `${c} as ${p}`)])
    .where((eb: AnyEb) => {
      const parts: Expression<SqlBool>[] = [];
      if (spec.where) parts.push(spec.where(eb));
      for (const [column, v] of filters) parts.push(eb(column, '=', v));
      if (keyword) parts.push(eb.or((spec.search ?? [spec.label]).map((c) => likeExpr(c, 'like', keyword, dialect))));
      return parts.length ? eb.and(parts) : eb.lit(true);
    });
  for (const c of spec.order ?? [spec.label]) q = q.orderBy(c, 'asc');
  const rows: Record<string, unknown>[] = await q.orderBy(value, 'asc').limit(limit).execute();
  return rows.map((r) => ({ ...r, id: String(r.id), name: r.name == null ? '' : String(r.name) }) as OptionRow);
}

/**
 * Register one option list (issue 13): `GET {url}` behind the list code, with its zod query schema (keyword,
 * limit, the declared filters). Other entities reuse it for their pickers:
 *
 * ```ts
 * registerOptionList(app, { url: '/shop/goods/goodsList', table: 'goods', label: 'goods_name', search: ['goods_name', 'goods_no'],
 *   extra: { goodsNo: 'goods_no', stock: 'stock' }, params: { status: { column: 'status', type: 'int', description: '状态' } },
 *   perm: goodsEntity.perms.list });
 * ```
 */
export function registerOptionList(app: FastifyInstance, spec: OptionListSpec): void {
  installZodSchemas(app);
  const docs: Record<string, string> = {
    keyword: `关键字（模糊匹配，最多${OPTION_LIST_LIMITS.maxKeyword}个字符）`,
    limit: `条数（默认${spec.defaultLimit ?? OPTION_LIST_LIMITS.defaultLimit}，最多${spec.maxLimit ?? OPTION_LIST_LIMITS.maxLimit}）`,
  };
  for (const [name, p] of Object.entries(spec.params ?? {})) docs[name] = p.description;
  app.get(spec.url, { config: perm(spec.perm, ...(spec.extraPerms ?? [])), schema: { querystring: queryOf(docs) } }, async (req: FastifyRequest) =>
    ok(await queryOptionList(app.ctx.db.db, app.ctx.db.dialect, spec, queryParams(req))),
  );
}
