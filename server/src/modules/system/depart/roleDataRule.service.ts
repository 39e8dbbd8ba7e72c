import type { FastifyRequest } from 'fastify';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import type { AppContext } from '../../../core/context.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { dataRuleChoice, enabledRules, grantOf, ruleIdsOf, saveGrantRules, type GrantOwner } from '../permission/dataRuleGrant.js';
import { assertMayChangeDeptRoleGrants } from '../role/escalation.js';
import { DEPART_MSG } from './definition.js';
import type { Trx } from './rows.js';

/**
 * Department-role data rules (contract §4.3, §12.3; JeecgBoot SysDepartRoleController). A role chooses among the
 * rules its DEPARTMENT granted on the menu (sys_depart_permission.data_rule_ids); the choice is kept in
 * sys_depart_role_permission.data_rule_ids.
 */
const departRoleOwner = (roleId: string): GrantOwner => ({ table: 'sys_depart_role_permission', column: 'role_id', value: roleId });

/** The role's department; `departId` (when given) must be it. */
async function roleDepart(trx: Trx, roleId: string, departId: string | null): Promise<string> {
  const role = await trx.selectFrom('sys_depart_role').select(['id', 'depart_id']).where('id', '=', roleId).executeTakeFirst();
  if (!role) throw new BizError(MSG.notFound);
  if (!role.depart_id || (departId !== null && role.depart_id !== departId)) throw new BizError(DEPART_MSG.roleNotInDepart);
  return role.depart_id;
}

/** Ids of the rules the department granted on the menu. */
async function departRuleIds(trx: Trx, departId: string, permissionId: string): Promise<string[]> {
  const g = await trx
    .selectFrom('sys_depart_permission')
    .select('data_rule_ids')
    .where('depart_id', '=', departId)
    .where('permission_id', '=', permissionId)
    .executeTakeFirst();
  return ruleIdsOf(g?.data_rule_ids);
}

/** The rules the role's department offers on the menu and which of them the role chose. */
export async function departRoleDataRules(ctx: AppContext, permissionId: string, departId: string, roleId: string) {
  const db = ctx.db.db;
  await roleDepart(db, roleId, departId);
  const offered = await enabledRules(db, permissionId, await departRuleIds(db, departId, permissionId));
  const grant = await grantOf(db, departRoleOwner(roleId), permissionId);
  return dataRuleChoice(offered, grant?.data_rule_ids);
}

/** Save the role's choice among the rules its department granted on the menu (departId null = the role's own). */
export async function saveDepartRoleDataRules(
  ctx: AppContext,
  req: FastifyRequest,
  permissionId: string,
  roleId: string,
  departId: string | null,
  ruleIds: string[],
): Promise<void> {
  await ctx.db.db.transaction().execute(async (trx) => {
    const dep = await roleDepart(trx, roleId, departId);
    await assertMayChangeDeptRoleGrants(trx, req, roleId);
    const allowed = await departRuleIds(trx, dep, permissionId);
    await saveGrantRules(
      trx,
      departRoleOwner(roleId),
      permissionId,
      ruleIds,
      { notGranted: MSG.saveMenuGrantsFirst, notAllowed: DEPART_MSG.ruleNotGranted },
      allowed,
    );
  });
  await bumpPermissionVersion(ctx);
}
