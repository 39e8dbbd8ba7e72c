import type { FastifyRequest } from 'fastify';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import type { AppContext } from '../../../core/context.js';
import { CrudService, type Values } from '../../../core/crud/index.js';
import { isUniqueViolation } from '../../../core/db/uniqueViolation.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { departResolved, type DepartExtras } from './definition.js';
import { descendantsOf } from './rows.js';

/** Department writes (contract §12.3): saves through the engine (crud definition.ts), deletes of whole subtrees. */

/** Tries of an add whose code a parallel add took (each round at least one of the racers gets its code). */
const ADD_ATTEMPTS = 10;

const departs = new WeakMap<AppContext, CrudService>();
/** The engine's service over sys_depart for this app. */
function departCrud(ctx: AppContext): CrudService {
  let svc = departs.get(ctx);
  if (!svc) departs.set(ctx, (svc = new CrudService(ctx, departResolved)));
  return svc;
}

/**
 * Add a department under `parentId` (null = top level) with the next free code (the binding's beforeSave); two
 * parallel adds under one parent may pick the same code: the unique index uniq_depart_org_code refuses the second,
 * which is tried again with the next code.
 */
export async function addDepart(ctx: AppContext, req: FastifyRequest, parentId: string | null, values: Values): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await departCrud(ctx).insert(req, { ...values }, { parentId } satisfies DepartExtras);
      return;
    } catch (e) {
      if (attempt >= ADD_ATTEMPTS - 1 || !isUniqueViolation(e)) throw e;
      // each round one of the racers wins; a short random pause keeps the others from picking the same code again
      await new Promise((r) => setTimeout(r, Math.random() * 10 * (attempt + 1)));
    }
  }
}

/** Edit a department (its parent and code are fixed after creation); unknown id → 未找到对应实体. */
export async function editDepart(ctx: AppContext, req: FastifyRequest, body: unknown): Promise<void> {
  await departCrud(ctx).edit(req, body);
}

/** Delete departments with their whole subtrees, roles, grants and user links; any unknown id → nothing changes. */
export async function deleteDeparts(ctx: AppContext, ids: string[]): Promise<void> {
  const db = ctx.db.db;
  await db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('sys_depart').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw new BizError(MSG.notFound);
    const allIds = await descendantsOf(trx, ids);
    const roleIds = (await trx.selectFrom('sys_depart_role').select('id').where('depart_id', 'in', allIds).execute()).map((r) => r.id);
    if (roleIds.length) {
      await trx.deleteFrom('sys_depart_role_user').where('drole_id', 'in', roleIds).execute();
      await trx.deleteFrom('sys_depart_role_permission').where('role_id', 'in', roleIds).execute();
    }
    await trx.deleteFrom('sys_depart_role_permission').where('depart_id', 'in', allIds).execute();
    await trx.deleteFrom('sys_depart_role').where('depart_id', 'in', allIds).execute();
    await trx.deleteFrom('sys_depart_permission').where('depart_id', 'in', allIds).execute();
    await trx.deleteFrom('sys_user_depart').where('dep_id', 'in', allIds).execute();
    await trx.deleteFrom('sys_depart').where('id', 'in', allIds).execute();
  });
  await bumpPermissionVersion(ctx);
}
