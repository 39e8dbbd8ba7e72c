import type { FastifyRequest } from 'fastify';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import type { AppContext } from '../../../core/context.js';
import type { Values } from '../../../core/crud/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { DEPART_MSG, departResolved, nextOrgCode } from './definition.js';
import { descendantsOf, requireDepart } from './rows.js';

const UNIQUE_ERRORS = new Set(['23505', 'ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT']);

/** Department writes (contract §12.3): codes from the parent's, deletes of whole subtrees with their links. */

/** Add a department under `parentId` (null = top level) with the next free code; retried on a code race. */
export async function addDepart(ctx: AppContext, req: FastifyRequest, parentId: string | null, values: Values): Promise<void> {
  const db = ctx.db.db;
  for (let attempt = 0; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        let parentCode = '';
        if (parentId)
          parentCode = await trx
            .selectFrom('sys_depart')
            .select('org_code')
            .where('id', '=', parentId)
            .executeTakeFirst()
            .then((p) => {
              if (!p) throw new BizError(DEPART_MSG.parentMissing);
              return p.org_code;
            });
        const siblings = await trx.selectFrom('sys_depart').select('org_code').where('org_code', 'like', `${parentCode}%`).execute();
        const code = nextOrgCode(
          parentCode,
          siblings.map((s) => s.org_code),
        );
        const row: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(values)) if (v !== undefined) row[departResolved.columnOf(k)] = v;
        await trx
          .insertInto('sys_depart')
          .values({
            org_category: '1',
            status: '1',
            depart_order: 0,
            ...row,
            id: newId(),
            parent_id: parentId ?? '',
            org_code: code,
            org_type: String(code.length / 3),
            del_flag: '0',
            create_by: req.user?.username ?? null,
            create_time: now(),
          } as never)
          .execute();
      });
      break;
    } catch (e) {
      if (attempt < 3 && UNIQUE_ERRORS.has(String((e as { code?: unknown }).code ?? ''))) continue;
      throw e;
    }
  }
}

/** Edit a department (its parent and code are fixed after creation). */
export async function editDepart(ctx: AppContext, req: FastifyRequest, id: string, values: Values): Promise<void> {
  const db = ctx.db.db;
  await db.transaction().execute(async (trx) => {
    await requireDepart(trx, id);
    const row: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) if (v !== undefined) row[departResolved.columnOf(k)] = v;
    await trx
      .updateTable('sys_depart')
      .set({ ...row, update_by: req.user?.username ?? null, update_time: now() } as never)
      .where('id', '=', id)
      .execute();
  });
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
