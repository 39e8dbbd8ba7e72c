import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { splitPerms } from '../../../core/auth/permissions.js';
import { BizError } from '../../../core/envelope/errors.js';
import type { Database } from '../../../db/schema.js';
import { ADMIN_ROLE_CODE, isSuperAdmin, USER_MSG } from '../user/definition.js';
import { grantsOf } from './grants.js';

/**
 * No self-escalation (security §1.10): a caller grants only the roles and permissions it holds itself, and never
 * changes its own roles. The super admin (role code `admin`) is exempt from the "holds it itself" rule.
 */
export const ESCALATION_MSG = {
  permNotHeld: '不能授予自己没有的权限',
  ownRoles: USER_MSG.ownRoles,
  roleNotHeld: USER_MSG.roleNotHeld,
  /** The super admin is whoever holds the role coded `admin`: its code is fixed, and only a super admin sets codes. */
  adminCodeFixed: 'admin角色的编码不能修改',
  roleCodeSuper: '只有超级管理员可以修改角色编码',
  adminCodeSuper: '只有超级管理员可以使用admin角色编码',
  adminRoleDelete: '不能删除admin角色',
  adminRoleGrants: '只有超级管理员可以修改admin角色的权限',
  ownGrants: '不能修改自己所属角色的权限或数据规则',
  ruleRestrictsSelf: '不能修改或删除限制自己的数据规则',
  ruledMenu: '只有超级管理员可以修改带数据规则菜单的组件或路径',
  notInDepart: '用户不属于该角色所在的部门',
} as const;

function callerId(req: FastifyRequest): string {
  return req.user!.id;
}

/** `ids` (permission ids about to be granted) must all be granted to the caller (roles and department roles). */
export async function assertCanGrantPermissions(db: Kysely<Database>, req: FastifyRequest, ids: string[]): Promise<void> {
  if (!ids.length || (await isSuperAdmin(db, callerId(req)))) return;
  const held = new Set((await grantsOf(db, callerId(req), ids)).map((g) => g.pid));
  if (ids.some((i) => !held.has(i))) throw new BizError(ESCALATION_MSG.permNotHeld);
}

/** Adding users to / removing users from a role: never oneself; a non-super-admin only for roles it holds. */
export async function assertCanAssignRole(db: Kysely<Database>, req: FastifyRequest, roleId: string, userIds: string[]): Promise<void> {
  const me = callerId(req);
  if (userIds.includes(me)) throw new BizError(ESCALATION_MSG.ownRoles);
  if (await isSuperAdmin(db, me)) return;
  const held = await db.selectFrom('sys_user_role').select('id').where('user_id', '=', me).where('role_id', '=', roleId).executeTakeFirst();
  if (!held) throw new BizError(ESCALATION_MSG.roleNotHeld);
}

/** Department roles of a user: never one's own (they carry permissions). */
export function assertNotSelf(req: FastifyRequest, userId: string): void {
  if (userId === callerId(req)) throw new BizError(ESCALATION_MSG.ownRoles);
}

/**
 * Role codes (sys_role.role_code): `admin` makes a super admin, so the admin role keeps its code, and only a super
 * admin gives a role the code `admin` or changes any role's code. `current` is the stored code (null on add).
 */
export async function assertMayCodeRole(db: Kysely<Database>, req: FastifyRequest, current: string | null, next: unknown): Promise<void> {
  if (typeof next !== 'string' || next === current) return;
  if (current === ADMIN_ROLE_CODE) throw new BizError(ESCALATION_MSG.adminCodeFixed);
  const superAdmin = req.user ? await isSuperAdmin(db, callerId(req)) : false;
  if (superAdmin) return;
  if (next.trim().toLowerCase() === ADMIN_ROLE_CODE) throw new BizError(ESCALATION_MSG.adminCodeSuper);
  if (current !== null) throw new BizError(ESCALATION_MSG.roleCodeSuper);
}

/**
 * Grants and data rules of a role (saveRolePermission, /sys/role/datarule): a non-super-admin changes neither the
 * admin role's nor those of a role it holds itself (dropping a grant or a rule of one's own role widens one's reach).
 */
export async function assertMayChangeRoleGrants(db: Kysely<Database>, req: FastifyRequest, roleId: string): Promise<void> {
  if (await isSuperAdmin(db, callerId(req))) return;
  const role = await db.selectFrom('sys_role').select('role_code').where('id', '=', roleId).executeTakeFirst();
  if (role?.role_code === ADMIN_ROLE_CODE) throw new BizError(ESCALATION_MSG.adminRoleGrants);
  const held = await db.selectFrom('sys_user_role').select('id').where('user_id', '=', callerId(req)).where('role_id', '=', roleId).executeTakeFirst();
  if (held) throw new BizError(ESCALATION_MSG.ownGrants);
}

