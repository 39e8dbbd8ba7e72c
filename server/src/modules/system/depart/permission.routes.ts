import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import { checkId } from '../../../core/crud/index.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { param } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { dataRuleChoice, enabledRules, grantOf, ruleIdsOf, saveGrantRules, type GrantOwner } from '../permission/dataRuleGrant.js';
import { idList, saveGrants } from '../permission/grants.service.js';
import { assertCanGrantPermissions } from '../role/escalation.js';
import { q, requireDepart } from './rows.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { MSG } from '../../../core/messages.js';

/**
 * Department permissions and their data rules (contract §4.3, perm depart:authorize). The rules a department grants
 * on a menu are the ones its roles may choose there (`/sys/sysDepartRole/datarule`).
 */
const departOwner = (departId: string): GrantOwner => ({ table: 'sys_depart_permission', column: 'depart_id', value: departId });

export function departPermissionRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db.db;

  app.get('/sys/permission/queryDepartPermission', { config: perm(PERM.depart.authorize) }, async (req) => {
    const departId = checkId(param(q(req), 'departId'));
    return ok((await db.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', departId).execute()).map((r) => r.permission_id));
  });

  app.post('/sys/permission/saveDepartPermission', { config: perm(PERM.depart.authorize) }, async (req) => {
    const body = bodyObject(req.body);
    const departId = checkId(body.departId);
    const next = idList(body.permissionIds, 'permissionIds');
    const last = idList(body.lastpermissionIds, 'lastpermissionIds');
    await db.transaction().execute(async (trx) => {
      await requireDepart(trx, departId);
      await assertCanGrantPermissions(trx, req, next.filter((i) => !last.includes(i)));
      await saveGrants(trx, 'sys_depart_permission', { column: 'depart_id', value: departId }, next, last);
      // A department role cannot keep what its department lost.
      const removed = last.filter((i) => !next.includes(i));
      if (removed.length) await trx.deleteFrom('sys_depart_role_permission').where('depart_id', '=', departId).where('permission_id', 'in', removed).execute();
    });
    await bumpPermissionVersion(ctx);
    return okMsg(MSG.saved);
  });

  app.get('/sys/sysDepartPermission/datarule/:permissionId/:departId', { config: perm(PERM.depart.authorize) }, async (req) => {
    const prm = req.params as { permissionId?: string; departId?: string };
    const permissionId = checkId(prm.permissionId);
    const departId = checkId(prm.departId);
    const rules = await enabledRules(db, permissionId);
    const grant = await grantOf(db, departOwner(departId), permissionId);
    return ok(dataRuleChoice(rules, grant?.data_rule_ids));
  });

  app.post('/sys/sysDepartPermission/datarule', { config: perm(PERM.depart.authorize) }, async (req) => {
    const body = bodyObject(req.body);
    const permissionId = checkId(body.permissionId);
    const departId = checkId(body.departId);
    const ruleIds = idList(body.dataRuleIds, 'dataRuleIds');
    await db.transaction().execute(async (trx) => {
      await saveGrantRules(trx, departOwner(departId), permissionId, ruleIds, { notGranted: '请先保存部门菜单权限!' });
      // A department role cannot keep a rule its department no longer grants on this menu.
      const roleGrants = await trx
        .selectFrom('sys_depart_role_permission')
        .select(['id', 'data_rule_ids'])
        .where('permission_id', '=', permissionId)
        .where('role_id', 'in', trx.selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId))
        .execute();
      for (const g of roleGrants) {
        const had = ruleIdsOf(g.data_rule_ids);
        const kept = had.filter((i) => ruleIds.includes(i));
        if (kept.length !== had.length) await trx.updateTable('sys_depart_role_permission').set({ data_rule_ids: kept.length ? kept.join(',') : null }).where('id', '=', g.id).execute();
      }
    });
    await bumpPermissionVersion(ctx);
    return okMsg(MSG.savedAscii);
  });
}
