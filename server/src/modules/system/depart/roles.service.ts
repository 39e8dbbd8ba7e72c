import type { FastifyRequest } from 'fastify';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import type { AppContext } from '../../../core/context.js';
import { toWire, type Values } from '../../../core/crud/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { fetchPage, likeExpr, type Paging } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import { allMenus } from '../permission/menu.service.js';
import { nest, sortRows, treeModel } from '../permission/menu.tree.js';
import { saveGrants } from '../permission/grants.service.js';
import { assertCanAssignDeptRoles, assertCanGrantPermissions, assertMayChangeDeptRoleGrants } from '../role/escalation.js';
import { assertManageableUsers } from '../user/definition.js';
import { DEPART_MSG, departRoleResolved } from './definition.js';
import { requireDepart, type Trx } from './rows.js';

const roleWire = (r: unknown) => toWire(departRoleResolved, r as Record<string, unknown>);

/**
 * The queries of department roles (`/sys/sysDepartRole/*`) and their permissions (`/sys/sysDepartPermission/*`).
 * Every change of who holds what bumps the permission version once its transaction is over.
 */
export class DepartRoleService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.db;
  }

  /** One page of department roles, optionally of one department and by name. */
  async list(deptId: string | null, roleName: string | undefined, pg: Paging) {
    const base = this.db
      .selectFrom('sys_depart_role')
      .$if(!!deptId, (s) => s.where('depart_id', '=', deptId!))
      .$if(!!roleName, (s) => s.where(likeExpr('role_name', 'like', roleName!, this.ctx.db.dialect)));
    const { rows, total } = await fetchPage(base, (qb) => qb.selectAll().orderBy('create_time', 'desc').orderBy('id'), pg);
    return { records: rows.map(roleWire), total };
  }

  private async checkRoleCode(trx: Trx, departId: string, code: string, id: string | null): Promise<void> {
    let s = trx.selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId).where('role_code', '=', code);
    if (id) s = s.where('id', '<>', id);
    if (await s.limit(1).executeTakeFirst()) throw new BizError(DEPART_MSG.roleCodeUsed);
  }

  /** Add a role to a department (its code unique within the department). */
  async add(req: FastifyRequest, departId: string, values: Values): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await requireDepart(trx, departId);
      await this.checkRoleCode(trx, departId, values.roleCode as string, null);
      await trx
        .insertInto('sys_depart_role')
        .values({
          id: newId(),
          depart_id: departId,
          role_name: values.roleName as string,
          role_code: values.roleCode as string,
          description: (values.description as string | null) ?? null,
          create_by: req.user?.username ?? null,
          create_time: now(),
        })
        .execute();
    });
  }

  /** Edit a role (it stays in its department). */
  async edit(req: FastifyRequest, id: string, values: Values): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const cur = await trx.selectFrom('sys_depart_role').select(['id', 'depart_id']).where('id', '=', id).executeTakeFirst();
      if (!cur) throw new BizError(MSG.notFound);
      if (values.roleCode) await this.checkRoleCode(trx, cur.depart_id ?? '', values.roleCode as string, id);
      const set: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(values)) if (v !== undefined) set[departRoleResolved.columnOf(k)] = v;
      await trx
        .updateTable('sys_depart_role')
        .set({ ...set, update_by: req.user?.username ?? null, update_time: now() })
        .where('id', '=', id)
        .execute();
    });
    await bumpPermissionVersion(this.ctx);
  }

  /** Delete roles with their holders and grants; any unknown id → nothing changes. */
  async remove(ids: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom('sys_depart_role').select('id').where('id', 'in', ids).execute();
      if (found.length !== ids.length) throw new BizError(MSG.notFound);
      await trx.deleteFrom('sys_depart_role_user').where('drole_id', 'in', ids).execute();
      await trx.deleteFrom('sys_depart_role_permission').where('role_id', 'in', ids).execute();
      await trx.deleteFrom('sys_depart_role').where('id', 'in', ids).execute();
    });
    await bumpPermissionVersion(this.ctx);
  }

  /** The roles of one department, oldest first. */
  async ofDepart(departId: string) {
    const rows = await this.db.selectFrom('sys_depart_role').selectAll().where('depart_id', '=', departId).orderBy('create_time').orderBy('id').execute();
    return rows.map(roleWire);
  }

  /** The department roles a user holds (optionally of one department). */
  async ofUser(userId: string, departId: string | null) {
    let s = this.db
      .selectFrom('sys_depart_role_user as u')
      .innerJoin('sys_depart_role as r', 'r.id', 'u.drole_id')
      .where('u.user_id', '=', userId)
      .select(['u.id', 'u.user_id', 'u.drole_id']);
    if (departId) s = s.where('r.depart_id', '=', departId);
    return (await s.execute()).map((r) => ({ id: r.id, userId: r.user_id, droleId: r.drole_id }));
  }

  /** Give a user the roles `next` has and `last` had not, take away the others (security §1.10 checks first). */
  async assignToUser(req: FastifyRequest, userId: string, next: string[], last: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await assertManageableUsers(trx, req, [userId]);
      const add = next.filter((i) => !last.includes(i));
      const del = last.filter((i) => !next.includes(i));
      if (add.length) {
        const known = await trx.selectFrom('sys_depart_role').select('id').where('id', 'in', add).execute();
        if (known.length !== add.length) throw new BizError(MSG.notFound);
        // security §1.10: only roles of the user's own departments, carrying only permissions the caller holds
        await assertCanAssignDeptRoles(trx, req, userId, add);
        const have = new Set(
          (await trx.selectFrom('sys_depart_role_user').select('drole_id').where('user_id', '=', userId).where('drole_id', 'in', add).execute()).map(
            (r) => r.drole_id,
          ),
        );
        const rows = add.filter((i) => !have.has(i)).map((i) => ({ id: newId(), user_id: userId, drole_id: i }));
        if (rows.length) await trx.insertInto('sys_depart_role_user').values(rows).execute();
      }
      if (del.length) await trx.deleteFrom('sys_depart_role_user').where('user_id', '=', userId).where('drole_id', 'in', del).execute();
    });
    await bumpPermissionVersion(this.ctx);
  }

  /** The menu tree a department's roles may be granted: the department's own permissions. */
  async grantableTree(departId: string) {
    const granted = new Set(
      (await this.db.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', departId).execute()).map((r) => r.permission_id),
    );
    const rows = (await allMenus(this.ctx)).filter((r) => granted.has(r.id));
    return { treeList: nest(rows, treeModel), ids: sortRows(rows).map((r) => r.id) };
  }

  /** The permission ids granted to a department role. */
  async permissionIds(roleId: string) {
    return (await this.db.selectFrom('sys_depart_role_permission').select('permission_id').where('role_id', '=', roleId).execute()).map((r) => r.permission_id);
  }

  /** Save a department role's grants, within the department's own permissions and what the caller may grant. */
  async savePermissions(req: FastifyRequest, roleId: string, next: string[], last: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const role = await trx.selectFrom('sys_depart_role').select(['id', 'depart_id']).where('id', '=', roleId).executeTakeFirst();
      if (!role) throw new BizError(MSG.notFound);
      await assertMayChangeDeptRoleGrants(trx, req, roleId);
      const allowed = new Set(
        (
          await trx
            .selectFrom('sys_depart_permission')
            .select('permission_id')
            .where('depart_id', '=', role.depart_id ?? '')
            .execute()
        ).map((r) => r.permission_id),
      );
      if (next.filter((i) => !last.includes(i)).some((i) => !allowed.has(i))) throw new BizError('只能授予部门已有的权限');
      await assertCanGrantPermissions(
        trx,
        req,
        next.filter((i) => !last.includes(i)),
      );
      await saveGrants(trx, 'sys_depart_role_permission', { column: 'role_id', value: roleId }, next, last, { depart_id: role.depart_id });
    });
    await bumpPermissionVersion(this.ctx);
  }
}
