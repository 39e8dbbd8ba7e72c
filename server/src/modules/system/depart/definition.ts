import { departEntity, type EntityDef } from '@pk/contract';
import { resolveBinding, type CrudBinding, type SaveContext, type SaveExtras, type Values } from '../../../core/crud/index.js';
import { BizError } from '../../../core/envelope/errors.js';
import { nextCategoryCode } from '../category/code.js';

/** What a department add passes to the engine besides the body: its parent (null = top level). */
export interface DepartExtras extends SaveExtras {
  parentId?: string | null;
}

/**
 * A new department's code from its parent's and its siblings' (contract §6.5), its level, and the defaults the
 * original gives (category 1, status 1, order 0) where the body left them out. Parent and code are fixed after
 * creation: an edit never writes them.
 */
async function departBeforeSave(values: Values, c: SaveContext): Promise<void> {
  delete values.parentId;
  if (!c.isNew) return;
  const parentId = (c.extras as DepartExtras).parentId ?? null;
  let parentCode = '';
  if (parentId) {
    const parent = await c.trx.selectFrom('sys_depart').select('org_code').where('id', '=', parentId).executeTakeFirst();
    if (!parent) throw new BizError(DEPART_MSG.parentMissing);
    parentCode = parent.org_code;
  }
  const siblings = await c.trx.selectFrom('sys_depart').select('org_code').where('org_code', 'like', `${parentCode}%`).execute();
  const code = nextOrgCode(
    parentCode,
    siblings.map((r) => r.org_code),
  );
  const defaults: Values = { orgCategory: '1', status: '1', departOrder: 0 };
  for (const [k, v] of Object.entries(defaults)) if (values[k] === undefined) values[k] = v;
  Object.assign(values, { parentId: parentId ?? '', orgCode: code, orgType: String(code.length / 3), delFlag: '0' });
}

/** 部门 (sys_depart): saved by the engine (add and edit; the code from the parent's in beforeSave); trees and deletes by the module. */
export const departBinding: CrudBinding = { entity: departEntity, table: 'sys_depart', hooks: { beforeSave: departBeforeSave } };
export const departResolved = resolveBinding(departBinding);

/** 部门角色 (sys_depart_role). */
export const departRoleEntity: EntityDef = {
  key: 'departRole',
  title: '部门角色',
  api: '/sys/sysDepartRole',
  perm: 'depart',
  fields: [
    { prop: 'departId', label: '部门', type: 'string', required: true, maxLength: 32 },
    { prop: 'roleName', label: '部门角色名称', type: 'string', required: true, maxLength: 200 },
    { prop: 'roleCode', label: '部门角色编码', type: 'string', required: true, maxLength: 100 },
    { prop: 'description', label: '描述', type: 'string', maxLength: 255 },
  ],
};
export const departRoleResolved = resolveBinding({ entity: departRoleEntity, table: 'sys_depart_role' });

export const DEPART_MSG = {
  parentMissing: '上级部门不存在',
  exhausted: '机构编码已用尽',
  noMatch: '未查询匹配数据！',
  notLinked: '当前选中部门与用户无关联关系!',
  roleCodeUsed: '部门角色编码已存在',
  roleNotInDepart: '该部门角色不属于此部门',
  ruleNotGranted: '只能选择部门已授权的数据规则',
  keyWordRequired: 'keyWord不能为空',
} as const;

/**
 * The next org code after the sibling codes `siblings` under `parentCode` (contract §6.5): 3-char segments, a
 * letter and 2 digits; A01, A02 … A99, B01 … Z99. Children of A01 are A01A01, A01A02 ….
 */
export function nextOrgCode(parentCode: string, siblings: readonly string[]): string {
  // the one code scheme of categories and departments (category/code.ts); a full level is refused here
  const code = nextCategoryCode(parentCode, siblings);
  if (code === null) throw new BizError(DEPART_MSG.exhausted);
  return code;
}
