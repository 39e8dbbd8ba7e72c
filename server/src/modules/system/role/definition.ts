import { roleEntity } from '@pk/contract';
import type { CrudBinding } from '../../../core/crud/index.js';
import { BizError } from '../../../core/envelope/errors.js';

export const ROLE_MSG = {
  inUse: '该角色已被用户使用，无法删除',
  notFound: '未找到角色信息',
} as const;

/** 角色 (contract §12.2). Deleting a role held by users is refused; otherwise its grants go with it. */
export const roleBinding: CrudBinding = {
  entity: roleEntity,
  table: 'sys_role',
  hooks: {
    async beforeDelete(ids, { trx }) {
      const used = await trx.selectFrom('sys_user_role').select('id').where('role_id', 'in', ids).limit(1).executeTakeFirst();
      if (used) throw new BizError(ROLE_MSG.inUse);
      await trx.deleteFrom('sys_role_permission').where('role_id', 'in', ids).execute();
    },
  },
};
