import { roleEntity } from '@pk/contract';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import type { CrudBinding } from '../../../core/crud/index.js';
import { BizError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { ADMIN_ROLE_CODE } from '../user/definition.js';
import { assertMayCodeRole, ESCALATION_MSG } from './escalation.js';

export const ROLE_MSG = {
  inUse: '该角色已被用户使用，无法删除',
  notFound: MSG.roleNotFound,
} as const;

/**
 * 角色 (contract §12.2). Deleting a role held by users is refused; otherwise its grants go with it. The admin role
 * (its code makes super admins) keeps its code and is never deleted; only a super admin changes role codes.
 */
export const roleBinding: CrudBinding = {
  entity: roleEntity,
  table: 'sys_role',
  dataLog: true,
  // contract §12.2
  messages: { deleted: '删除角色成功', batchDeleted: '删除角色成功!', noIds: '未选中角色！' },
  // Role code changes move the 首页 component (§4.1): drop the permission caches after every role write, once the
  // write's transaction is over (the database KV store must not be used inside it: SQLite has one connection).
  afterWrite: (req) => bumpPermissionVersion(req.server.ctx),
  hooks: {
    async beforeSave(values, { trx, req, isNew, id }) {
      const cur = isNew ? null : await trx.selectFrom('sys_role').select('role_code').where('id', '=', id).executeTakeFirst();
      await assertMayCodeRole(trx, req, cur?.role_code ?? null, values.roleCode);
    },
    async beforeDelete(ids, { trx }) {
      const admin = await trx.selectFrom('sys_role').select('id').where('id', 'in', ids).where('role_code', '=', ADMIN_ROLE_CODE).executeTakeFirst();
      if (admin) throw new BizError(ESCALATION_MSG.adminRoleDelete);
      const used = await trx.selectFrom('sys_user_role').select('id').where('role_id', 'in', ids).limit(1).executeTakeFirst();
      if (used) throw new BizError(ROLE_MSG.inUse);
      await trx.deleteFrom('sys_role_permission').where('role_id', 'in', ids).execute();
    },
  },
};
