/**
 * Shapes of route input shared by every module (issue 11 point 2): query values, ids, paging, JSON bodies and path
 * parameters as zod schemas for `schema: { querystring, body, params }`.
 *
 * They are CHECK-ONLY (core/http/zodSchema.ts `checkOnly`): they refuse what no route can read (a body that is not
 * a JSON object: `请求内容必须是JSON对象`, the parser's own message) and describe the parameters in the OpenAPI
 * document, but the handler gets the input exactly as it came, so the route's own checks keep their messages and
 * status codes (contract §1.5: `未知字段`, `xx不能为空`, a 200 envelope with code 500 where the original answers so).
 * The original client sends numbers as strings, empty strings and extra properties: all accepted as before.
 *
 *   app.get('/sys/role/queryall', { config: perm(...), schema: { querystring: queryOf({ userId: '用户id' }) } }, …)
 *   app.post('/sys/user/addSysUserRole', { config: …, schema: { body: bodyOf({ roleId: text('角色id'), userIdList: list('用户id') }) } }, …)
 *
 * A route that must refuse bad input before its handler with a message of its own writes a plain zod schema
 * (`z.object({ code: z.string({ error: '编码不能为空' }) })`, see checkRule/routes.ts) instead.
 */
import { z } from 'zod';
import { checkOnly } from './zodSchema.js';
import { NOT_OBJECT } from './jsonBody.js';

/** OpenAPI facts of one documented value (type, description, maxLength, format, pattern, enum…). */
export type DocMeta = { description: string; type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' } & Record<string, unknown>;

/**
 * A query value as it arrives: a string, or the values of a repeated parameter (routes read the first: core/query
 * `param`). Documented as a string (apiDocs.ts folds the repeated form).
 */
export function qv(description: string, extra: Record<string, unknown> = {}): z.ZodType {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .meta({ description, ...extra });
}

/** One documented body property of any wire type; the route checks its value (numbers as strings, '' and null accepted). */
export function prop(type: DocMeta['type'], description: string, extra: Record<string, unknown> = {}): z.ZodType {
  return z
    .unknown()
    .optional()
    .meta({ type, description, ...extra });
}
export const text = (description: string, extra?: Record<string, unknown>) => prop('string', description, extra);
export const num = (description: string, extra?: Record<string, unknown>) => prop('number', description, extra);
export const int = (description: string, extra?: Record<string, unknown>) => prop('integer', description, extra);
export const bool = (description: string, extra?: Record<string, unknown>) => prop('boolean', description, extra);
/** A JSON array (ids, rows); `items` is the OpenAPI type of its elements. */
export const list = (description: string, items: Record<string, unknown> = { type: 'string' }) => prop('array', description, { items });
export const obj = (description: string, extra?: Record<string, unknown>) => prop('object', description, extra);

type Fields = Record<string, string | z.ZodType>;

function shape(fields: Fields, value: (d: string) => z.ZodType): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? value(v) : v]));
}

/**
 * The query string of a route: each name with its description (a plain value) or a schema of `qv`. Other
 * parameters are kept (lists read the entity's filters, the original client adds `_t`). `required` names the
 * parameters the route cannot do without (documented; the route answers its own message when one is missing).
 */
export function queryOf(fields: Fields, required: readonly string[] = []): z.ZodType {
  const s = z.looseObject(shape(fields, (d) => qv(d)));
  return checkOnly(required.length ? s.meta({ required: [...required] }) : s);
}

/**
 * A JSON object body: the properties the route reads, documented (`text`, `num`, `list`…; a string is a text
 * property's description). Other properties are kept: the original client sends whole rows back. Anything but an
 * object is refused with the JSON parser's message; `optional` lets a route go without a body at all (none, or a
 * multipart request: its parser leaves `null`).
 */
export function bodyOf(fields: Fields, opts: { required?: readonly string[]; optional?: boolean } = {}): z.ZodType {
  let s: z.ZodType = z.looseObject(
    shape(fields, (d) => text(d)),
    { error: NOT_OBJECT },
  );
  if (opts.required?.length) s = s.meta({ required: [...opts.required] });
  return checkOnly(opts.optional ? s.nullish() : s);
}

/** Path parameters (always strings; the route checks them). */
export function paramsOf(fields: Record<string, string>): z.ZodType {
  const s = z.looseObject(Object.fromEntries(Object.entries(fields).map(([k, d]) => [k, z.string().meta({ description: d })])));
  return checkOnly(s.meta({ required: Object.keys(fields) }));
}

/**
 * A multipart upload (`file` and form fields), read as a stream by the route (core/files, core/crud/excel.ts): the
 * parts are checked while they are read. Documented as multipart/form-data; nothing is checked before the handler.
 */
export const MULTIPART = {
  consumes: ['multipart/form-data'],
  body: checkOnly(z.looseObject({ file: prop('string', '文件', { format: 'binary' }) }).nullish()),
};

/** The body of a route that reads none (a POST twin of a DELETE, a restore by path id): a JSON object or nothing. */
export const NO_BODY = bodyOf({}, { optional: true });

/** Paging and sort of a list (contract §5): `pageNo` from 1, `pageSize` (-1 = all, capped), `column` + `order`. */
export const PAGING_QUERY = {
  pageNo: qv('页码，从1开始', { type: 'integer', default: 1 }),
  pageSize: qv('每页条数，-1为全部', { type: 'integer', default: 10 }),
  column: qv('排序字段'),
  order: qv('排序方向', { enum: ['asc', 'desc'] }),
} as const;

/** `?id=` of queryById / delete and the like. */
export const ID_QUERY = queryOf({ id: '记录id' }, ['id']);
/** `?ids=a,b,c` of a batch delete. */
export const IDS_QUERY = queryOf({ ids: '记录id，以逗号分隔' }, ['ids']);
/** A paged list without filters of its own. */
export const PAGED_QUERY = queryOf(PAGING_QUERY);
/** `/:id` */
export const ID_PARAMS = paramsOf({ id: '记录id' });
