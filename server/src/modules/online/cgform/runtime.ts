import type { FastifyRequest } from 'fastify';
import { defineEntity, type Entity, type FieldDef, type FieldType, type StandardRoute } from '@pk/contract';
import { crudHandlers, type CrudHandler } from '../../../core/crud/handlers.js';
import type { AppContext } from '../../../core/context.js';
import { CrudService, resolveBinding } from '../../../core/crud/index.js';
import { markWrites, writesHeard, writtenSince, type WriteMark } from '../../../core/crud/tableWrites.js';
import { resolveTableDict } from '../../../core/dict/tableRegistry.js';
import type { DuplicateCheck } from '../../../core/dict/duplicateRegistry.js';
import { BadRequestError, MSG, NoAuthError } from '../../../core/envelope/errors.js';
import type { RawParams } from '../../../core/query/index.js';
import type { Database } from '../../../db/schema.js';
import { camel, type Row } from './model.js';
import { tableExists } from './physical.js';
import { PRODUCT_TABLES } from './tableNames.js';

/**
 * The run time of a designed table (issue 25 points 7 and 10): its definition rows become an entity definition
 * and a CrudService — the same engine, list layer, dictionaries, sort allow-list and limits as the hand-written
 * screens. Nothing is generated or evaluated; the table and column names are the definition's, checked when it
 * was saved and quoted by Kysely.
 *
 * - Which rows: the definition as it is when it is synchronised (`is_db_synch = 'Y'`), else as the last sync left
 *   it (onl_cgform_version), so the engine never names a column the table does not have; never synchronised →
 *   `NO_DB_SYNC` (the original client shows "not synchronised").
 * - Wire names are the column names (`found_on`, `found_on_dictText`), as the original's online pages send and
 *   read; the engine's properties are their camelCase.
 * - Codes: `online:{id}:list|add|edit|delete|deleteBatch|exportXls|importExcel`, granted through the menu 生成菜单 makes (deny by
 *   default); a designer (online:cgform:edit) may use every designed table, for 功能测试.
 * - Cached per node and void as soon as a definition table is written here or on another node (the write relay of
 *   core/crud/tableWrites.ts, the mechanism of every row cache); not kept while that relay is down.
 */

export const NO_DB_SYNC = 'NO_DB_SYNC';
const DEFINITION_TABLES = ['onl_cgform_head', 'onl_cgform_field', 'onl_cgform_version'] as const;
const AUDIT_COLUMNS = ['create_by', 'create_time', 'update_by', 'update_time'] as const;

export type OnlineAction = 'list' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'exportXls' | 'importExcel';
export const DESIGNER_CODE = 'online:cgform:edit';

export interface OnlineForm {
  head: Row & { id: string; table_name: string; table_txt: string };
  /** The field rows of the form (without the key; with the audit columns the engine fills), in order. */
  fields: Row[];
  entity: Entity;
  svc: CrudService;
  /** The engine's standard routes over `svc`, made once per form (core/crud/handlers.ts). */
  handlers: Record<StandardRoute, CrudHandler>;
  /** column → engine property, and back. */
  propOf: ReadonlyMap<string, string>;
  columnOf: ReadonlyMap<string, string>;
}

const TYPES: Readonly<Record<string, FieldType>> = {
  string: 'string',
  int: 'number',
  double: 'number',
  BigDecimal: 'number',
  Date: 'date',
  Datetime: 'datetime',
  Text: 'text',
  Blob: 'text',
};

/** A field's dictionary: a dictionary code, or a registered table dictionary; anything else is left out. */
function dictOf(f: Row): string | undefined {
  const field = String(f.dict_field ?? '').trim();
  const table = String(f.dict_table ?? '').trim();
  if (!field) return undefined;
  if (!table) return field;
  const code = `${table},${String(f.dict_text ?? '').trim()},${field}`;
  try {
    resolveTableDict(code);
    return code;
  } catch {
    return undefined;
  }
}

function fieldDef(f: Row): FieldDef {
  const column = String(f.db_field_name);
  const type = TYPES[String(f.db_type)] ?? 'string';
  const query = f.is_query === 1;
  const dict = dictOf(f);
  return {
    prop: camel(column),
    label: String(f.db_field_txt ?? '') || column,
    type,
    ...(dict ? { dict } : {}),
    ...(query ? { filter: f.query_mode === 'group' ? 'range' : type === 'string' || type === 'text' ? 'like' : 'eq' } : {}),
    sort: f.sort_flag === '1' || f.sort_flag === 'Y',
    list: f.is_show_list !== 0,
    form: f.is_show_form !== 0 && f.is_read_only !== 1,
    required: f.field_must_input === '1' || f.field_valid_type === '*',
    ...(f.field_valid_type === 'only' ? { unique: true } : {}),
    ...(type === 'string' ? { maxLength: Number(f.db_length) } : {}),
  };
}

