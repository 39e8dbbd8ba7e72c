import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import { checkId } from '../../../core/crud/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { dataRuleChoice, enabledRules, grantOf, ruleIdsOf, saveGrantRules, type GrantOwner } from '../permission/dataRuleGrant.js';
import { idList } from '../permission/grants.service.js';
import { DEPART_MSG } from './definition.js';
import { assertMayChangeDeptRoleGrants } from '../role/escalation.js';
import { empty, type Trx } from './rows.js';
import { bodyObject } from '../../../core/http/jsonBody.js';

/**
 * Department-role data rules (contract §4.3, §12.3 `/sys/sysDepartRole/datarule`; JeecgBoot SysDepartRoleController),
 * perm depart:roles like the department-role grants. A role chooses among the rules its DEPARTMENT granted on the
 * menu (sys_depart_permission.data_rule_ids); the choice is kept in sys_depart_role_permission.data_rule_ids.
 */
const departRoleOwner = (roleId: string): GrantOwner => ({ table: 'sys_depart_role_permission', column: 'role_id', value: roleId });

export function departRoleDataRuleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db.db;
  const roles = perm(PERM.depart.roles);

  /** The role's department; `departId` (when given) must be it. */
  async function roleDepart(trx: Trx, roleId: string, departId: string | null): Promise<string> {
    const role = await trx.selectFrom('sys_depart_role').select(['id', 'depart_id']).where('id', '=', roleId).executeTakeFirst();
    if (!role) throw new BizError(MSG.notFound);
    if (!role.depart_id || (departId !== null && role.depart_id !== departId)) throw new BizError(DEPART_MSG.roleNotInDepart);
    return role.depart_id;
  }

  /** Ids of the rules the department granted on the menu. */
  async function departRuleIds(trx: Trx, departId: string, permissionId: string): Promise<string[]> {
    const g = await trx.selectFrom('sys_depart_permission').select('data_rule_ids').where('depart_id', '=', departId).where('permission_id', '=', permissionId).executeTakeFirst();
    return ruleIdsOf(g?.data_rule_ids);
  }

  app.get('/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId', { config: roles }, async (req) => {
    const prm = req.params as { permissionId?: string; departId?: string; roleId?: string };
    const permissionId = checkId(prm.permissionId);
    const departId = checkId(prm.departId);
    const roleId = checkId(prm.roleId);
    await roleDepart(db, roleId, departId);
    const offered = await enabledRules(db, permissionId, await departRuleIds(db, departId, permissionId));
    const grant = await grantOf(db, departRoleOwner(roleId), permissionId);
    return ok(dataRuleChoice(offered, grant?.data_rule_ids));
  });

  app.post('/sys/sysDepartRole/datarule', { config: roles }, async (req) => {
    const body = bodyObject(req.body);
    const permissionId = checkId(body.permissionId);
    const roleId = checkId(body.roleId);
    // The original client sends no departId: the role's own department is used then.
    const departId = empty(body.departId) ? null : checkId(body.departId);
    const ruleIds = idList(body.dataRuleIds, 'dataRuleIds');
    await db.transaction().execute(async (trx) => {
      const dep = await roleDepart(trx, roleId, departId);
      await assertMayChangeDeptRoleGrants(trx, req, roleId);
      const allowed = await departRuleIds(trx, dep, permissionId);
      await saveGrantRules(trx, departRoleOwner(roleId), permissionId, ruleIds, { notGranted: MSG.saveMenuGrantsFirst, notAllowed: DEPART_MSG.ruleNotGranted }, allowed);
    });
    await bumpPermissionVersion(ctx);
    return okMsg(MSG.savedAscii);
  });
}