/** The same for a department role (saveDeptRolePermission, /sys/sysDepartRole/datarule). */
export async function assertMayChangeDeptRoleGrants(db: Kysely<Database>, req: FastifyRequest, droleId: string): Promise<void> {
  if (await isSuperAdmin(db, callerId(req))) return;
  const held = await db.selectFrom('sys_depart_role_user').select('id').where('user_id', '=', callerId(req)).where('drole_id', '=', droleId).executeTakeFirst();
  if (held) throw new BizError(ESCALATION_MSG.ownGrants);
}

/**
 * Giving department roles to a user (deptRoleUserAdd): the user belongs to each role's department, and a
 * non-super-admin holds every permission the roles carry (a department role is a bundle of permissions).
 */
export async function assertCanAssignDeptRoles(db: Kysely<Database>, req: FastifyRequest, userId: string, droleIds: string[]): Promise<void> {
  if (!droleIds.length) return;
  const roles = await db.selectFrom('sys_depart_role').select(['id', 'depart_id']).where('id', 'in', droleIds).execute();
  const departs = new Set((await db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', userId).execute()).map((r) => r.dep_id));
  if (roles.some((r) => !r.depart_id || !departs.has(r.depart_id))) throw new BizError(ESCALATION_MSG.notInDepart);
  const perms = await db.selectFrom('sys_depart_role_permission').select('permission_id').where('role_id', 'in', droleIds).execute();
  const ids = [...new Set(perms.map((p) => p.permission_id).filter((x): x is string => !!x))];
  await assertCanGrantPermissions(db, req, ids);
}

/** The codes a sys_permission row gives its holders: its `perms`, for a button only while enabled (status '1'). */
export function effectiveCodes(row: { perms?: unknown; menu_type?: unknown; status?: unknown }): string[] {
  if (Number(row.menu_type) === 2 && String(row.status ?? '1') !== '1') return [];
  return splitPerms(typeof row.perms === 'string' ? row.perms : null);
}

/**
 * Editing a menu or button (security §1.10): for a non-super-admin, a row already granted to a role or department
 * role may only come to give codes the caller holds itself (perms, or enabling a button); and the component or url
 * of a menu carrying data rules — the key the rules are found by — changes only by a super admin.
 */
export async function assertMayEditMenu(
  db: Kysely<Database>,
  req: FastifyRequest,
  held: ReadonlySet<string>,
  cur: { id: string; perms: string | null; menu_type: number | null; status: string | null; component: string | null; url: string | null },
  cols: Record<string, unknown>,
): Promise<void> {
  if (await isSuperAdmin(db, callerId(req))) return;
  const next = { ...cur, ...cols };
  const before = new Set(effectiveCodes(cur));
  const added = effectiveCodes(next).filter((c) => !before.has(c) && !held.has(c));
  if (added.length) {
    const granted =
      (await db.selectFrom('sys_role_permission').select('id').where('permission_id', '=', cur.id).limit(1).executeTakeFirst()) ??
      (await db.selectFrom('sys_depart_role_permission').select('id').where('permission_id', '=', cur.id).limit(1).executeTakeFirst());
    if (granted) throw new BizError(ESCALATION_MSG.permNotHeld);
  }
  const moved = ('component' in cols && cols.component !== cur.component) || ('url' in cols && cols.url !== cur.url);
  if (moved) {
    const ruled = await db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', cur.id).limit(1).executeTakeFirst();
    if (ruled) throw new BizError(ESCALATION_MSG.ruledMenu);
  }
}

/**
 * Editing or deleting a data rule: a non-super-admin leaves alone every rule chosen in a grant of a role or
 * department role it holds (loosening the rule would widen its own reach).
 */
export async function assertRuleNotOnCaller(db: Kysely<Database>, req: FastifyRequest, ruleIds: string[]): Promise<void> {
  if (!ruleIds.length || (await isSuperAdmin(db, callerId(req)))) return;
  const mine = new Set(
    (await grantsOf(db, callerId(req))).flatMap((g) =>
      (g.ruleIds ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  );
  if (ruleIds.some((r) => mine.has(r))) throw new BizError(ESCALATION_MSG.ruleRestrictsSelf);
}
