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
  /** A check rule code (sys_check_rule, contract §6.4): the form asks `GET /sys/checkRule/checkByCode` as the user types. */
  checkRule?: string;
  /** Written to and read from Excel (default true). */
  excel?: boolean;
  /** Column width hint in px. */
  width?: number;
  /**
   * The form control when the type's own is not the right one: one image URL (`image`), a comma list of image URLs
   * (`images`), a file (`file`), rich text (`editor`: HTML, sanitised on the server). Issue 13.
   */
  widget?: 'image' | 'images' | 'file' | 'editor';
  /**
   * A reference to another entity's row (player, ship, place, bracelet, goods…): the form picks it in a search select
   * fed by the option list at this URL (`GET {ref}?keyword=&limit=` → `[{id, name, …}]`, e.g. `/book/user/userList`).
   * Give the field a registered table dictionary in `dict` as well, so list rows carry `{prop}_dictText`.
   */
  ref?: string;
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
  /**
   * Standard routes this entity does not have (a tree without a flat `list`, a table without Excel). The consistency
   * test and the CRUD contract suite skip them; every other standard route must be registered under `api`.
   */
  omitRoutes?: readonly StandardRoute[];
  /**
   * Standard routes the entity has, but in a shape of the contract's own (the gateway's unpaged list, the dictionary
   * import with two header rows): the consistency test requires them, behind a code; the CRUD contract suite leaves
   * them to the entity's own tests.
   */
  ownShapeRoutes?: readonly StandardRoute[];
}

/** The standard routes of an entity under its `api` (the CRUD engine's `registerCrud` registers all of them). */
export const STANDARD_ROUTES = ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'] as const;
export type StandardRoute = (typeof STANDARD_ROUTES)[number];

/** Whether an entity has a route in the standard shape (neither omitted nor of a shape of its own). */
export function hasStandardRoute(def: Pick<EntityDef, 'omitRoutes' | 'ownShapeRoutes'>, route: StandardRoute): boolean {
  return hasRoute(def, route) && !def.ownShapeRoutes?.includes(route);
}

/** Whether an entity has a standard route (not in its `omitRoutes`). */
export function hasRoute(def: Pick<EntityDef, 'omitRoutes'>, route: StandardRoute): boolean {
  return !def.omitRoutes?.includes(route);
}

/** The CRUD actions an entity exposes; the button permission is `${perm}:${action}`. */
export const CRUD_ACTIONS = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

export function permCode(def: Pick<EntityDef, 'perm'>, action: CrudAction): string {
  return `${def.perm}:${action}`;
}

/* ───────────────────────── defineEntity: the single source of a screen ───────────────────────── */

