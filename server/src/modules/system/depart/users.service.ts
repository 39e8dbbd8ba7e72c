import type { FastifyRequest } from 'fastify';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import type { AppContext } from '../../../core/context.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { assertManageableUsers, assertMayManage, userScope } from '../user/definition.js';
import { DEPART_MSG } from './definition.js';
import { requireDepart } from './rows.js';

/** Department users (contract §12.1): adding users to a department and taking them out. */

/** Add users the caller sees and may manage to a department (those already in it are left as they are). */
export async function addUsersToDepart(ctx: AppContext, req: FastifyRequest, depId: string, userIds: string[]): Promise<void> {
  await ctx.db.db.transaction().execute(async (trx) => {
    await requireDepart(trx, depId);
    // departments carry data scope and department roles: only users within the caller's rights (issue 10 point 2)
    await assertManageableUsers(trx, req, userIds);
    const have = new Set(
      (await trx.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', depId).where('user_id', 'in', userIds).execute()).map((r) => r.user_id),
    );
    const rows = userIds.filter((u) => !have.has(u)).map((u) => ({ id: newId(), user_id: u, dep_id: depId }));
    if (rows.length) await trx.insertInto('sys_user_depart').values(rows).execute();
  });
}

/** Take users (those the caller may see and manage) out of a department, with their roles of that department. */
export async function removeUsersFromDepart(ctx: AppContext, req: FastifyRequest, depId: string, raw: string[]): Promise<void> {
  const db = ctx.db.db;
  // Only users the caller may see (tenant scope, security §1.11).
  const userIds = (
    await db
      .selectFrom('sys_user')
      .select('id')
      .where('id', 'in', raw)
      .where((eb) => userScope(eb, req))
      .execute()
  ).map((r) => r.id);
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
