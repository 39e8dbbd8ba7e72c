import { defineEntity } from '../entity';

/** 角色 (sys_role) — contract §12.2. */
export const roleEntity = defineEntity({
  key: 'role',
  title: '角色',
  api: '/sys/role',
  table: 'sys_role',
  perm: 'role',
  menu: {
    group: 'system',
    name: '角色管理',
    url: '/isystem/roleUserList',
    component: 'system/RoleUserList',
    sort: 1.2,
    buttons: [
      { action: 'authorize', name: '授权' },
      { action: 'users', name: '角色用户' },
    ],
    order: ['add', 'edit', 'delete', 'deleteBatch', 'authorize', 'users'],
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'roleName', label: '角色名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 200 },
    { prop: 'roleCode', label: '角色编码', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 100, fixedOnEdit: true },
    { prop: 'description', label: '描述', type: 'string', maxLength: 255 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', filter: 'range', sort: true, form: false, excel: false },
  ],
});