/** The menu groups an entity's menu row can hang under (the seeded top-level rows, `MENU_IDS` on the server). */
export const MENU_GROUPS = ['system', 'online', 'message', 'monitor', 'game', 'account'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** A button row beyond the CRUD actions: permission code `${perm}:${action}`. */
export interface EntityButton {
  /** The code's suffix, e.g. `publish` or `form:phone`. */
  action: string;
  /** Chinese button name, e.g. `发布`. */
  name: string;
  /** '1' show when granted (default), '2' disable when not granted (001 §6). */
  permsType?: '1' | '2';
  /** The property name in `perms` when the action is not an identifier (`form:phone` → `formPhone`). Default: action. */
  key?: string;
  /** A row that is not a route (is_route = 0), as the JeecgBoot seed's 手机号禁用. */
  noRoute?: boolean;
}

/**
 * The menu row of an entity's screen and its button rows, seeded from the definition (server seed part
 * `entity:{key}:v{version}`) — nothing is written again in `seed/menus.ts`.
 */
export interface EntityMenu {
  group: MenuGroup;
  /** Chinese menu name, e.g. `系统校验规则`. */
  name: string;
  /** Route path, e.g. `/isystem/checkRule`. */
  url: string;
  /** Page key (the menu `component`), e.g. `system/SysCheckRuleList`. Without a custom page the generic list page renders the entity. */
  component: string;
  sort: number | null;
  icon?: string;
  /**
   * CRUD actions that get a button row (default: every CRUD action but `list`, whose code the menu row itself carries).
   * When given, `perms` holds `list` and these only (a screen without Excel has no `exportXls` code).
   */
  actions?: readonly CrudAction[];
  /** Further buttons (row actions such as publish/revoke), one permission code each. */
  buttons?: readonly EntityButton[];
  /** Names of CRUD button rows other than `CRUD_BUTTON_NAMES` (the JeecgBoot seed's `添加按钮`, `用户编辑`). */
  names?: Partial<Record<CrudAction, string>>;
  /** Button row order by action when not "CRUD actions, then buttons" (actions not named follow in that order). */
  order?: readonly string[];
  /** Button sort_no by action where it is not the row's place (1, 2, …): the JeecgBoot seed gives its five user rows 1. */
  sorts?: Readonly<Record<string, number>>;
  /** Raise when buttons are added or renamed, so existing installations get a new seed part. Default 1. */
  version?: number;
}

/** The `perms` key of a button: its `key`, else its action. */
type ButtonKey<X> = X extends { key: infer K extends string } ? K : X extends { action: infer A extends string } ? A : never;

/** Permission codes of an entity: `list`, its CRUD actions and its buttons, each `${perm}:${action}`. */
export type EntityPerms<P extends string, A extends readonly CrudAction[], B extends readonly EntityButton[]> = {
  readonly [K in 'list' | A[number]]: `${P}:${K}`;
} & { readonly [X in B[number] as ButtonKey<X>]: `${P}:${X['action']}` };

/** What `defineEntity` takes: an EntityDef (fields as a literal tuple) plus an optional menu block. */
export interface EntityInput<F extends readonly FieldDef[], B extends readonly EntityButton[], A extends readonly CrudAction[], P extends string> extends Omit<
  EntityDef,
  'fields' | 'perm'
> {
  perm: P;
  fields: F;
  menu?: EntityMenu & { buttons?: B; actions?: A };
}

/** A defined entity: the EntityDef with its derived permission codes (`perms.add` = `${perm}:add`). */
export type Entity<
  F extends readonly FieldDef[] = readonly FieldDef[],
  Pm extends Readonly<Record<string, string>> = Readonly<Record<string, string>>,
> = EntityDef & {
  readonly fields: F;
  readonly menu?: EntityMenu;
  readonly perms: Pm;
};

type WireValue<T extends FieldType> = T extends 'number' ? number : string;

/** The wire row of an entity, inferred from its fields (every field may be null; `id` and the audit columns added). */
export type EntityRow<E extends { fields: readonly FieldDef[] }> = {
  id: string;
  createBy?: string | null;
  createTime?: string | null;
  updateBy?: string | null;
  updateTime?: string | null;
} & { [K in E['fields'][number] as K['prop']]: WireValue<K['type']> | null };

const ACTION_RE = /^[A-Za-z][\w:]*$/;
const KEY_RE = /^[A-Za-z]\w*$/;

/**
 * The one way to declare a screen's entity. Write the fields `as const`-like (the generic keeps their literal
 * props, so `EntityRow<typeof fooEntity>` has them), add the menu block, and list the entity in `ENTITIES`
 * (entities/index.ts): the permission codes, the menu and button rows, the page entry and the standard routes follow.
 *
 * ```ts
 * export const checkRuleEntity = defineEntity({
 *   key: 'checkRule', title: '编码校验规则', api: '/sys/checkRule', table: 'sys_check_rule', perm: 'checkRule',
 *   menu: { group: 'online', name: '系统校验规则', url: '/isystem/checkRule', component: 'system/SysCheckRuleList', sort: 5 },
 *   fields: [{ prop: 'ruleName', label: '规则名称', type: 'string', filter: 'like', required: true }],
 * });
 * ```
 */
export function defineEntity<
  const F extends readonly FieldDef[],
  const B extends readonly EntityButton[] = [],
  const A extends readonly CrudAction[] = typeof CRUD_ACTIONS,
  const P extends string = string,
>(def: EntityInput<F, B, A, P>): Entity<F, EntityPerms<P, A, B>> {
  const perms: Record<string, string> = {};
  for (const a of def.menu?.actions ? ['list', ...def.menu.actions] : CRUD_ACTIONS) perms[a] = `${def.perm}:${a}`;
  for (const b of def.menu?.buttons ?? []) {
    if (!ACTION_RE.test(b.action)) throw new Error(`entity ${def.key}: bad button action "${b.action}"`);
    const key = b.key ?? b.action;
    if (!KEY_RE.test(key) || key in perms) throw new Error(`entity ${def.key}: bad or repeated button key "${key}"`);
    perms[key] = `${def.perm}:${b.action}`;
  }
  return Object.freeze({ ...def, fields: def.fields, perms: Object.freeze(perms) }) as unknown as Entity<F, EntityPerms<P, A, B>>;
}

/** A button row of an entity's menu. */
export interface MenuButtonRow {
  name: string;
  sort: number;
  perms: string;
  permsType: '1' | '2';
  noRoute?: boolean;
}

/**
 * The button rows of an entity's menu: the CRUD actions (menu `actions`, default every one but `list` and the
 * omitted routes' actions) then its own buttons, or in the menu's `order`.
 */
export function menuButtons(e: Pick<Entity, 'menu' | 'perm' | 'omitRoutes'>): MenuButtonRow[] {
  const m = e.menu;
  if (!m) return [];
  const actions = m.actions ?? CRUD_ACTIONS.filter((a) => a !== 'list' && hasRoute(e, a));
  const rows: Array<Omit<MenuButtonRow, 'sort'> & { action: string }> = [
    ...actions.map((a) => ({ action: a as string, name: m.names?.[a] ?? CRUD_BUTTON_NAMES[a], perms: `${e.perm}:${a}`, permsType: '1' as const })),
    ...(m.buttons ?? []).map((b) => ({
      action: b.action,
      name: b.name,
      perms: `${e.perm}:${b.action}`,
      permsType: b.permsType ?? ('1' as const),
      ...(b.noRoute ? { noRoute: true } : {}),
    })),
  ];
  const order = m.order ?? [];
  const rank = (a: string) => (order.includes(a) ? order.indexOf(a) : order.length);
  return rows
    .map((r, i) => ({ r, i }))
    .sort((x, y) => rank(x.r.action) - rank(y.r.action) || x.i - y.i)
    .map(({ r: { action, ...row } }, i) => ({ ...row, sort: m.sorts?.[action] ?? i + 1 }));
}

/** Chinese names of the CRUD button rows. */
export const CRUD_BUTTON_NAMES: Readonly<Record<CrudAction, string>> = {
  list: '查询',
  add: '添加',
  edit: '编辑',
  delete: '删除',
  deleteBatch: '批量删除',
  exportXls: '导出',
  importExcel: '导入',
};
