/**
 * The route schemas of the engine's standard routes, derived from the binding's EntityDef (issue 11 point 2): the
 * list's query (paging, sort, every filterable field with its `_begin/_end` range, `_MultiString`, the advanced
 * query), the add/edit body (each writable field with its type, maxLength, format, dictionary and required flag),
 * `id` of queryById/delete, `ids` of deleteBatch, the export's filters and selections.
 *
 * Check-only (core/http/routeSchemas.ts): they document the parameters in the OpenAPI document and refuse a body that
 * is not an object; the values are checked by the engine as before (validate.ts `validateBody`, core/query), which
 * keeps its messages and order (`未知字段：x`, `名称不能为空`, `名称长度不能超过50`…).
 */
import { FIELD_FORMATS, type FieldDef } from '@pk/contract';
import type { z } from 'zod';
import { bodyOf, ID_QUERY, IDS_QUERY, PAGING_QUERY, prop, qv, queryOf } from '../http/routeSchemas.js';
import type { ResolvedBinding } from './binding.js';
import { lazySchema } from '../http/zodSchema.js';

const FILTER_TEXT = { eq: '等于', like: '模糊匹配', range: '范围' } as const;

function describe(f: FieldDef): string {
  return f.dict ? `${f.label}（字典：${f.dict}）` : f.label;
}

/** The OpenAPI facts of one field as a body property. */
function fieldDoc(f: FieldDef): { type: 'string' | 'number'; extra: Record<string, unknown> } {
  const extra: Record<string, unknown> = {};
  if (f.maxLength) extra.maxLength = f.maxLength;
  if (f.format) extra.pattern = FIELD_FORMATS[f.format].pattern.source;
  if (f.type === 'date') extra.format = 'date';
  if (f.type === 'datetime') extra.example = '2026-01-01 08:00:00';
  return { type: f.type === 'number' ? 'number' : 'string', extra };
}

/** `GET {api}/list` (and the export's filters): paging, sort, the filterable fields, the advanced query. */
function listFields(b: ResolvedBinding, extra: Record<string, z.ZodType>): Record<string, z.ZodType> {
  const fields: Record<string, z.ZodType> = { ...PAGING_QUERY };
  const sortable = b.entity.fields.filter((f) => f.sort).map((f) => f.prop);
  if (sortable.length) fields.column = qv('排序字段', { enum: sortable });
  for (const f of b.entity.fields) {
    if (!f.filter) continue;
    fields[f.prop] = qv(`${describe(f)}（${FILTER_TEXT[f.filter]}；支持 *值* 模糊、!值 不等于、a,b 多值等查询语法）`);
    if (f.filter === 'range' || f.type === 'number' || f.type === 'date' || f.type === 'datetime') {
      fields[`${f.prop}_begin`] = qv(`${f.label}起`);
      fields[`${f.prop}_end`] = qv(`${f.label}止`);
    }
    fields[`${f.prop}_MultiString`] = qv(`${f.label}，多个值以逗号分隔`);
  }
  fields.superQueryParams = qv('高级查询条件（URL编码的JSON数组：field、rule、val）');
  fields.superQueryMatchType = qv('高级查询匹配方式', { enum: ['and', 'or'] });
  return { ...fields, ...extra };
}

/** `POST {api}/add` / `PUT|POST {api}/edit`: the writable fields; add requires the required ones, edit the id. */
export function entityBody(b: ResolvedBinding, mode: 'add' | 'edit', extra: Record<string, z.ZodType> = {}): z.ZodType {
  const idProp = b.idProp ?? 'id';
  const fields: Record<string, z.ZodType> = {};
  if (mode === 'edit') fields[idProp] = prop('string', '记录id');
  for (const f of b.writable.values()) {
    const { type, extra } = fieldDoc(f);
    fields[f.prop] = prop(type, describe(f), extra);
  }
  Object.assign(fields, extra);
  const required = mode === 'add' ? [...b.writable.values()].filter((f) => f.required).map((f) => f.prop) : [idProp];
  return bodyOf(fields, { required });
}

export interface CrudSchemas {
  list: { querystring: z.ZodType };
  queryById: { querystring: z.ZodType };
  add: { body: z.ZodType };
  edit: { body: z.ZodType };
  delete: { querystring: z.ZodType };
  deleteBatch: { querystring: z.ZodType };
  exportXls: { querystring: z.ZodType; body: z.ZodType };
}

/** What a module's own version of a standard route reads besides the entity's fields (user list `departId`, add `password`). */
export interface CrudSchemaExtras {
  query?: Record<string, z.ZodType>;
  add?: Record<string, z.ZodType>;
  edit?: Record<string, z.ZodType>;
}

/**
 * Every standard route's schema of one binding. Each is built on its first use (lazySchema): the first request the
 * route checks, or the API document; the start only names them.
 */
export function crudSchemas(b: ResolvedBinding, extra: CrudSchemaExtras = {}): CrudSchemas {
  const list = () => listFields(b, extra.query ?? {});
  const exportFields = () => ({ ...list(), selections: qv('只导出这些id，以逗号分隔'), paramsStr: qv('筛选条件（URL编码的JSON对象）') });
  return {
    list: { querystring: lazySchema(() => queryOf(list())) },
    queryById: { querystring: ID_QUERY },
    add: { body: lazySchema(() => entityBody(b, 'add', extra.add)) },
    edit: { body: lazySchema(() => entityBody(b, 'edit', extra.edit)) },
    delete: { querystring: ID_QUERY },
    deleteBatch: { querystring: IDS_QUERY },
    // POST sends the same filters as a JSON or form body (or none)
    exportXls: {
      querystring: lazySchema(() => queryOf(exportFields())),
      body: lazySchema(() => bodyOf({ selections: '只导出这些id，以逗号分隔' }, { optional: true })),
    },
  };
}
