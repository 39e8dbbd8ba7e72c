import { userEntity } from '@pk/contract';
import type { FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { CrudBinding, SaveContext, SaveExtras, Values } from '../../../core/crud/index.js';
import { checkId, splitIds } from '../../../core/crud/index.js';
import { BizError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { hashPassword } from '../../../core/auth/password.js';
import { newId } from '../../../core/id.js';
import { param, type RawParams } from '../../../core/query/index.js';
import { dataRuleScope } from '../../../core/datarule/index.js';
import { withOrgCodeTxt } from './orgCodeTxt.js';
import type { Database } from '../../../db/schema.js';
import { usersBeyond } from '../role/grants.js';
import { usernameKey, usernameProblem, usernameTaken } from './username.js';

/** The external placeholder account the original always hides (contract §12.1). */
export const RESERVED_USER = '_reserve_user_external';
export const ADMIN_USERNAME = 'admin';
export const ADMIN_ROLE_CODE = 'admin';

export const USER_MSG = {
  passwordRequired: MSG.passwordRequired,
  passwordMismatch: MSG.passwordMismatch,
  passwordTooLong: '密码长度不能超过100',
  deleteSelf: '不能删除当前登录用户！',
  deleteAdmin: '不能删除admin账号！',
  freezeSelf: '不能冻结当前登录用户！',
  freezeAdmin: '不能冻结admin账号！',
  editAdmin: '只有超级管理员可以修改admin账号！',
  roleMissing: '角色不存在',
  roleNotHeld: '不能分配自己没有的角色',
  ownRoles: '不能修改自己的角色',
  ownAccess: '不能修改自己的身份、部门或租户',
  departMissing: '部门不存在',
  tenantMissing: '租户不存在',
  tenantNotHeld: '不能分配自己不属于的租户',
  userMissing: MSG.userMissing,
  noRoles: '未找到用户相关角色信息',
  userTaken: '用户账号已存在',
  /** the add form's text for a taken login account (the engine's `<label>已存在` of the username field) */
  usernameTaken: '登录账号已存在',
  moreRights: '不能操作权限多于自己的用户',
} as const;

/** The save extras of an add/edit/import that are not columns of sys_user (role/depart links, the password). */
export interface UserExtras extends SaveExtras {
  roles?: string[];
  departs?: string[];
  /** Plain password of an add or an imported row; hashed in beforeSave. */
  password?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

/** `rel_tenant_ids` (a comma list, maybe with a trailing comma) contains the tenant. Dialect-neutral LIKEs. */
export function tenantMatch(eb: AnyEb, tenantId: number, column = 'rel_tenant_ids'): Expression<SqlBool> {
  const t = String(Math.trunc(tenantId));
  return eb.or([eb(column, '=', t), eb(column, 'like', `${t},%`), eb(column, 'like', `%,${t}`), eb(column, 'like', `%,${t},%`)]);
}

/**
 * The tenants whose rows a request may touch (security §1.11): the tenant chosen by the `tenant-id` header (already
 * checked against the caller's memberships, 403 otherwise); with no tenant chosen, all of the caller's tenants.
 * `null` = no restriction: a platform user, who belongs to no tenant (system tables are shared, contract §12.5).
 */
export function callerTenants(req: FastifyRequest): number[] | null {
  const u = req.user;
  if (!u) return null;
  if (u.tenantId > 0) return [u.tenantId];
  return u.tenantIds?.length ? [...u.tenantIds] : null;
}

/**
 * Rows of sys_user a request may see (security §1.11): never the reserved external user; a tenant member only
 * sees members of their tenants (callerTenants).
 */
export function userScope(eb: AnyEb, req: FastifyRequest, column = (c: string) => c): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [eb.or([eb(column('username'), 'is', null), eb(column('username'), '<>', RESERVED_USER)])];
  const tenants = callerTenants(req);
  if (tenants) parts.push(eb.or(tenants.map((t) => tenantMatch(eb, t, column('rel_tenant_ids')))));
  return eb.and(parts);
}

/** The 用户管理 menu's component: data rules granted on it narrow the list and its export (contract §4.4). */
export const USER_MENU = 'system/UserList';
/**
 * The data-rule condition of the request on sys_user: on the routes declaring `dataRules: USER_MENU` — the list
 * (`@PermissionData` in the original), its export, and every action of the 用户管理 screen on a user: a row the rules
 * hide can be neither read by id nor changed (issue 3 point 7). Null elsewhere.
 */
export const userRuleScope = dataRuleScope(userEntity, USER_MENU, { audit: ['createBy', 'createTime', 'updateBy', 'updateTime'] });

/**
 * The list's extra filters (contract §12.1): `departId` (users of that department) and `code` (comma user ids,
 * used by the user pickers to show the chosen users), read from the query string.
 */
function departFilter(eb: AnyEb, q: RawParams): Expression<SqlBool> | null {
  const parts: Expression<SqlBool>[] = [];
  const raw = param(q, 'departId')?.trim();
  if (raw) parts.push(eb('id', 'in', eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', checkId(raw))));
  const codes = codeIds(q);
  if (codes.length) parts.push(eb('id', 'in', codes));
  return parts.length ? eb.and(parts) : null;
}

/** The list's `code` parameter: comma user ids (at most 1000). */
export function codeIds(q: RawParams): string[] {
  return splitIds(param(q, 'code')).slice(0, 1000).map(checkId);
}

/** The caller holds the admin role (role_code `admin`). */
export async function isSuperAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const r = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('r.id')
    .where('ur.user_id', '=', userId)
    .where('r.role_code', '=', ADMIN_ROLE_CODE)
    .executeTakeFirst();
  return !!r;
}

/** Of `ids`, the users holding the admin role (super admins). */
export async function superAdminsAmong(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('ur.user_id')
    .where('ur.user_id', 'in', ids)
    .where('r.role_code', '=', ADMIN_ROLE_CODE)
    .execute();
  return [...new Set(rows.map((r) => r.user_id).filter((x): x is string => !!x))];
}

/**
 * Acting on other users' credentials, status or identity (security §1.10, issue 10 point 2): a super admin (any
 * holder of the admin role) manages anyone; anyone else never a super admin (`message`), and only users whose
 * rights — permissions and the data rules narrowing them, as the grant rules count them (role/grants.ts), and
 * tenants — are a subset of its own (else it could reset such a user's password, sign in as it and gain the rest).
 * The caller itself is left out.
 */
export async function assertMayManage(db: Kysely<Database>, req: FastifyRequest, ids: string[], message: string = USER_MSG.editAdmin): Promise<void> {
  const caller = req.user;
  if (!caller) return;
  const targets = ids.filter((i) => i !== caller.id);
  if (!targets.length || (await isSuperAdmin(db, caller.id))) return;
  if ((await superAdminsAmong(db, targets)).length) throw new BizError(message);
  if ((await usersBeyond(db, caller.id, targets)).length) throw new BizError(USER_MSG.moreRights);
  // tenants are rights too: a tenant member never takes over a user who also belongs to a tenant it is not in
  const mine = caller.tenantIds ?? [];
  if (mine.length) {
    const rows = await db.selectFrom('sys_user').select('rel_tenant_ids').where('id', 'in', targets).execute();
    if (rows.some((r) => splitTenantIds(r.rel_tenant_ids).some((t) => !mine.includes(t)))) throw new BizError(USER_MSG.moreRights);
  }
}

/** Refuse unless every one of `userIds` is a user (not deleted) the caller sees (`未找到用户信息`) and may manage. */
export async function assertManageableUsers(db: Kysely<Database>, req: FastifyRequest, userIds: string[]): Promise<void> {
  const users = await db
    .selectFrom('sys_user')
    .select('id')
    .where('id', 'in', userIds)
    .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
    .execute();
  if (users.length !== userIds.length) throw new BizError(MSG.userNotFound);
  await assertMayManage(db, req, userIds);
}

/** Fields a user cannot change on their own row through edit (self-escalation, security §1.10). */
const SELF_LOCKED = [
  ['userIdentity', 'user_identity'],
  ['departIds', 'depart_ids'],
  ['relTenantIds', 'rel_tenant_ids'],
] as const;

/** Check the tenants a body assigns: they exist, and a caller inside a tenant assigns only their own tenants. */
async function checkTenants(raw: unknown, c: SaveContext): Promise<void> {
  if (typeof raw !== 'string' || !raw.trim()) return;
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.some((s) => !/^\d{1,9}$/.test(s))) throw new BizError(USER_MSG.tenantMissing);
  const nums = [...new Set(ids.map(Number))];
  const found = await c.trx.selectFrom('sys_tenant').select('id').where('id', 'in', nums).execute();
  if (found.length !== nums.length) throw new BizError(USER_MSG.tenantMissing);
  const mine = c.req.user?.tenantIds;
  if (mine?.length && nums.some((n) => !mine.includes(n))) throw new BizError(USER_MSG.tenantNotHeld);
}

export function splitTenantIds(raw: string | null | undefined): number[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .filter((n) => n > 0);
}

async function beforeSave(values: Values, c: SaveContext): Promise<void> {
  const extras: UserExtras = c.extras;
  const caller = c.req.user;
  if (c.isNew) {
    await checkNewUsername(values, c);
    const pw = extras.password;
    if (typeof pw !== 'string' || !pw.trim()) throw new BizError(USER_MSG.passwordRequired);
    if (pw.length > 100) throw new BizError(USER_MSG.passwordTooLong);
    values.password = await hashPassword(pw);
    values.salt = null;
    values.status = 1;
    if (values.userIdentity === undefined || values.userIdentity === null) values.userIdentity = 1;
    // A tenant member creates users of their tenant(s): never a tenant-less (platform) user.
    const scope = callerTenants(c.req);
    if (scope && !values.relTenantIds) values.relTenantIds = scope.join(',');
  } else {
    const target = await c.trx
      .selectFrom('sys_user')
      .select(['username', 'user_identity', 'depart_ids', 'rel_tenant_ids'])
      .where('id', '=', c.id)
      .executeTakeFirst();
    if (target?.username === ADMIN_USERNAME && caller && !(await isSuperAdmin(c.trx, caller.id))) throw new BizError(USER_MSG.editAdmin);
    await assertMayManage(c.trx, c.req, [c.id!]);
    if (target && caller && c.id === caller.id) {
      // one's own identity, departments in charge, tenants and department links change only through someone else
      const norm = (v: unknown) =>
        v === null || v === undefined
          ? ''
          : String(v)
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)
              .sort()
              .join(',');
      for (const [prop, col] of SELF_LOCKED) {
        if (prop in values && norm(values[prop]) !== norm((target as Record<string, unknown>)[col])) throw new BizError(USER_MSG.ownAccess);
      }
      if (extras.departs) {
        const current = (await c.trx.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', c.id!).execute())
          .map((r) => r.dep_id)
          .sort()
          .join(',');
        if ([...extras.departs].sort().join(',') !== current) throw new BizError(USER_MSG.ownAccess);
      }
    }
  }
  if ('relTenantIds' in values) await checkTenants(values.relTenantIds, c);
  const mine = caller?.tenantIds;
  if (!c.isNew && mine?.length && 'relTenantIds' in values) {
    // Tenants the caller is not a member of are not the caller's to take away (security §1.11): they stay.
    const old = await c.trx.selectFrom('sys_user').select('rel_tenant_ids').where('id', '=', c.id).executeTakeFirst();
    const kept = splitTenantIds(old?.rel_tenant_ids).filter((t) => !mine.includes(t));
    if (kept.length) values.relTenantIds = [...new Set([...splitTenantIds(values.relTenantIds as string | null), ...kept])].join(',');
  }
  const scope = callerTenants(c.req);
  if (scope && 'relTenantIds' in values) {
    // Never move a user out of the caller's tenants (they would vanish from the caller's own scope).
    const next = splitTenantIds(values.relTenantIds as string | null);
    if (!next.some((t) => scope.includes(t))) throw new BizError(USER_MSG.tenantNotHeld);
  }
  const departs = extras.departs;
  if (departs?.length) {
    const rows = await c.trx.selectFrom('sys_depart').select(['id', 'org_code']).where('id', 'in', departs).execute();
    if (rows.length !== departs.length) throw new BizError(USER_MSG.departMissing);
    const first = rows.find((r) => r.id === departs[0]);
    values.orgCode = first?.org_code ?? null;
  } else if (departs && !departs.length) values.orgCode = null;
  if (typeof values.departIds === 'string' && values.departIds) {
    const ids = splitIds(values.departIds);
    const n = ids.length ? (await c.trx.selectFrom('sys_depart').select('id').where('id', 'in', ids).execute()).length : 0;
    if (n !== ids.length) throw new BizError(USER_MSG.departMissing);
  }
  if (extras.roles) await checkRoles(extras.roles, c);
}

/**
 * A new login account (add and import; an edit never changes it): no look-alike of another user's (case, width,
 * mixed scripts — username.ts); its key is stored beside it, under the unique index of migration 0028.
 */
async function checkNewUsername(values: Values, c: SaveContext): Promise<void> {
  const name = values.username;
  if (typeof name !== 'string') return;
  const problem = usernameProblem(name);
  if (problem) throw new BizError(problem);
  if (await usernameTaken(c.trx, name)) throw new BizError(USER_MSG.usernameTaken);
  values.usernameKey = usernameKey(name);
}

async function checkRoles(roles: string[], c: SaveContext): Promise<void> {
  if (roles.length) {
    const found = await c.trx.selectFrom('sys_role').select('id').where('id', 'in', roles).execute();
    if (found.length !== roles.length) throw new BizError(USER_MSG.roleMissing);
  }
  const caller = c.req.user;
  if (!caller) return;
  const held = new Set((await c.trx.selectFrom('sys_user_role').select('role_id').where('user_id', '=', caller.id).execute()).map((r) => r.role_id));
  const superAdmin = await isSuperAdmin(c.trx, caller.id);
  if (!c.isNew && c.id === caller.id) {
    const current = new Set((await c.trx.selectFrom('sys_user_role').select('role_id').where('user_id', '=', c.id).execute()).map((r) => r.role_id));
    const same = current.size === new Set(roles).size && roles.every((r) => current.has(r));
    if (!same) throw new BizError(USER_MSG.ownRoles);
    return;
  }
  if (superAdmin) return;
  // Only the roles that change count: given or taken away, each must be one the caller holds (security §1.10).
  const current = c.isNew
    ? new Set<string>()
    : new Set((await c.trx.selectFrom('sys_user_role').select('role_id').where('user_id', '=', c.id).execute()).map((r) => r.role_id));
  const next = new Set(roles);
  const changed = [...roles.filter((r) => !current.has(r)), ...[...current].filter((r): r is string => !!r && !next.has(r))];
  if (changed.some((r) => !held.has(r))) throw new BizError(USER_MSG.roleNotHeld);
}

async function afterSave(_values: Values, c: SaveContext): Promise<void> {
  const extras: UserExtras = c.extras;
  if (extras.roles) {
    await c.trx.deleteFrom('sys_user_role').where('user_id', '=', c.id).execute();
    for (const roleId of extras.roles) await c.trx.insertInto('sys_user_role').values({ id: newId(), user_id: c.id, role_id: roleId }).execute();
  }
  if (extras.departs) {
    // Department roles of departments the user leaves go with them (as deleteUserInDepart does).
    const left = c.trx
      .selectFrom('sys_depart_role')
      .select('id')
      .where('depart_id', 'not in', extras.departs.length ? extras.departs : ['']);
    await c.trx.deleteFrom('sys_depart_role_user').where('user_id', '=', c.id).where('drole_id', 'in', left).execute();
    await c.trx.deleteFrom('sys_user_depart').where('user_id', '=', c.id).execute();
    for (const depId of extras.departs) await c.trx.insertInto('sys_user_depart').values({ id: newId(), user_id: c.id, dep_id: depId }).execute();
  }
}

/** 用户 (contract §12.1): sys_user, logical delete, password and salt never selected. */
export const userBinding: CrudBinding = {
  entity: userEntity,
  table: 'sys_user',
  softDelete: true,
  listFilter: departFilter,
  rowFields: (rows, req) => withOrgCodeTxt(req.server.ctx.db.db, rows),
  rowFieldsReads: ['sys_user_depart', 'sys_depart'],
  // every add, edit and imported row is a version in sys_data_log: the row on the wire, never password or salt
  // (ALWAYS_HIDDEN columns are not selected, so writeDataLog cannot see them)
  dataLog: true,
  hooks: {
    beforeSave,
    afterSave,
    scope(eb, req) {
      const parts = [userScope(eb, req)];
      const rules = userRuleScope(eb, req);
      if (rules) parts.push(rules);
      return parts.length === 1 ? parts[0] : eb.and(parts);
    },
  },
};
