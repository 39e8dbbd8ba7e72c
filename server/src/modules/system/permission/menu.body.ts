/** A menu's add/edit body read into columns: only the listed fields are written (mass-assignment guard), typed and normalised. */
import type { SysPermissionTable } from '../../../db/schema.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { checkId } from '../../../core/crud/index.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { empty, MENU_MSG } from './menu.common.js';

type Kind = 'str' | 'num' | 'bool' | 'menuType' | 'flag01' | 'permsType';
const MENU_FIELDS: Record<string, [column: keyof SysPermissionTable, kind: Kind, max?: number]> = {
  parentId: ['parent_id', 'str', 32],
  name: ['name', 'str', 100],
  perms: ['perms', 'str', 1000],
  permsType: ['perms_type', 'permsType'],
  icon: ['icon', 'str', 100],
  component: ['component', 'str', 255],
  componentName: ['component_name', 'str', 100],
  url: ['url', 'str', 255],
  redirect: ['redirect', 'str', 255],
  sortNo: ['sort_no', 'num'],
  menuType: ['menu_type', 'menuType'],
  route: ['is_route', 'bool'],
  keepAlive: ['keep_alive', 'bool'],
  description: ['description', 'str', 255],
  hidden: ['hidden', 'bool'],
  hideTab: ['hide_tab', 'bool'],
  status: ['status', 'flag01'],
  alwaysShow: ['always_show', 'bool'],
  internalOrExternal: ['internal_or_external', 'bool'],
};
/** The properties a menu body may write, for the route schema's documentation: prop → OpenAPI type and length. */
export const MENU_BODY_PROPS: Record<string, { type: 'string' | 'integer' | 'boolean'; maxLength?: number }> = Object.fromEntries(
  Object.entries(MENU_FIELDS).map(([prop, [, kind, max]]) => [
    prop,
    kind === 'str'
      ? { type: 'string', maxLength: max }
      : kind === 'bool'
        ? { type: 'boolean' }
        : kind === 'permsType'
          ? { type: 'string' }
          : { type: 'integer' },
  ]),
);

const MENU_IGNORED = new Set([
  'key',
  'title',
  'leaf',
  'isLeaf',
  'delFlag',
  'ruleFlag',
  'children',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'label',
  'value',
  'slotTitle',
  'scopedSlots',
]);

function typed(prop: string, kind: Kind, max: number | undefined, v: unknown): string | number | null {
  if (v === null || v === undefined || v === '') return kind === 'bool' ? 0 : null;
  switch (kind) {
    case 'bool':
      if (v === true || v === 1 || v === '1' || v === 'true') return 1;
      if (v === false || v === 0 || v === '0' || v === 'false') return 0;
      throw new BadRequestError(`字段${prop}必须是布尔值`);
    case 'num': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isFinite(n)) throw new BadRequestError(`字段${prop}的值不是数字`);
      return n;
    }
    case 'menuType': {
      const n = Number(v);
      if ((typeof v !== 'number' && typeof v !== 'string') || ![0, 1, 2].includes(n) || String(v).trim() === '')
        throw new BadRequestError('菜单类型必须是0、1或2');
      return n;
    }
    case 'flag01':
    case 'permsType': {
      const s = String(v);
      const allowed = kind === 'flag01' ? ['0', '1'] : ['1', '2'];
      if ((typeof v !== 'string' && typeof v !== 'number') || !allowed.includes(s)) throw new BadRequestError(`字段${prop}的值不正确`);
      return s;
    }
    default: {
      if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
      if (typeof v !== 'string') throw new BadRequestError(`字段${prop}的类型不正确`);
      if (max && [...v].length > max) throw new BadRequestError(`字段${prop}长度不能超过${max}`);
      return v;
    }
  }
}

/** `/views/system/UserList.vue` → `system/UserList` (§4.2). */
export function normaliseComponent(c: string | null): string | null {
  if (c === null) return null;
  let s = c.trim();
  if (s.startsWith('/')) s = s.slice(1);
  if (s.startsWith('src/views/')) s = s.slice('src/views/'.length);
  if (s.startsWith('views/')) s = s.slice('views/'.length);
  if (s.endsWith('.vue')) s = s.slice(0, -4);
  return s || null;
}

/** `isystem/user.vue` → `/isystem/user`; http…, `/…` and `{{…` kept (§4.2). */
export function normaliseUrl(u: string | null): string | null {
  if (u === null) return null;
  let s = u.trim();
  if (s.endsWith('.vue')) s = s.slice(0, -4);
  if (!s) return null;
  if (!s.startsWith('http') && !s.startsWith('/') && !s.startsWith('{{')) s = `/${s}`;
  return s;
}

export function parseMenuBody(body: unknown, mode: 'add' | 'edit'): { id: string | null; cols: Record<string, unknown> } {
  bodyObject(body);
  let id: string | null = null;
  const cols: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (k === 'id') {
      if (mode === 'edit') id = checkId(v);
      continue;
    }
    if (MENU_IGNORED.has(k) || k.endsWith('_dictText')) continue;
    const f = MENU_FIELDS[k];
    if (!f) throw new BadRequestError(`未知字段：${k.slice(0, 50)}`);
    cols[f[0]] = typed(k, f[1], f[2], v);
  }
  if ('component' in cols) cols.component = normaliseComponent(cols.component as string | null);
  if ('url' in cols) cols.url = normaliseUrl(cols.url as string | null);
  if (mode === 'add') {
    if (empty(cols.name)) throw new BadRequestError(MENU_MSG.menuNameRequired);
    if (cols.menu_type === undefined || cols.menu_type === null) throw new BadRequestError(MENU_MSG.menuTypeRequired);
  } else {
    if (!id) throw new BadRequestError(MSG.idRequired);
    if ('name' in cols && empty(cols.name)) throw new BadRequestError(MENU_MSG.menuNameRequired);
    if ('menu_type' in cols && cols.menu_type === null) throw new BadRequestError(MENU_MSG.menuTypeRequired);
  }
  if (cols.parent_id !== undefined && cols.parent_id !== null) cols.parent_id = checkId(cols.parent_id);
  return { id, cols };
}
