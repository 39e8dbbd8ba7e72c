import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import { checkId } from '../../../core/crud/index.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { okMsg } from '../../../core/envelope/result.js';
import { newId } from '../../../core/id.js';
import { param } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { idList } from '../permission/grants.service.js';
import { assertMayManage, userScope } from '../user/definition.js';
import { DEPART_MSG } from './definition.js';
import { q, requireDepart } from './rows.js';
import { bodyObject } from '../../../core/http/jsonBody.js';

/** Department users (contract §12.1, perm depart:users): editSysDepartWithUser, deleteUserInDepart(Batch). */
export function departUserRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db.db;

  app.post('/sys/user/editSysDepartWithUser', { config: perm(PERM.depart.users) }, async (req) => {
    const body = bodyObject(req.body);
    const depId = checkId(body.depId);
    const userIds = idList(body.userIdList, 'userIdList');
    if (!userIds.length) throw new BadRequestError(MSG.userIdListRequired);
    await db.transaction().execute(async (trx) => {
      await requireDepart(trx, depId);
      const users = await trx
        .selectFrom('sys_user')
        .select('id')
        .where('id', 'in', userIds)
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
        .execute();
      if (users.length !== userIds.length) throw new BizError(MSG.userNotFound);
      // departments carry data scope and department roles: only users within the caller's rights (issue 10 point 2)
      await assertMayManage(trx, req, userIds);
      const have = new Set((await trx.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', depId).where('user_id', 'in', userIds).execute()).map((r) => r.user_id));
      const rows = userIds.filter((u) => !have.has(u)).map((u) => ({ id: newId(), user_id: u, dep_id: depId }));
      if (rows.length) await trx.insertInto('sys_user_depart').values(rows).execute();
    });
    return okMsg(MSG.addedAscii);
  });

  async function removeFromDepart(req: FastifyRequest, depId: string, raw: string[]): Promise<void> {
    if (!raw.length) throw new BadRequestError(MSG.userIdRequired);
    // Only users the caller may see (tenant scope, security §1.11).
    const userIds = (await db.selectFrom('sys_user').select('id').where('id', 'in', raw).where((eb) => userScope(eb, req)).execute()).map((r) => r.id);
    if (!userIds.length) throw new BizError(DEPART_MSG.notLinked);
    await assertMayManage(db, req, userIds);
    await db.transaction().execute(async (trx) => {
      const linked = await trx.selectFrom('sys_user_depart').select('id').where('dep_id', '=', depId).where('user_id', 'in', userIds).execute();
      if (!linked.length) throw new BizError(DEPART_MSG.notLinked);
      await trx.deleteFrom('sys_user_depart').where('dep_id', '=', depId).where('user_id', 'in', userIds).execute();
      await trx
        .deleteFrom('sys_depart_role_user')
        .where('user_id', 'in', userIds)
        .where('drole_id', 'in', trx.selectFrom('sys_depart_role').select('id').where('depart_id', '=', depId))
        .execute();
    });
    await bumpPermissionVersion(ctx);
  }

  app.delete('/sys/user/deleteUserInDepart', { config: perm(PERM.depart.users) }, async (req) => {
    await removeFromDepart(req, checkId(param(q(req), 'depId')), idList(param(q(req), 'userId'), 'userId'));
    return okMsg(MSG.deleted);
  });

  app.delete('/sys/user/deleteUserInDepartBatch', { config: perm(PERM.depart.users) }, async (req) => {
    await removeFromDepart(req, checkId(param(q(req), 'depId')), idList(param(q(req), 'userIds'), 'userIds'));
    return okMsg(MSG.deleted);
  });
}