/** The run-time entity of a definition's rows (pure: the same rows give the same entity on every node). */
export function entityOf(head: Pick<OnlineForm['head'], 'id' | 'table_name' | 'table_txt'>, rows: Row[]): RuntimeShape {
  const names = new Set(rows.map((f) => String(f.db_field_name)));
  const audit = AUDIT_COLUMNS.every((c) => names.has(c));
  const orgCode = names.has('sys_org_code');
  const skip = new Set<string>(['id', ...(audit ? AUDIT_COLUMNS : []), ...(orgCode ? ['sys_org_code'] : [])]);
  const fields = rows.filter((f) => String(f.db_field_name) !== 'id');
  const own = fields.filter((f) => !skip.has(String(f.db_field_name)));
  const entity = defineEntity({
    key: `online_${head.id}`,
    title: head.table_txt,
    api: `/online/cgform/crud/${head.id}`,
    table: head.table_name,
    perm: `online:${head.id}`,
    fields: own.map(fieldDef),
    menu: {
      group: 'online',
      name: head.table_txt,
      url: `/online/cgformList/${head.id}`,
      component: 'modules/online/cgform/auto/OnlCgformAutoList',
      sort: 99,
      actions: ['add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
    },
    // newest first when the table keeps its rows' creation time, else by key (the engine's default names create_time)
    defaultSort: names.has('create_time') ? { prop: 'createTime', order: 'desc' as const } : { prop: 'id', order: 'desc' as const },
  });
  const columns: Record<string, string> = {};
  for (const f of own) columns[camel(String(f.db_field_name))] = String(f.db_field_name);
  const propOf = new Map<string, string>([['id', 'id']]);
  for (const f of own) propOf.set(String(f.db_field_name), camel(String(f.db_field_name)));
  if (audit) for (const c of AUDIT_COLUMNS) propOf.set(c, camel(c));
  if (orgCode) propOf.set('sys_org_code', 'sysOrgCode');
  const columnOf = new Map([...propOf].map(([c, p]) => [p, c]));
  return { fields, entity, columns, audit, orgCode, propOf, columnOf };
}

interface RuntimeShape extends Pick<OnlineForm, 'fields' | 'entity' | 'propOf' | 'columnOf'> {
  columns: Record<string, string>;
  audit: boolean;
  orgCode: boolean;
}

/** The entity and engine of a definition's rows. */
export function buildForm(ctx: AppContext, head: OnlineForm['head'], rows: Row[]): OnlineForm {
  const { fields, entity, columns, audit, orgCode, propOf, columnOf } = entityOf(head, rows);
  const svc = new CrudService(ctx, resolveBinding({ entity, table: head.table_name as keyof Database & string, columns, audit, orgCode }));
  return { head, fields, entity, svc, handlers: crudHandlers(ctx, svc), propOf, columnOf };
}

interface Cached {
  form: OnlineForm | typeof NO_DB_SYNC;
  mark: WriteMark;
}

/** The designed tables' run time on this node. */
export class OnlineForms {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly ctx: AppContext) {}

  /** The form of head `id`, or NO_DB_SYNC; unknown id → 未找到对应数据. */
  async get(id: string): Promise<OnlineForm | typeof NO_DB_SYNC> {
    const hit = this.cache.get(id);
    if (hit && writesHeard() && !writtenSince(DEFINITION_TABLES, hit.mark)) return hit.form;
    const mark = markWrites(DEFINITION_TABLES);
    const form = await this.load(id);
    if (writesHeard()) {
      if (this.cache.size >= 500) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(id, { form, mark });
    }
    return form;
  }

  private async load(id: string): Promise<OnlineForm | typeof NO_DB_SYNC> {
    const db = this.ctx.db.db;
    const head = await db.selectFrom('onl_cgform_head').selectAll().where('id', '=', id).executeTakeFirst();
    // a form id that names no form is bad input (the id is in the path): a 4xx, as the route fuzz expects
    if (!head || PRODUCT_TABLES.has(head.table_name)) throw new BadRequestError(MSG.noSuchData);
    let rows: Row[];
    if (head.is_db_synch === 'Y') {
      rows = (await db
        .selectFrom('onl_cgform_field')
        .selectAll()
        .where('cgform_head_id', '=', id)
        .orderBy('order_num')
        .orderBy('id')
        .execute()) as unknown as Row[];
    } else {
      const v = await db
        .selectFrom('onl_cgform_version')
        .select('snapshot')
        .where('cgform_head_id', '=', id)
        .orderBy('table_version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!v) return NO_DB_SYNC;
      rows = (JSON.parse(v.snapshot) as { fields: Row[] }).fields;
    }
    if (!(await tableExists(this.ctx.db, head.table_name))) return NO_DB_SYNC;
    return buildForm(this.ctx, head as unknown as OnlineForm['head'], rows);
  }
}

/** Refuse the caller unless they hold the form's code for `action` (or design forms). */
export async function requireFormCode(req: FastifyRequest, form: Pick<OnlineForm, 'head'>, action: OnlineAction): Promise<void> {
  const codes = await req.server.authn.permissionCodes(req.user!);
  if (!codes.has(`online:${form.head.id}:${action}`) && !codes.has(DESIGNER_CODE)) throw new NoAuthError();
}

/** A record on the wire: engine properties → column names (`_dictText` follows its column). */
export function toColumnsWire(form: OnlineForm, row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (k.endsWith('_dictText')) out[`${form.columnOf.get(k.slice(0, -9)) ?? k.slice(0, -9)}_dictText`] = v;
    else out[form.columnOf.get(k) ?? k] = v;
  }
  return out;
}

