import type { FieldDef } from '@pk/contract';
import { camelToSnake, querySpecOf, snakeToCamel, type QuerySpec } from '../query/index.js';
import { MSG } from '../envelope/errors.js';
import type { CrudBinding, CrudMessages } from './types.js';

/** The common CRUD texts (contract §1.5). */
export const CRUD_MESSAGES: Readonly<CrudMessages> = {
  added: MSG.added,
  edited: MSG.edited,
  deleted: MSG.deleted,
  batchDeleted: MSG.batchDeleted,
  noIds: MSG.badParams,
};

/** Audit properties the server sets; a body may carry them (the client echoes rows back) but they are ignored. */
export const AUDIT_PROPS = ['createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode'] as const;
/** Never selectable in any binding. */
export const ALWAYS_HIDDEN = ['password', 'salt'] as const;

/** A binding with everything derived once at start-up. */
export interface ResolvedBinding extends CrudBinding {
  idColumn: string;
  spec: QuerySpec;
  /** prop → column for every property the engine may read or write. */
  columnOf(prop: string): string;
  /** Columns selected for rows on the wire, in output order. */
  selectColumns: string[];
  /** column → wire property for the selected columns. */
  propOfColumn: ReadonlyMap<string, string>;
  /** Fields a body may write (form !== false and not an audit property). */
  writable: ReadonlyMap<string, FieldDef>;
  /** Properties a body may carry without effect. */
  ignored: ReadonlySet<string>;
  /** The binding's texts over the common ones. */
  msg: Readonly<CrudMessages>;
  /** Properties of `date` fields: sent as `yyyy-MM-dd` even where the column is a datetime (sys_user.birthday). */
  dateProps: ReadonlySet<string>;
}

/**
 * Check and derive a binding. Throws at start-up when the definition exposes a hidden column (password, salt,
 * or the binding's own list) as a field or read-only property, so a secret can never become selectable.
 */
export function resolveBinding(b: CrudBinding): ResolvedBinding {
  const columnOf = (prop: string) => b.columns?.[prop] ?? camelToSnake(prop);
  const hidden = new Set<string>([...ALWAYS_HIDDEN, ...(b.hiddenColumns ?? [])].map((c) => c.toLowerCase()));
  const isHidden = (prop: string) => hidden.has(prop.toLowerCase()) || hidden.has(columnOf(prop).toLowerCase());
  const idProp = b.idProp ?? 'id';
  const audit = b.audit ?? true;
  for (const p of [...b.entity.fields.map((f) => f.prop), ...(b.readOnlyProps ?? [])]) {
    if (isHidden(p)) throw new Error(`CRUD binding ${b.entity.key}: "${p}" is a hidden column and must not be declared`);
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(p)) throw new Error(`CRUD binding ${b.entity.key}: bad property name "${p}"`);
  }
  const props: string[] = [idProp];
  for (const f of b.entity.fields) props.push(f.prop);
  for (const p of b.readOnlyProps ?? []) props.push(p);
  if (b.orgCode) props.push('sysOrgCode');
  if (audit) props.push('createBy', 'createTime', 'updateBy', 'updateTime');
  const uniqueProps = [...new Set(props)];
  const selectColumns = uniqueProps.map(columnOf);
  const propOfColumn = new Map(uniqueProps.map((p) => [columnOf(p), p]));
  const writable = new Map<string, FieldDef>();
  for (const f of b.entity.fields) {
    if (f.form === false || (AUDIT_PROPS as readonly string[]).includes(f.prop) || f.prop === idProp) continue;
    writable.set(f.prop, f);
  }
  const ignored = new Set<string>([...AUDIT_PROPS, ...(b.readOnlyProps ?? []), ...b.entity.fields.filter((f) => !writable.has(f.prop)).map((f) => f.prop)]);
  if (b.softDelete) ignored.add('delFlag');
  for (const p of b.writeOnlyProps ?? []) ignored.add(p);
  return {
    ...b,
    idColumn: columnOf(idProp),
    spec: querySpecOf(b.entity, b.columns),
    columnOf,
    selectColumns,
    propOfColumn,
    writable,
    ignored,
    msg: { ...CRUD_MESSAGES, ...b.messages },
    dateProps: new Set(b.entity.fields.filter((f) => f.type === 'date').map((f) => f.prop)),
  };
}

/** A database row → the wire object (camelCase, selected columns only). */
export function toWire(b: ResolvedBinding, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const col of b.selectColumns) {
    if (!(col in row)) continue;
    const prop = b.propOfColumn.get(col) ?? snakeToCamel(col);
    const v = row[col] ?? null;
    out[prop] = typeof v === 'string' && b.dateProps.has(prop) ? v.slice(0, 10) : v;
  }
  return out;
}

/** Wire values → column values. */
export function toColumns(b: ResolvedBinding, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) out[b.columnOf(k)] = v;
  return out;
}
