import type { FastifyRequest } from 'fastify';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import type { AppContext } from '../../../core/context.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { fetchPage, likeExpr, type Paging } from '../../../core/query/index.js';
import { dataRuleChoice, enabledRules, grantOf, saveGrantRules, type GrantOwner } from '../permission/dataRuleGrant.js';
import { saveGrants } from '../permission/grants.service.js';
import { assertManageableUsers, assertMayManage, userScope } from '../user/definition.js';
import { ROLE_MSG } from './definition.js';
import { assertCanAssignRole, assertCanGrantPermissions, assertMayChangeRoleGrants } from './escalation.js';
import { MSG } from '../../../core/messages.js';

/** Columns of a user row returned by the role-user list (never password/salt). */
export const USER_COLUMNS = [
  'id',
  'username',
  'realname',
  'avatar',
  'birthday',
  'sex',
  'email',
  'phone',
  'org_code',
  'status',
  'work_no',
  'post',
  'telephone',
  'create_by',
  'create_time',
  'user_identity',
  'depart_ids',
] as const;

export function userWire(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) out[k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())] = v ?? null;
  return out;
}

const roleOwner = (roleId: string): GrantOwner => ({ table: 'sys_role_permission', column: 'role_id', value: roleId });

/**
 * The queries of the role screen besides the engine's CRUD (contract §12.2, §4.3): all roles, the role-code check,
 * role users, role authorisation and role data rules. Every grant change bumps the permission version once its
 * transaction is over.
 */
export class RoleService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.db;
  }

  /** Every role (`未找到角色信息` when there is none), oldest first. */
  async all(): Promise<Record<string, unknown>[]> {
    const rows = await this.db.selectFrom('sys_role').selectAll().orderBy('create_time').orderBy('id').execute();
    if (!rows.length) throw new BizError(ROLE_MSG.notFound);
    return rows.map(userWire);
  }

  /** Refuse a role code another role (not `id`) already has. */
  async assertCodeFree(code: string, id: string | null): Promise<void> {
    let sel = this.db.selectFrom('sys_role').select('id').where('role_code', '=', code);
    if (id) sel = sel.where('id', '<>', id);
    if (await sel.limit(1).executeTakeFirst()) throw new BizError('角色编码已存在');
  }

  /** One page of the users holding a role (within the caller's tenants), optionally by username. */
  async users(req: FastifyRequest, roleId: string, username: string | undefined, pg: Paging) {
    const db = this.db;
    const base = db
      .selectFrom('sys_user as u')
      .where('u.del_flag', '=', 0)
      .where((eb) => userScope(eb, req, (c) => `u.${c}`))
      .where('u.id', 'in', db.selectFrom('sys_user_role').select('user_id').where('role_id', '=', roleId))
      .$if(!!username, (s) => s.where(likeExpr('u.username', 'like', username!, this.ctx.db.dialect)));
    const { rows, total } = await fetchPage(
      base,
      (qb) =>
        qb
          .select(USER_COLUMNS.map((c) => `u.${c}` as 'u.id'))
          .orderBy('u.create_time', 'desc')
          .orderBy('u.id'),
      pg,
    );
    return { records: rows.map((r) => userWire(r as Record<string, unknown>)), total };
  }

  /** Give a role to users the caller may see and manage (those who hold it already are left as they are). */
  async addUsers(req: FastifyRequest, roleId: string, userIds: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const role = await trx.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst();
      if (!role) throw new BizError(ROLE_MSG.notFound);
      await assertCanAssignRole(trx, req, roleId, userIds);
      // a user's roles are the caller's to change only within its own rights (issue 10 point 2)
      await assertManageableUsers(trx, req, userIds);
      const have = new Set(
        (await trx.selectFrom('sys_user_role').select('user_id').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute()).map((r) => r.user_id),
      );
      const rows = userIds.filter((u) => !have.has(u)).map((u) => ({ id: newId(), user_id: u, role_id: roleId }));
      if (rows.length) await trx.insertInto('sys_user_role').values(rows).execute();
    });
    await bumpPermissionVersion(this.ctx);
  }

  /** Take a role away from users the caller may see and manage. */
  async removeUsers(req: FastifyRequest, roleId: string, userIds: string[]): Promise<void> {
    const db = this.db;
    if (!(await db.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst())) throw new BizError(ROLE_MSG.notFound);
    await assertCanAssignRole(db, req, roleId, userIds);
    // taking a role away from a super admin is for super admins only (security §1.10)
    await assertMayManage(db, req, userIds);
    // Only users the caller can see (tenant scope, security §1.11).
    const visible = db
      .selectFrom('sys_user')
      .select('id')
      .where((eb) => userScope(eb, req));
    await db.deleteFrom('sys_user_role').where('role_id', '=', roleId).where('user_id', 'in', userIds).where('user_id', 'in', visible).execute();
    await bumpPermissionVersion(this.ctx);
  }

  /** The menu and button ids granted to a role. */
  async permissionIds(roleId: string): Promise<Array<string | null>> {
    const rows = await this.db.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', roleId).execute();
    return rows.map((r) => r.permission_id);
  }

  /** Save a role's grants (`next` replaces `last`), within what the caller may grant. */
  async savePermissions(req: FastifyRequest, roleId: string, next: string[], last: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const role = await trx.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst();
      if (!role) throw new BizError(ROLE_MSG.notFound);
      await assertMayChangeRoleGrants(trx, req, roleId);
      await assertCanGrantPermissions(
        trx,
        req,
        next.filter((i) => !last.includes(i)),
      );
      await saveGrants(trx, 'sys_role_permission', { column: 'role_id', value: roleId }, next, last, { operate_ip: req.ip ?? null });
    });
    await bumpPermissionVersion(this.ctx);
  }

  /** The enabled data rules of a menu and which of them the role's grant names. */
  async dataRules(permissionId: string, roleId: string) {
    const rules = await enabledRules(this.db, permissionId);
    const grant = await grantOf(this.db, roleOwner(roleId), permissionId);
    return dataRuleChoice(rules, grant?.data_rule_ids);
  }

  /** Save the data rules of a role's grant on a menu (the menu must be granted first). */
  async saveDataRules(req: FastifyRequest, permissionId: string, roleId: string, ruleIds: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await assertMayChangeRoleGrants(trx, req, roleId);
      await saveGrantRules(trx, roleOwner(roleId), permissionId, ruleIds, { notGranted: MSG.saveMenuGrantsFirst });
    });
    await bumpPermissionVersion(this.ctx);
  }
}
