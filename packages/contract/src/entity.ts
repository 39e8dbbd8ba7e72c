/**
 * Declarative entity definition shared by the server's CRUD engine and the client's list/form pages.
 * The server adds the table binding (see server/src/core/crud); everything a screen needs lives here.
 */
import type { FieldFormat } from './formats';

export type FieldType = 'string' | 'number' | 'date' | 'datetime' | 'text';

/** How a search-form value is matched when the field is filterable (the value syntax still applies). */
export type FilterMode = 'eq' | 'like' | 'range';

export interface FieldDef {
  /** camelCase property name used on the wire. */
  prop: string;
  /** Chinese label: column title, form label and Excel header. */
  label: string;
  type: FieldType;
  /** Dictionary code (plain `sex`, or a registered table dictionary `sys_position,name,code`). Adds `{prop}_dictText`. */
  dict?: string;
  /** Shown in the search form and accepted as a list filter. Undeclared fields are ignored by the server. */
  filter?: FilterMode;
  /** Allowed as the `column` sort key. */
  sort?: boolean;
  /** Shown as a list column (default true). */
  list?: boolean;
  /** Editable in the add/edit form (default true). */
  form?: boolean;
  /** Set when adding, shown read-only when editing (a code others refer to, such as a role code). */
  fixedOnEdit?: boolean;
  required?: boolean;
  maxLength?: number;
  /** A contact format (mobile, landline, e-mail) checked by the form and the server alike (formats.ts). */
  format?: FieldFormat;
  /**
   * Checked unique on the server (add/edit give a clear message instead of a SQL error). With the entity's `table`,
   * the form also checks it while the user types (`GET /sys/duplicate/check`, a pair the server registers).
   */
  unique?: boolean;
  /** Written to and read from Excel (default true). */
  excel?: boolean;
  /** Column width hint in px. */
  width?: number;
}

export interface EntityDef {
  /** Stable key, e.g. `position`. */
  key: string;
  /** Chinese title, e.g. `职务`; export file title is `{title}列表数据`. */
  title: string;
  /** API base under the prefix, e.g. `/sys/position`. */
  api: string;
  /** The database table (the `tableName` of the duplicate check of its `unique` fields), e.g. `sys_position`. */
  table?: string;
  /** Permission code prefix for buttons, e.g. `position` gives `position:add`. */
  perm: string;
  fields: FieldDef[];
  /** Default sort when the request gives none (prop + direction). */
  defaultSort?: { prop: string; order: 'asc' | 'desc' };
}

/** The CRUD actions an entity exposes; the button permission is `${perm}:${action}`. */
export const CRUD_ACTIONS = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

export function permCode(def: Pick<EntityDef, 'perm'>, action: CrudAction): string {
  return `${def.perm}:${action}`;
}
