import type { FastifyRequest } from 'fastify';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import type { AppContext } from '../../../core/context.js';
import { dataRuleChoice, enabledRules, grantOf, ruleIdsOf, saveGrantRules, type GrantOwner } from '../permission/dataRuleGrant.js';
import { saveGrants } from '../permission/grants.service.js';
import { assertCanGrantPermissions } from '../role/escalation.js';
import { requireDepart } from './rows.js';

/**
 * Department permissions and their data rules (contract §4.3). The rules a department grants on a menu are the ones
 * its roles may choose there; a department role never keeps what its department lost.
 */
const departOwner = (departId: string): GrantOwner => ({ table: 'sys_depart_permission', column: 'depart_id', value: departId });

/** The permission ids granted to a department. */
export async function departPermissionIds(ctx: AppContext, departId: string) {
  return (await ctx.db.db.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', departId).execute()).map((r) => r.permission_id);
}

/** Save a department's grants (`next` replaces `last`) within what the caller may grant. */
export async function saveDepartPermissions(ctx: AppContext, req: FastifyRequest, departId: string, next: string[], last: string[]): Promise<void> {
  await ctx.db.db.transaction().execute(async (trx) => {
    await requireDepart(trx, departId);
    await assertCanGrantPermissions(
      trx,
      req,
      next.filter((i) => !last.includes(i)),
    );
    await saveGrants(trx, 'sys_depart_permission', { column: 'depart_id', value: departId }, next, last);
    // A department role cannot keep what its department lost.
    const removed = last.filter((i) => !next.includes(i));
    if (removed.length) await trx.deleteFrom('sys_depart_role_permission').where('depart_id', '=', departId).where('permission_id', 'in', removed).execute();
  });
  await bumpPermissionVersion(ctx);
}

/** The enabled data rules of a menu and which of them the department's grant names. */
export async function departDataRules(ctx: AppContext, permissionId: string, departId: string) {
  const db = ctx.db.db;
  const rules = await enabledRules(db, permissionId);
  const grant = await grantOf(db, departOwner(departId), permissionId);
  return dataRuleChoice(rules, grant?.data_rule_ids);
}

/** Save the data rules of a department's grant on a menu; its roles lose the rules it no longer grants there. */
export async function saveDepartDataRules(ctx: AppContext, permissionId: string, departId: string, ruleIds: string[]): Promise<void> {
  await ctx.db.db.transaction().execute(async (trx) => {
    await saveGrantRules(trx, departOwner(departId), permissionId, ruleIds, { notGranted: '请先保存部门菜单权限!' });
    const roleGrants = await trx
      .selectFrom('sys_depart_role_permission')
      .select(['id', 'data_rule_ids'])
      .where('permission_id', '=', permissionId)
      .where('role_id', 'in', trx.selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId))
      .execute();
    for (const g of roleGrants) {
      const had = ruleIdsOf(g.data_rule_ids);
      const kept = had.filter((i) => ruleIds.includes(i));
      if (kept.length !== had.length)
        await trx
          .updateTable('sys_depart_role_permission')
          .set({ data_rule_ids: kept.length ? kept.join(',') : null })
          .where('id', '=', g.id)
          .execute();
    }
  });
  await bumpPermissionVersion(ctx);
}