/** The advanced query's conditions (URL-encoded JSON of `{field, rule, val}`) with the column names as properties. */
function superQueryByProps(form: OnlineForm, raw: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.trimStart().startsWith('[') ? raw : decodeURIComponent(raw));
  } catch {
    return raw; // the engine answers its own message for a malformed value
  }
  if (!Array.isArray(parsed)) return raw;
  const mapped = parsed.map((c: unknown) =>
    c && typeof c === 'object' && typeof (c as Row).field === 'string' && form.propOf.has((c as Row).field as string)
      ? { ...(c as Row), field: form.propOf.get((c as Row).field as string) }
      : c,
  );
  return JSON.stringify(mapped);
}

/** A request's query or body keyed by column names → engine properties (unknown keys are passed on unchanged). */
export function fromColumnsWire(form: OnlineForm, src: RawParams): RawParams {
  const out: RawParams = {};
  for (const [k, v] of Object.entries(src)) {
    const m = /^(.*)_(begin|end)$/.exec(k);
    if (form.propOf.has(k)) out[form.propOf.get(k)!] = v;
    else if (m && form.propOf.has(m[1])) out[`${form.propOf.get(m[1])}_${m[2]}`] = v;
    else if (k === 'column' && typeof v === 'string' && form.propOf.has(v)) out.column = form.propOf.get(v);
    else if (k === 'superQueryParams' && typeof v === 'string') out[k] = superQueryByProps(form, v);
    else out[k] = v;
  }
  return out;
}

const formsOfApp = new WeakMap<AppContext, OnlineForms>();

/** The run time of an app's designed tables (one per app: the cache lives as long as the app). */
export function onlineFormsOf(ctx: AppContext): OnlineForms {
  let forms = formsOfApp.get(ctx);
  if (!forms) formsOfApp.set(ctx, (forms = new OnlineForms(ctx)));
  return forms;
}

/**
 * The duplicate check of a designed table's `only` fields (the original's forms call /sys/duplicate/check with the
 * table and column): a synchronised form's field whose validation is `only`, behind the form's list code.
 */
export async function designedDuplicateCheck(ctx: AppContext, table: string, field: string): Promise<DuplicateCheck | null> {
  if (PRODUCT_TABLES.has(table)) return null;
  const head = await ctx.db.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', table).where('copy_type', '=', 0).executeTakeFirst();
  if (!head) return null;
  const form = await onlineFormsOf(ctx).get(head.id);
  if (form === NO_DB_SYNC) return null;
  const f = form.fields.find((x) => x.db_field_name === field && x.field_valid_type === 'only');
  if (!f) return null;
  const integer = f.db_type === 'int';
  return { table: table as keyof Database & string, column: field, perms: [form.entity.perms.list, DESIGNER_CODE], ...(integer ? { integer } : {}) };
}
