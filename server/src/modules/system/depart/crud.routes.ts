import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import { checkId, splitIds, validateBody } from '../../../core/crud/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { okMsg } from '../../../core/envelope/result.js';
import { newId } from '../../../core/id.js';
import { param } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { DEPART_MSG, departResolved, nextOrgCode } from './definition.js';
import { descendantsOf, empty, q, requireDepart } from './rows.js';

const UNIQUE_ERRORS = new Set(['23505', 'ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT']);

/** Department add, edit, delete and deleteBatch (contract §12.3): codes from the parent's, deletes of whole subtrees. */
export function departCrudRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db.db;

  app.post('/sys/sysDepart/add', { config: perm(PERM.depart.add) }, async (req) => {
    const { values } = validateBody(departResolved, req.body, 'add');
    const parentId = empty(values.parentId) ? null : checkId(values.parentId);
    for (let attempt = 0; ; attempt++) {
      try {
        await db.transaction().execute(async (trx) => {
          let parentCode = '';
          if (parentId) parentCode = (await trx.selectFrom('sys_depart').select('org_code').where('id', '=', parentId).executeTakeFirst().then((p) => {
            if (!p) throw new BizError(DEPART_MSG.parentMissing);
            return p.org_code;
          }));
          const siblings = await trx.selectFrom('sys_depart').select('org_code').where('org_code', 'like', `${parentCode}%`).execute();
          const code = nextOrgCode(parentCode, siblings.map((s) => s.org_code));
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
    return okMsg(MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepart/edit',
    config: perm(PERM.depart.edit),
    handler: async (req) => {
      const { id, values } = validateBody(departResolved, req.body, 'edit');
      // The code scheme ties a department to its parent: parent and code are fixed after creation.
      delete values.parentId;
      await db.transaction().execute(async (trx) => {
        await requireDepart(trx, id!);
        const row: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(values)) if (v !== undefined) row[departResolved.columnOf(k)] = v;
        await trx
          .updateTable('sys_depart')
          .set({ ...row, update_by: req.user?.username ?? null, update_time: now() } as never)
          .where('id', '=', id!)
          .execute();
      });
      return okMsg(MSG.edited);
    },
  });

  async function deleteDeparts(ids: string[]): Promise<void> {
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

  app.delete('/sys/sysDepart/delete', { config: perm(PERM.depart.delete) }, async (req) => {
    const ids = splitIds(param(q(req), 'id'));
    if (ids.length !== 1) throw new BadRequestError(MSG.idRequired);
    await deleteDeparts(ids);
    return okMsg(MSG.deleted);
  });

  app.delete('/sys/sysDepart/deleteBatch', { config: perm(PERM.depart.delete) }, async (req) => {
    const ids = splitIds(param(q(req), 'ids'));
    if (!ids.length) throw new BizError(MSG.badParams);
    await deleteDeparts(ids);
    return okMsg(MSG.deleted);
  });
}
